"""Fuzzing: random games of every game, variant and player count, checked after every action.

Games plug in through an optional ``game.<name>.invariants`` module beside their rules:
``problems(state) -> list[str]`` (what is wrong, empty when consistent), ``is_rare(action) -> bool``
(actions random play seldom picks: powers, abilities, pushes toward a bust, contracts) and
``fuzz_options(seed) -> dict`` (extra new_game options to vary, e.g. Cubitos card sets).

A run is split into one work unit per setting, each with its own seeded generator, so a seed gives
the same games and the same failures whatever the number of worker processes.
"""
from __future__ import annotations

import dataclasses
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable

from game.core import cluster, savefile
from game.core.action import Action
from game.core.errors import IllegalAction
from game.core.event import Event
from game.core.match import HUMAN, Match
from game.core.state import GameRules, GameState

MAX_GAME_ACTIONS = 20_000  # a game longer than this is itself a failure
RARE_BIAS = 0.7  # in a biased game, the chance of picking a rare action when one is legal
UNDO_CHANCE = (0.002, 0.01)  # undo replays the game, so it stays rare  # per action, in a uniform and in a biased game
LEGAL_SAMPLE = 3  # legal actions applied to clones per position (besides the one played)
ILLEGAL_SAMPLE = 3  # near-miss actions that must be refused per position
POOL = 64  # actions remembered from earlier positions, to offer where they are not legal


@dataclass(frozen=True)
class Case:
    """One setting: a game, a variant and a player count."""

    game: str
    variant: str
    players: int

    @property
    def label(self) -> str:
        return f"{self.game}/{self.variant}/{self.players}p"


@dataclass
class Failure:
    """A failing game: enough to replay it (seed, options, actions) and what went wrong."""

    case: Case
    seed: int
    options: dict[str, Any]
    actions: list[Action]
    problem: str

    def save(self, path: str | Path) -> None:
        """A save file of the moves up to the failure, which ``python -m game verify`` replays."""
        data = savefile.SaveData(self.case.game, self.case.players, self.seed, self.options,
                                 [HUMAN] * self.case.players, self.actions)
        d = {**savefile.to_json(data, None), "fuzz_problem": self.problem}
        savefile.write_atomic(path, json.dumps(d))

    def line(self) -> str:
        return f"{self.case.label} seed {self.seed} after {len(self.actions)} actions: {self.problem}"


@dataclass
class Tally:
    """What one work unit (or a whole run) did."""

    actions: int = 0
    games: int = 0
    cpu_seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        self.actions += other.actions
        self.games += other.games
        self.cpu_seconds += other.cpu_seconds
        self.failures += other.failures


def cases(games: Iterable[str] | None = None) -> list[Case]:
    """Every variant and player count of ``games`` (default: every game in the registry)."""
    from game import registry

    out = []
    for name in games or registry.available():
        rules = registry.get(name)
        for variant in rules.variants:
            out += [Case(name, variant, n) for n in range(rules.min_players, rules.max_players + 1)]
    return out


def hooks(rules: GameRules) -> ModuleType | None:
    """The game's ``invariants`` module beside its rules, or None when it has none."""
    return rules.companion("invariants")


class _Broken(Exception):
    """A check failed; the message is the problem's one line, ``moves`` what to play to see it."""

    def __init__(self, problem: str, moves: tuple[Action, ...] = ()) -> None:
        super().__init__(problem)
        self.moves = moves


def _crash(e: Exception) -> str:
    """A rules crash in one line, its type named."""
    text = str(e).splitlines()[0] if str(e) else ""
    return f"{type(e).__name__}: {text}"


def _expect(ok: bool, problem: str | Callable[[], str]) -> None:
    if not ok:
        raise _Broken(problem if isinstance(problem, str) else problem())


def near_misses(action: Action, pool: list[Action]) -> list[Action]:
    """Actions one field away from ``action``, that field taken from a like action met earlier: well
    formed, so a refusal must be IllegalAction and nothing else."""
    out = []
    for other in pool:
        if type(other) is not type(action):
            continue
        for f in dataclasses.fields(action):
            if getattr(other, f.name) != getattr(action, f.name):
                out.append(dataclasses.replace(action, **{f.name: getattr(other, f.name)}))
    return out


