"""Octocube actions. Face slots and directions index components.FACES / DIRECTIONS."""
from __future__ import annotations

import dataclasses

from game.core import Action, ActionCodec
from game.octocube.components import DIRECTIONS, FACES


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the cube from the personal area on an edge space; ``orientation`` indexes ROTATIONS."""

    kind = "place"
    cell: int
    orientation: int = 0

    def __str__(self) -> str:
        return f"place {self.cell}" + (f" turned {self.orientation}" if self.orientation else "")


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Action):
    kind = "roll"
    direction: int

    def __str__(self) -> str:
        return f"roll {DIRECTIONS[self.direction]}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pivot(Action):
    kind = "pivot"
    quarter_turns: int

    def __str__(self) -> str:
        return f"pivot {90 * self.quarter_turns}"


@dataclasses.dataclass(frozen=True, slots=True)
class Score(Action):
    kind = "score"
    faces: tuple[int, ...] = ()

    def __str__(self) -> str:
        return "score " + ("+".join(FACES[f] for f in self.faces) or "nothing")


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    kind = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Decline(Action):
    """Turn down the optional extra Roll (tile A) or the power of the Abyss tile just rolled onto."""

    kind = "decline"

    def __str__(self) -> str:
        return "decline"


@dataclasses.dataclass(frozen=True, slots=True)
class Retrieve(Action):
    """Kids version: take the cube home; its tiles then go to the board (Board) or back (Pile, Stack)."""

    kind = "retrieve"

    def __str__(self) -> str:
        return "retrieve"


@dataclasses.dataclass(frozen=True, slots=True)
class Board(Action):
    """Kids version: the tile on cube face ``face`` goes on board space ``slot``."""

    kind = "board"
    face: int
    slot: int

    def __str__(self) -> str:
        return f"board {FACES[self.face]} to {self.slot}"


@dataclasses.dataclass(frozen=True, slots=True)
class Pile(Action):
    """Kids version: the tiles that fit no board space go back as a stack on ``cell``."""

    kind = "pile"
    cell: int

    def __str__(self) -> str:
        return f"leftovers to {self.cell}"


@dataclasses.dataclass(frozen=True, slots=True)
class Stack(Action):
    """Kids version: the tile on cube face ``face`` goes next on the leftover stack."""

    kind = "stack"
    face: int

    def __str__(self) -> str:
        return f"stack the {FACES[self.face]} tile"


@dataclasses.dataclass(frozen=True, slots=True)
class Power(Action):
    """Advanced version: use the power of the Abyss tile on ``cell``; ``args`` depend on the letter."""

    kind = "power"
    cell: int
    power: str
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"power {self.power} at {self.cell}" + "".join(f" {a}" for a in self.args)


ACTION_CLASSES = (Place, Roll, Pivot, Score, Pass, Decline, Retrieve, Board, Pile, Stack, Power)
CODEC = ActionCodec(ACTION_CLASSES)
