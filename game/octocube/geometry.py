"""Cube and grid geometry: the 24 cube rotations, rolls, pivots, neighbours and edge spaces.

A rotation is a permutation ``p`` of the six face slots: the tile on slot ``i`` moves to ``p[i]``.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Any, Callable, Sequence

from game.octocube.components import BOTTOM, EAST, GRID_SIZE, NORTH, SOUTH, TILE_TYPE, TOP, WEST

Perm = tuple[int, ...]


def _perm(moves: dict[int, int]) -> Perm:
    return tuple(moves.get(i, i) for i in range(6))


# Rolling tips the cube over the bottom edge on the side it moves to (EN:69).
ROLLS: tuple[Perm, ...] = (
    _perm({TOP: NORTH, NORTH: BOTTOM, BOTTOM: SOUTH, SOUTH: TOP}),  # north
    _perm({TOP: SOUTH, SOUTH: BOTTOM, BOTTOM: NORTH, NORTH: TOP}),  # south
    _perm({TOP: EAST, EAST: BOTTOM, BOTTOM: WEST, WEST: TOP}),  # east
    _perm({TOP: WEST, WEST: BOTTOM, BOTTOM: EAST, EAST: TOP}),  # west
)
# A quarter turn clockwise seen from above (EN:91).
PIVOT_90: Perm = _perm({NORTH: EAST, EAST: SOUTH, SOUTH: WEST, WEST: NORTH})


def compose(first: Perm, then: Perm) -> Perm:
    return tuple(then[first[i]] for i in range(6))


def _all_rotations() -> tuple[Perm, ...]:
    """The 24 rotations, identity first, in a fixed breadth-first order (orientation indices)."""
    found: list[Perm] = [tuple(range(6))]
    i = 0
    while i < len(found):
        for g in (ROLLS[0], ROLLS[2], PIVOT_90):
            p = compose(found[i], g)
            if p not in found:
                found.append(p)
        i += 1
    return tuple(found)


ROTATIONS: tuple[Perm, ...] = _all_rotations()
PIVOTS: tuple[Perm, ...] = (
    PIVOT_90,
    compose(PIVOT_90, PIVOT_90),
    compose(compose(PIVOT_90, PIVOT_90), PIVOT_90),
)
assert len(ROTATIONS) == 24


def rotate(faces: list[int | None], perm: Perm) -> list[int | None]:
    return list(_gather(perm)(faces))


@lru_cache(maxsize=None)
def _gather(perm: Perm) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """The faces after ``perm`` read straight off the faces before it: every move rotates a cube."""
    source = [0] * 6
    for i in range(6):
        source[perm[i]] = i
    return itemgetter(*source)


_ROTATION_GATHERS = tuple(_gather(perm) for perm in ROTATIONS)


def rotate_key(key: tuple[int, ...], perm: Perm) -> tuple[int, ...]:
    return _gather(perm)(key)


@lru_cache(maxsize=None)
def grid(size: int) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    """Per cell, the (direction index, neighbour cell) pairs; and the edge cells (outer ring)."""
    moves = ((-1, 0), (1, 0), (0, 1), (0, -1))  # DIRECTIONS order
    neighbours: list[tuple[tuple[int, int], ...]] = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        neighbours.append(tuple(
            (d, (r + dr) * size + c + dc)
            for d, (dr, dc) in enumerate(moves)
            if 0 <= r + dr < size and 0 <= c + dc < size
        ))
    edges = tuple(cell for cell in range(size * size)
                  if cell // size in (0, size - 1) or cell % size in (0, size - 1))
    return tuple(neighbours), edges


def face_key(faces: list[int | None]) -> tuple[int, ...]:
    """The typed arrangement: what a player can tell apart on the cube (-1 = empty face)."""
    return tuple(-1 if t is None else TILE_TYPE[t] for t in faces)


def pattern(key: tuple[int, ...]) -> tuple[int, ...]:
    """Which faces hold equal tiles (-1 = empty): all the dedup below depends on, so caches hit."""
    seen: dict[int, int] = {}
    return tuple(-1 if k < 0 else seen.setdefault(k, len(seen)) for k in key)


@lru_cache(maxsize=1 << 16)
def faces_pattern(faces: tuple[int | None, ...]) -> tuple[int, ...]:
    """``pattern(face_key(faces))`` in one pass, cached on the faces: legal_actions and apply both ask it."""
    seen: dict[int, int] = {}
    return tuple([-1 if t is None else seen.setdefault(TILE_TYPE[t], len(seen)) for t in faces])


@lru_cache(maxsize=4096)
def distinct_orientations(key: tuple[int, ...]) -> tuple[int, ...]:
    """Orientation indices giving pairwise different arrangements of the typed faces ``key``."""
    first: dict[tuple[int, ...], int] = {}  # arrangement -> the first orientation giving it
    for o, gather in enumerate(_ROTATION_GATHERS):
        first.setdefault(gather(key), o)
    return tuple(first.values())


@lru_cache(maxsize=4096)
def distinct_pivots(key: tuple[int, ...]) -> tuple[int, ...]:
    """Quarter-turn counts (1-3) whose result differs from ``key`` and from each other."""
    seen = {key}
    out = []
    for q, perm in enumerate(PIVOTS, 1):
        k = rotate_key(key, perm)
        if k not in seen:
            seen.add(k)
            out.append(q)
    return tuple(out)


@lru_cache(maxsize=4096)
def distinct_subsets(key: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Face-slot subsets of the filled faces of ``key`` (-1 = empty), one per distinct remainder.

    That is every subset, in rising bit-mask order: the faces a Score leaves empty tell the subsets apart."""
    return subsets(tuple(i for i in range(6) if key[i] >= 0))


@lru_cache(maxsize=None)
def subsets(filled: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every subset of the face slots ``filled``, in rising bit-mask order, each in ``filled``'s order."""
    n = len(filled)
    return tuple(tuple(filled[j] for j in range(n) if mask >> j & 1) for mask in range(1 << n))


@lru_cache(maxsize=None)
def cell_name(cell: int, size: int) -> str:
    """How captions, the log and tooltips name a space: rows from the far edge, both from 1."""
    r, c = divmod(cell, size)
    return f"row {r + 1}, column {c + 1}"


# Per grid size: each space's name (every move's event names one) and, per space, direction -> the space it leads to.
CELL_NAMES = {size: tuple(cell_name(c, size) for c in range(size * size)) for size in set(GRID_SIZE.values())}
DESTINATIONS = {size: tuple(dict(around) for around in grid(size)[0]) for size in set(GRID_SIZE.values())}
