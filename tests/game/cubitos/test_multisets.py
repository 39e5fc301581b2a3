"""``zones.multisets``: the picks Dugout and Jacques Couteau offer, every one once, in offer order."""
from __future__ import annotations

import itertools
import random

from game.cubitos import zones
from game.cubitos.zones import KIND_ORDER


def by_counts(kinds: dict[str, int], size: int | None) -> list[tuple[str, ...]]:
    """The same list by brute force: every count of every kind, the first kind in kind order the
    slowest to change, fewest first."""
    names = sorted(kinds, key=zones.kind_rank)
    out = []
    for counts in itertools.product(*(range(kinds[n] + 1) for n in names)):
        if size is None or sum(counts) == size:
            out.append(tuple(n for n, c in zip(names, counts) for _ in range(c)))
    return out


def test_multisets_match_every_count_of_every_kind_in_order():
    rng = random.Random(5)
    for _ in range(300):
        names = rng.sample([*KIND_ORDER, "white/boot", "yellow:2"], rng.randint(0, 5))
        kinds = {n: rng.randint(0, 3) for n in names}
        size = rng.choice([None, *range(0, sum(kinds.values()) + 2)])
        got = zones.multisets(kinds, size)
        assert got == by_counts(kinds, size), (kinds, size)
        assert len(set(got)) == len(got)


def test_a_size_beyond_the_dice_has_no_multiset_and_zero_has_the_empty_one():
    assert zones.multisets({"white": 2, "lgray": 1}, 4) == []
    assert zones.multisets({"white": 2}, 0) == [()]
    assert zones.multisets({}, None) == [()]
