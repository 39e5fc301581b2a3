"""Octocube tiles as the 2D layer shows them: a chip in the tile's background colour, with its
object's name (and the colour's name, so colour is never the only cue)."""
from __future__ import annotations

from game.octocube.components import TILES

from render.ui import theme
from render.ui.widgets import Overlay

BACKGROUNDS: dict[str | None, tuple[int, int, int, int]] = {
    "white": (236, 232, 222, 255),
    "light_blue": (142, 196, 230, 255),
    "dark_blue": (36, 66, 132, 255),
    "green": (62, 138, 84, 255),
    None: (214, 170, 60, 255),  # coins
}
DARK_TEXT = (30, 26, 22, 255)


def tile_name(tile_id: int) -> str:
    t = TILES[tile_id]
    return "Coin" if t.kind == "coin" else t.object.capitalize()  # type: ignore[union-attr]


def colour_name(tile_id: int) -> str:
    colour = TILES[tile_id].colour
    return colour.replace("_", " ") if colour else "3 VP at the end"


def tile_chip(ui: Overlay, x: float, y: float, w: float, h: float, tile_id: int | None,
              selected: bool = False) -> None:
    """A tile face: background colour, object name, colour name; an outline when selected."""
    if tile_id is None:
        ui.rect(x, y, w, h, (60, 52, 46, 160), radius=6, layer=1, border=theme.PANEL_EDGE)
        ui.text("empty", x + w / 2, y + h / 2, size=9, colour=theme.TEXT_DIM, anchor_x="center")
        return
    colour = TILES[tile_id].colour
    bg = BACKGROUNDS[colour]
    ink = DARK_TEXT if colour in ("white", "light_blue", None) else theme.TEXT
    if selected:
        ui.rect(x - 4, y - 4, w + 8, h + 8, theme.ACCENT, radius=9, layer=1)
    ui.rect(x, y, w, h, bg, radius=6, layer=1, border=(20, 16, 12, 255))
    if selected:
        ui.text("✓", x + w - 9, y + h - 9, size=9, colour=ink, anchor_x="center", bold=True)
    ui.text(tile_name(tile_id), x + w / 2, y + h * 0.62, size=10, colour=ink, anchor_x="center", bold=True)
    ui.text(colour_name(tile_id), x + w / 2, y + h * 0.28, size=7, colour=ink, anchor_x="center")
