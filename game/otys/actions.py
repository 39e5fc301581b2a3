"""Otys decisions. A turn is a sequence of them by the same seat; ``Done`` ends an optional part.

Numbers in fields: levels 1..5, diver positions 0..7 (S1 S2 S3 then levels 1..5), colours and
divers as indexes into :mod:`game.otys.data`.
"""
from __future__ import annotations

import dataclasses

from game.core import Action, ActionCodec
from game.otys.data import (COLOURS, CONTRACTS, DIVERS, LEVELS, MAX_PLAYERS, OWN_X, POSITIONS, REWARDS_PER_LEVEL,
                            STORE_ROWS)

def position_name(pos: int) -> str:
    return f"S{pos + 1}" if pos < 3 else f"L{pos - 2}"


def payment_name(use: tuple[int, ...]) -> str:
    """The resources a completion returns, e.g. "2 plant + 1 fuel": two ways to pay read apart."""
    return " + ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(use) if n)


def token_name(token: int) -> str:
    return "X" if token == OWN_X else ("neutral X" if token == 0 else str(token))


@dataclasses.dataclass(frozen=True, slots=True)
class Key(Action):
    """Choose numbered key ``level`` (it sits on that level)."""

    kind = "key"
    level: int

    def __str__(self) -> str:
        return f"key {self.level}"


@dataclasses.dataclass(frozen=True, slots=True)
class XKey(Action):
    """Spend an X key (own or neutral) on any level; the sponsors rotate first."""

    kind = "xkey"
    level: int
    neutral: bool

    def __str__(self) -> str:
        return f"{'neutral ' if self.neutral else ''}X key on {self.level}"


@dataclasses.dataclass(frozen=True, slots=True)
class Propel(Action):
    """Spend 1 battery: move a diver to another position within the Mechanic's reach."""

    kind = "propel"
    diver: int
    to: int

    def __str__(self) -> str:
        return f"propel {DIVERS[self.diver]} to {position_name(self.to)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Sponsor(Action):
    """Use the level's sponsor when it needs no choice (credit, free, twice, resurface, battery)."""

    kind = "sponsor"

    def __str__(self) -> str:
        return "sponsor"


@dataclasses.dataclass(frozen=True, slots=True)
class ReturnKey(Action):
    """Sponsor #3 basic: bring one own key back from the Hacker track."""

    kind = "return_key"
    token: int

    def __str__(self) -> str:
        return f"return key {token_name(self.token)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Upgrade(Action):
    """Sponsor #4: pay 2 credits to flip a diver to its upgraded side, +1 prestige."""

    kind = "upgrade"
    diver: int

    def __str__(self) -> str:
        return f"upgrade {DIVERS[self.diver]}"


@dataclasses.dataclass(frozen=True, slots=True)
class MoveResource(Action):
    """Sponsor #5 advanced: pay 1 battery to move one resource between two levels."""

    kind = "move_resource"
    colour: int
    src: int
    dst: int

    def __str__(self) -> str:
        return f"move {COLOURS[self.colour]} {self.src}->{self.dst}"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeReward(Action):
    """Take reward token ``slot`` (0/1) of the key's Colony level (explorer, sponsor #2 advanced)."""

    kind = "take_reward"
    slot: int

    def __str__(self) -> str:
        return f"take reward {self.slot + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Front(Action):
    """Use the front of the reward token just taken; ``choice`` is a colour, a diver or 0."""

    kind = "front"
    choice: int

    def __str__(self) -> str:
        return f"front {self.choice}"


@dataclasses.dataclass(frozen=True, slots=True)
class Gather(Action):
    """An expert: take its resource and/or its upgraded bonus (tech: ``bonus`` is the key token)."""

    kind = "gather"
    resource: bool
    bonus: int

    def __str__(self) -> str:
        parts = ["resource"] if self.resource else []
        if self.bonus:
            parts.append("bonus" if self.bonus == 1 and not self.resource else f"bonus {self.bonus}")
        return "gather " + "+".join(parts)


@dataclasses.dataclass(frozen=True, slots=True)
class Sell(Action):
    kind = "sell"
    colour: int
    prestige: bool

    def __str__(self) -> str:
        return f"sell {COLOURS[self.colour]} for {'prestige' if self.prestige else 'credits'}"


