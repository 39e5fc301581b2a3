"""What each Otys seat has seen of the contract cards, and so what a re-dealt world must keep.

``OtysState.memory`` holds, per seat and per card, the pool of cards that seat cannot tell it
apart from (0: never seen). The market changes it when a deck is rebuilt or a seat's cards are
drawn by another; ``knowledge`` and ``determinize`` in ``state.py`` read it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.otys.contracts import CARDS

if TYPE_CHECKING:
    from game.otys.state import OtysState


def seat_pools(s: OtysState) -> list[list[int]]:
    """Every seat's pools, ready to change (the memory's tuples are never changed)."""
    if s.memory is None:
        return [[0] * len(CARDS) for _ in range(s.num_players)]
    return [list(m) for m in s.memory]


def remember_rebuild(s: OtysState, cards: list[int]) -> None:
    """The face-up discards become the deck (rulings, Q 12): every seat saw which cards they
    are, and from now on tells them apart from the cards it never saw, but not from one another."""
    if not cards:
        return
    pools = seat_pools(s)
    pool = 1 + max(map(max, pools))
    for row in pools:
        for card in cards:
            row[card] = pool
    s.memory = tuple(map(tuple, pools))


def remember_drawn(s: OtysState, known: list[tuple[int, int]]) -> None:
    """Another seat drew cards a seat had put under the deck: that seat knows they went into
    this draw (so into the drawer's hand or back under the deck): a pool of their own."""
    pools = seat_pools(s)
    pool = 1 + max(map(max, pools))
    for seat, card in known:
        pools[seat][card] = pool
    s.memory = tuple(map(tuple, pools))


def hidden_places(state: OtysState, seat: int) -> list[tuple[list[int], int]]:
    """The card slots of ``state`` that ``seat`` cannot see into, in a fixed order: the deck (but
    the cards it put under it itself), the other hands, the cards others are choosing from."""
    t = state._table
    places: list[tuple[list[int], int]] = [(t.deck, i) for i, owner in enumerate(t.deck_owner) if owner != seat]
    for i, p in enumerate(state._players):
        if i != seat and p.hand:
            places += [(p.hand, j) for j in range(len(p.hand))]
    for top in state.pending:
        if top[0] == "keep" and top[1] != seat:
            places += [(top, j) for j in range(2, len(top))]  # type: ignore[misc]  # a keep holds card ids after its kind and seat
    return places
