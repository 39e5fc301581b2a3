"""Octocube's printed art: tile faces, board spaces, Abyss tiles and cube marks, in one atlas.

Every tile shows its object icon on its background colour plus 1-4 corner pips (white 1, light
blue 2, dark blue 3, green 4), so colours are told apart without colour vision. Cube marks follow
the HUD's seat marks (circle, square, triangle, diamond).
"""
from __future__ import annotations

import functools

import numpy as np

from game.octocube.components import COLOURS, OBJECTS
from render.gl.sdf import (Canvas, Shape, box, circle, ellipse, glyph, grow, intersect, outline,
                           polygon, rgb255, segment, star, subtract, union)
from render.tables import art_cache, seat_art
from render.tables.atlas import Atlas, Cell, Rect
from render.tables.seat_art import PLAYER_COLOURS, seat_shape  # noqa: F401  (the colours: for the view too)
from render.tables.seat_art import scaled as _scaled

CELL = 128
GRID = 8

INK = rgb255(38, 32, 40)
PAPER = rgb255(250, 248, 240)
TILE_COLOURS = {
    "white": rgb255(240, 236, 224),
    "light_blue": rgb255(146, 204, 240),
    "dark_blue": rgb255(38, 76, 150),
    "green": rgb255(64, 148, 84),
}
COIN_BACKGROUND = rgb255(66, 58, 62)
TILE_BACK = rgb255(92, 58, 108)
TILE_EDGE = rgb255(219, 209, 189)  # card stock, as the tile edges in the shader
ABYSS_COLOUR = rgb255(22, 30, 52)
BOARD_COLOUR = rgb255(50, 58, 68)
FELT_COLOUR = rgb255(38, 72, 74)
POWER_LETTERS = "BCDEFGHI"


def _outer_side(s: float) -> Shape:
    """The half plane beyond x = 0.3 / s on the side of ``s`` (an amphora's handle leaves its body there)."""
    return lambda x, y: -s * x + 0.3


def _icon_layers(obj: str) -> list[tuple[Shape, tuple[float, float, float]]]:
    """(shape, colour) layers of an object icon, filled in order; the first is the silhouette."""
    if obj == "starfish":
        body = grow(star(0, -0.05, 0.78, 0.33, 5), 0.07)
        dots = union(*(circle(0.45 * np.cos(a), -0.05 + 0.45 * np.sin(a), 0.06)
                       for a in np.pi / 2 + np.arange(5) * 2 * np.pi / 5))
        return [(body, rgb255(238, 112, 78)), (union(dots, circle(0, -0.05, 0.09)), rgb255(255, 200, 150))]
    if obj == "amphora":
        body = union(ellipse(0, -0.12, 0.42, 0.5), box(0, 0.42, 0.14, 0.2), box(0, 0.64, 0.28, 0.07, 0.04),
                     box(0, -0.68, 0.2, 0.08, 0.03))
        handles = union(*(intersect(outline(circle(s * 0.3, 0.26, 0.2), 0.055), _outer_side(s)) for s in (-1, 1)))
        band = intersect(ellipse(0, -0.12, 0.42, 0.5), box(0, -0.05, 1, 0.08))
        return [(union(body, handles), rgb255(204, 104, 52)), (band, rgb255(244, 196, 120))]
    if obj == "sextant":
        pivot = (0.0, 0.72)
        wedge = intersect(circle(*pivot, 1.42), polygon([pivot, (-0.85, -1.2), (0.85, -1.2)]))
        frame = subtract(wedge, grow(intersect(circle(*pivot, 1.18), polygon([(0, 0.45), (-0.55, -0.7), (0.55, -0.7)])), 0.0))
        arm = segment(pivot[0], pivot[1], 0.3, -0.6, 0.06)
        scope = box(-0.05, 0.48, 0.34, 0.09, 0.04)
        ticks = union(*(segment(1.3 * np.sin(a), 0.72 - 1.3 * np.cos(a), 1.38 * np.sin(a), 0.72 - 1.38 * np.cos(a), 0.018)
                        for a in np.linspace(-0.5, 0.5, 7)))
        return [(union(frame, arm, scope, circle(*pivot, 0.1)), rgb255(222, 178, 64)), (ticks, INK)]
    if obj == "pearl":
        shell = intersect(ellipse(0, -0.3, 0.78, 0.5), lambda x, y: y + 0.3)
        ribs = union(*(segment(0, -0.3, 0.72 * np.sin(a), -0.3 - 0.46 * np.cos(a), 0.025)
                       for a in np.linspace(-1.1, 1.1, 5)))
        pearl = circle(0, 0.12, 0.46)
        return [(union(shell, pearl), rgb255(236, 176, 170)), (intersect(ribs, shell), rgb255(196, 120, 120)),
                (pearl, rgb255(246, 242, 232)), (circle(-0.15, 0.28, 0.12), (1.0, 1.0, 1.0))]
    if obj == "diamond":
        gem = polygon([(-0.78, 0.22), (-0.45, 0.6), (0.45, 0.6), (0.78, 0.22), (0, -0.72)])
        facets = union(segment(-0.78, 0.22, 0.78, 0.22, 0.025), segment(-0.2, 0.6, -0.3, 0.22, 0.025),
                       segment(0.2, 0.6, 0.3, 0.22, 0.025), segment(-0.3, 0.22, 0, -0.72, 0.025),
                       segment(0.3, 0.22, 0, -0.72, 0.025))
        return [(gem, rgb255(168, 228, 246)), (intersect(facets, gem), rgb255(70, 140, 170)),
                (polygon([(-0.45, 0.6), (-0.2, 0.6), (-0.3, 0.22), (-0.78, 0.22)]), rgb255(226, 248, 255))]
    if obj == "coin":
        return [(circle(0, 0, 0.74), rgb255(236, 186, 58)), (outline(circle(0, 0, 0.58), 0.035), rgb255(160, 110, 20)),
                (glyph("3", 0, 0, 0.62, 0.07), rgb255(130, 84, 10))]
    raise ValueError(f"no icon for {obj!r}")


