"""Rolls draw their faces in one call (``Rng.randranges``): the same numbers as one call a die."""
from __future__ import annotations

from game.core import Rng
from tests.game.cubitos.helpers import Rigged


def test_randranges_gives_the_numbers_randrange_gives() -> None:
    many, one = Rng(12345), Rng(12345)
    assert many.randranges(6, 40) == [one.randrange(6) for _ in range(40)]
    assert many.state == one.state
    assert many.randranges(6, 0) == []


def test_randranges_asks_a_subclass_that_changes_randrange() -> None:
    rigged = Rigged([5, 0])
    assert rigged.randranges(6, 3)[:2] == [5, 0]
