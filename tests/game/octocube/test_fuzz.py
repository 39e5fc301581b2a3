"""Random games at every player count and variant, checking the invariants after every action."""
import json

import pytest

from game.core import IllegalAction, Rng
from game.octocube import invariants
from game.octocube.rules import RULES
from game.octocube.state import OctocubeState

EVENT_KEYS = {
    "placed": {"player", "cell", "faces", "picked"},
    "rolled": {"player", "src", "dst", "direction", "picked", "faces"},
    "pivoted": {"player", "cell", "quarter_turns", "faces"},
    "scored": {"player", "tiles", "vp", "faces"},
    "abyss_placed": {"cell", "abyss"},
    "passed": {"player"},
    "game_over": {"scores", "winners"},
}
CASES = [(v, n) for v in ("basic", "kids", "advanced") for n in (2, 3, 4)]


def _check(s: OctocubeState) -> None:
    assert not invariants.problems(s)
    d = s.to_dict()
    back = RULES.from_dict(json.loads(json.dumps(d)))
    assert back.to_dict() == d


def play(variant: str, players: int, seed: int) -> None:
    s = RULES.new_game(players=players, seed=seed, variant=variant)
    r = Rng(seed * 7919 + 1)
    history = []
    while not s.is_over:
        legal = s.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = r.choice(legal)
        events = s.apply(action)
        history.append(action)
        json.dumps([e.data for e in events])
        for e in events:
            assert EVENT_KEYS.get(e.kind, set()) <= set(e.data), e
        _check(s)
        assert len(history) < 5000
    assert s.legal_actions() == [] and s.winners()
    if variant != "kids":
        assert all(f == [None] * 6 for f in s.cube_faces)
    replay = RULES.new_game(players=players, seed=seed, variant=variant)
    for a in history:
        replay.apply(RULES.action_from_dict(a.to_dict()))
    assert replay == s


def test_illegal_actions_are_refused_without_change():
    s = RULES.new_game(players=2, seed=4)
    before = s.to_dict()
    from game.octocube.actions import Pass, Place, Roll

    for bad in (Roll(0), Pass(), Place(5), Place(0, 3)):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_dict() == before


@pytest.mark.parametrize("variant,players", CASES)
def test_random_games(variant, players):
    for seed in range(30 if variant == "basic" else 20):
        play(variant, players, seed)


@pytest.mark.long
@pytest.mark.parametrize("variant,players", CASES)
def test_random_games_long(variant, players):
    for seed in range(100, 1100):
        play(variant, players, seed)


def _candidates(s: OctocubeState) -> list:
    """Legal actions plus many near misses: every Place, Roll, Pivot, Score, Pass, Decline, Retrieve,
    and the kids Retrieve steps."""
    from game.octocube.actions import Board, Decline, Pass, Pile, Pivot, Place, Power, Retrieve, Roll, Score, Stack

    cells = range(s.size * s.size)
    out = [Place(c, o) for c in cells for o in range(24)] + [Roll(d) for d in range(4)]
    out += [Pivot(q) for q in (1, 2, 3)] + [Pass(), Decline(), Retrieve()] + [Pile(c) for c in cells]
    out += [Board(f, slot) for f in range(6) for slot in range(16)] + [Stack(f) for f in range(6)]
    out += [Score(tuple(f for f in range(6) if m >> f & 1)) for m in range(64)]
    out += [Power(c, letter, a.args) for a in s.legal_actions() if isinstance(a, Power) for c in cells for letter in "CH"]
    return out + s.legal_actions()


@pytest.mark.parametrize("variant,players", CASES)
def test_apply_accepts_exactly_the_legal_actions(variant, players):
    for seed in range(3):
        s = RULES.new_game(players=players, seed=seed, variant=variant)
        r = Rng(seed)
        while not s.is_over:
            legal = set(s.legal_actions())
            for a in _candidates(s):
                assert s.allows(a) == (a in legal), a
            s.apply(r.choice(list(legal)))
