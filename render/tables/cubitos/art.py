"""Cubitos' printed art in one atlas: die faces, track spaces, fan track, cards, labels, numbers.

Die faces follow game/cubitos/dice.py: money is a coin with its amount, movement a double
chevron, a credit a ticket marked C; each ability colour has its own symbol (cat, bone, sword,
bat, cheese, note, fish, footprint) and its power face shows that symbol inside a spiked burst,
so every face reads without colour. Track spaces are hexagons (water with waves, rewards with an
icon and amount, shortcuts with their cost and destination letter); ink is dark on light dice and
light on dark ones.
"""
from __future__ import annotations

import functools
import hashlib
from typing import Callable

import numpy as np

from game.cubitos import cards
from game.cubitos.dice import DARK, FACES, LIGHT, START
from game.cubitos.state import ZONES
from game.cubitos.tracks import FAN_SPACES
from render import i18n
from render.i18n import t
from render.gl.sdf import (Canvas, Shape, box, circle, ellipse, grow, outline, polygon, rgb255,
                           segment, star, subtract, union)
from render.gl.text import stamp
from render.tables import art_cache, seat_art
from render.tables.atlas import Atlas, Cell, Paint, Rect
from render.tables.seat_art import PLAYER_COLOURS, seat_shape  # noqa: F401  (the colours: for the view too)
from render.tables.seat_art import scaled as _scaled
from render.tables.cubitos.words import slug

CELL = 128
GRID = 16
INK = rgb255(34, 30, 36)
PAPER = rgb255(250, 246, 234)
GOLD = rgb255(236, 186, 58)
DIE_COLOURS = {
    LIGHT: rgb255(200, 200, 196), DARK: rgb255(92, 94, 100), START: rgb255(30, 28, 32),
    "white": rgb255(244, 240, 228), "brown": rgb255(128, 84, 52), "red": rgb255(200, 40, 44),
    "orange": rgb255(238, 128, 30), "yellow": rgb255(246, 210, 40), "green": rgb255(48, 150, 70),
    "blue": rgb255(40, 96, 196), "purple": rgb255(124, 62, 160),
}
DARK_DICE = {DARK, START, "brown", "red", "green", "blue", "purple"}
BOARD_COLOUR = rgb255(58, 96, 62)
LAND = rgb255(222, 204, 150)
WATER = rgb255(84, 150, 210)
RED_LINE = rgb255(206, 36, 36)
TRAY_COLOUR = rgb255(70, 48, 34)
CARD_BACK = rgb255(236, 228, 206)
ZONE_LABELS = tuple(f"cubitos.print.zone.{z}" for z in ZONES)  # catalogue keys of the seat boards' words
BIG_WORDS = ("start", "finish", "start_finish")  # start and finish spaces (cubitos.print.<word>)
NO_LINE_START = "ャュョッァィゥェォーヮ・の"  # Japanese marks (and the particle の) that never begin a line
CARD_LINE, CARD_LINE_JA = 12, 7  # a card name longer than this many letters takes two lines
TOKENS = ("credits", "draw", "laps", "money", "move")


def ink_on(colour: str) -> tuple[float, float, float]:
    return PAPER if colour in DARK_DICE else INK


def symbol(colour: str) -> Shape:
    """The ability symbol of a die colour, in the unit square."""
    if colour == "white":  # cat head
        return union(circle(0, -0.1, 0.55), polygon([(-0.55, 0.05), (-0.5, 0.7), (-0.12, 0.4)]),
                     polygon([(0.55, 0.05), (0.5, 0.7), (0.12, 0.4)]))
    if colour == "brown":  # bone
        return union(box(0, 0, 0.5, 0.13), *(circle(sx * 0.52, sy * 0.14, 0.2) for sx in (-1, 1) for sy in (-1, 1)))
    if colour == "red":  # sword
        return union(segment(0, -0.35, 0, 0.75, 0.1), box(0, -0.38, 0.38, 0.08, 0.03), box(0, -0.62, 0.07, 0.18),
                     circle(0, -0.82, 0.1))
    if colour == "orange":  # bat and ball
        return union(segment(-0.55, -0.6, 0.35, 0.45, 0.07), segment(-0.1, -0.05, 0.35, 0.45, 0.16),
                     circle(0.45, -0.45, 0.2))
    if colour == "yellow":  # cheese wedge with holes
        wedge = polygon([(-0.7, -0.45), (0.7, -0.45), (0.7, 0.15), (-0.7, 0.55)])
        return subtract(wedge, union(circle(-0.2, 0.0, 0.14), circle(0.35, -0.15, 0.1), circle(0.1, 0.3, 0.07)))
    if colour == "green":  # musical note
        return union(ellipse(-0.2, -0.5, 0.3, 0.22), segment(0.08, -0.5, 0.08, 0.7, 0.07),
                     polygon([(0.08, 0.7), (0.5, 0.45), (0.5, 0.25), (0.08, 0.45)]))
    if colour == "blue":  # fish
        return union(ellipse(-0.1, 0, 0.5, 0.32), polygon([(0.3, 0), (0.75, 0.35), (0.75, -0.35)]))
    if colour == "purple":  # three-toed footprint
        return union(ellipse(0, -0.3, 0.3, 0.38), *(ellipse(0.38 * np.sin(a), 0.22 + 0.3 * np.cos(a), 0.12, 0.24)
                                                    for a in (-0.7, 0.0, 0.7)))
    raise ValueError(colour)


