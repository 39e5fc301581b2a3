"""A cue: one sound of a move, when in its animation and where on the table."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.core import Event

Target = tuple


@dataclass(frozen=True)
class Cue:
    sound: str
    at: float  # seconds after the move is given to the view, at animation speed 1
    target: Target | None = None  # where on the table (a target of the view); None: the middle
    take: int = 0  # which take of the sound (dice landing one after another differ)


# A table's sounds: (a move's events, the view that has just queued them) -> their cues
Cues = Callable[[Sequence[Event], Any], list[Cue]]


def silence(events: Sequence[Event], view: Any) -> list[Cue]:
    """The cues of a table without sounds: none."""
    return []
