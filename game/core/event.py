"""Events: what ``apply`` did, in words a log can print and data a view can animate."""
from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``kind`` names it for views ("rolled", "scored"); ``text`` is the log line; ``data`` holds
    JSON-safe details. ``reveal`` is true when chance was resolved or hidden information became
    known (a die roll, a shuffle, a draw, a tile turned up): undo never steps back across it.
    """

    kind: str
    text: str
    data: dict[str, Any] = dataclasses.field(default_factory=dict)
    reveal: bool = False

    def __str__(self) -> str:
        return self.text
