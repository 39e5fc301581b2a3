"""Octocube's sounds: the cube knocks over its edge and thuds down, tiles click, points chink; each
timed by the steps the view queued for the move (:func:`render.audio.timing.beats`)."""
from __future__ import annotations

from typing import Sequence

from game.core import Event
from render.audio.cue import Cue
from render.audio.timing import beats
from render.tables.octocube.view import FLY_S, FLY_STAGGER_S, QUIET_EVENTS, OctocubeView

PICK_CLICK_S = 0.03  # a tile taken up clicks a beat after the cube's thud, so both are heard


def cues(events: Sequence[Event], view: OctocubeView) -> list[Cue]:
    """Cues of one Octocube move that ``view`` has just queued (one step an event)."""
    out: list[Cue] = []
    for ev, beat in zip(events, beats(view.timeline, view.steps_per_event)):
        d, at = ev.data, beat.start
        if ev.kind in QUIET_EVENTS:
            continue
        if ev.kind in ("rolled", "placed"):
            cell = ("cell", d["dst"] if ev.kind == "rolled" else d["cell"])
            if ev.kind == "rolled":
                out.append(Cue("cube_roll", at, cell))
            out.append(Cue("cube_thud", beat.end, cell))
            if d.get("picked") is not None:
                out.append(Cue("tile_click", beat.end + PICK_CLICK_S, cell))
        elif ev.kind == "pivoted":
            out.append(Cue("slide", at, ("cell", d["cell"])))
        elif ev.kind == "scored":
            area = ("area", d["player"])
            out += [Cue("tile_click", at + FLY_S + k * FLY_STAGGER_S, area, take=k) for k in range(len(d["tiles"]))]
            if d["vp"]:
                out.append(Cue("coins", beat.end, area))
        else:  # a tile laid on a board or a stack, an Abyss tile set down, the cube taken back
            where = ("cell", d["cell"]) if d.get("cell") is not None else ("area", d.get("player", 0))
            out.append(Cue("cube_thud" if ev.kind == "retrieved" else "tile_click", at + min(FLY_S, beat.length), where))
    return out
