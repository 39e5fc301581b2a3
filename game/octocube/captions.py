"""Captions for demo mode and hints: one sentence per action, in the words of the table."""
from __future__ import annotations

from game.core import Action
from game.octocube.actions import Decline, Pass, Pivot, Place, Power, Retrieve, Roll, Score
from game.octocube.components import DIRECTIONS, SEAT_NAMES, TILES
from game.octocube.geometry import cell_name
from game.octocube.state import EXTRA_ROLL, OctocubeState

POWER_WORDS = {
    "B": "swaps the cube's top tile with a board tile",
    "C": "lifts the cube to {0}",
    "D": "takes the top tile of {0} onto the cube",
    "E": "reorients the cube",
    "F": "swaps the tile on {0} with a board tile",
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


def _taken(tiles: list[int]) -> str:
    names = [tile_caption(t) for t in tiles]
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def describe(state: OctocubeState, action: Action) -> str:
    p = state.current_player
    who = SEAT_NAMES[p]
    events = state.clone().apply(action)
    picked = next((e.data.get("picked") for e in events if e.kind in ("placed", "rolled")), None)
    pick = f" and picks up {tile_caption(picked)}" if picked is not None else ""
    if isinstance(action, Place):
        return f"{who} places the cube on {cell_name(action.cell, state.size)}{pick}"
    if isinstance(action, Roll):
        return f"{who} rolls {DIRECTIONS[action.direction]}{pick}"
    if isinstance(action, Pivot):
        return f"{who} pivots the cube {90 * action.quarter_turns}°"
    if isinstance(action, Score):
        tiles = events[0].data["tiles"]
        if not tiles:
            return f"{who} takes the cube home without scoring"
        return f"{who} scores {_taken(tiles)} for {events[0].data['vp']} VP"
    if isinstance(action, Pass):
        return f"{who} passes"
    if isinstance(action, Decline):
        return f"{who} declines the {'extra Roll' if state.phase == EXTRA_ROLL else 'power'}"
    if isinstance(action, Retrieve):
        return f"{who} retrieves the cube and fills {len(events[0].data['board'])} board spaces"
    if isinstance(action, Power):
        seat = SEAT_NAMES[action.args[0]] if action.power in "GI" else ""
        spaces = [cell_name(c, state.size) for c in action.args[:CELL_ARGS.get(action.power, 0)]]
        return f"{who} uses power {action.power}: " + POWER_WORDS[action.power].format(*spaces, seat=seat)
    return f"{who}: {action}"
