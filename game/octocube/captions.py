"""Captions for demo mode and hints: one sentence per action, in the words of the table."""
from __future__ import annotations

from game.core import Action
from game.octocube.actions import Board, Decline, Pass, Pile, Pivot, Place, Power, Retrieve, Roll, Score, Stack
from game.octocube.components import DIRECTIONS, SEAT_NAMES, TILES, space_name
from game.octocube.components import FACES, TILE_TYPE
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


def tile_caption(t: int) -> str:
    tile = TILES[t]
    if tile.kind == "coin":
        return "a coin"
    colour = tile.colour.replace("_", "-")  # type: ignore[union-attr]
    return f"a {colour} {tile.object.capitalize()}"  # type: ignore[union-attr]


def _arrangement(faces: list[int | None]) -> str:
    """Where a cube's tiles face: ", with a coin on top and a green Pearl facing north"."""
    where = {"top": "on top", "bottom": "underneath"}
    parts = [f"{tile_caption(t)} {where.get(FACES[f], 'facing ' + FACES[f])}" for f, t in enumerate(faces)
             if t is not None]
    return ", with " + _join(parts) if parts else ""


def _join(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else parts[0]


def _taken(tiles: list[int]) -> str:
    return _join([tile_caption(t) for t in tiles])


def describe(state: OctocubeState, action: Action) -> str:
    p = state.current_player
    who = SEAT_NAMES[p]
    events = state.clone().apply(action)
    picked = next((e.data.get("picked") for e in events if e.kind in ("placed", "rolled")), None)
    pick = f" and picks up {tile_caption(picked)}" if picked is not None else ""
    if isinstance(action, Place):
        turned = _arrangement(rotate(state.cube_faces[p], ROTATIONS[action.orientation]))
        return f"{who} places the cube on {cell_name(action.cell, state.size)}{turned}{pick}"
    if isinstance(action, Roll):
        return f"{who} rolls {DIRECTIONS[action.direction]}{pick}"
    if isinstance(action, Pivot):
        return f"{who} pivots the cube {90 * action.quarter_turns}°"
    if isinstance(action, Score):
        tiles = events[0].data["tiles"]
        if not tiles:
            return f"{who} takes the cube home without scoring"
        faces = state.cube_faces[p]
        left = {TILE_TYPE[t] for f, t in enumerate(faces) if t is not None and f not in action.faces}
        which = f" (from the {' and '.join(FACES[f] for f in action.faces)} face)" \
            if left & {TILE_TYPE[t] for t in tiles} else ""  # an alike tile stays: say which one goes
        return f"{who} scores {_taken(tiles)}{which} for {events[0].data['vp']} VP"
    if isinstance(action, Pass):
        return f"{who} passes"
    if isinstance(action, Decline):
        return f"{who} declines the {'extra Roll' if state.phase == EXTRA_ROLL else 'power'}"
    if isinstance(action, Retrieve):
        filled = sum(e.kind == "boarded" for e in events)
        return f"{who} retrieves the cube and fills {filled} board space{'s' * (filled != 1)}"
    if isinstance(action, Board):
        tile = state.cube_faces[p][action.face]
        return f"{who} puts {tile_caption(tile)} on the {space_name(action.slot)} space"  # type: ignore[arg-type]
    if isinstance(action, Pile):
        return f"{who} puts the leftover tiles back on {cell_name(action.cell, state.size)}"
    if isinstance(action, Stack):
        return f"{who} puts {tile_caption(state.cube_faces[p][action.face])} next on the leftover stack"  # type: ignore[arg-type]
    if isinstance(action, Power):
        seat = SEAT_NAMES[action.args[0]] if action.power in "GI" else ""
        spaces = [cell_name(c, state.size) for c in action.args[:CELL_ARGS.get(action.power, 0)]]
        tile = tile_caption(action.args[-1]) + " from the board" if action.power in "BF" else ""
        turned = _arrangement(rotate(state.cube_faces[p], ROTATIONS[action.args[0]])) if action.power == "E" else ""
        words = POWER_WORDS[action.power].format(*spaces, seat=seat, tile=tile, turned=turned)
        return f"{who} uses power {action.power}: " + words
    return f"{who}: {action}"
