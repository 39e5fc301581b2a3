"""Otys' sounds: divers slide, keys click, credits chink."""
from __future__ import annotations

from typing import Sequence

from game.core import Event
from render.audio.cue import Cue, Target
from render.tables.otys.motion import EVENT_S, MOVE_S, SECONDS


SOUND = {"key": "key_click", "key_to_track": "key_click", "key_returned": "key_click", "keys_reset": "key_click",
         "propel": "slide", "resurface": "slide", "activate": "slide", "reward_taken": "tile_click",
         "contract": "tile_click"}


def _where(ev: Event) -> Target:
    d, seat = ev.data, ev.data.get("seat", 0)
    if "diver" in d:
        return ("diver", seat, d["diver"])
    if "level" in d:
        return ("level", seat, d["level"])
    return ("counter", seat, 0)


def cues(events: Sequence[Event]) -> list[Cue]:
    """Cues of one Otys move (the view fits a move into MOVE_S)."""
    steps = [SECONDS.get(ev.kind, EVENT_S) for ev in events]
    fit = min(1.0, MOVE_S / sum(steps)) if steps else 1.0
    out: list[Cue] = []
    clock = 0.0
    for ev, seconds in zip(events, steps):
        sound = SOUND.get(ev.kind)
        if sound:
            out.append(Cue(sound, clock, _where(ev)))
        if ev.data.get("credits"):
            out.append(Cue("coins", clock + 0.5 * seconds * fit, ("counter", ev.data.get("seat", 0), 0)))
        clock += seconds * fit
    return out
