"""Octocube tiles as the 2D layer shows them: the printed face (icon, background colour, colour pips);
panels print the object's and the colour's names beside it (words.py), so colour is never the only cue."""
from __future__ import annotations

import functools

import pyglet

from game.octocube.components import TILES
from render.i18n import t
from render.ui import theme
from render.ui.widgets import Overlay
from render.tables.octocube.art import tile_face

DARK_TEXT = (30, 26, 22, 255)


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
        ui.text(t("octocube.empty"), x + size / 2, y + size / 2, size=9, colour=theme.TEXT_DIM, anchor_x="center")
        return
    if selected:
        ui.rect(x - 4, y - 4, size + 8, size + 8, theme.ACCENT, radius=9, layer=1)
    tile = TILES[tile_id]
    ui.image(face_image(tile.object, tile.colour), x, y, size, size)
    if selected:
        ui.rect(x + size - 16, y + size - 16, 14, 14, theme.ACCENT, radius=7, layer=2)
        ui.text("✓", x + size - 9, y + size - 9, size=8, colour=DARK_TEXT, anchor_x="center", bold=True)
