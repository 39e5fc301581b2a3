"""Octocube component data: tiles, Abyss tiles, stack layouts, scoring tables, board layouts.

Figures marked DESIGN in ../shared/data/octocube.md (no public source) are placeholders kept here
so real diagrams can replace them in one place; docs/rulings/octocube.md lists them.
"""
from __future__ import annotations

from typing import NamedTuple

# Board column order (EN:141) and row order (DESIGN, EYG's text order).
OBJECTS: tuple[str, ...] = ("starfish", "amphora", "sextant", "pearl", "diamond")
COLOURS: tuple[str, ...] = ("white", "light_blue", "dark_blue", "green")

# Cube face slots, in world directions. North = row - 1 (far side, away from seat 0).
FACES: tuple[str, ...] = ("top", "bottom", "north", "south", "east", "west")
TOP, BOTTOM, NORTH, SOUTH, EAST, WEST = range(6)
DIRECTIONS: tuple[str, ...] = ("north", "south", "east", "west")

SEAT_NAMES: tuple[str, ...] = ("Orange", "Sky blue", "Green", "Vermillion")


class Tile(NamedTuple):
    id: int
    kind: str  # "object" | "coin"
    object: str | None
    colour: str | None


class AbyssTile(NamedTuple):
    id: int
    front: str | None  # "A" on the one tile whose Abyss side grants the extra Roll
    power: str  # letter of the power side, "B".."I"


# DESIGN colour split (data file section 2): tiles per object per colour, in COLOURS order.
COLOUR_SPLIT: dict[str, tuple[int, int, int, int]] = {
    "starfish": (4, 5, 5, 5),
    "amphora": (4, 4, 4, 5),
    "sextant": (4, 4, 4, 3),
    "pearl": (3, 3, 3, 3),
    "diamond": (3, 2, 2, 2),
}
COINS = 12


def _make_tiles() -> tuple[Tile, ...]:
    kinds: list[tuple[str, str | None, str | None]] = [("object", obj, colour) for obj in OBJECTS for colour, count in zip(COLOURS, COLOUR_SPLIT[obj])
             for _ in range(count)]
    kinds += [("coin", None, None)] * COINS
    return tuple(Tile(i, *kind) for i, kind in enumerate(kinds))


TILES: tuple[Tile, ...] = _make_tiles()
NUM_TILES = len(TILES)  # 84

# Small-int tile type for fast comparisons: 0 = coin, 1 + object*4 + colour otherwise.
COIN_TYPE = 0
TILE_TYPE: tuple[int, ...] = tuple(
    COIN_TYPE if t.kind == "coin" else 1 + OBJECTS.index(t.object) * 4 + COLOURS.index(t.colour)
    for t in TILES
)
TILE_OBJECT: tuple[int, ...] = tuple(-1 if t.kind == "coin" else OBJECTS.index(t.object) for t in TILES)
TILE_COLOUR: tuple[int, ...] = tuple(-1 if t.kind == "coin" else COLOURS.index(t.colour) for t in TILES)

# Data file section 6 / open question 2: 8 power sides B..I; the tile behind power B shows A in front.
ABYSS_TILES: tuple[AbyssTile, ...] = tuple(
    AbyssTile(i, "A" if i == 0 else None, letter) for i, letter in enumerate("BCDEFGHI")
)
ABYSS_A = 0
ABYSS_SUPPLY: dict[int, int] = {2: 5, 3: 6, 4: 7}  # EN:37-38

# DESIGN stack heights per cell, row 0 = far edge; None = Abyss tile A (data file section 3).
Layout = tuple[tuple[int | None, ...], ...]
LAYOUT_2_PLAYERS: Layout = (
    (5, 5, 5, 5),
    (5, 6, 6, 5),
    (5, 6, 6, 5),
    (5, 5, 5, 5),
)
LAYOUT_3_4_PLAYERS: Layout = (
    (3, 3, 3, 3, 3),
    (3, 4, 5, 4, 3),
    (3, 5, None, 5, 3),
    (3, 4, 5, 4, 3),
    (3, 3, 3, 3, 3),
)
STACK_LAYOUTS: dict[int, Layout] = {2: LAYOUT_2_PLAYERS, 3: LAYOUT_3_4_PLAYERS, 4: LAYOUT_3_4_PLAYERS}
GRID_SIZE: dict[int, int] = {2: 4, 3: 5, 4: 5}  # EN:27-29

# Scoring (EN:102-103, EN:134-143).
SERIES_VP: tuple[int, ...] = (0, 0, 2, 4, 7, 10, 15)  # index = tiles of one type in one Score
COIN_VP = 3
COLOUR_MAJORITY: tuple[int, int] = (5, 2)
OBJECT_MAJORITY: dict[str, tuple[int, int]] = {
    "starfish": (3, 0),
    "amphora": (4, 1),
    "sextant": (5, 2),
    "pearl": (6, 3),
    "diamond": (7, 4),
}

# DESIGN kids board (data file section 5): 16 spaces (object or None, colour or None), row-major.
KIDS_BOARD: tuple[tuple[str | None, str | None], ...] = (
    ("starfish", "white"), ("amphora", "light_blue"), ("sextant", "dark_blue"), ("pearl", "green"),
    ("starfish", "green"), ("amphora", "dark_blue"), ("sextant", "white"), ("pearl", "light_blue"),
    ("diamond", None), ("pearl", None), ("sextant", None), ("amphora", None),
    (None, "white"), (None, "light_blue"), (None, "dark_blue"), (None, "green"),
)


def tile_name(t: int) -> str:
    """A tile in log words: "coin", "light blue pearl"."""
    return TILE_NAMES[t]


def _object_words(tile: Tile) -> str:
    """An object tile in words: "light blue pearl"."""
    assert tile.colour is not None and tile.object is not None, "an object tile has a colour and an object"
    return f"{tile.colour.replace('_', ' ')} {tile.object}"


TILE_NAMES: tuple[str, ...] = tuple("coin" if tile.kind == "coin" else _object_words(tile) for tile in TILES)


def space_name(slot: int) -> str:
    """A kids board space in words: "green pearl", "any-colour pearl", "white, any object"."""
    obj, colour = KIDS_BOARD[slot]
    if obj is None:
        assert colour is not None, "a kids board space asks for an object, a colour or both"
        return f"{colour.replace('_', ' ')}, any object"
    return f"{(colour or 'any-colour').replace('_', ' ')} {obj}"
