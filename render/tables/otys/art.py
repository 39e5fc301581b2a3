"""Otys' printed art in one atlas: diver tiles, keys, sponsors, reward tokens, contracts, labels.

Every print reads without colour: the four resources are four shapes (metal a square, plant a
hexagon, fuel a circle, tech a triangle; the pieces on the table are a cube, a hexagonal prism, a
cylinder and a triangular prism), a diver tile names its role beside its icon and its upgraded
side carries a star band, a reward token's back says "+2C" or "+1★" as well as being orange or
green, a contract prints the shapes it needs, its Prestige and its bonus.
"""
from __future__ import annotations

import copy
import functools

import numpy as np

from game.otys.contracts import CARDS
from game.otys.data import (BUY_COST, COLOURS, CONTRACTS, DIVERS, REWARDS, SELL_CREDITS, SELL_PRESTIGE, SPONSORS,
                            STORE_ROWS)
from render import i18n
from render.gl.sdf import Canvas, Shape, box, circle, ellipse, outline, polygon, rgb255, star, union
from render.gl.text import stamp
from render.i18n import t
from render.tables import art_cache, seat_art
from render.tables.atlas import Atlas, Cell, Rect
from render.tables.seat_art import PLAYER_COLOURS  # noqa: F401  (the colours: for the view too)
from render.tables.seat_art import scaled as _scaled
from render.tables.otys import print_boxes as B

CELL = 128
GRID = 16
INK = rgb255(30, 34, 44)
PAPER = rgb255(244, 240, 228)
GOLD = rgb255(236, 186, 58)
SEA = rgb255(28, 70, 104)
DEEP = rgb255(14, 38, 66)
BOARD = rgb255(42, 96, 128)
RES_COLOURS = (rgb255(52, 104, 200), rgb255(60, 160, 70), rgb255(40, 40, 44), rgb255(236, 236, 230))
ORANGE, GREEN = rgb255(236, 130, 40), rgb255(70, 160, 80)
NEUTRAL = rgb255(150, 150, 156)
CARD_BACK = rgb255(36, 78, 110)
COUNTERS = ("credits", "batteries", "prestige")
DIVER_ASPECT, SPONSOR_ASPECT, CARD_ASPECT = 2.0, 0.58 / 0.32, 0.4 / 0.56  # piece width over depth (layout)
LABELS = ("HACKER", "MECHANIC", "COLONY", "STORE", "CONTRACTS", "DECK")  # the prints' keys; words: otys.print.label.*


def _canvas(size: int, background, aspect: float) -> Canvas:
    """A canvas for a print stretched over a piece ``aspect`` times as wide as deep: shapes use
    units that come out round on the piece (x runs -aspect..aspect); text is squeezed by 1/aspect."""
    c = Canvas(size, background)
    c.x = c.x * aspect
    c.px *= max(aspect, 1.0)
    return c


def _copy(c: Canvas) -> Canvas:
    """A fresh copy of a painted blank to print one piece on (the pixel grids are shared: only
    ``rgba`` is ever written)."""
    out = copy.copy(c)
    out.rgba = c.rgba.copy()
    return out


def ink_on(colour: int) -> tuple[float, float, float]:
    return INK if colour == 3 else PAPER


