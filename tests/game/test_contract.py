"""The game contract, checked on every game in the registry (a new game passes or fails it with no
new test code): what a seat observes holds no random-number state and nothing that seat cannot see,
every world ``determinize`` gives agrees with all the seat has seen since the start (its
``knowledge``: the observation and its memory of reveals), and every legal action has words of its own.

Positions come from random play with fixed seeds, for each variant and each player count.
"""
from __future__ import annotations

import functools
import json
import random
from typing import Any, Iterator

import pytest

from game import registry
from game.core import Action, GameRules, GameState, IllegalAction, Rng
from game.core.state import attribute_values

registry.register("toy", "tests.game.toy")  # a game with chance that keeps the default determinize

GAMES_PER_SETTING = 2
POSITIONS_PER_GAME = 6
WORLDS = 3  # determinized worlds compared per position
STEPS = 3  # own actions replayed in a determinized world per position
MAX_PLIES = 5000
SMALL_STATE = 1 << 32  # below this an RNG state could be mistaken for a game number


def settings() -> Iterator[tuple[str, str, int]]:
    for name in registry.available():
        rules = registry.get(name)
        for variant in rules.variants:
            for players in range(rules.min_players, rules.max_players + 1):
                yield name, variant, players


@functools.cache
def positions(name: str, variant: str, players: int) -> tuple[GameState, ...]:
    """Positions of random games (the last one of each is the end), the same on every run.
    Shared by the tests below, which never change them."""
    rules = registry.get(name)
    found: list[GameState] = []
    for game in range(GAMES_PER_SETTING):
        state = rules.new_game(players=players, seed=1000 + game, variant=variant)
        pick = random.Random(f"{name} {variant} {players} {game}")
        history: list[Action] = []
        while not state.is_over and len(history) < MAX_PLIES:
            history.append(pick.choice(state.legal_actions()))
            state.apply(history[-1])
        wanted = set(pick.sample(range(len(history)), min(POSITIONS_PER_GAME, len(history))))
        replay = rules.new_game(players=players, seed=1000 + game, variant=variant)
        for ply, action in enumerate(history):
            if ply in wanted:
                found.append(replay.clone())
            replay.apply(action)
        found.append(replay)
    return tuple(found)


