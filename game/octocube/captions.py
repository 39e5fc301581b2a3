"""Captions for demo mode and hints: one sentence per action.

Split in two so the screen can word the same facts in any language: :func:`facts` says what an
action would do (seat, spaces, tiles, VP: numbers, no words), :func:`describe` words those facts in
English, the game contract's language."""
from __future__ import annotations

from typing import Any

from game.core import Action
from game.octocube.actions import Board, Decline, Pile, Pivot, Place, Power, Retrieve, Roll, Score, Stack
from game.octocube.components import DIRECTIONS, FACES, SEAT_NAMES, TILE_TYPE, TILES, space_name
from game.octocube.geometry import ROTATIONS, cell_name, rotate
from game.octocube.state import EXTRA_ROLL, OctocubeState

POWER_WORDS = {
    "B": "swaps the cube's top tile with {tile}",
    "C": "lifts the cube to {0}",
    "D": "takes the top tile of {0} onto the cube",
    "E": "reorients the cube{turned}",
    "F": "swaps the tile on {0} with {tile}",
    "G": "swaps places with {seat}",
    "H": "swaps the stacks on {0} and {1}",
    "I": "swaps top tiles with {seat}",
}
CELL_ARGS = {"C": 1, "D": 1, "F": 1, "H": 2}  # how many leading arguments of a power are spaces


def facts(state: OctocubeState, action: Action) -> dict[str, Any]:
    """What ``action`` of the seat to move would do, as data: ``kind`` (the action's), ``player``, and
    per kind ``cell``, ``direction``, ``picked`` (tile or None), ``faces`` (face slot -> tile, how the
    cube is turned), ``tiles``/``vp``/``which`` (a Score), ``filled``, ``tile``/``slot``, ``power``,
    ``cells``/``seat``/``board_tile``."""
    p = state.current_player
    out: dict[str, Any] = {"kind": action.kind, "player": p}
    events = state.clone().apply(action)
    out["picked"] = next((e.data.get("picked") for e in events if e.kind in ("placed", "rolled")), None)
    if isinstance(action, Place):
        out.update(cell=action.cell, faces=rotate(state.cube_faces[p], ROTATIONS[action.orientation]))
    elif isinstance(action, Roll):
        out["direction"] = action.direction
    elif isinstance(action, Pivot):
        out["degrees"] = 90 * action.quarter_turns
    elif isinstance(action, Score):
        tiles = events[0].data["tiles"]
        faces = state.cube_faces[p]
        left = {TILE_TYPE[t] for f, t in enumerate(faces) if t is not None and f not in action.faces}
        which = list(action.faces) if left & {TILE_TYPE[t] for t in tiles} else []  # an alike tile stays
        out.update(tiles=tiles, vp=events[0].data["vp"], which=which)
    elif isinstance(action, Decline):
        out["extra_roll"] = state.phase == EXTRA_ROLL
    elif isinstance(action, Retrieve):
        out["filled"] = sum(e.kind == "boarded" for e in events)
    elif isinstance(action, Board):
        out.update(tile=state.cube_faces[p][action.face], slot=action.slot)
    elif isinstance(action, Pile):
        out["cell"] = action.cell
    elif isinstance(action, Stack):
        out["tile"] = state.cube_faces[p][action.face]
    elif isinstance(action, Power):
        out.update(power=action.power, cells=list(action.args[:CELL_ARGS.get(action.power, 0)]),
                   seat=action.args[0] if action.power in "GI" else None,
                   board_tile=action.args[-1] if action.power in "BF" else None,
                   faces=rotate(state.cube_faces[p], ROTATIONS[action.args[0]]) if action.power == "E" else None)
    return out


def tile_caption(t: int) -> str:
    tile = TILES[t]
    if tile.kind == "coin":
        return "a coin"
    assert tile.colour is not None and tile.object is not None, "an object tile has a colour and an object"
    colour = tile.colour.replace("_", "-")
    return f"a {colour} {tile.object.capitalize()}"


def _arrangement(faces: list[int | None]) -> str:
    """Where a cube's tiles face: ", with a coin on top and a green Pearl facing north"."""
    where = {"top": "on top", "bottom": "underneath"}
    parts = [f"{tile_caption(t)} {where.get(FACES[f], 'facing ' + FACES[f])}" for f, t in enumerate(faces)
             if t is not None]
    return ", with " + _join(parts) if parts else ""


def _join(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else parts[0]


def describe(state: OctocubeState, action: Action) -> str:
    """:func:`facts` in English."""
    f = facts(state, action)
    who = SEAT_NAMES[f["player"]]
    kind = f["kind"]
    pick = f" and picks up {tile_caption(f['picked'])}" if f["picked"] is not None else ""
    if kind == "place":
        return f"{who} places the cube on {cell_name(f['cell'], state.size)}{_arrangement(f['faces'])}{pick}"
    if kind == "roll":
        return f"{who} rolls {DIRECTIONS[f['direction']]}{pick}"
    if kind == "pivot":
        return f"{who} pivots the cube {f['degrees']}°"
    if kind == "score":
        if not f["tiles"]:
            return f"{who} takes the cube home without scoring"
        which = f" (from the {' and '.join(FACES[s] for s in f['which'])} face)" if f["which"] else ""
        return f"{who} scores {_join([tile_caption(t) for t in f['tiles']])}{which} for {f['vp']} VP"
    if kind == "pass":
        return f"{who} passes"
    if kind == "decline":
        return f"{who} declines the {'extra Roll' if f['extra_roll'] else 'power'}"
    if kind == "retrieve":
        filled = f["filled"]
        return f"{who} retrieves the cube and fills {filled} board space{'s' * (filled != 1)}"
    if kind == "board":
        return f"{who} puts {tile_caption(f['tile'])} on the {space_name(f['slot'])} space"
    if kind == "pile":
        return f"{who} puts the leftover tiles back on {cell_name(f['cell'], state.size)}"
    if kind == "stack":
        return f"{who} puts {tile_caption(f['tile'])} next on the leftover stack"
    if kind == "power":
        letter = f["power"]
        seat = SEAT_NAMES[f["seat"]] if f["seat"] is not None else ""
        tile = tile_caption(f["board_tile"]) + " from the board" if f["board_tile"] is not None else ""
        turned = _arrangement(f["faces"]) if f["faces"] is not None else ""
        words = POWER_WORDS[letter].format(*(cell_name(c, state.size) for c in f["cells"]), seat=seat, tile=tile,
                                           turned=turned)
        return f"{who} uses power {letter}: " + words
    return f"{who}: {action}"
