"""Otys' sounds: divers slide, keys click, credits chink; each as its event's step of the view
starts (credits halfway through it), as the view queued them (:func:`render.audio.timing.beats`)."""
from __future__ import annotations

from typing import Sequence

from game.core import Event
from render.audio.cue import Cue, Target
from render.audio.timing import beats
from render.tables.otys.view import OtysView

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


def cues(events: Sequence[Event], view: OtysView) -> list[Cue]:
    """Cues of one Otys move that ``view`` has just queued (one step an event)."""
    out: list[Cue] = []
    for ev, beat in zip(events, beats(view.timeline, view.steps_per_event)):
        sound = SOUND.get(ev.kind)
        if sound:
            out.append(Cue(sound, beat.start, _where(ev)))
        if ev.data.get("credits"):
            out.append(Cue("coins", beat.start + 0.5 * beat.length, ("counter", ev.data.get("seat", 0), 0)))
    return out
