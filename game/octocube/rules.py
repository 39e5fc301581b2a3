"""Octocube's entry point: new games, loading, and the evaluation and captions bots and demo use."""
from __future__ import annotations

from typing import Any

from game.core import Action, GameRules, GameState, Rng, SaveError
from game.octocube import evaluation, features, invariants
from game.octocube.actions import CODEC
from game.octocube.components import GRID_SIZE, KIDS_BOARD, NUM_TILES
from game.octocube.state import PHASES, VARIANTS, OctocubeState


class OctocubeRules(GameRules):
    name = "octocube"
    title = "Octocube"
    min_players = 2
    max_players = 4
    variants = VARIANTS
    codec = CODEC

    def new_game(self, players: int, seed: int, variant: str | None = None, **options: Any) -> OctocubeState:
        variant = variant or "basic"
        if options:
            raise ValueError(f"octocube has no option {', '.join(sorted(options))}")
        if variant not in VARIANTS:
            raise ValueError(f"octocube variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
        if not isinstance(players, int) or players not in GRID_SIZE:
            raise ValueError(f"octocube takes 2 to 4 players, not {players!r}")
        state = OctocubeState(variant, players, Rng(int(seed)))
        state.deal()
        return state

    def from_dict(self, d: dict[str, Any]) -> OctocubeState:
        try:
            return _load(d)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise SaveError(f"damaged octocube state: {e}") from None

    def evaluate(self, state: GameState, seat: int) -> float:
        assert isinstance(state, OctocubeState)
        return evaluation.evaluate(state, seat)

    def evaluate_all(self, state: OctocubeState) -> list[float]:
        """The search's hook: :meth:`evaluate` for every seat, equal value for value."""
        return evaluation.evaluate_all(state)

    def urgency(self, state: OctocubeState, seat: int) -> float:
        """The greedy bot's hook: how much more a lead weighs as the end nears."""
        return evaluation.urgency(state, seat)

    def urgency_all(self, state: OctocubeState) -> list[float]:
        """Every seat's ``urgency`` at once, for the search's leaves."""
        return evaluation.urgency_all(state)

    feature_names = features.NAMES

    def features_all(self, state: OctocubeState) -> list[list[float]]:
        """The learned evaluation's hook: a row of ``feature_names`` per seat, from its own view."""
        return features.features_all(state)

    def describe_action(self, state: GameState, action: Action) -> str:
        from game.octocube.captions import describe

        assert isinstance(state, OctocubeState)
        return describe(state, action)


def _opt_int(v: Any) -> int | None:
    return None if v is None else int(v)


def _load(d: dict[str, Any]) -> OctocubeState:
    if d.get("game") != "octocube":
        raise ValueError("not an octocube state")
    variant, players = d["variant"], int(d["players"])
    if variant not in VARIANTS or players not in GRID_SIZE:
        raise ValueError(f"variant {variant!r} with {players} players")
    s = OctocubeState(variant, players, Rng.from_dict(d["rng"]))
    cells = s.size * s.size
    s.stacks = [[int(t) for t in st] for st in d["stacks"]]
    s.abyss = [_opt_int(a) for a in d["abyss"]]
    s.cube_cell = [_opt_int(c) for c in d["cube_cell"]]
    s.cube_faces = [[_opt_int(t) for t in f] for f in d["cube_faces"]]
    s.collected = [[int(t) for t in c] for c in d["collected"]]
    s.kids_board = [[_opt_int(t) for t in b] for b in d["kids_board"]]
    s.vp = [int(v) for v in d["vp"]]
    s.abyss_supply = [int(a) for a in d["abyss_supply"]]
    s.first_player, s.turn = int(d["first_player"]), int(d["turn"])
    s.phase, s.end_triggered, s.over = d["phase"], bool(d["end_triggered"]), bool(d["over"])
    s.pile_cell = _opt_int(d.get("pile_cell"))
    # Written before the memory of seen tiles: each top no cube covers, as set-up and leave() see it.
    default = [1 if st and c not in s.cube_cell else 0 for c, st in enumerate(s.stacks)]
    s.known = [int(k) for k in d.get("known", default)]
    if len(s.known) != cells or any(not 0 <= k <= len(st) for k, st in zip(s.known, s.stacks)):
        raise ValueError("bad memory of seen tiles")
    per_seat = (s.cube_cell, s.cube_faces, s.collected, s.kids_board, s.vp)
    if len(s.stacks) != cells or len(s.abyss) != cells or any(len(x) != players for x in per_seat):
        raise ValueError("wrong number of spaces or seats")
    if s.phase not in PHASES or any(len(b) != len(KIDS_BOARD) for b in s.kids_board):
        raise ValueError("unknown phase or board")
    if any(not 0 <= t < NUM_TILES for t in [t for f in s.cube_faces for t in f if t is not None]):
        raise ValueError("unknown tile on a cube")
    found = invariants.problems(s)
    if found:
        raise ValueError(found[0])
    return s


RULES = OctocubeRules()
