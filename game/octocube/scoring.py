"""Octocube scoring: series at a Score action and the final scoring (EN:100-147)."""
from __future__ import annotations

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
    return sum(SERIES_VP[n] for n in counts)


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
    return sum(1 for t in tiles if TILE_OBJECT[t] >= 0)


def _counts(tiles: Sequence[int]) -> tuple[list[int], list[int], int]:
    """Object tiles per colour, per object, and the number of coins, in one pass."""
    colours, objects, coins = [0] * len(COLOURS), [0] * len(OBJECTS), 0
    for t in tiles:
        o = TILE_OBJECT[t]
        if o < 0:
            coins += 1
        else:
            objects[o] += 1
            colours[TILE_COLOUR[t]] += 1
    return colours, objects, coins


def final_breakdown(collected: Sequence[Sequence[int]], vp: Sequence[int]) -> list[dict[str, Any]]:
    """Per seat: tokens, coins, colour rows, object columns and the total (EN:129-145)."""
    counts = [_counts(tiles) for tiles in collected]
    colour_awards = [majority([c[0][k] for c in counts], *COLOUR_MAJORITY) for k in range(len(COLOURS))]
    object_awards = [majority([c[1][k] for c in counts], *OBJECT_MAJORITY[obj]) for k, obj in enumerate(OBJECTS)]
    out = []
    for p, (_, _, coins) in enumerate(counts):
        colours = {COLOURS[k]: colour_awards[k][p] for k in range(len(COLOURS))}
        objects = {OBJECTS[k]: object_awards[k][p] for k in range(len(OBJECTS))}
        total = vp[p] + COIN_VP * coins + sum(colours.values()) + sum(objects.values())
        out.append({"tokens": vp[p], "coins": COIN_VP * coins, "colours": colours, "objects": objects, "total": total})
    return out


_CATEGORY_VP = [COLOUR_MAJORITY] * len(COLOURS) + [OBJECT_MAJORITY[obj] for obj in OBJECTS]


def final_totals(collected: Sequence[Sequence[int]], vp: Sequence[int]) -> list[int]:
    """The totals of :func:`final_breakdown` without the details: bots evaluate this often."""
    counts = [_counts(tiles) for tiles in collected]
    totals = [vp[p] + COIN_VP * c[2] for p, c in enumerate(counts)]
    rows = [c[0] + c[1] for c in counts]
    for k, (first, second) in enumerate(_CATEGORY_VP):
        for p, award in enumerate(majority([r[k] for r in rows], first, second)):
            totals[p] += award
    return totals
