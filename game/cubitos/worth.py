"""What Cubitos dice and faces are worth to a bot, in steps of the race (one movement = 1).

Estimates from the card texts and play, not rules data; the evaluation (evaluation.py) and the
``odds`` push rule (bots.py) both read them, so they are tuned in this one place.
"""
from __future__ import annotations

from functools import lru_cache

from game.cubitos.dice import FACE_GAIN, FACES, miss_chance

MOVE = 1.0
MONEY = 0.25  # four money convert into one movement
CREDIT = 0.28  # a credit is money that is kept from round to round
HIT_ROLLS = 2.0  # how often a die drawn is rolled in a round on average (first roll and pushes)
BUST_FAN = 0.3  # the fan (credits, draw tokens) a bust brings as comfort

# What an unused active ability die is still worth this round; Now cards are spent when they land.
ABILITY_VALUE = {
    "Smelly Cat": 2.0, "Cat Tastrophy": 0.85, "Fat Cat": 2.6, "Dope Cat": 0.65, "Broken Cow": 1.05,
    "Schmutz": 1.05, "Rich Dog": 0.65, "Captain Bark": 0.45, "Dapper Doggie": 0.65, "Dr. Livingstone": 2.0,
    "Mr. Dog": 0.45, "Muggles": 0.4, "Mr. Soldier": 0.95, "Punch Guy": 0.5, "Supah General!": 0.95,
    "Jacques Couteau": 0.5, "Champion": 0.65, "Crabby": 0.4, "El Bandito": 0.4, "Reliever Beaver": 0.3,
    "Benchwarmer": 0.3, "Mr. Bats": 0.45, "The Babe": 1.05, "Reckless Cheese": 0.95, "The Big Cheese": 1.25,
    "Ledercheesen": 0.5, "Stinky Cheese": 2.0, "Bad Cheese": 2.0, "The Cheese Stands Alone": 3.0,
    "Cheese Boy": 1.25, "Rock On": 0.65, "Piña Cubelada": 0.5, "Keep On Rollin'": 0.65, "Pineapple Rocks": 0.65,
    "Up to 11": 0.65, "Rolling Stoned": 0.65, "Punk Fruit": 0.85, "Bob": 1.05, "Undercover Fish": 2.0,
    "Llama-Rama": 0.65, "Bahama Llama": 1.65, "Llama Shaman": 1.25, "Chilly McChillster": 0.85,
    "Rollosaurus": 4.0, "Dancing Dino": 2.6, "Wikiwiki Dinosaur": 2.6, "You Bet Jurassican": 2.6,
    "Shimmy Shimmy Dino": 2.6, "Pronto Bronto": 2.6,
}
# More a power face brings than the plain symbol.
POWER_EXTRA = {"The Babe": 1.0, "Bad Cheese": 0.65, "Up to 11": 2.1, "Ledercheesen": 1.6, "Llama-Rama": 0.5,
               "Stinky Cheese": 0.5, "Mr. Soldier": 0.95}
# A Now ability's worth as it lands (dice rolled for free, a die placed, a forced push).
NOW_VALUE = {"Fast Cat": 0.65, "Muggles": 0.95, "Dugout": 0.95, "Batter Beaver": 0.65, "Pinch Eater": 1.25,
             "Stogie": 1.05, "Cubasaurus": 2.1, "The Cheese Stands Alone": 2.1}


def gain_worth(money: int, move: int, credits: int) -> float:
    return MONEY * money + MOVE * move + CREDIT * credits


def ability_worth(card: str, face: str) -> float:
    """What an unused active die of ``card`` showing ``face`` ("sym" or "pow") still brings."""
    value = ABILITY_VALUE.get(card, 0.0)
    return value + POWER_EXTRA.get(card, 0.0) if face == "pow" else value


@lru_cache(maxsize=None)
def face_worth(colour: str, face: str, card: str) -> float:
    """What one face is worth as it lands in the Active Zone (``card``: the colour's card, or "")."""
    if face in FACE_GAIN:
        return gain_worth(*FACE_GAIN[face])
    if face in ("sym", "pow") and card:
        return NOW_VALUE.get(card, ability_worth(card, face))
    return 0.0


@lru_cache(maxsize=None)
def roll_worth(colour: str, card: str) -> float:
    """Expected worth of one roll of a die (blank faces bring nothing)."""
    faces = FACES[colour]
    return sum(face_worth(colour, f, card) for f in faces) / len(faces)


@lru_cache(maxsize=None)
def round_worth(colour: str, card: str) -> float:
    """What a die brings in a round it is drawn: the chance that it lands within the rolls it
    gets, times what its faces bring when it does."""
    hit = 1.0 - miss_chance(colour)
    if hit <= 0:
        return 0.0
    landed: float = 1.0 - miss_chance(colour) ** HIT_ROLLS  # a float to a whole power
    return landed * roll_worth(colour, card) / hit