def coin(c: Canvas, amount: int, ink, k: float = 1.0) -> None:
    c.fill(_scaled(circle(0, 0, 0.62), k), GOLD)
    c.fill(_scaled(outline(circle(0, 0, 0.5), 0.03), k), rgb255(150, 100, 20))
    stamp(c, str(amount), 0, 0, 0.7 * k, rgb255(110, 70, 10))
    c.fill(_scaled(outline(circle(0, 0, 0.62), 0.03), k), ink)


def chevrons(k: float = 1.0) -> Shape:
    return _scaled(union(polygon([(-0.7, 0.55), (-0.3, 0.55), (0.15, 0), (-0.3, -0.55), (-0.7, -0.55), (-0.25, 0)]),
                         polygon([(-0.1, 0.55), (0.3, 0.55), (0.75, 0), (0.3, -0.55), (-0.1, -0.55), (0.35, 0)])), k)


def ticket(c: Canvas, ink, k: float = 1.0) -> None:
    c.fill(_scaled(box(0, 0, 0.62, 0.42, 0.08), k), rgb255(120, 200, 220))
    c.fill(_scaled(outline(box(0, 0, 0.62, 0.42, 0.08), 0.03), k), ink)
    stamp(c, "C", 0, 0, 0.6 * k, INK)


def die_face(colour: str, face: str) -> np.ndarray:
    """The print of one face (transparent around the icon; the die's own colour shows there)."""
    c = Canvas(CELL)
    ink = ink_on(colour)
    if face.startswith("$"):
        coin(c, int(face[1:] or 1), ink, 1.25)
    elif face == "m":
        c.fill(grow(chevrons(1.1), 0.05), ink)
        c.fill(chevrons(1.1), rgb255(120, 220, 120))
    elif face == "c":
        ticket(c, ink, 1.25)
    elif face in ("sym", "pow"):
        if face == "pow":
            c.fill(star(0, 0, 0.98, 0.7, 12), GOLD)
            c.fill(outline(star(0, 0, 0.98, 0.7, 12), 0.025), ink)
            c.fill(circle(0, 0, 0.66), DIE_COLOURS[colour])
        c.fill(_scaled(symbol(colour), 0.68 if face == "pow" else 0.95), ink)
    return c.image()


def hexagon(k: float = 0.99) -> Shape:
    return polygon([(k * np.sin(a), k * np.cos(a)) for a in np.arange(6) * np.pi / 3])


