"""Octocube tiles as the 2D layer shows them: the printed face (icon, background colour, colour pips)
with the object's and the colour's names beside it, so colour is never the only cue."""
from __future__ import annotations

import functools

import pyglet

from game.octocube.components import COIN_VP, FACES, TILES
from game.octocube.geometry import cell_name
from render.ui import theme
from render.ui.widgets import Overlay
from render.tables.octocube.art import tile_face

DARK_TEXT = (30, 26, 22, 255)


def tile_name(tile_id: int) -> str:
    t = TILES[tile_id]
    return "Coin" if t.kind == "coin" else t.object.capitalize()  # type: ignore[union-attr]


def colour_name(tile_id: int) -> str:
    colour = TILES[tile_id].colour
    return colour.replace("_", " ") if colour else f"{COIN_VP} VP at the end"


@functools.lru_cache(maxsize=None)
def face_image(obj: str | None, colour: str | None) -> pyglet.image.ImageData:
    """The tile's printed face from the table's own artwork (the same icon as on the 3D tile)."""
    rgba = tile_face(obj, colour)
    h, w = rgba.shape[:2]
    return pyglet.image.ImageData(w, h, "RGBA", rgba.tobytes(), pitch=-w * 4)  # numpy rows run top-down


def tile_chip(ui: Overlay, x: float, y: float, size: float, tile_id: int | None, selected: bool = False) -> None:
    """A tile face ``size`` pixels square; an accent frame and a tick when selected."""
    if tile_id is None:
        ui.rect(x, y, size, size, (60, 52, 46, 160), radius=6, layer=1, border=theme.PANEL_EDGE)
        ui.text("empty", x + size / 2, y + size / 2, size=9, colour=theme.TEXT_DIM, anchor_x="center")
        return
    if selected:
        ui.rect(x - 4, y - 4, size + 8, size + 8, theme.ACCENT, radius=9, layer=1)
    t = TILES[tile_id]
    ui.image(face_image(t.object, t.colour), x, y, size, size)
    if selected:
        ui.rect(x + size - 16, y + size - 16, 14, 14, theme.ACCENT, radius=7, layer=2)
        ui.text("✓", x + size - 9, y + size - 9, size=8, colour=DARK_TEXT, anchor_x="center", bold=True)


def tile_words(tile_id: int) -> str:
    """'green Pearl', 'Coin'."""
    t = TILES[tile_id]
    return "Coin" if t.kind == "coin" else f"{colour_name(tile_id)} {tile_name(tile_id)}"


def describe_target(state, target: tuple) -> str:
    """What a piece under the pointer is, in words (a tooltip), for an Octocube state."""
    kind = target[0]
    if kind == "cell":
        cell = target[1]
        where = cell_name(cell, state.size)
        stack = state.stacks[cell]
        if stack:
            return f"{where}: {len(stack)} tile{'s' if len(stack) > 1 else ''}, {tile_words(stack[-1])} on top"
        return f"{where}: " + ("an empty space" if state.abyss[cell] in (None, -1) else "an Abyss tile")
    seat = target[1]
    name = theme.player_name(seat)
    if kind == "cube":
        faces = state.cube_faces[seat]
        held = [f"{FACES[f]} {tile_words(t)}" for f, t in enumerate(faces) if t is not None]
        return f"{name}'s cube: " + (", ".join(held) if held else "no tiles yet")
    if kind == "face":
        tile = state.cube_faces[seat][target[2]]
        return f"{name}'s cube, {FACES[target[2]]} face: " + (tile_words(tile) if tile is not None else "empty")
    if kind == "board_tile":
        same = sum(1 for t in state.collected[seat] if TILES[t][1:] == TILES[target[2]][1:])
        return f"{tile_words(target[2])} ×{same} on {name}'s board"
    if kind == "area":
        return f"{name}'s area: {len(state.collected[seat])} tiles collected"
    return ""
