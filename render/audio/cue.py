"""A cue: one sound of a move, when in its animation and where on the table."""
from __future__ import annotations

from dataclasses import dataclass

Target = tuple


@dataclass(frozen=True)
class Cue:
    sound: str
    at: float  # seconds after the move starts, at animation speed 1
    target: Target | None = None  # where on the table (a target of the view); None: the middle
    take: int = 0  # which take of the sound (dice landing one after another differ)