class Fuzzer:
    """Plays and checks the games of one setting.

    Every action gets the cheap checks (invariants, legal actions, events); one position in
    ``deep_every`` also gets the deep ones (JSON round trip, clones, refusals, observations).
    """

    def __init__(self, case: Case, deep_every: int = 1) -> None:
        from game import registry

        self.case = case
        self.deep_every = deep_every
        self.rules = registry.get(case.game)
        self.hooks = hooks(self.rules)
        self.problems: Callable[[GameState], list[str]] = getattr(self.hooks, "problems", lambda s: [])
        self.is_rare: Callable[[Action], bool] = getattr(self.hooks, "is_rare", lambda a: False)
        self.fuzz_options: Callable[[int], dict[str, Any]] = getattr(self.hooks, "fuzz_options", lambda seed: {})

    def run(self, budget: int, seed: int) -> Tally:
        """Play games until ``budget`` actions have been checked; stops at the first failure."""
        tally = Tally()
        start = time.process_time()
        rng = random.Random(f"{seed} {self.case.label}")
        while tally.actions < budget and not tally.failures:
            game_seed = rng.randrange(1 << 31)
            count, failure = self.play(game_seed, biased=tally.games % 2 == 1)
            tally.actions += count
            tally.games += 1
            if failure:
                tally.failures.append(failure)
        tally.cpu_seconds = time.process_time() - start
        return tally

    def play(self, seed: int, biased: bool) -> tuple[int, Failure | None]:
        """One checked game (uniform, or ``biased`` toward rare actions and undo);
        (actions checked, the failure or None)."""
        options = {"variant": self.case.variant, **self.fuzz_options(seed)}
        match = Match(self.rules, self.case.players, seed, [HUMAN] * self.case.players, **options)
        rng = random.Random(seed)
        pool: list[Action] = []
        since_reveal = {0: match.state.clone()}  # positions undo may go back to, by history length
        checked = 0
        pending: list[Action] = []
        try:
            legal = self.check(match.state, [], pool, rng, deep=True)
            while not match.state.is_over:
                _expect(checked < MAX_GAME_ACTIONS, f"the game did not end within {MAX_GAME_ACTIONS} actions")
                if match.history and rng.random() < UNDO_CHANCE[biased]:
                    self.undo(match, since_reveal)
                    legal = match.state.legal_actions()
                    continue
                rare = [a for a in legal if self.is_rare(a)] if biased else []
                action = rng.choice(rare if rare and rng.random() < RARE_BIAS else legal)
                pool = (pool + rng.sample(legal, min(ILLEGAL_SAMPLE, len(legal))))[-POOL:]
                pending = [action]  # part of the failing moves if apply breaks
                try:
                    events = match.apply(action)
                except IllegalAction as e:
                    raise _Broken(f"the legal action {action} was refused: {e}") from None
                pending = []
                checked += 1
                if any(e.reveal for e in events):
                    since_reveal.clear()
                since_reveal[len(match.history)] = match.state.clone()
                legal = self.check(match.state, events, pool, rng, deep=rng.randrange(self.deep_every) == 0)
        except _Broken as e:
            return checked, Failure(self.case, seed, options, match.history + pending + list(e.moves), str(e))
        except Exception as e:  # noqa: BLE001 - a rules crash is a failure with its type named
            return checked, Failure(self.case, seed, options, match.history + pending, _crash(e))
        return checked, None

    def check(self, s: GameState, events: list[Event], pool: list[Action], rng: random.Random,
              deep: bool) -> list[Action]:
        """The checks of one position ``s`` after ``events``; returns its legal actions."""
        found = self.problems(s)
        _expect(not found, lambda: "invariant: " + "; ".join(found))
        for e in events:
            _expect(bool(e.kind and e.text), f"an event without kind or words: {e!r}")
        legal = s.legal_actions()
        legal_set = set(legal)
        _expect(len(legal_set) == len(legal), "legal_actions holds duplicates")
        _expect(bool(legal) != s.is_over, "legal_actions is empty before the end, or not after it")
        _expect((s.current_player == -1) == s.is_over, "current_player is not -1 exactly at the end")
        if deep:
            self.check_deep(s, events, legal, legal_set, pool, rng)
        return legal

    def check_deep(self, s: GameState, events: list[Event], legal: list[Action], legal_set: set[Action],
                   pool: list[Action], rng: random.Random) -> None:
        """Round trip, clone independence, legal actions apply, near misses are refused, observations."""
        json.dumps([e.data for e in events])
        d = s.to_dict()
        back = self.rules.from_dict(json.loads(json.dumps(d)))
        _expect(back.to_dict() == d, "to_dict -> JSON -> from_dict does not give the same state")
        _expect(back.legal_actions() == legal, "the state read back offers other legal actions")
        for a in rng.sample(legal, min(LEGAL_SAMPLE, len(legal))):
            twin = s.clone()
            try:
                twin.apply(a)
            except IllegalAction as e:
                raise _Broken(f"the legal action {a} was refused on a clone: {e}", (a,)) from None
            except Exception as e:  # noqa: BLE001 - the failing file ends with this move, so its replay meets the crash
                raise _Broken(_crash(e), (a,)) from None
        _expect(s.to_dict() == d, "applying an action to a clone changed the original")
        near = [m for a in rng.sample(legal, min(ILLEGAL_SAMPLE, len(legal))) for m in near_misses(a, pool)]
        candidates = [a for a in pool + near if a not in legal_set]
        for a in rng.sample(candidates, min(ILLEGAL_SAMPLE, len(candidates))):
            try:
                s.apply(a)
            except IllegalAction:
                continue
            raise _Broken(f"the illegal action {a} was accepted")
        for seat in range(s.num_players):
            json.dumps(s.observation(seat))
        seat = rng.randrange(s.num_players)
        world = s.determinize(seat, _rng_for(rng))
        _expect(world.observation(seat) == s.observation(seat),
                f"re-dealing what seat {seat} cannot see changed what it sees")
        _expect(s.to_dict() == d, "a refused action, observing or determinizing changed the state")

    def undo(self, match: Match, since_reveal: dict[int, GameState]) -> None:
        """The match's undo: back to an equal earlier state, never across a reveal."""
        point = match.undo_point()
        before = match.state.to_dict()
        if point is None:
            _expect(not match.undo(), "undo happened where undo_point said it cannot")
            _expect(match.state.to_dict() == before, "a refused undo changed the state")
            return
        _expect(point in since_reveal, f"undo to move {point} crosses a reveal")
        _expect(match.undo(), "undo refused where undo_point allowed it")
        _expect(len(match.history) == point, "undo did not go back to its undo point")
        _expect(match.state.to_dict() == since_reveal[point].to_dict(), f"undo to move {point} gave another state")
        for n in [n for n in since_reveal if n > point]:
            del since_reveal[n]


def _rng_for(rng: random.Random) -> Any:
    from game.core.rng import Rng

    return Rng(rng.randrange(1 << 62))


def _run_unit(unit: tuple[Case, int, int, int]) -> tuple[Case, Tally]:
    case, budget, seed, deep_every = unit
    return case, Fuzzer(case, deep_every).run(budget, seed)


def run(selected: list[Case], actions: int, seed: int, jobs: int, deep_every: int = 1,
        on_unit: Callable[[Case, Tally], None] | None = None, on: str | None = None) -> dict[Case, Tally]:
    """Fuzz every case with ``actions`` checked actions; one work unit per case over ``jobs``
    processes, or on the Dask scheduler at ``on``; reported as each unit finishes."""
    units = [(case, actions, seed, deep_every) for case in selected]
    results: dict[Case, Tally] = {}
    with cluster.results(_run_unit, units, jobs, on, ordered=False) as done:
        for case, tally in done:
            results[case] = tally
            if on_unit:
                on_unit(case, tally)
    return {case: results[case] for case in selected}
