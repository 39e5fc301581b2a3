"""What the balance report asks of a Cubitos game: the card set, the cards each seat bought, and
which named sets ``--card-set all`` plays in turn."""
from __future__ import annotations

from typing import Any

from game.core import Event
from game.cubitos import cards
from game.cubitos.state import CubitosState

CARD_BOUGHT = "card bought"
ROTATIONS = {"card_set": tuple(cards.SETS)}  # option -> the values "all" stands for


def facts(start: CubitosState, end: CubitosState, events: list[Event]) -> dict[str, Any]:
    """Round 1's start player, the set, the rounds played, and per seat the cards it bought."""
    bought: list[list[str]] = [[] for _ in range(end.num_players)]
    for e in events:
        if e.kind == "bought":
            card = end.setup.card(e.data["colour"])
            if card not in bought[e.data["seat"]]:
                bought[e.data["seat"]].append(card)
    return {"first": start.start, "labels": {"card set": end.setup.set_name},
            "measures": {"rounds": end.round},
            "seat_labels": {CARD_BOUGHT: bought},
            "offered": {CARD_BOUGHT: [end.setup.card(c) for c in end.setup.colours()]}}
