"""The 56 ability cards and the card sets (data file §3).

Every cost is DESIGN (no public source) and lives only here; so do the DESIGN amounts of
Reckless Cheese, Up to 11 and Wikiwiki Dinosaur (see docs/rulings/cubitos.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from game.cubitos.dice import ABILITY_COLOURS, GRAYS


@dataclass(frozen=True)
class Card:
    name: str
    colour: str
    cost: int  # DESIGN
    timing: str  # "now", "active", "run", or two joined by "+"
    swords: str = ""  # red cards: "most" or "anyone"
    tiebreak: bool = False  # red "most" cards: start player die breaks ties (DESIGN flag)


CARDS: tuple[Card, ...] = (
    Card("Smelly Cat", "white", 3, "run"),
    Card("Cat Tastrophy", "white", 4, "run"),
    Card("Fat Cat", "white", 4, "run"),
    Card("Dope Cat", "white", 3, "run"),
    Card("Broken Cow", "white", 5, "active"),
    Card("Fast Cat", "white", 4, "now"),
    Card("Schmutz", "white", 3, "run"),
    Card("Rich Dog", "brown", 2, "run"),
    Card("Captain Bark", "brown", 3, "run"),
    Card("Wizard", "brown", 3, "active+run"),
    Card("Dapper Doggie", "brown", 3, "run"),
    Card("Dr. Livingstone", "brown", 3, "run"),
    Card("Mr. Dog", "brown", 2, "run"),
    Card("Muggles", "brown", 3, "now+run"),
    Card("Mr. Soldier", "red", 5, "run", "most", True),
    Card("Punch Guy", "red", 5, "run", "most", True),
    Card("Supah General!", "red", 5, "run", "most", True),
    Card("Jacques Couteau", "red", 5, "run", "anyone"),
    Card("Champion", "red", 6, "run", "most", True),
    Card("Crabby", "red", 4, "run", "most", True),
    Card("El Bandito", "red", 4, "run", "anyone"),
    Card("Dugout", "orange", 5, "now"),
    Card("Reliever Beaver", "orange", 3, "run"),
    Card("Benchwarmer", "orange", 3, "run"),
    Card("Batter Beaver", "orange", 4, "now+run"),
    Card("Mr. Bats", "orange", 4, "run"),
    Card("The Babe", "orange", 6, "run"),
    Card("Pinch Eater", "orange", 6, "now"),
    Card("Reckless Cheese", "yellow", 5, "active"),
    Card("The Big Cheese", "yellow", 5, "run"),
    Card("Ledercheesen", "yellow", 6, "active+run"),
    Card("Stinky Cheese", "yellow", 5, "run"),
    Card("Bad Cheese", "yellow", 4, "run"),
    Card("The Cheese Stands Alone", "yellow", 5, "now+run"),
    Card("Cheese Boy", "yellow", 4, "run"),
    Card("Rock On", "green", 5, "active"),
    Card("Piña Cubelada", "green", 5, "active"),
    Card("Keep On Rollin'", "green", 4, "active"),
    Card("Pineapple Rocks", "green", 6, "active"),
    Card("Up to 11", "green", 7, "active+run"),
    Card("Rolling Stoned", "green", 5, "active"),
    Card("Punk Fruit", "green", 7, "active+run"),
    Card("Bob", "blue", 6, "run"),
    Card("Undercover Fish", "blue", 6, "run"),
    Card("Llama-Rama", "blue", 7, "run"),
    Card("Bahama Llama", "blue", 7, "run"),
    Card("Llama Shaman", "blue", 6, "run"),
    Card("Stogie", "blue", 6, "now"),
    Card("Chilly McChillster", "blue", 7, "active"),
    Card("Rollosaurus", "purple", 8, "run"),
    Card("Dancing Dino", "purple", 7, "run"),
    Card("Cubasaurus", "purple", 9, "now+run"),
    Card("Wikiwiki Dinosaur", "purple", 8, "run"),
    Card("You Bet Jurassican", "purple", 7, "run"),
    Card("Shimmy Shimmy Dino", "purple", 7, "run"),
    Card("Pronto Bronto", "purple", 7, "run"),
)
BY_NAME: dict[str, Card] = {c.name: c for c in CARDS}
NOW_CARDS = frozenset(c.name for c in CARDS if "now" in c.timing.split("+"))

# DESIGN amounts for the effects the rulebook leaves open (open questions 3, 4, 5).
RECKLESS_SPACES_PER_CHEESE = 1
UP_TO_11_DICE_PER_MOVE, UP_TO_11_MAX_DICE = 2, 11
WIKIWIKI_MOVE_PER_COLOUR = 1

# name -> (cards by colour order white, brown, red, orange, yellow, green, blue, purple; track; laps)
SETS: dict[str, tuple[tuple[str, ...], str, int]] = {
    "race1": (("Smelly Cat", "Rich Dog", "Mr. Soldier", "Dugout", "Reckless Cheese", "Rock On", "Bob",
               "Rollosaurus"), "nothing-goes-right", 1),
    "race2": (("Cat Tastrophy", "Captain Bark", "Punch Guy", "Reliever Beaver", "The Big Cheese",
               "Piña Cubelada", "Undercover Fish", "Dancing Dino"), "ahead-of-the-curve", 1),
    "race3": (("Fat Cat", "Wizard", "Supah General!", "Benchwarmer", "Ledercheesen", "Keep On Rollin'",
               "Llama-Rama", "Cubasaurus"), "testing-the-waters", 1),
    "race4": (("Dope Cat", "Dapper Doggie", "Jacques Couteau", "Batter Beaver", "Stinky Cheese",
               "Pineapple Rocks", "Bahama Llama", "Wikiwiki Dinosaur"), "still-waters-run-deep", 1),
    "race5": (("Broken Cow", "Dr. Livingstone", "Champion", "Mr. Bats", "Bad Cheese", "Up to 11",
               "Llama Shaman", "You Bet Jurassican"), "ahead-of-the-curve", 1),
    "race6": (("Fast Cat", "Mr. Dog", "Crabby", "The Babe", "The Cheese Stands Alone", "Rolling Stoned",
               "Stogie", "Shimmy Shimmy Dino"), "testing-the-waters", 1),
    "race7": (("Schmutz", "Muggles", "El Bandito", "Pinch Eater", "Cheese Boy", "Punk Fruit",
               "Chilly McChillster", "Pronto Bronto"), "nothing-goes-right", 2),
    "combotastic": (("Dope Cat", "Captain Bark", "Mr. Soldier", "Pinch Eater", "Cheese Boy",
                     "Piña Cubelada", "Bob", "You Bet Jurassican"), "testing-the-waters", 1),
    "such-much-fans": (("Cat Tastrophy", "Rich Dog", "Supah General!", "Mr. Bats", "The Big Cheese",
                        "Punk Fruit", "Chilly McChillster", "Wikiwiki Dinosaur"), "ahead-of-the-curve", 1),
    "grand-finale": (("Smelly Cat", "Dapper Doggie", "El Bandito", "The Babe", "The Cheese Stands Alone",
                      "Rolling Stoned", "Stogie", "Cubasaurus"), "grand-finale", 1),
}


def cost(colour: str, card_set: dict[str, str]) -> int:
    """What a die of ``colour`` costs in this game; gray dice cost 0 (RB:446)."""
    return 0 if colour in GRAYS else BY_NAME[card_set[colour]].cost


def card_set_from(names: Iterable[str]) -> dict[str, str]:
    """colour -> card name for a custom set; one card per colour, every colour once."""
    chosen: dict[str, str] = {}
    for name in names:
        card = BY_NAME.get(name)
        if card is None:
            raise ValueError(f"unknown Cubitos card {name!r}")
        if card.colour in chosen:
            raise ValueError(f"two {card.colour} cards in the set: {chosen[card.colour]!r} and {name!r}")
        chosen[card.colour] = name
    missing = [c for c in ABILITY_COLOURS if c not in chosen]
    if missing:
        raise ValueError(f"the card set lacks a card of colour {', '.join(missing)}")
    return chosen
