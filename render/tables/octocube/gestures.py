"""Octocube gestures: which legal actions a clicked target, a drag, the wheel or a key means.

Only actions from ``state.legal_actions()`` are ever offered. Targets follow the view's naming:
("cell", cell) | ("cube", seat) | ("face", seat, slot) | ("area", seat) | ("board_tile", seat, id) |
("board_space", seat, slot) (an empty space of a kids board).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable, TypeVar

from game.core import Action
from game.octocube.actions import Pivot, Power, Score
from game.octocube.components import BOTTOM, DIRECTIONS, TILE_TYPE
from game.octocube.state import OctocubeState

Target = tuple[Any, ...]
A = TypeVar("A", bound=Action)

STEPS = {"north": (-1, 0), "south": (1, 0), "east": (0, 1), "west": (0, -1)}  # (rows, columns)
# Pivot quarter turns are clockwise seen from above: the wheel and Q/E turn one quarter either way.
CLOCKWISE, HALF, ANTICLOCKWISE = 1, 2, 3
CELL_FIELDS = ("cell", "dst", "target_cell", "to_cell")
BUTTON_KINDS = ("score", "pass", "decline")
# What each argument of an advanced power names (game/octocube/powers.py): a space, a tile on the own
# board, an opponent's cube, or a way to turn the own cube (chosen like a placement).
POWER_ARGS = {"B": ("board",), "C": ("cell",), "D": ("cell",), "E": ("orient",), "F": ("cell", "board"),
              "G": ("cube",), "H": ("cell", "cell"), "I": ("cube",)}


def neighbour(cell: int, direction: str, size: int) -> int | None:
    """The cell one step ``direction`` of ``cell`` on a ``size`` grid, or None off the edge."""
    dr, dc = STEPS[direction]
    r, c = divmod(cell, size)
    r, c = r + dr, c + dc
    return r * size + c if 0 <= r < size and 0 <= c < size else None


class OctocubeGestures:
    """The legal actions of one position, indexed by the target a gesture lands on."""

    def __init__(self, state: OctocubeState) -> None:
        self.state = state
        self.seat = state.current_player
        self.legal: list[Action] = [] if state.is_over else state.legal_actions()
        self.by_target: dict[Target, list[Action]] = {}
        self.unreached: list[Action] = []
        for a in self.legal:
            targets = self._targets_of(a)
            for t in targets:
                self.by_target.setdefault(t, []).append(a)
            if not targets and a.kind not in BUTTON_KINDS:
                self.unreached.append(a)

    # ---- what each action is attached to ----------------------------------------------------
    @property
    def cube_cell(self) -> int | None:
        return self.state.cube_cell[self.seat] if self.seat >= 0 else None

    def _targets_of(self, a: Action) -> list[Target]:
        fields = {f.name: getattr(a, f.name) for f in dataclasses.fields(a)}
        if a.kind == "pivot":
            return [("cube", self.seat)]
        if a.kind == "board":  # kids: a tile from the cube at home to a lit board space
            return [("board_space", self.seat, fields["slot"])]
        if a.kind == "stack":  # kids: the next tile of the leftover stack, clicked on the cube; the
            # bottom tile cannot be clicked (the cube rests on it), so it gets a button instead
            return [] if fields["face"] == BOTTOM else [("face", self.seat, fields["face"])]
        if "direction" in fields and self.cube_cell is not None:
            dst = neighbour(self.cube_cell, DIRECTIONS[fields["direction"]], self.state.size)
            return [] if dst is None else [("cell", dst)]
        return [("cell", fields[n]) for n in CELL_FIELDS if isinstance(fields.get(n), int) and fields[n] >= 0]

    # ---- gestures -----------------------------------------------------------------------------
    def targets(self) -> set[Target]:
        """Everything that glows: targets a click would act on."""
        return set(self.by_target)

    def click(self, target: Target | None) -> list[Action]:
        return list(self.by_target.get(target, [])) if target is not None else []

    def of_kind(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a.kind == kind]

    def of_class(self, cls: type[A]) -> list[A]:
        """The legal actions of one class, typed as it (an action's kind names its class)."""
        return [a for a in self.legal if isinstance(a, cls)]

    def roll_toward(self, direction: str) -> list[Action]:
        """Moves of the own cube one step ``direction`` (Roll, or an extra roll the rules define)."""
        if self.cube_cell is None:
            return []
        dst = neighbour(self.cube_cell, direction, self.state.size)
        index = DIRECTIONS.index(direction)
        return [a for a in self.click(("cell", dst)) if getattr(a, "direction", None) == index]

    def pivot(self, quarter_turns: int) -> list[Action]:
        return [a for a in self.of_class(Pivot) if a.quarter_turns == quarter_turns]

    def wheel(self, target: Target | None, steps: float) -> list[Action]:
        """The wheel over the own cube pivots it a quarter turn: up clockwise, down anticlockwise."""
        if target != ("cube", self.seat) or steps == 0:
            return []
        return self.pivot(CLOCKWISE if steps > 0 else ANTICLOCKWISE)

    def scorable_faces(self) -> set[int]:
        """Faces holding a tile, when Score is allowed at all."""
        if not self.of_kind("score"):
            return set()
        return {f for f, t in enumerate(self.state.cube_faces[self.seat]) if t is not None}

    def _tile_types(self, faces: Iterable[int]) -> list[int]:
        faces_now = self.state.cube_faces[self.seat]
        return sorted(TILE_TYPE[t] for t in (faces_now[f] for f in faces) if t is not None)

    def score_action(self, faces: Iterable[int]) -> Action | None:
        """The Score action taking exactly ``faces``, or the one the rules list for the same tiles
        (the rules list one Score per distinct choice, so identical tiles share one action)."""
        chosen = set(faces)
        if not chosen <= self.scorable_faces():
            return None
        scores = self.of_class(Score)
        exact = next((a for a in scores if set(a.faces) == chosen), None)
        if exact is not None:
            return exact
        wanted = self._tile_types(chosen)
        return next((a for a in scores if self._tile_types(a.faces) == wanted), None)

    # ---- actions with arguments picked on the table (advanced powers) ------------------------
    @staticmethod
    def group(action: Action) -> tuple:
        """Actions of one group differ only in arguments picked one by one (a power's targets)."""
        return (action.kind, getattr(action, "power", None), getattr(action, "cell", None)) \
            if action.kind == "power" else (action.kind, repr(action))

    def arg_kinds(self, action: Action) -> tuple[str, ...]:
        return POWER_ARGS.get(getattr(action, "power", ""), ()) if action.kind == "power" else ()

    def arg_targets(self, action: Action, i: int) -> list[Target]:
        """Targets that stand for argument ``i`` of ``action`` (any identical tile on the board will do)."""
        assert isinstance(action, Power)  # only a power picks arguments
        kind, value = self.arg_kinds(action)[i], action.args[i]
        if kind == "cell":
            return [("cell", value)]
        if kind == "cube":
            return [("cube", value)]
        if kind == "board":
            return [("board_tile", self.seat, t) for t in self.state.collected[self.seat]
                    if TILE_TYPE[t] == TILE_TYPE[value]]
        return []
