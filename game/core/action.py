"""Actions: frozen, hashable dataclasses that round-trip through JSON.

Each game subclasses :class:`Action` once per kind of decision and gives it a ``kind`` tag; an
:class:`ActionCodec` turns the ``to_dict`` form back into the right class.
"""
from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Iterable


def _to_json(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_to_json(v) for v in value]
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions. Fields must be ints, strs, bools, None or tuples of them."""

    kind: ClassVar[str] = "action"

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: _to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}
        d["kind"] = self.kind
        return d

    def __str__(self) -> str:
        values = [str(getattr(self, f.name)) for f in dataclasses.fields(self)]
        return " ".join([self.kind, *values])


class ActionCodec:
    """Maps ``kind`` tags back to action classes for one game."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._by_kind = {cls.kind: cls for cls in classes}

    def from_dict(self, d: dict[str, Any]) -> Action:
        from game.core.errors import SaveError

        if not isinstance(d, dict) or d.get("kind") not in self._by_kind:
            raise SaveError(f"unknown action {d!r}")
        cls = self._by_kind[d["kind"]]
        names = {f.name for f in dataclasses.fields(cls)}
        fields = {k: _from_json(v) for k, v in d.items() if k != "kind"}
        if set(fields) != names:
            raise SaveError(f"action {d['kind']!r} has fields {sorted(fields)}, expected {sorted(names)}")
        return cls(**fields)