def resource_shape(colour: int, k: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> Shape:
    """Metal a square, plant a hexagon, fuel a circle, tech a triangle (the pieces' own shapes)."""
    shape = (box(0, 0, 0.62, 0.62, 0.06),
             polygon([(0.72 * np.cos(a), 0.72 * np.sin(a)) for a in np.arange(6) * np.pi / 3]),
             circle(0, 0, 0.68),
             polygon([(0, 0.78), (-0.75, -0.55), (0.75, -0.55)]))[colour]
    return _scaled(shape, k, dx, dy)


def resource_icon(c: Canvas, colour: int, k: float, dx: float = 0.0, dy: float = 0.0) -> None:
    c.fill(resource_shape(colour, k * 1.14, dx, dy), INK)
    c.fill(resource_shape(colour, k, dx, dy), RES_COLOURS[colour])


def role_icon(diver: int) -> Shape:
    """A diver's role: its resource's shape for an expert, else a coin, an eye, a gear, a compass."""
    if diver < 4:
        return resource_shape(diver, 0.8)
    if diver == 4:  # trader: two opposed arrows
        return union(polygon([(-0.8, 0.25), (0.3, 0.25), (0.3, 0.55), (0.8, 0.1), (-0.8, 0.1)]),
                     polygon([(0.8, -0.25), (-0.3, -0.25), (-0.3, -0.55), (-0.8, -0.1), (0.8, -0.1)]))
    if diver == 5:  # spy: an eye
        return lambda x, y: np.maximum(ellipse(0, 0, 0.8, 0.42)(x, y), -circle(0, 0, 0.3)(x, y))
    if diver == 6:  # engineer: a gear
        return lambda x, y: np.maximum(star(0, 0, 0.75, 0.55, 8)(x, y), -circle(0, 0, 0.25)(x, y))
    return star(0, 0, 0.8, 0.25, 4)  # explorer: a compass rose


@functools.lru_cache(maxsize=2)
def _diver_blank(upgraded: bool) -> tuple[Canvas, np.ndarray]:
    """What every diver tile of a side shares: its ground and icon disc, and its frame's coverage
    (painted last), so the 16 tiles paint these once."""
    a = DIVER_ASPECT
    c = _canvas(CELL * 2, GOLD if upgraded else PAPER, a)
    c.fill(box(0, 0, a - 0.03, 0.97, 0.08), rgb255(250, 226, 150) if upgraded else PAPER)
    c.fill(circle(B.DIVER_ICON[0] * a, 0, B.DIVER_ICON[2] * a), INK)
    return c, c.coverage(outline(box(0, 0, a - 0.04, 0.96, 0.08), 0.025))


@functools.lru_cache(maxsize=len(DIVERS))
def _diver_icon(diver: int) -> np.ndarray:
    """The coverage of a diver's icon, the same on both sides of its tile."""
    a = DIVER_ASPECT
    grid = _diver_blank(False)[0]
    x, k = B.DIVER_ICON[0] * a, B.DIVER_ICON[2] * a
    if diver < 4:
        return grid.coverage(resource_shape(diver, 0.88 * k, x, 0))
    return grid.coverage(_scaled(role_icon(diver), 0.8 * k, x, 0))


def diver_tile(diver: int, upgraded: bool) -> np.ndarray:
    """A diver tile seen from its owner's chair; the upgraded side is gold with a starred line."""
    a = DIVER_ASPECT
    blank, frame = _diver_blank(upgraded)
    c = _copy(blank)
    c.paint(_diver_icon(diver), RES_COLOURS[diver] if diver < 4 else PAPER)
    words(c, t(f"otys.print.diver.{diver}"), B.DIVER_NAME_UP if upgraded else B.DIVER_NAME, INK, 1 / a)
    if upgraded:
        words(c, t("otys.print.upgraded"), B.DIVER_UPGRADED, rgb255(150, 90, 10), 1 / a)
    c.paint(frame, INK)
    return c.image()


@functools.lru_cache(maxsize=5)
def _key_blank(seat: int) -> Canvas:
    c = Canvas(CELL)
    c.fill(circle(0, 0, 0.98), NEUTRAL if seat < 0 else PLAYER_COLOURS[seat])
    c.fill(outline(circle(0, 0, 0.8), 0.05), INK)
    return c


def key_face(token: int, seat: int) -> np.ndarray:
    """A key token: a number, or X (own keys in the seat's colour, the neutral X in gray)."""
    c = _copy(_key_blank(seat))
    stamp(c, "X" if token in (0, 6) else str(token), 0, 0, 0.95, INK)
    return c.image()


@functools.lru_cache(maxsize=2)
def _sponsor_blank(advanced: int) -> tuple[Canvas, np.ndarray]:
    """A sponsor side's ground and the coverage of the frame every tile prints last."""
    a = SPONSOR_ASPECT
    c = _canvas(CELL * 2, rgb255(60, 60, 80) if advanced else rgb255(226, 214, 186), a)
    return c, c.coverage(outline(box(0, 0, a - 0.04, 0.96, 0.06), 0.025))


def sponsor_tile(sponsor: int, advanced: int) -> np.ndarray:
    a = SPONSOR_ASPECT
    blank, frame = _sponsor_blank(advanced)
    c = _copy(blank)
    ink = PAPER if advanced else INK
    words(c, f"#{sponsor + 1}", B.SPONSOR_NUMBER, ink, 1 / a)
    words(c, t(f"otys.print.side.{advanced}"), B.SPONSOR_SIDE, ink, 1 / a)
    for text, at in zip(*gift_lines(t(f"otys.print.sponsor.{sponsor}.{advanced}"))):
        words(c, text, at, ink, 1 / a)
    c.paint(frame, ink)
    return c.image()


def words(c: Canvas, text: str, at: B.Box, ink, squeeze: float = 1.0) -> None:
    """``text`` stamped in its box of :mod:`print_boxes`."""
    x, y, height, widest = at
    stamp(c, text, x, y, height, ink, max_width=widest, squeeze=squeeze)


def gift_lines(text: str) -> tuple[list[str], list[B.Box]]:
    """A sponsor's gift in two lines, broken at the space nearest its middle (one line if none; the
    Japanese prints carry a space where they may break)."""
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return [text], [B.SPONSOR_GIFT]
    i = min(spaces, key=lambda k: abs(2 * k - len(text)))
    return [text[:i], text[i + 1:]], list(B.SPONSOR_GIFT_LINES)


def front_icon(c: Canvas, front: str, pair: tuple, k: float = 1.0) -> None:
    if front == "resource":
        resource_icon(c, pair[0], 0.3 * k, -0.3 * k, 0.05)
        resource_icon(c, pair[1], 0.3 * k, 0.3 * k, 0.05)
        stamp(c, "/", 0, 0.05, 0.4 * k, INK)
    elif front == "battery":
        battery(c, 0.7 * k)
    elif front == "draw":
        c.fill(box(-0.12, 0.05, 0.28, 0.38, 0.04), CARD_BACK)
        c.fill(box(0.12, 0.0, 0.28, 0.38, 0.04), PAPER)
        c.fill(outline(box(0.12, 0.0, 0.28, 0.38, 0.04), 0.03), INK)
        stamp(c, "4→1", 0.12, 0.0, 0.22, INK)
    elif front == "upgrade":
        c.fill(polygon([(0, 0.55), (0.45, 0.05), (0.18, 0.05), (0.18, -0.45), (-0.18, -0.45), (-0.18, 0.05),
                        (-0.45, 0.05)]), GOLD)
        c.fill(outline(polygon([(0, 0.55), (0.45, 0.05), (0.18, 0.05), (0.18, -0.45), (-0.18, -0.45),
                                (-0.18, 0.05), (-0.45, 0.05)]), 0.03), INK)
    else:
        prestige_star(c, 0.6 * k)


def battery(c: Canvas, k: float) -> None:
    c.fill(_scaled(box(0, -0.05, 0.42, 0.62, 0.08), k), rgb255(90, 200, 120))
    c.fill(_scaled(box(0, 0.67, 0.18, 0.08), k), INK)
    c.fill(_scaled(outline(box(0, -0.05, 0.42, 0.62, 0.08), 0.05), k), INK)
    c.fill(_scaled(polygon([(0.1, 0.45), (-0.2, -0.05), (0.02, -0.05), (-0.1, -0.5), (0.2, 0.05), (-0.02, 0.05)]), k),
           INK)


def prestige_star(c: Canvas, k: float, dx: float = 0.0, dy: float = 0.0) -> None:
    c.fill(star(dx, dy, 0.95 * k, 0.42 * k, 5), GOLD)
    c.fill(outline(star(dx, dy, 0.95 * k, 0.42 * k, 5), 0.03), INK)


@functools.lru_cache(maxsize=2)
def _reward_blank(back: str) -> Canvas:
    c = Canvas(CELL)
    c.fill(circle(0, 0, 0.98), ORANGE if back == "credits" else GREEN)
    c.fill(circle(0, 0.12, 0.66), PAPER)
    return c


def reward_token(front: str, pair: tuple, back: str) -> np.ndarray:
    """Front icon inside a ring of the back's colour that also says what the back gives."""
    c = _copy(_reward_blank(back))
    front_icon(c, front, pair, 0.95)
    stamp(c, "+2C" if back == "credits" else "+1★", 0, -0.74, 0.3, INK)
    return c.image()


@functools.lru_cache(maxsize=1)
def _contract_blank() -> tuple[Canvas, np.ndarray]:
    """What every contract shares: paper, header band and star, and its frame's coverage."""
    a = CARD_ASPECT
    c = _canvas(CELL, PAPER, a)
    c.fill(box(0, 0.62, a - 0.04, 0.33, 0.05), rgb255(210, 226, 236))
    prestige_star(c, B.CARD_STAR[2], B.CARD_STAR[0] * a, B.CARD_STAR[1])
    return c, c.coverage(outline(box(0, 0, a - 0.03, 0.97, 0.06), 0.02))


def contract(card: int) -> np.ndarray:
    """A contract: Prestige (a large number by a small star) and bonus at the top, the resources it needs below."""
    kind, need, prestige, bonus = CONTRACTS[card]
    a = CARD_ASPECT
    blank, frame = _contract_blank()
    c = _copy(blank)
    words(c, str(prestige), B.CARD_PRESTIGE, INK)
    for i, b in enumerate(bonus):
        words(c, "+C" if b == "C" else "+B", B.CARD_BONUS[i] if len(bonus) > 1 else B.CARD_BONUS_ONE, INK)
    if kind == "specific":
        n = len(need)
        for i, letter in enumerate(need):
            colour = "MPFT".index(letter)
            col, row = i % 2, i // 2
            x = (col - 0.5) * 0.7 * a if n > 1 else 0.0
            y = -0.05 - row * 0.5 - (0.25 if n <= 2 else 0.0)
            resource_icon(c, colour, 0.22, x, y)
    else:
        words(c, " ".join(need), B.CARD_COUNTS, INK)
        words(c, t("otys.print.different"), B.CARD_DIFFERENT, INK)
    words(c, f"#{card + 1}", B.CARD_NUMBER, rgb255(110, 110, 110))
    c.paint(frame, INK)
    return c.image()


def card_back() -> np.ndarray:
    c = _canvas(CELL, CARD_BACK, CARD_ASPECT)
    for r in (0.2, 0.4, 0.6):
        c.fill(outline(circle(0, 0, r), 0.03), rgb255(90, 140, 180))
    stamp(c, t("otys.print.back"), 0, 0, 0.3, PAPER)
    c.fill(outline(box(0, 0, CARD_ASPECT - 0.04, 0.96, 0.06), 0.02), PAPER)
    return c.image()


def counter(kind: str) -> np.ndarray:
    c = Canvas(CELL)
    c.fill(circle(0, 0, 0.98), PAPER)
    if kind == "credits":
        c.fill(circle(0, 0, 0.7), GOLD)
        c.fill(outline(circle(0, 0, 0.7), 0.04), INK)
        stamp(c, "C", 0, 0, 0.8, INK)
    elif kind == "batteries":
        battery(c, 0.9)
    else:
        prestige_star(c, 0.85)
    return c.image()


@functools.lru_cache(maxsize=1)
def _number_blank() -> Canvas:
    c = Canvas(CELL)
    c.fill(box(0, 0, 0.95, 0.6, 0.3), rgb255(24, 28, 36))
    return c


def number(n: int) -> np.ndarray:
    c = _copy(_number_blank())
    stamp(c, str(n), 0, 0, 0.95, PAPER)
    return c.image()


def label(word: str, ink=PAPER) -> np.ndarray:
    """A board label; ``word`` is its key in LABELS, printed in the current language."""
    c = Canvas(CELL * 2)
    stamp(c, t(f"otys.print.label.{word}"), 0, 0, 0.34, ink, max_width=1.9)
    return c.image()


def space(kind: str, value: int = 0) -> np.ndarray:
    """Printed board spaces: a resource space, a key's home, the reward space, a track slot."""
    c = Canvas(CELL)
    if kind == "res":
        c.fill(box(0, 0, 0.8, 0.8, 0.2), rgb255(20, 54, 82))
        c.fill(outline(box(0, 0, 0.8, 0.8, 0.2), 0.04), rgb255(120, 170, 200))
    elif kind == "key":
        c.fill(circle(0, 0, 0.85), rgb255(20, 54, 82))
        c.fill(outline(circle(0, 0, 0.85), 0.04), rgb255(120, 170, 200))
        stamp(c, str(value), 0, 0, 0.7, rgb255(120, 170, 200))
    elif kind == "reward":
        c.fill(outline(circle(0, 0, 0.85), 0.06), GOLD)
        c.fill(star(0, 0, 0.4, 0.18, 5), rgb255(120, 100, 50))
    elif kind == "hacker":
        c.fill(box(0, 0, 0.85, 0.85, 0.15), rgb255(20, 54, 82))
        c.fill(outline(box(0, 0, 0.85, 0.85, 0.15), 0.04), rgb255(200, 120, 200))
    elif kind == "reach":
        c.fill(box(0, 0, 0.85, 0.85, 0.15), rgb255(20, 54, 82))
        stamp(c, f"↕{value}", 0, 0, 0.65, rgb255(200, 220, 120))
    elif kind == "store":
        c.fill(box(0, 0, 0.85, 0.85, 0.15), rgb255(236, 226, 200))
        c.fill(outline(box(0, 0, 0.85, 0.85, 0.15), 0.04), INK)
    return c.image()


def price(row: int) -> np.ndarray:
    """A Store row's prices (printed 2:1): what a sale there pays (credits or Prestige), what a buyer pays."""
    c = _canvas(CELL * 2, DEEP, 2.0)
    c.fill(box(0, 0, 1.96, 0.94, 0.15), rgb255(236, 226, 200))
    sell = t("otys.print.sell_or", credits=SELL_CREDITS[row], prestige=SELL_PRESTIGE[row]) if SELL_PRESTIGE[row] \
        else t("otys.print.sell", credits=SELL_CREDITS[row])
    stamp(c, sell, 0, 0.4, 0.62, INK, max_width=1.9, squeeze=0.5)
    stamp(c, t("otys.print.buy", cost=BUY_COST[row]), 0, -0.4, 0.62, INK, max_width=1.9, squeeze=0.5)
    return c.image()


def plate(text: str) -> np.ndarray:
    """A level or position plate (L1..L5, S1..S3)."""
    c = Canvas(CELL)
    c.fill(box(0, 0, 0.9, 0.9, 0.2), rgb255(16, 40, 62))
    stamp(c, text, 0, 0, 0.7, PAPER)
    return c.image()


def first_marker() -> np.ndarray:
    c = Canvas(CELL)
    c.fill(circle(0, 0, 0.98), rgb255(250, 250, 250))
    stamp(c, t("otys.print.first"), 0, 0, 0.7, INK)
    return c.image()


def seat_badge(seat: int) -> np.ndarray:
    """The seat's colour and its HUD mark (circle, square, triangle, diamond)."""
    return seat_art.seat_badge(seat, INK, PAPER, k=1.2)


def _reward_kinds() -> list[tuple]:
    return sorted(set(REWARDS))


def _cells() -> list[Cell]:
    """Every print: its key, its size (2x2 cells for tiles, cards, labels and prices) and how to
    paint it, so the atlas lays out without painting (the paint may come from the disk cache)."""
    p = functools.partial
    cells: list[Cell] = []
    cells += [(("diver", d, u), 2, p(diver_tile, d, u)) for d in range(len(DIVERS)) for u in (False, True)]
    cells += [(("key", t, s), 1, p(key_face, t, s)) for s in range(4) for t in range(1, 7)]
    cells += [(("key", 0, -1), 1, p(key_face, 0, -1))]
    cells += [(("sponsor", s, a), 2, p(sponsor_tile, s, a)) for s in range(SPONSORS) for a in (0, 1)]
    cells += [(("reward", r), 1, p(reward_token, *r)) for r in _reward_kinds()]
    cells += [(("card", i), 1, p(contract, i)) for i in range(len(CARDS))] + [(("back",), 1, card_back)]
    cells += [(("counter", k), 1, p(counter, k)) for k in COUNTERS]
    cells += [(("num", n), 1, p(number, n)) for n in range(100)]
    cells += [(("label", w), 2, p(label, w)) for w in LABELS]
    cells += [(("space", k), 1, p(space, k)) for k in ("res", "reward", "hacker", "store")]
    cells += [(("space", "key", k), 1, p(space, "key", k)) for k in range(1, 6)]
    cells += [(("space", "reach", r), 1, p(space, "reach", r)) for r in range(1, 5)]
    cells += [(("price", r), 2, p(price, r)) for r in range(STORE_ROWS)]
    cells += [(("plate", t), 1, p(plate, t)) for t in ("S1", "S2", "S3", "L1", "L2", "L3", "L4", "L5", "X")]
    cells += [(("res", c), 1, p(_res_cell, c)) for c in range(len(COLOURS))]
    cells += [(("first",), 1, first_marker)] + [(("badge", s), 1, p(seat_badge, s)) for s in range(4)]
    return cells


def _res_cell(colour: int) -> np.ndarray:
    c = Canvas(CELL)
    resource_icon(c, colour, 0.9)
    return c.image()


def _painted() -> None:
    """The blanks are only for painting the atlas: free them once it is painted."""
    for shared in (_diver_blank, _diver_icon, _key_blank, _sponsor_blank, _reward_blank, _contract_blank,
                   _number_blank):
        shared.cache_clear()


@functools.lru_cache(maxsize=2)
def sheet(lang: str) -> Atlas:
    """The atlas in the language ``lang`` (the one spoken now, a cache key only); its pixels painted
    when first asked for, and kept on disk (render/tables/art_cache.py), keyed by the code and data
    that paint them.

    Cells are 128 px squares; large prints (tiles, cards, labels) take 2x2 cells and come first,
    two cell rows at a time, then the small ones fill whole rows after them."""
    cells = sorted(_cells(), key=lambda cell: -cell[1])
    spots, col, row, prev = [], 0, 0, 0
    for _, k, _ in cells:
        if col and (col + k > GRID or k != prev):
            col, row = 0, row + prev
        spots.append((row, col))
        col, prev = col + k, k
    return Atlas("otys", _cache_key(), GRID, CELL, cells, spots, done=_painted)


def atlas() -> tuple[np.ndarray, dict[tuple, Rect]]:
    """The atlas image (row 0 = v 0) and the uv rect (u0, v0, u1, v1) of every print by key, in the
    language spoken."""
    painting = sheet(i18n.language())
    return painting.image(), painting.rects


def print_image(key: tuple) -> np.ndarray:
    """The print of ``key`` (an atlas key: ("sponsor", s, side), ("card", c)) as the table's atlas
    holds it in the language spoken, its first row on top: the very pixels the piece wears, for the
    large preview of a hovered piece (issue 35); painted alone while the atlas is still being painted."""
    return sheet(i18n.language()).print_of(key)


def _cache_key() -> str:
    """Everything that decides the pixels: this module, the shared seat art, the painter and the
    type, and the game data printed on the pieces."""
    return art_cache.source_key(__name__, "render.tables.seat_art", "render.gl.sdf", "render.gl.text",
                                "game.otys.data", "game.otys.contracts")