def _paint_icon(c: Canvas, obj: str, k: float, alpha: float = 1.0, dy: float = 0.0) -> None:
    layers = _icon_layers(obj)
    c.fill(_scaled(grow(layers[0][0], 0.06), k, 0, dy), INK, alpha)
    for shape, colour in layers:
        c.fill(_scaled(shape, k, 0, dy), colour, alpha)


def _pips(c: Canvas, count: int, colour: tuple[float, float, float]) -> None:
    corners = ((-0.78, 0.78), (0.78, 0.78), (0.78, -0.78), (-0.78, -0.78))
    for cx, cy in corners[:count]:
        c.fill(circle(cx, cy, 0.09), colour)


def _pip_colour(colour: str) -> tuple[float, float, float]:
    return PAPER if colour in ("dark_blue", "green") else INK


def tile_face(obj: str | None, colour: str | None) -> np.ndarray:
    """The printed face of an object tile (or a coin when ``obj`` is None)."""
    c = Canvas(CELL, COIN_BACKGROUND if colour is None else TILE_COLOURS[colour])
    c.fill(outline(box(0, 0, 0.93, 0.93, 0.12), 0.02), PAPER if colour in (None, "dark_blue", "green") else INK, 0.5)
    _paint_icon(c, obj or "coin", 0.72)
    if colour is not None:
        _pips(c, COLOURS.index(colour) + 1, _pip_colour(colour))
    return c.image()


def tile_back() -> np.ndarray:
    """The tentacle side (under a stack, or outward-down on a cube's bottom face)."""
    c = Canvas(CELL, TILE_BACK)
    for i, (cx, cy) in enumerate(((-0.5, -0.5), (0.5, 0.5), (-0.5, 0.5), (0.5, -0.5), (0, 0))):
        c.fill(circle(cx, cy, 0.16 - 0.02 * (i % 2)), rgb255(150, 110, 168))
    return c.image()