@dataclasses.dataclass(frozen=True, slots=True)
class Buy(Action):
    """The trader: take a ``colour`` resource from store ``row`` (0 = top), paying that row's cost."""

    kind = "buy"
    colour: int
    row: int

    def __str__(self) -> str:
        return f"buy {COLOURS[self.colour]} from row {self.row + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    """The spy: draw 4 contracts, keep 1."""

    kind = "draw"

    def __str__(self) -> str:
        return "draw contracts"


@dataclasses.dataclass(frozen=True, slots=True)
class Keep(Action):
    kind = "keep"
    card: int

    def __str__(self) -> str:
        return f"keep contract {self.card + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Copy(Action):
    """The spy: use the diver on the same level of neighbour ``seat``."""

    kind = "copy"
    seat: int

    def __str__(self) -> str:
        return f"copy seat {self.seat}"


@dataclasses.dataclass(frozen=True, slots=True)
class Improve(Action):
    """The engineer: ``track`` 0 = Mechanic, 1 = Hacker."""

    kind = "improve"
    track: int

    def __str__(self) -> str:
        return f"improve {'hacker' if self.track else 'mechanic'}"


@dataclasses.dataclass(frozen=True, slots=True)
class Complete(Action):
    """Complete contract ``card`` on ``level``, returning ``use`` (resources per colour)."""

    kind = "complete"
    card: int
    level: int
    use: tuple[int, ...]

    def __str__(self) -> str:
        return f"complete contract {self.card + 1} on {self.level} with {payment_name(self.use)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    kind = "done"

    def __str__(self) -> str:
        return "done"


@dataclasses.dataclass(frozen=True, slots=True)
class Resurface(Action):
    kind = "resurface"

    def __str__(self) -> str:
        return "resurface"


@dataclasses.dataclass(frozen=True, slots=True)
class Oxygen(Action):
    """Spend 1 battery so the activated diver stays down."""

    kind = "oxygen"

    def __str__(self) -> str:
        return "stay down"


POSITION_NAMES = tuple(position_name(pos) for pos in range(POSITIONS))  # for the events, told at every turn
TOKEN_NAMES = tuple(token_name(token) for token in range(OWN_X + 1))

DONE, RESURFACE, OXYGEN, SPONSOR, DRAW = Done(), Resurface(), Oxygen(), Sponsor(), Draw()
# Made once, as the rules offer them turn after turn and a frozen dataclass is slow to build; the
# same objects each time also let a search's tables find them by identity, before comparing.
KEYS = tuple(Key(level) for level in range(1, LEVELS + 1))
X_KEYS = {neutral: tuple(XKey(level, neutral) for level in range(1, LEVELS + 1)) for neutral in (False, True)}
PROPELS = tuple(tuple(Propel(diver, to) for to in range(POSITIONS)) for diver in range(len(DIVERS)))
RETURN_KEYS = tuple(ReturnKey(token) for token in range(OWN_X + 1))
UPGRADES = tuple(Upgrade(diver) for diver in range(len(DIVERS)))
MOVES = tuple(tuple(tuple(MoveResource(colour, src, dst) for dst in range(LEVELS + 1)) for src in range(LEVELS + 1))
              for colour in range(len(COLOURS)))  # [colour][src][dst], levels from 1
TAKE_REWARDS = tuple(TakeReward(slot) for slot in range(REWARDS_PER_LEVEL))
FRONTS = tuple(Front(choice) for choice in range(len(DIVERS)))  # a colour, a diver or 0
GATHERS = tuple(tuple(Gather(resource, bonus) for bonus in range(OWN_X + 1)) for resource in (False, True))
SELLS = tuple(tuple(Sell(colour, prestige) for prestige in (False, True)) for colour in range(len(COLOURS)))
BUYS = tuple(tuple(Buy(colour, row) for row in range(STORE_ROWS)) for colour in range(len(COLOURS)))
KEEPS = tuple(Keep(card) for card in range(len(CONTRACTS)))
COPIES = tuple(Copy(seat) for seat in range(MAX_PLAYERS))
IMPROVES = (Improve(0), Improve(1))
ACTIONS = (Key, XKey, Propel, Sponsor, ReturnKey, Upgrade, MoveResource, TakeReward, Front, Gather, Sell, Buy,
           Draw, Keep, Copy, Improve, Complete, Done, Resurface, Oxygen)
CODEC = ActionCodec(ACTIONS)