def space(kind: str, amount: int = 0, mark: str = "") -> np.ndarray:
    """A hexagonal track space (transparent outside the hexagon)."""
    c = Canvas(CELL)
    shape = hexagon()
    c.fill(shape, WATER if kind == "water" else LAND)
    if kind == "water":
        for dy in (-0.35, 0.0, 0.35):
            pts = [(x, dy + 0.08 * np.sin(x * 7)) for x in np.linspace(-0.6, 0.6, 13)]
            c.fill(union(*(segment(*p, *q, 0.035) for p, q in zip(pts, pts[1:]))), rgb255(210, 236, 250))
    elif kind == "credits":
        ticket(c, INK, 0.95)
        c.fill(box(0, 0.55, 0.3, 0.17, 0.08), PAPER)
        stamp(c, f"+{amount}", 0, 0.55, 0.32, INK)
    elif kind == "fan":
        c.fill(star(0, 0.05, 0.6, 0.26, 5), rgb255(236, 120, 150))
        c.fill(outline(star(0, 0.05, 0.6, 0.26, 5), 0.03), INK)
        stamp(c, "FAN", 0, -0.62, 0.3, INK)
    elif kind in ("lose", "gain"):
        c.fill(box(0, 0.12, 0.38, 0.38, 0.1), PAPER)
        c.fill(outline(box(0, 0.12, 0.38, 0.38, 0.1), 0.04), INK)
        c.fill(circle(0, 0.12, 0.09), INK)
        bad = kind == "lose"
        stamp(c, ("-" if bad else "+") + (str(amount) if bad else ""), 0, -0.55, 0.42, RED_LINE if bad else rgb255(20, 120, 40))
        if mark:
            stamp(c, mark, 0.55, 0.55, 0.3, INK)
    elif kind == "jet":
        body = union(ellipse(0, 0.1, 0.2, 0.5), polygon([(-0.2, -0.2), (-0.42, -0.5), (-0.15, -0.35)]),
                     polygon([(0.2, -0.2), (0.42, -0.5), (0.15, -0.35)]))
        c.fill(polygon([(-0.15, -0.4), (0.15, -0.4), (0, -0.85)]), rgb255(240, 120, 30))
        c.fill(body, rgb255(200, 204, 214))
        c.fill(outline(body, 0.03), INK)
        c.fill(circle(0, 0.2, 0.09), WATER)
    elif kind in ("money", "move"):
        if kind == "money":
            coin(c, amount, INK, 0.8)
        else:
            c.fill(chevrons(0.75), rgb255(40, 140, 40))
            stamp(c, str(amount), 0, -0.6, 0.36, INK)
        stamp(c, f"→{mark}", 0, 0.62, 0.32, INK)
    elif kind == "mark":
        c.fill(circle(0, 0, 0.5), rgb255(250, 236, 180))
        c.fill(outline(circle(0, 0, 0.5), 0.04), INK)
        stamp(c, mark, 0, 0, 0.6, INK)
    c.fill(outline(shape, 0.025), rgb255(96, 80, 50))
    return c.image()


def big_space(word: str, laps: str = "") -> np.ndarray:
    """Start / finish: a chequered band with its word (``word``: one of BIG_WORDS)."""
    c = Canvas(CELL * 2)
    c.fill(box(0, 0, 0.98, 0.98, 0.08), PAPER)
    for i in range(-4, 4):
        for j in range(-4, 4):
            if (i + j) % 2 == 0 and abs(j + 0.5) > 1.5:
                c.fill(box((i + 0.5) / 4.2, (j + 0.5) / 4.2, 0.119, 0.119), INK)
    c.fill(box(0, 0, 0.98, 0.3, 0.05), PAPER)
    stamp(c, t(f"cubitos.print.{word}"), 0, 0.05 if not laps else 0.1, 0.34, INK, max_width=1.9)
    if laps:
        stamp(c, laps, 0, -0.2, 0.18, RED_LINE)
    c.fill(outline(box(0, 0, 0.98, 0.98, 0.08), 0.02), INK)
    return c.image()


def arrow() -> np.ndarray:
    """A long arrow pointing +u (stretched along a shortcut)."""
    c = Canvas(CELL)
    shaft = union(box(-0.15, 0, 0.8, 0.14), polygon([(0.55, 0.55), (1.0, 0), (0.55, -0.55)]))
    c.fill(grow(shaft, 0.06), INK)
    c.fill(shaft, rgb255(250, 220, 90))
    return c.image()


def fan_space(i: int) -> np.ndarray:
    c = Canvas(CELL, rgb255(60, 50, 70))
    c.fill(outline(box(0, 0, 0.94, 0.94, 0.1), 0.03), PAPER)
    if i == 0:
        for k in range(3):
            c.fill(box(0, 0.4 - k * 0.35, 0.75 - k * 0.1, 0.09, 0.03), rgb255(180, 160, 130))
        stamp(c, t("cubitos.print.bleachers"), 0, -0.72, 0.2, PAPER, max_width=1.8)
        return c.image()
    stamp(c, str(i), 0, 0.5, 0.5, PAPER)
    tokens, credit = FAN_SPACES[i]
    if tokens:
        c.fill(circle(0, -0.3, 0.34), rgb255(170, 120, 220))
        stamp(c, "+1", 0, -0.3, 0.32, PAPER)
    elif credit:
        c.fill(box(0, -0.3, 0.5, 0.34, 0.06), rgb255(120, 200, 220))
        stamp(c, f"+{credit}C", 0, -0.3, 0.34, INK)
    return c.image()


def seat_mark(seat: int) -> np.ndarray:
    c = Canvas(CELL)
    c.fill(seat_shape(seat, 1.5), INK, 0.85)
    return c.image()


