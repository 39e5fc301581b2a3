"""Octocube scoring: series at a Score action and the final scoring (EN:100-147)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from game.octocube.components import (
    COIN_VP, COLOUR_MAJORITY, COLOURS, OBJECT_MAJORITY, OBJECTS, SERIES_VP, TILE_COLOUR, TILE_OBJECT,
)


def series_vp(tiles: Sequence[int]) -> int:
    """VP for the object series among ``tiles`` taken in one Score (any colour, coins ignored)."""
    counts = [0] * len(OBJECTS)
    for t in tiles:
        o = TILE_OBJECT[t]
        if o >= 0:
            counts[o] += 1
    return sum(map(SERIES_VP.__getitem__, counts))


def majority(counts: Sequence[int], first: int, second: int) -> list[int]:
    """Awards per seat: ties share a place; a tie for first cancels second; 0 never places (EN:145)."""
    awards = [0] * len(counts)
    best = max(counts)
    if best == 0:
        return awards
    leaders = [i for i, n in enumerate(counts) if n == best]
    for i in leaders:
        awards[i] = first
    if len(leaders) > 1:
        return awards
    runner = max((n for n in counts if n < best), default=0)
    if runner > 0:
        for i, n in enumerate(counts):
            if n == runner:
                awards[i] = second
    return awards


def object_count(tiles: Sequence[int]) -> int:
    """The object tiles among ``tiles`` (the tie-break), from the cached tally: each adds one to its colour's row."""
    return sum(tally(tuple(tiles))[:len(COLOURS)])


_CATEGORY_VP = [COLOUR_MAJORITY] * len(COLOURS) + [OBJECT_MAJORITY[obj] for obj in OBJECTS]
# Per tile, the tally entries it adds one to: its colour row and object column, or the coins.
_COINS = len(_CATEGORY_VP)
_TALLY_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    (_COINS,) if TILE_OBJECT[t] < 0 else (TILE_COLOUR[t], len(COLOURS) + TILE_OBJECT[t])
    for t in range(len(TILE_OBJECT))
)
_NO_TILES = (0,) * (_COINS + 1)


@lru_cache(maxsize=8192)
def tally(tiles: tuple[int, ...]) -> tuple[int, ...]:
    """Object tiles per colour, then per object, then the coins: all final scoring counts.

    Cached on the tiles, as a board changes only when its player scores."""
    return tally_with(_NO_TILES, tiles)


def tally_with(counts: tuple[int, ...], tiles: Sequence[int]) -> tuple[int, ...]:
    """The tally ``counts`` with ``tiles`` added: a board's cached tally plus what its cube holds."""
    if not tiles:
        return counts
    out = list(counts)
    for t in tiles:
        for k in _TALLY_SLOTS[t]:
            out[k] += 1
    return tuple(out)


def final_breakdown(collected: Sequence[Sequence[int]], vp: Sequence[int]) -> list[dict[str, Any]]:
    """Per seat: tokens, coins, colour rows, object columns and the total (EN:129-145)."""
    rows = [tally(tuple(tiles)) for tiles in collected]
    awards = _category_awards(tuple(rows))
    out = []
    for p, r in enumerate(rows):
        colours = {c: awards[k][p] for k, c in enumerate(COLOURS)}
        objects = {o: awards[len(COLOURS) + k][p] for k, o in enumerate(OBJECTS)}
        coins = COIN_VP * r[_COINS]
        total = vp[p] + coins + sum(colours.values()) + sum(objects.values())
        out.append({"tokens": vp[p], "coins": coins, "colours": colours, "objects": objects, "total": total})
    return out


@lru_cache(maxsize=8192)
def _category_awards(rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Per colour, then per object, every seat's majority points for the tallies ``rows``."""
    return tuple(_majority(column, first, second) for (first, second), column in zip(_CATEGORY_VP, zip(*rows)))


@lru_cache(maxsize=8192)
def _majority(counts: tuple[int, ...], first: int, second: int) -> tuple[int, ...]:
    """:func:`majority`, cached: a search sees the same few counts per category again and again."""
    return tuple(majority(counts, first, second))


@lru_cache(maxsize=8192)
def _awards(rows: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Every seat's colour and object majority points for the tallies ``rows``."""
    return tuple(map(sum, zip(*_category_awards(rows))))


def totals_of(tallies: Sequence[tuple[int, ...]], vp: Sequence[int]) -> list[int]:
    """Final totals from each seat's :func:`tally` and VP tokens."""
    awards = _awards(tuple(tallies))
    return [vp[p] + COIN_VP * r[_COINS] + awards[p] for p, r in enumerate(tallies)]


def final_totals(collected: Sequence[Sequence[int]], vp: Sequence[int]) -> list[int]:
    """The totals of :func:`final_breakdown` without the details: bots evaluate this often."""
    return totals_of([tally(tuple(tiles)) for tiles in collected], vp)
