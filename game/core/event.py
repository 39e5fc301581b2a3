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
# event(); the result is an ordinary Event, equal to the one the constructor makes.
assert [f.name for f in dataclasses.fields(Event)] == ["kind", "text", "data", "reveal"], "event() sets every field"
_new = object.__new__
_set_kind, _set_text, _set_data, _set_reveal = (
    Event.__dict__[name].__set__ for name in ("kind", "text", "data", "reveal"))


def event(kind: str, text: str, data: dict[str, Any], reveal: bool = False) -> Event:
    """``Event(kind, text, data, reveal)``, made without the dataclass __init__."""
    e = _new(Event)
    _set_kind(e, kind)
    _set_text(e, text)
    _set_data(e, data)
    _set_reveal(e, reveal)
    return e
