"""Cubitos' sounds: the cup rattles as the dice are thrown, each die lands in the roll tray, a bust
clatters as its dice are swept, a runner or fan marker clicks down, coins chink.

Each is timed by the steps the view queued for the move (:func:`render.audio.timing.beats`): a
round's first roll waits for the dice put back, drawn and flown to the tray before it; a bust waits
for the roll's hits to slide to Active, however many dice move (the view staggers them)."""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from game.core import Event
from game.cubitos.state import ACTIVE, DISCARD, ROLL
from render.audio.cue import Cue
from render.audio.timing import beats
from render.tables.cubitos.motion import FLY_STAGGER_S, HOP_S, LAND_AT, TUMBLE_S, TUMBLE_STAGGER_S
from render.tables.cubitos.view import CubitosView



def _stepping_aside(view: CubitosView, moved: dict) -> int:
    """How many runners hop before the one that ``moved`` (the view moves runners in seat order):
    those of lower seats that step aside on the space it leaves or the one it comes to, where one
    other runner stands (two runners on a space stand apart, one alone in its middle)."""
    if "from" not in moved:
        return 0
    seat, nodes, board = moved["seat"], view.runner_spaces(), view.board  # the others: where the move leaves them
    ends = {board.node(moved["from"]), board.node(moved["to"])}
    others = Counter(n for s, n in enumerate(nodes) if s != seat)
    return sum(nodes[s] in ends and others[nodes[s]] == 1 for s in range(seat))


def cues(events: Sequence[Event], view: CubitosView) -> list[Cue]:
    """Cues of one Cubitos move that ``view`` has just queued."""
    out: list[Cue] = []
    for ev, beat in zip(events, beats(view.timeline, view.steps_per_event)):
        d, seat, at = ev.data, ev.data.get("seat", -1), beat.start
        if ev.kind == "rolled" and d["dice"]:
            tray = ("zone", seat, ROLL)
            out.append(Cue("dice_rattle", at, tray))
            out += [Cue("die_land", at + k * TUMBLE_STAGGER_S + LAND_AT * TUMBLE_S, tray, take=k)
                    for k in range(len(d["dice"]))]
        elif ev.kind == "bust":
            out.append(Cue("bust", at, ("zone", seat, ACTIVE)))
        elif ev.kind == "fan":  # as the marker's hop comes down
            out.append(Cue("key_click", at + min(HOP_S, beat.length), ("fan", seat)))
        elif ev.kind == "moved":
            out.append(Cue("key_click", at + min(HOP_S + _stepping_aside(view, d) * FLY_STAGGER_S, beat.length),
                           ("runner", seat)))
        elif ev.kind in ("bought", "credits", "converted"):
            out.append(Cue("coins", at, ("zone", seat, DISCARD) if ev.kind == "bought" else ("runner", seat)))
    return out