def seat_badge(seat: int) -> np.ndarray:
    return seat_art.seat_badge(seat, INK, PAPER)


def number(n: int) -> np.ndarray:
    c = Canvas(CELL)
    c.fill(box(0, 0, 0.95, 0.6, 0.3), rgb255(30, 26, 30))
    stamp(c, str(n), 0, 0, 0.95, PAPER)
    return c.image()


def token(kind: str) -> np.ndarray:
    c = Canvas(CELL)
    if kind == "credits":
        ticket(c, INK, 1.3)
    elif kind == "draw":
        c.fill(circle(0, 0, 0.9), rgb255(170, 120, 220))
        stamp(c, "+1", 0, 0.05, 0.7, PAPER)
    elif kind == "laps":
        c.fill(circle(0, 0, 0.9), PAPER)
        stamp(c, t("cubitos.print.lap"), 0, 0.05, 0.5, INK, max_width=1.6)
    elif kind == "money":
        coin(c, 1, INK, 1.4)
    else:
        c.fill(circle(0, 0, 0.9), PAPER)
        c.fill(chevrons(1.0), rgb255(40, 140, 40))
    return c.image()


def label(key: str) -> np.ndarray:
    c = Canvas(CELL * 2)
    stamp(c, t(key), 0, 0, 0.3, PAPER, max_width=1.9)
    return c.image()


def _script(ch: str) -> str:
    """Hiragana, katakana (with its long mark) or anything else: a Japanese name breaks between them."""
    return "h" if "\u3040" <= ch <= "\u309f" else "k" if "\u30a0" <= ch <= "\u30ff" else "x"


def card_lines(name: str) -> list[str]:
    """A card's printed name on one line or two: split between words, or in Japanese after a "・" or
    "の" or where kana turns to kanji (the one nearest the middle), never before a small kana."""
    wide = any(i18n.is_cjk(ch) for ch in name)
    if len(name) <= (CARD_LINE_JA if wide else CARD_LINE):
        return [name]
    if wide:
        cuts = [i for i in range(1, len(name)) if name[i] not in NO_LINE_START and
                (name[i - 1] in "・の" or _script(name[i - 1]) != _script(name[i]))]
        cut = min(cuts, key=lambda i: abs(i - len(name) / 2)) if cuts else (len(name) + 1) // 2
        while cut < len(name) - 1 and name[cut] in NO_LINE_START:
            cut += 1
        return [name[:cut], name[cut:]]
    words = name.split()
    half = (len(words) + 1) // 2
    return [" ".join(words[:half]), " ".join(words[half:])] if len(words) > 1 else [name]


def card(colour: str, name: str) -> np.ndarray:
    """A market card (shown on a piece 0.73 as wide as tall, so type is drawn narrower)."""
    squeeze = 2 * 0.45 / (2 * 0.62)
    c = Canvas(CELL * 2, CARD_BACK)
    c.fill(box(0, 0.55, 0.92, 0.4, 0.06), DIE_COLOURS[colour])
    c.fill(_scaled(lambda x, y: symbol(colour)(x / squeeze, y) * squeeze, 0.38, 0, 0.55), ink_on(colour))
    lines = card_lines(t(f"cubitos.card.{slug(name)}"))
    for k, line in enumerate(lines):
        stamp(c, line, 0, -0.05 - k * 0.26 + (0.13 if len(lines) == 1 else 0), 0.22, INK, squeeze=squeeze)
    cost = cards.BY_NAME[name].cost
    c.fill(circle(0, -0.72, 0.22 * 1.0), GOLD)
    stamp(c, str(cost), 0, -0.72, 0.3, INK, squeeze=squeeze)
    c.fill(outline(box(0, 0, 0.97, 0.97, 0.06), 0.02), INK)
    return c.image()


@functools.lru_cache(maxsize=32)
def card_print(colour: str, name: str, lang: str) -> np.ndarray:
    """The market card's print in the language ``lang`` (the one spoken now; a cache key only):
    painted once, for the table's atlas and for the large preview of a hovered card alike."""
    return card(colour, name)


def _cells(card_set: tuple[tuple[str, str], ...], lang: str) -> list[Cell]:
    p = functools.partial
    return _common_cells(lang) + [(("card", colour), 2, p(card_print, colour, name, lang)) for colour, name in card_set]