def rngs(value: Any, seen: set[int] | None = None) -> Iterator[Rng]:
    """Every :class:`Rng` reachable from ``value`` through attributes, lists and dicts."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, (str, bytes, int, float, bool, type(None), type)):
        return
    seen.add(id(value))
    if isinstance(value, Rng):
        yield value
        return
    if isinstance(value, dict):
        children = list(value.values())
    elif isinstance(value, (list, tuple, set, frozenset)):
        children = list(value)
    else:
        children = attribute_values(value)
    for child in children:
        yield from rngs(child, seen)


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, value) of every scalar in a JSON-like structure."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from leaves(v, f"{path}[{i}]")
    else:
        yield path, value


def reseeded(state: GameState, seed: int) -> GameState:
    """A clone whose every RNG is set anew: the same position with other future chance."""
    world = state.clone()
    for i, rng in enumerate(rngs(world)):
        rng.state = Rng(seed + i).next_u64()
    return world


def check_no_rng(state: GameState, seat: int) -> None:
    seen = state.observation(seat)
    json.dumps(seen)
    secrets = {r.state for r in rngs(state) if r.state >= SMALL_STATE}
    for path, value in leaves(seen):
        name = path.rsplit(".", 1)[-1].lower()
        assert "rng" not in name and "seed" not in name, f"seat {seat} sees {path}"
        assert not (isinstance(value, int) and value in secrets), f"seat {seat} sees the RNG state at {path}"
    for seed in (1, 2):
        assert reseeded(state, seed).observation(seat) == seen, f"seat {seat}'s observation follows the RNG"


def check_determinize(state: GameState, seat: int) -> None:
    """Re-dealing what ``seat`` cannot see changes nothing it sees, and leaves ``state`` alone."""
    seen, before = state.observation(seat), state.to_dict()
    for k in range(WORLDS):
        world = state.determinize(seat, Rng(k))
        assert world.observation(seat) == seen, f"determinize({seat}, Rng({k})) changed what seat {seat} sees"
        assert all(r.state != o.state for r, o in zip(rngs(world), rngs(state))), "determinize kept the RNG"
    assert state.to_dict() == before, "determinize changed the state"


def check_knowledge(rules: GameRules, state: GameState, seat: int) -> None:
    """Every re-dealt world is one the seat's knowledge allows: it agrees with all the seat has seen
    since the start (its memory of reveals), not only with what it sees now; and that memory is
    part of the state (it survives a save and a clone)."""
    known = state.knowledge(seat)
    json.dumps(known)
    seen = state.observation(seat)
    assert {k: known.get(k) for k in seen} == seen, f"seat {seat}'s knowledge leaves out what it sees"
    for k in range(WORLDS):
        world = state.determinize(seat, Rng(200 + k))
        assert world.knowledge(seat) == known, \
            f"determinize({seat}, Rng({200 + k})) gives a world seat {seat} knows is not the one it is in"
    assert rules.from_dict(json.loads(json.dumps(state.to_dict()))).knowledge(seat) == known, \
        f"seat {seat}'s memory does not survive to_dict/from_dict"
    assert state.clone().knowledge(seat) == known, f"seat {seat}'s memory does not survive a clone"


def check_knowledge_follows_moves(state: GameState, pick: random.Random) -> None:
    """A world the seat to move cannot tell from the real one stays so after its own move that
    reveals nothing: the memory learns from each move what a person at the table learns. (Another
    seat's move may depend on what that seat holds, and so teach the others something.)"""
    seat = state.current_player
    if seat < 0:
        return
    for k in range(STEPS):
        action = pick.choice(state.legal_actions())
        world = state.determinize(seat, Rng(300 + k))
        real = state.clone()
        if any(e.reveal for e in real.apply(action) + world.apply(action)):
            continue
        assert world.knowledge(seat) == real.knowledge(seat), \
            f"after its {action}, which reveals nothing, seat {seat} can tell a re-dealt world apart"


def check_own_steps(state: GameState, pick: random.Random) -> None:
    """The seat to move has the same choices in every world it cannot tell apart, and after one of
    them that reveals nothing it still cannot tell them apart."""
    seat = state.current_player
    if seat < 0:
        return
    legal = state.legal_actions()
    for k in range(STEPS):
        world = state.determinize(seat, Rng(100 + k))
        assert set(world.legal_actions()) == set(legal), f"seat {seat}'s choices depend on what it cannot see"
        action = pick.choice(legal)
        real = state.clone()
        if any(e.reveal for e in real.apply(action) + world.apply(action)):
            continue
        assert world.observation(seat) == real.observation(seat), \
            f"after {action}, which reveals nothing, seat {seat} sees something it could not see before"


def check_words(rules: GameRules, state: GameState) -> None:
    legal = state.legal_actions()
    for how, words in (("str", [str(a) for a in legal]), ("describe_action", [rules.describe_action(state, a)
                                                                            for a in legal])):
        same = sorted({w for w in words if words.count(w) > 1})
        assert not same, f"legal actions whose {how} reads the same: {same}"


SETTINGS = pytest.mark.parametrize("name, variant, players", list(settings()))


@SETTINGS
def test_observation_holds_no_rng_state(name: str, variant: str, players: int) -> None:
    for state in positions(name, variant, players):
        for seat in range(players):
            check_no_rng(state, seat)


@SETTINGS
def test_determinize_redeals_only_what_the_seat_cannot_see(name: str, variant: str, players: int) -> None:
    for state in positions(name, variant, players):
        for seat in range(players):
            check_determinize(state, seat)


@SETTINGS
def test_determinize_agrees_with_everything_the_seat_has_seen(name: str, variant: str, players: int) -> None:
    rules = registry.get(name)
    for state in positions(name, variant, players):
        for seat in range(players):
            check_knowledge(rules, state, seat)


@SETTINGS
def test_own_moves_that_reveal_nothing_teach_nothing(name: str, variant: str, players: int) -> None:
    pick = random.Random(f"{name} {variant} {players} knowledge")
    for state in positions(name, variant, players):
        check_knowledge_follows_moves(state, pick)


@SETTINGS
def test_own_moves_that_reveal_nothing_show_nothing_new(name: str, variant: str, players: int) -> None:
    pick = random.Random(f"{name} {variant} {players}")
    for state in positions(name, variant, players):
        check_own_steps(state, pick)


@SETTINGS
def test_every_legal_action_has_its_own_words(name: str, variant: str, players: int) -> None:
    rules = registry.get(name)
    for state in positions(name, variant, players):
        check_words(rules, state)


@pytest.mark.parametrize("make", [lambda: __import__("game.octocube.actions", fromlist=["Roll"]).Roll(9),
                                  lambda: __import__("game.otys.actions", fromlist=["Upgrade"]).Upgrade(99)])
def test_an_action_with_fields_out_of_range_is_refused_as_illegal_not_a_crash(make):
    """An action no game could produce (a ninth direction) raises IllegalAction, worded by its repr."""
    action = make()
    game = "octocube" if "octocube" in type(action).__module__ else "otys"
    state = registry.get(game).new_game(players=2, seed=1)
    before = state.to_dict()
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply(action)
    assert state.to_dict() == before
