"""The shared components: contract deck and piles, reward bag and Colony display, the Store.

Kept apart from the turn logic so that set-up, determinization and the invariant checks all
use the same small operations. Chance (shuffles, bag draws) uses the state's own Rng.
"""
from __future__ import annotations

from typing import Any

from game.core import Event, Rng
from game.otys.data import COLOURS, LEVELS, REWARDS, REWARDS_PER_LEVEL, STORE_ROWS
from game.core.event import event


class Table:
    """Everything on the table that is not a player board."""

    __slots__ = ("deck", "deck_owner", "public", "contract_discard", "bag", "reward_discard", "display",
                 "store", "sponsors", "sides", "neutral_pile")

    def __init__(self) -> None:
        self.deck: list[int] = []  # contract ids, top of the deck last
        self.deck_owner: list[int] = []  # per deck card: seat that put it there (-1: shuffled in)
        self.public: list[int] = []  # public contract slots, -1 = empty
        self.contract_discard: list[int] = []
        self.bag: list[int] = []  # reward token ids; drawn at random, so its order means nothing
        self.reward_discard: list[int] = []
        self.display: list[list[int]] = [[-1] * REWARDS_PER_LEVEL for _ in range(LEVELS)]
        self.store: list[list[bool]] = [[False] * STORE_ROWS for _ in COLOURS]  # [colour][row], top row first
        self.sponsors: list[int] = []  # sponsor id (0..4 = #1..#5) on levels 1..5
        self.sides: list[int] = []  # side per sponsor id: 0 basic, 1 advanced
        self.neutral_pile = 0

    # ---- contracts -----------------------------------------------------------------------
    def draw_contract(self, rng: Rng, events: list[Event]) -> int:
        """The top card of the deck (reshuffling the discards when empty), or -1 if none."""
        if not self.deck:
            if not self.contract_discard:
                return -1
            self.deck = self.contract_discard
            self.contract_discard = []
            rng.shuffle(self.deck)
            self.deck_owner = [-1] * len(self.deck)
            events.append(event("deck_reshuffled", f"the contract discards become a new deck of {len(self.deck)}",
                                {"size": len(self.deck)}, reveal=True))
        self.deck_owner.pop()
        return self.deck.pop()

    def can_draw_contract(self) -> bool:
        return bool(self.deck or self.contract_discard)

    def to_bottom(self, cards: list[int], seat: int) -> None:
        for card in cards:
            self.deck.insert(0, card)
            self.deck_owner.insert(0, seat)

    def refill_public(self, slot: int, rng: Rng, events: list[Event]) -> None:
        card = self.draw_contract(rng, events)
        self.public[slot] = card
        if card >= 0:
            events.append(event("contract_revealed", f"contract {card + 1} is now public",
                                {"slot": slot, "card": card}, reveal=True))

    # ---- reward tokens -------------------------------------------------------------------
    def draw_reward(self, rng: Rng, events: list[Event]) -> int:
        """A random token from the bag (refilled from the discards when empty), or -1 if none."""
        if not self.bag:
            if not self.reward_discard:
                return -1
            self.bag, self.reward_discard = self.reward_discard, []
            events.append(event("bag_refilled", f"{len(self.bag)} discarded reward tokens go back into the bag",
                                {"size": len(self.bag)}, reveal=True))
        i = rng.randrange(len(self.bag))
        self.bag[i], self.bag[-1] = self.bag[-1], self.bag[i]
        return self.bag.pop()

    def refill_display(self, level: int, slot: int, rng: Rng, events: list[Event]) -> None:
        token = self.draw_reward(rng, events)
        self.display[level - 1][slot] = token
        if token >= 0:
            events.append(event("reward_revealed", f"a {reward_name(token)} reward token fills level {level}",
                                {"level": level, "slot": slot, "token": token}, reveal=True))

    # ---- the store ---------------------------------------------------------------------------
    def sale_row(self, colour: int) -> int:
        """The topmost free space of ``colour``'s column, where a sale goes; -1 if it is full."""
        column = self.store[colour]
        return column.index(False) if False in column else -1

    def filled_rows(self, colour: int) -> list[int]:
        """The rows of ``colour``'s column that hold a resource: a buyer takes from any of them."""
        return [row for row, filled in enumerate(self.store[colour]) if filled]

    # ---- copies and files ----------------------------------------------------------------
    def clone(self) -> "Table":
        t = Table.__new__(Table)
        t.deck, t.deck_owner, t.public = self.deck[:], self.deck_owner[:], self.public[:]
        t.contract_discard, t.bag, t.reward_discard = self.contract_discard[:], self.bag[:], self.reward_discard[:]
        t.display = list(map(list.copy, self.display))
        t.store = list(map(list.copy, self.store))
        t.sponsors, t.sides = self.sponsors[:], self.sides[:]
        t.neutral_pile = self.neutral_pile
        return t

    def to_dict(self) -> dict[str, Any]:
        d = {name: getattr(self, name) for name in Table.__slots__}
        d["display"] = [row[:] for row in self.display]
        d["store"] = [column[:] for column in self.store]
        return {k: (v[:] if isinstance(v, list) else v) for k, v in d.items()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Table":
        t = cls()
        for name in Table.__slots__:
            if name == "display":
                t.display = [[int(v) for v in row] for row in d[name]]
            elif name == "store":
                t.store = [[bool(v) for v in column] for column in d[name]]
            elif name == "neutral_pile":
                t.neutral_pile = int(d[name])
            else:
                setattr(t, name, [int(v) for v in d[name]])
        if len(t.deck) != len(t.deck_owner) or len(t.display) != LEVELS or len(t.store) != len(COLOURS) \
                or any(len(column) != STORE_ROWS for column in t.store):
            raise ValueError("bad table")
        return t


def reward_name(token: int) -> str:
    front, pair, back = REWARDS[token]
    if front == "resource":
        front = "/".join(COLOURS[c] for c in pair)
    return f"{front} ({'orange' if back == 'credits' else 'green'})"
