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
    """Kids version: take the cube home; ``cell`` gets the leftover stack (-1 when none is left)."""

    kind = "retrieve"
    cell: int = -1

    def __str__(self) -> str:
        return "retrieve" + (f" leftovers to {self.cell}" if self.cell >= 0 else "")


@dataclasses.dataclass(frozen=True, slots=True)
class Power(Action):
    """Advanced version: use the power of the Abyss tile on ``cell``; ``args`` depend on the letter."""

    kind = "power"
    cell: int
    power: str
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"power {self.power} at {self.cell}" + "".join(f" {a}" for a in self.args)


ACTION_CLASSES = (Place, Roll, Pivot, Score, Pass, Decline, Retrieve, Power)
CODEC = ActionCodec(ACTION_CLASSES)
