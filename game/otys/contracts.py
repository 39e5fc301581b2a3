"""Contract cards as tables the rules read fast: the resource sets that complete each card.

A *specific* card has one set; a *free* card (counts of different colours) has one set per way
of giving its counts to distinct colours, duplicates removed, so each choice of what to return
is offered once.
"""
from __future__ import annotations

from itertools import permutations
from typing import NamedTuple

from game.otys.data import COLOURS, CONTRACTS, LETTERS


class Card(NamedTuple):
    kind: str
    size: int
    prestige: int
    credits: int
    batteries: int
    uses: tuple[tuple[int, int, int, int], ...]  # every resource set that completes it
    signature: int  # the lowest id of an identical card: identical cards mean the same choice
    text: str


def _use(counts: list[int]) -> tuple[int, int, int, int]:
    """``counts`` (one per colour) as a resource set."""
    metal, plant, fuel, tech = counts
    return metal, plant, fuel, tech


def _uses(kind: str, need: str) -> tuple[tuple[int, int, int, int], ...]:
    if kind == "specific":
        counts = [0] * len(COLOURS)
        for letter in need:
            counts[LETTERS.index(letter)] += 1
        return (_use(counts),)
    numbers = [int(n) for n in need]
    found: list[tuple[int, int, int, int]] = []
    for colours in permutations(range(len(COLOURS)), len(numbers)):
        counts = [0] * len(COLOURS)
        for n, c in zip(numbers, colours):
            counts[c] = n
        if _use(counts) not in found:
            found.append(_use(counts))
    return tuple(found)


def _build() -> tuple[Card, ...]:
    cards = []
    first: dict[tuple[str, str, int, str], int] = {}
    for i, (kind, need, prestige, bonus) in enumerate(CONTRACTS):
        text = need if kind == "specific" else "-".join(need) + " different"
        cards.append(Card(kind, sum(_uses(kind, need)[0]), prestige, bonus.count("C"), bonus.count("B"),
                          _uses(kind, need), first.setdefault((kind, need, prestige, bonus), i), text))
    return tuple(cards)


CARDS = _build()


def ways(card: int, have: list[int]) -> list[tuple[int, int, int, int]]:
    """The resource sets from ``have`` (counts per colour on one level) that complete ``card``."""
    c = CARDS[card]
    if sum(have) < c.size:
        return []
    return [u for u in c.uses if u[0] <= have[0] and u[1] <= have[1] and u[2] <= have[2] and u[3] <= have[3]]


def shortfall(card: int, have: list[int]) -> int:
    """How many more resources one level (``have``, counts per colour) needs to complete ``card``
    (0 = it can now); memoised in ``shortfalls(have)``."""
    row = shortfalls(have)
    if row[card] < 0:
        row[card] = min(sum(max(0, need - got) for need, got in zip(use, have)) for use in CARDS[card].uses)
    return row[card]


def shortfalls(have: list[int]) -> list[int]:
    """The memo of one level's contents: entry ``card`` is ``shortfall(card, have)``, or -1 until it is
    first asked. Bots ask for every level of every position they judge, and a level holds few
    resources, so takes few distinct contents; they ask for few of the cards, so each is lazy."""
    key = tuple(have)
    row = _SHORTFALLS.get(key)
    if row is None:
        row = _SHORTFALLS[key] = [-1] * len(CARDS)
    return row


_SHORTFALLS: dict[tuple[int, ...], list[int]] = {}
