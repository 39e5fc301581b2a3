"""Building the events ``apply`` returns, cheaply: random play and the search make one or two a move."""
from __future__ import annotations

import dataclasses
from typing import Any

from game.core import Event

# Event is a frozen dataclass, whose __init__ sets each field through object.__setattr__: several
# times slower than setting its slots directly, and it was a fifth of an Octocube move.
assert [f.name for f in dataclasses.fields(Event)] == ["kind", "text", "data", "reveal"], "event() sets every field"
_new = object.__new__
_set_kind, _set_text, _set_data, _set_reveal = (
    Event.__dict__[name].__set__ for name in ("kind", "text", "data", "reveal"))


def event(kind: str, text: str, data: dict[str, Any], reveal: bool = False) -> Event:
    """``Event(kind, text, data, reveal)``, the same object, made without the dataclass __init__."""
    e = _new(Event)
    _set_kind(e, kind)
    _set_text(e, text)
    _set_data(e, data)
    _set_reveal(e, reveal)
    return e
