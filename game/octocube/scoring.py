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


def final_breakdown(collected: Sequence[Sequence[int]], vp: Sequence[int]) -> list[dict[str, Any]]:
    """Per seat: tokens, coins, colour rows, object columns and the total (EN:129-145)."""
    n = len(collected)
    colour_counts = [[sum(1 for t in tiles if TILE_COLOUR[t] == c) for tiles in collected] for c in range(len(COLOURS))]
    object_counts = [[sum(1 for t in tiles if TILE_OBJECT[t] == o) for tiles in collected] for o in range(len(OBJECTS))]
    colour_awards = [majority(counts, *COLOUR_MAJORITY) for counts in colour_counts]
    object_awards = [majority(counts, *OBJECT_MAJORITY[OBJECTS[o]]) for o, counts in enumerate(object_counts)]
    out = []
    for p in range(n):
        coins = sum(1 for t in collected[p] if TILE_OBJECT[t] < 0)
        colours = {COLOURS[c]: colour_awards[c][p] for c in range(len(COLOURS))}
        objects = {OBJECTS[o]: object_awards[o][p] for o in range(len(OBJECTS))}
        total = vp[p] + COIN_VP * coins + sum(colours.values()) + sum(objects.values())
        out.append({"tokens": vp[p], "coins": COIN_VP * coins, "colours": colours, "objects": objects, "total": total})
    return out
