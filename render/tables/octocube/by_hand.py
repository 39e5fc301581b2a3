"""How a person carries out a legal Octocube action on the table: drag or click to roll (or the
arrow keys), the wheel, a button or a key to pivot, the Score panel or the tiles on the cube, the
orientation chooser, a power's targets one by one. The screen-level fuzzer plays every move so."""
from __future__ import annotations

import math
import random

from pyglet.window import key

from game.core import Action
from game.octocube.actions import Pivot, Roll, Score
from game.octocube.components import DIRECTIONS
from render.tables.octocube.controller import ARROWS, MIN_ALIGNMENT
from render.tables.octocube.gestures import neighbour
from render.uifuzz.driver import Driver, Unreachable

PIVOT_KEY = {1: key.E, 2: key.W, 3: key.Q}


def perform(d: Driver, action: Action, rng: random.Random) -> None:
    table = d.table
    ti = table.input
    g = ti.gestures
    if g is None or action not in g.legal:
        raise Unreachable(f"{action} is not offered to the person at the screen")
    ply = len(d.screen.match.history)
    seat, state = g.seat, d.screen.state
    if isinstance(action, Roll) and state.cube_cell[seat] is not None:
        _roll(d, action, rng)
    elif isinstance(action, Pivot):
        turns = action.quarter_turns
        way = rng.random()
        if way < 0.3:
            d.key(PIVOT_KEY[turns])
        elif way < 0.6 and turns in (1, 3):
            d.wheel(*d.visible(("cube", seat), d.view.pick), 1.0 if turns == 1 else -1.0)
        else:
            d.press_button(table.context, ("pivot", turns))
    elif isinstance(action, Score):
        _score(d, action, rng)
    elif action in g.unreached:  # no piece stands for it (a kids Retrieve): its button beside the cube
        d.press_button(table.context, action)
    else:
        targets = sorted((t for t, acts in g.by_target.items() if action in acts), key=repr)
        if targets:
            d.click(*d.visible(rng.choice(targets), ti.under))
        elif rng.random() < 0.3 and action.kind in ("pass", "decline"):
            d.key(key.P)
        else:
            d.press_button(table.context, action)
    d.tick()
    for _ in range(8):  # what the first gesture opened: a menu, the orientation chooser, a power's targets
        if len(d.screen.match.history) != ply or ti.mode == "play":
            return
        _follow_up(d, action, rng)
        d.tick()
    if len(d.screen.match.history) == ply:
        raise Unreachable(f"{action}: the table is still asking ({ti.mode})")


def _roll(d: Driver, action: Roll, rng: random.Random) -> None:
    ti, seat, state = d.table.input, d.table.input.gestures.seat, d.screen.state
    cell = state.cube_cell[seat]
    dst = neighbour(cell, DIRECTIONS[action.direction], state.size) if cell is not None else None
    if dst is None:
        raise Unreachable(f"{action} leaves the board")
    way = rng.random()
    arrow = _arrow_toward(d, action) if way >= 0.8 else None
    if arrow is not None:
        d.key(arrow)
    elif way < 0.8 and ("cell", dst) in ti.lit() and way >= 0.5:
        d.click(*d.visible(("cell", dst), ti.under))
    else:  # a drag, also where no arrow points that way (a steep view can bend two arrows alike)
        d.drag(d.visible(("cube", seat), d.view.pick), d.view.target_pos(("cell", dst)))


def _arrow_toward(d: Driver, action: Roll) -> int | None:
    """The arrow key a person would press for ``action``'s roll: the one whose on-screen direction
    is nearest, among the ways the cube may roll, to the way from the cube to that cell (within
    MIN_ALIGNMENT); None when no arrow points that way from this camera."""
    g, state = d.table.input.gestures, d.screen.state
    cell = state.cube_cell[g.seat]
    ox, oy = d.view.target_pos(("cube", g.seat))
    ways: dict[int, tuple[float, float]] = {}
    for a in g.of_class(Roll):
        if (n := neighbour(cell, DIRECTIONS[a.direction], state.size)) is not None:
            tx, ty = d.view.target_pos(("cell", n))
            ways[a.direction] = (tx - ox, ty - oy)
    for name, (ax, ay) in ARROWS.items():
        cos = {w: (vx * ax + vy * ay) / (math.hypot(vx, vy) or 1.0) for w, (vx, vy) in ways.items()}
        if cos and max(cos.values()) > MIN_ALIGNMENT and max(cos, key=lambda w: cos[w]) == action.direction:
            return getattr(key, name)
    return None


def _score(d: Driver, action: Score, rng: random.Random) -> None:
    """The Score panel; the tiles chosen on the panel, on the 3D cube or with number keys; Confirm."""
    table, ti = d.table, d.table.input
    if rng.random() < 0.3:
        d.key(key.S)
    else:
        d.press_button(table.context, "score")
    d.tick()
    if ti.mode != "score":
        raise Unreachable("the Score panel did not open")
    faces = set(action.faces)
    seat = ti.gestures.seat
    for slot in sorted(ti.chosen ^ faces):
        way = rng.random()
        if way < 0.3:
            order = sorted(ti.gestures.scorable_faces())
            d.key(getattr(key, f"_{order.index(slot) + 1}"))
        elif way < 0.5 and (target := ("face", seat, slot)) in ti.lit():
            try:
                d.click(*d.visible(target, ti.under))
            except Unreachable:
                d.press_button(table.score_panel, ("face", slot))
        else:
            d.press_button(table.score_panel, ("face", slot))
        d.tick()
    if ti.chosen != faces and ti.gestures.score_action(ti.chosen) != action:
        raise Unreachable(f"the Score panel chose {sorted(ti.chosen)}, not {sorted(faces)}")
    if rng.random() < 0.3:
        d.key(key.ENTER)
    else:
        d.press_button(table.score_panel, "confirm")


def _follow_up(d: Driver, action: Action, rng: random.Random) -> None:
    table, ti = d.table, d.table.input
    if ti.mode == "choose":
        entry = next((b.value for b in table.menu.buttons if isinstance(b.value, list) and action in b.value), None)
        if entry is None:
            raise Unreachable(f"{action} is not in the menu")
        d.press_button(table.menu, entry)
    elif ti.mode == "orient":
        if action not in ti.orient_choices:
            raise Unreachable(f"{action} is not among the orientations offered")
        for _ in range(len(ti.orient_choices)):
            if ti.orientation == action:
                break
            if rng.random() < 0.3:
                d.key(key.RIGHT)
            else:
                d.press_button(table.orient, "next")
            d.tick()
        d.press_button(table.orient, "confirm")
    elif ti.mode == "args":
        targets = ti.gestures.arg_targets(action, ti.arg_index)
        if not targets:
            raise Unreachable(f"{action}: no target for its argument {ti.arg_index}")
        targets = sorted(targets, key=repr)  # any of them will do: identical tiles pile, the top alone clickable
        d.click(*d.visible(rng.choice(targets), ti.under, alike=targets))
    else:
        raise Unreachable(f"{action}: the table waits in mode {ti.mode!r}")
