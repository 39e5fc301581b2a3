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
FRAME = 4  # pixels of the accent frame round a selected tile
TICK = 14  # the tick's disc, at the selected tile's top right corner


@functools.lru_cache(maxsize=None)
def face_image(obj: str | None, colour: str | None) -> pyglet.image.ImageData:
    """The tile's printed face from the table's own artwork (the same icon as on the 3D tile)."""
    rgba = tile_face(obj, colour)
    h, w = rgba.shape[:2]
    return pyglet.image.ImageData(w, h, "RGBA", rgba.tobytes(), pitch=-w * 4)  # numpy rows run top-down


def tile_chip(ui: Overlay, x: float, y: float, size: float, tile_id: int | None, selected: bool = False) -> None:
    """A tile face ``size`` pixels square; selected, the same face in an accent frame with a small
    tick in its corner (the frame lies around the picture, never over it: the 2D layer does not
    promise which of two shapes in one layer is drawn first)."""
    if tile_id is None:
        ui.rect(x, y, size, size, (60, 52, 46, 160), radius=6, layer=1, border=theme.PANEL_EDGE)
        ui.text(t("octocube.empty"), x + size / 2, y + size / 2, size=9, colour=theme.TEXT_DIM, anchor_x="center")
        return
    tile = TILES[tile_id]
    ui.image(face_image(tile.object, tile.colour), x, y, size, size)
    if selected:
        f = FRAME
        for bx, by, bw, bh in ((x - f, y - f, size + 2 * f, f), (x - f, y + size, size + 2 * f, f),
                               (x - f, y, f, size), (x + size, y, f, size)):
            ui.rect(bx, by, bw, bh, theme.ACCENT, layer=1)
        ui.rect(x + size - 10, y + size - 10, TICK, TICK, theme.ACCENT, radius=TICK / 2, layer=2)  # over the frame's corner
        ui.text("✓", x + size - 10 + TICK / 2, y + size - 10 + TICK / 2, size=7, colour=DARK_TEXT, anchor_x="center",
                bold=True)