@functools.lru_cache(maxsize=2)
def _common_cells(lang: str) -> list[Cell]:
    """Every print but the market cards, each painted once per language however many card sets
    the atlases are made for (``lang`` is the language now spoken, a cache key only)."""
    def once(paint: Callable[..., np.ndarray], *args, **kwargs) -> Paint:
        return functools.cache(functools.partial(paint, *args, **kwargs))
    cells: list[Cell] = []
    for colour, faces in FACES.items():
        for face in sorted(set(faces) - {""}):
            cells.append((("face", colour, face), 1, once(die_face, colour, face)))
    cells += [(("space", "plain"), 1, once(space, "plain")), (("space", "water"), 1, once(space, "water")),
              (("space", "fan"), 1, once(space, "fan")), (("space", "jet"), 1, once(space, "jet")),
              (("space", "gain", 99), 1, once(space, "gain"))]
    cells += [(("space", "credits", n), 1, once(space, "credits", n)) for n in range(1, 7)]
    cells += [(("space", "lose", n), 1, once(space, "lose", n)) for n in (1, 2)]
    cells += [(("space", "lose_fan", 1), 1, once(space, "lose", 1, "F"))]
    cells += [(("space", "gain", n), 1, once(space, "gain", n, f"≤{n}")) for n in range(1, 10)]
    for mark in "ABC":
        cells.append((("space", "mark", mark), 1, once(space, "mark", mark=mark)))
        for n in range(2, 7):
            cells += [(("space", "money", n, mark), 1, once(space, "money", n, mark)),
                      (("space", "move", n, mark), 1, once(space, "move", n, mark))]
    cells += [(("fan", i), 1, once(fan_space, i)) for i in range(len(FAN_SPACES))]
    cells += [(("mark", s), 1, once(seat_mark, s)) for s in range(4)] + [(("badge", s), 1, once(seat_badge, s)) for s in range(4)]
    cells += [(("num", n), 1, once(number, n)) for n in range(100)]
    cells += [(("token", k), 1, once(token, k)) for k in TOKENS]
    cells += [(("arrow",), 1, once(arrow))]
    cells += [(("big", w), 2, once(big_space, w)) for w in BIG_WORDS]
    cells += [(("label", w), 2, once(label, w)) for w in ZONE_LABELS]
    return cells


@functools.lru_cache(maxsize=4)
def sheet(card_set: tuple[tuple[str, str], ...], lang: str) -> Atlas:
    """The atlas of a game with ``card_set`` in the language ``lang`` (the one spoken now), its
    pixels painted when first asked for (kept on disk, the last card set's in each language).

    Cells are 128 px squares; larger prints (cards, start and finish) take 2x2 cells, each print in
    the first place it fits."""
    cells = _cells(card_set, lang)
    taken: set[tuple[int, int]] = set()
    spots = []
    for _, k, _ in cells:
        i = 0
        while True:
            r, c = divmod(i, GRID)
            block = {(r + a, c + b) for a in range(k) for b in range(k)}
            if c + k <= GRID and not block & taken:
                taken |= block
                spots.append((r, c))
                break
            i += 1
    key = art_cache.source_key(__name__, "render.tables.seat_art", "render.gl.sdf", "render.gl.text",
                               "render.tables.cubitos.words", "game.cubitos.cards", "game.cubitos.dice",
                               "game.cubitos.tracks")
    chosen = hashlib.sha256(repr(card_set).encode()).hexdigest()[:8]
    return Atlas("cubitos", f"{key}{chosen}", GRID, CELL, cells, spots)


def atlas(card_set: tuple[tuple[str, str], ...], lang: str) -> tuple[np.ndarray, dict[tuple, Rect]]:
    """The atlas image (row 0 = v 0) and the uv rect (u0, v0, u1, v1) of every print by key."""
    return sheet(card_set, lang).image(), sheet(card_set, lang).rects


def space_key(rewards: tuple, effect, mark: str | None, water: bool) -> tuple:
    """The atlas key of a track space from the board's data."""
    if effect and effect[0] in ("money", "move"):
        return ("space", effect[0], min(max(effect[1], 2), 6), mark or "A")
    if effect and effect[0] == "jet":
        return ("space", "jet")
    if water:
        return ("space", "water")
    kinds = dict(rewards)
    if "lose" in kinds and "fan" in kinds:
        return ("space", "lose_fan", 1)
    for kind in ("credits", "lose", "gain"):
        if kind in kinds:
            return ("space", kind, min(kinds[kind], 99 if kind == "gain" else 6))
    if "fan" in kinds:
        return ("space", "fan")
    if mark:
        return ("space", "mark", mark)
    return ("space", "plain")