def board_space(obj: str | None, colour: str | None) -> np.ndarray:
    """An empty board space: a faded tile print, so it says which tiles go there (None = any)."""
    c = Canvas(CELL, BOARD_COLOUR)
    tint = TILE_COLOURS[colour] if colour else rgb255(150, 150, 150)
    bg = tuple(0.55 * np.array(tint) + 0.45 * np.array(BOARD_COLOUR))
    c.fill(box(0, 0, 0.9, 0.9, 0.14), bg)
    c.fill(outline(box(0, 0, 0.9, 0.9, 0.14), 0.025), PAPER, 0.6)
    if obj is not None:
        _paint_icon(c, obj, 0.6, 0.55)
    if colour is not None:
        _pips(c, COLOURS.index(colour) + 1, _pip_colour(colour))
    return c.image()


def abyss_face(letter: str | None) -> np.ndarray:
    """An Abyss tile's face: a dark swirl, with its letter where it has one ("hole" = empty spot)."""
    c = Canvas(CELL, (0, 0, 0, 0))
    if letter == "hole":
        c.fill(circle(0, 0, 0.98), rgb255(14, 16, 24))
        c.fill(outline(circle(0, 0, 0.8), 0.03), rgb255(60, 70, 90))
        return c.image()
    c.fill(circle(0, 0, 0.98), ABYSS_COLOUR)
    for i in range(3):
        a0 = i * 2 * np.pi / 3
        pts = [(0.9 * t * np.cos(a0 + 4 * t), 0.9 * t * np.sin(a0 + 4 * t)) for t in np.linspace(0.1, 1, 14)]
        c.fill(union(*(segment(*p, *q, 0.035) for p, q in zip(pts, pts[1:]))), rgb255(56, 92, 140))
    if letter is not None:
        c.fill(circle(0, 0, 0.46), ABYSS_COLOUR)
        c.fill(glyph(letter, 0, 0, 0.62, 0.085), rgb255(240, 214, 140))
    return c.image()


def cube_mark(seat: int) -> np.ndarray:
    """The seat's shape, printed dark on each face of its cube (transparent elsewhere)."""
    c = Canvas(CELL)
    c.fill(seat_shape(seat), INK, 0.8)
    return c.image()


def seat_badge(seat: int) -> np.ndarray:
    """A round badge in the seat's colour with its shape, printed on its player board."""
    return seat_art.seat_badge(seat, INK, PAPER)


def _cells() -> list[Cell]:
    """Every print: its key, its size in cells (one each) and how to paint it."""
    p = functools.partial
    cells: list[Cell] = []
    cells += [(("tile", o, col), 1, p(tile_face, o, col)) for o in OBJECTS for col in COLOURS]
    cells.append((("tile", "coin", None), 1, p(tile_face, None, None)))
    cells.append((("back",), 1, tile_back))
    cells += [(("space", o, col), 1, p(board_space, o, col)) for o in OBJECTS for col in COLOURS]
    cells += [(("space", o, None), 1, p(board_space, o, None)) for o in OBJECTS]
    cells += [(("space", None, col), 1, p(board_space, None, col)) for col in COLOURS]
    cells += [(("abyss", letter), 1, p(abyss_face, letter)) for letter in (None, "A", "hole", *POWER_LETTERS)]
    cells += [(("mark", seat), 1, p(cube_mark, seat)) for seat in range(4)]
    cells += [(("badge", seat), 1, p(seat_badge, seat)) for seat in range(4)]
    return cells


@functools.lru_cache(maxsize=1)
def sheet() -> Atlas:
    """The atlas, cell by cell in rows of GRID; its pixels painted when first asked for (kept on
    disk by render/tables/art_cache.py, keyed by the code and data that paint them)."""
    cells = _cells()
    key = art_cache.source_key(__name__, "render.tables.seat_art", "render.gl.sdf", "game.octocube.components")
    return Atlas("octocube", key, GRID, CELL, cells, [divmod(i, GRID) for i in range(len(cells))])


def atlas() -> tuple[np.ndarray, dict[tuple, Rect]]:
    """The atlas image (row 0 = v 0) and the uv rect (u0, v0, u1, v1) of every print by key."""
    return sheet().image(), sheet().rects
