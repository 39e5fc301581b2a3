"""What the Cubitos table shows, as data: where every die is and how it lies, the runners, fan
markers and counters (a `Snap`), and the positions one event passes through on its way to the
next state, each with the way the view animates into it (see :mod:`render.tables.cubitos.motion`)."""
from __future__ import annotations

import dataclasses

from game.cubitos.dice import FACES
from game.cubitos.state import ACTIVE, DISCARD, DRAW, ROLL


@dataclasses.dataclass
class Snap:
    """What the table shows: where every die is and how it lies, runners, fans and counters."""

    zones: list[list[list[int]]]
    trays: dict[str, list[int]]
    face: list[int]
    node: list[int]
    fans: list[int]
    counters: list[dict[str, int]]

    @classmethod
    def of(cls, state) -> "Snap":
        return cls([[list(z) for z in p.zones] for p in state.seats], {c: list(v) for c, v in state.trays.items()},
                   list(state.face), [p.node for p in state.seats], [p.fans for p in state.seats],
                   [{"credits": p.credits, "draw": p.tokens, "laps": p.laps, "money": p.money, "move": p.move + p.wmove,
                     "bag": len(p.zones[DRAW])} for p in state.seats])

    def copy(self) -> "Snap":
        return Snap([[list(z) for z in p] for p in self.zones], {c: list(v) for c, v in self.trays.items()},
                    list(self.face), list(self.node), list(self.fans), [dict(c) for c in self.counters])

    def remove(self, die: int) -> None:
        for p in self.zones:
            for z in p:
                if die in z:
                    z.remove(die)
                    return
        for v in self.trays.values():
            if die in v:
                v.remove(die)
                return

    def put(self, die: int, where: tuple) -> None:
        self.remove(die)
        if where[0] == "zone":
            self.zones[where[1]][where[2]].append(die)
        else:
            self.trays[where[1]].append(die)


def _face_index(colour: str, name: str, hint: int) -> int:
    faces = FACES[colour]
    return hint if faces[hint] == name else faces.index(name)


def advance(snap: Snap, ev, state_after, board, colours: list[str]) -> list[tuple[Snap, str]]:
    """The shown positions one event passes through, each with the way to animate into it
    (``board``: the race board, for the runners' nodes; ``colours``: each die's colour)."""
    d, kind = ev.data, ev.kind
    a = snap.copy()
    seat = d.get("seat", -1)
    if kind == "rolled":
        for die, colour, name in d["dice"]:
            a.face[die] = _face_index(colour, name, state_after.face[die])
            a.put(die, ("zone", seat, ROLL))
        b = a.copy()
        for die in d["hits"]:
            b.put(die, ("zone", seat, ACTIVE))
        return [(a, "tumble"), (b, "slide")]
    if kind == "bust":
        for die in list(a.zones[seat][ACTIVE]):
            if die not in d["kept"]:
                a.put(die, ("zone", seat, DISCARD))
        return [(a, "sweep")]
    if kind == "fan":
        a.fans[seat] = d["fans"]
        return [(a, "hop")]
    if kind == "moved":
        a.node[seat] = board.node(d["to"])
        return [(a, "hop")]
    dest = {"drew": ("zone", seat, ROLL), "discarded": ("zone", seat, DISCARD),
            "reshuffled": ("zone", seat, DRAW), "start-die": ("zone", seat, ROLL),
            "bought": ("zone", seat, DISCARD), "gained": ("zone", seat, DISCARD),
            "given": ("zone", d.get("to", seat), DISCARD), "placed": ("zone", seat, ACTIVE)}.get(kind)
    dice = d.get("dice", [d["die"]] if "die" in d else [])
    if kind in ("lost", "returned"):
        for die in dice:
            a.put(die, ("tray", colours[die]))
    elif dest is not None:
        for die in dice:
            a.put(die, dest)
            if kind == "placed":
                a.face[die] = state_after.face[die]
    else:
        return [(a, "quiet")]
    return [(a, "fly")]
