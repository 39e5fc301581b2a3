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


# Event's frozen __init__ sets each field through object.__setattr__: several times slower than
# setting its slots directly, and it was a fifth of an Octocube move. The engines' hot paths use
# event(): it fills a plain object with Event's slots (in the same order, so the same layout) and
# then makes it an Event, which Python allows between classes of one layout. The result is an
# ordinary Event, equal to the one the constructor makes; a third cheaper again than setting the
# frozen slots one descriptor call at a time.
assert [f.name for f in dataclasses.fields(Event)] == ["kind", "text", "data", "reveal"], "event() sets every field"


class _Draft:
    """An Event being filled in: Event's slots, without the frozen __setattr__."""

    __slots__ = Event.__slots__
    kind: str
    text: str
    data: dict[str, Any]
    reveal: bool


def event(kind: str, text: str, data: dict[str, Any], reveal: bool = False) -> Event:
    """``Event(kind, text, data, reveal)``, made without the dataclass __init__. The draft is made
    by calling its class (no __init__ of its own), a tenth cheaper than ``object.__new__(_Draft)``,
    which goes through the checks of a Python-level call of ``__new__``."""
    e = _Draft()
    e.kind = kind
    e.text = text
    e.data = data
    e.reveal = reveal
    e.__class__ = Event  # type: ignore[assignment]  # allowed: _Draft has Event's slots, so its layout
    return e  # type: ignore[return-value]  # an Event now, which mypy cannot follow


assert event("k", "t", {}, True) == Event("k", "t", {}, True), "event() makes the Event the constructor makes"
