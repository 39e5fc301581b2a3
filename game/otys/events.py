"""Events made cheaply: two or three an action in random play and search.

``Event`` is a frozen dataclass; its generated ``__init__`` sets each field through
``object.__setattr__`` and costs about three times setting the slots directly, as here. The
result is an ordinary ``Event``, equal to the one the constructor makes.
"""
from __future__ import annotations

from typing import Any

from game.core import Event

_new = object.__new__
_set_kind, _set_text, _set_data, _set_reveal = (Event.__dict__[name].__set__  # type: ignore[attr-defined]
                                                for name in ("kind", "text", "data", "reveal"))


def event(kind: str, text: str, data: dict[str, Any], reveal: bool = False) -> Event:
    e = _new(Event)
    _set_kind(e, kind)
    _set_text(e, text)
    _set_data(e, data)
    _set_reveal(e, reveal)
    return e
