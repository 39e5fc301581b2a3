"""Rolls draw their faces in one call (``Rng.randranges``): the same numbers as one call a die."""
from __future__ import annotations

import random

from game.core import Rng
from tests.game.cubitos.helpers import Rigged


def test_randranges_gives_the_numbers_randrange_gives() -> None:
    many, one = Rng(12345), Rng(12345)
    assert many.randranges(6, 40) == [one.randrange(6) for _ in range(40)]
    assert many.state == one.state
    assert many.randranges(6, 0) == []


def test_randranges_in_lanes_gives_the_numbers_randrange_gives() -> None:
    """Many numbers at once are drawn lane by lane in one integer: every count, bound and state
    (the top bits set too) must still give exactly one ``randrange`` a number."""
    for n in (1, 2, 3, 5, 6, 7, 100, 255, 256, 257):
        for seed in (0, 1, 12345, (1 << 64) - 1, 0xDEADBEEF << 32):
            for count in (*range(12), 17, 40):
                many, one = Rng(seed), Rng(seed)
                assert many.randranges(n, count) == [one.randrange(n) for _ in range(count)], (n, seed, count)
                assert many.state == one.state


def test_randranges_asks_a_subclass_that_changes_randrange() -> None:
    rigged = Rigged([5, 0])
    assert rigged.randranges(6, 3)[:2] == [5, 0]


def test_numbers_made_ahead_are_the_stream_whatever_draws_come_between() -> None:
    """``randranges`` serves round after round from numbers made ahead in bulk: calls of every
    size, a bound that changes, single draws, shuffles, clones and pickles in between must still
    give exactly one ``randrange`` a number, and leave the same state."""
    import pickle

    chooser = random.Random(4)
    many, one = Rng(99), Rng(99)
    for step in range(400):
        kind = chooser.randrange(10)
        if kind < 6:
            n, count = chooser.choice((6, 6, 6, 2, 255)), chooser.randrange(20)
            assert many.randranges(n, count) == [one.randrange(n) for _ in range(count)], step
        elif kind == 6:
            assert many.randrange(7) == one.randrange(7)
        elif kind == 7:
            a, b = list(range(9)), list(range(9))
            many.shuffle(a)
            one.shuffle(b)
            assert a == b
        elif kind == 8:
            many = many.clone() if step % 2 else pickle.loads(pickle.dumps(many))
        else:
            twin = many.clone()
            assert twin.randranges(6, 9) == many.randranges(6, 9) == [one.randrange(6) for _ in range(9)]
        assert many.state == one.state, step
    assert pickle.dumps(Rng(5)) == pickle.dumps(pickle.loads(pickle.dumps(Rng(5))))
