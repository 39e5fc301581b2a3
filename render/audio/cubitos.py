"""Cubitos' sounds: the cup rattles, each die lands in the roll tray, a bust clatters."""
from __future__ import annotations

from typing import Sequence

from game.core import Event
from game.cubitos.state import ACTIVE, DISCARD, ROLL
from render.audio.cue import Cue
from render.tables.cubitos.view import FLY_S, HOP_S, SLIDE_S, TUMBLE_S, TUMBLE_STAGGER_S

LAND_AT = 0.6  # share of a die's tumble when it first hits the tray (the view's arc ends there)


def cues(events: Sequence[Event]) -> list[Cue]:
    """Cues of one Cubitos move."""
    out: list[Cue] = []
    clock = 0.0
    for ev in events:
        d, seat = ev.data, ev.data.get("seat", -1)
        if ev.kind == "rolled" and d["dice"]:
            tray = ("zone", seat, ROLL)
            out.append(Cue("dice_rattle", clock, tray))
            out += [Cue("die_land", clock + k * TUMBLE_STAGGER_S + LAND_AT * TUMBLE_S, tray, take=k)
                     for k in range(len(d["dice"]))]
            clock += TUMBLE_S + TUMBLE_STAGGER_S * (len(d["dice"]) - 1) + (SLIDE_S if d["hits"] else 0.0)
        elif ev.kind == "bust":
            out.append(Cue("bust", clock, ("zone", seat, ACTIVE)))
            clock += FLY_S
        elif ev.kind in ("moved", "fan"):
            out.append(Cue("key_click", clock + HOP_S, ("fan" if ev.kind == "fan" else "runner", seat)))
            clock += HOP_S
        elif ev.kind in ("bought", "credits", "converted"):
            out.append(Cue("coins", clock, ("zone", seat, DISCARD) if ev.kind == "bought" else ("runner", seat)))
            clock += FLY_S
    return out
