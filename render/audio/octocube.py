"""Octocube's sounds: the cube knocks over its edge and thuds down, tiles click, points chink."""
from __future__ import annotations

from typing import Sequence

from game.core import Event
from render.audio.cue import Cue
from render.tables.octocube.view import FLY_S, FLY_STAGGER_S, PIVOT_S, PLACE_S, QUIET_EVENTS, ROLL_S


def cues(events: Sequence[Event]) -> list[Cue]:
    """Cues of one Octocube move."""
    out: list[Cue] = []
    clock = 0.0
    for ev in events:
        d = ev.data
        if ev.kind in QUIET_EVENTS:
            continue
        if ev.kind in ("rolled", "placed"):
            cell = ("cell", d["dst"] if ev.kind == "rolled" else d["cell"])
            step = ROLL_S if ev.kind == "rolled" else PLACE_S
            if ev.kind == "rolled":
                out.append(Cue("cube_roll", clock, cell))
            out.append(Cue("cube_thud", clock + step, cell))
            if d.get("picked") is not None:
                out.append(Cue("tile_click", clock + step + 0.03, cell))
            clock += step
        elif ev.kind == "pivoted":
            out.append(Cue("slide", clock, ("cell", d["cell"])))
            clock += PIVOT_S
        elif ev.kind == "scored":
            area = ("area", d["player"])
            out += [Cue("tile_click", clock + FLY_S + k * FLY_STAGGER_S, area, take=k) for k in range(len(d["tiles"]))]
            clock += FLY_S + FLY_STAGGER_S * max(0, len(d["tiles"]) - 1)
            if d["vp"]:
                out.append(Cue("coins", clock, area))
        else:  # a tile laid on a board or a stack, an Abyss tile set down, the cube taken back
            where = ("cell", d["cell"]) if d.get("cell") is not None else ("area", d.get("player", 0))
            out.append(Cue("cube_thud" if ev.kind == "retrieved" else "tile_click", clock + FLY_S, where))
            clock += FLY_S
    return out
