"""The words of Cubitos' rules as enums: phases, stages, ability windows, event kinds, the tasks
a seat owes, a space's rewards and effects, flags, the choices cards offer and the actions' kinds.

Each is a StrEnum whose values are the strings saves, events and golden digests have always
held: a member equals its string, hashes as it, formats and pickles as it, and json writes it as
it, so render/ may keep comparing ``ev.kind == "rolled"`` and old saves (plain strings) load.
Looking a member up on its class (``Stage.DONE``) calls EnumType.__getattr__ on Python 3.11,
several times dearer than a global: the hottest loops bind the members they compare with once,
at module level.
"""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """``CubitosState.phase``: the simultaneous Roll Phase, the Run abilities before the swords
    (RB:578), the Run turns, the end of the game."""

    ROLL = "roll"
    RUN4 = "run4"
    TURN = "turn"
    OVER = "over"


class Stage(StrEnum):
    """``Seat.stage``: where a seat is in the round."""

    DRAW = "draw"
    CHAMPION = "champion"  # drawing with Champion: any die from any zone
    DRAWN = "drawn"  # waiting for the others before the first roll
    DECIDE = "decide"  # push or pass
    DONE = "done"  # passed or bust; in the Run Phase, its turn ended
    RUN4 = "run4"  # Run abilities before the swords are compared
    RAN = "ran"  # ready for the swords
    ABIL = "abil"  # its Run turn, before moving
    MOVE = "move"
    BUY = "buy"


class Window(StrEnum):
    """When a card's ability may be used (see abilities.py)."""

    ROLL = "roll"  # at a push/pass decision
    RUN4 = "run4"  # before the swords are compared
    ABIL = "abil"  # the Run turn, before moving
    BUY = "buy"  # after moving, before the first purchase


class EventKind(StrEnum):
    """``Event.kind`` of every event the rules make."""

    ABILITY = "ability"
    BOUGHT = "bought"
    BUST = "bust"
    CONVERTED = "converted"
    CREDITS = "credits"
    DISCARDED = "discarded"
    DREW = "drew"
    ENDED_MOVE = "ended-move"
    FAN = "fan"
    FINISHED = "finished"
    GAINED = "gained"
    GIVEN = "given"
    JET = "jet"
    LAP = "lap"
    LOST = "lost"
    MOVED = "moved"
    PASSED = "passed"
    PLACED = "placed"
    RESHUFFLED = "reshuffled"
    RETURNED = "returned"
    ROLLED = "rolled"
    ROUND = "round"
    RUN = "run"
    START_DIE = "start-die"
    SWORDS = "swords"
    TIE = "tie"
    TOTALS = "totals"
    WON = "won"


class Task(StrEnum):
    """The first item of a task in ``Seat.tasks``: a choice the seat owes before anything else."""

    BUST = "bust"  # a push would bust: a green card may save it
    BUST_DISCARD = "bustdiscard"  # busting's bonus discard from the Roll Zone
    LOSE = "lose"  # a reward space: lose a die
    GAIN = "gain"  # a reward space: gain a die
    RECKLESS = "reckless"  # Reckless Cheese's steps
    LEDER = "leder"  # Ledercheesen's rolls
    JACQUES = "jacques"  # Jacques Couteau's rolls
    PUNK_FRUIT = "Punk Fruit"  # dice chosen one by one to roll (push_cards.PICKS)
    ROLLING_STONED = "Rolling Stoned"


class Reward(StrEnum):
    """What a reward space gives (``Board.rewards``)."""

    CREDITS = "credits"
    FAN = "fan"
    LOSE = "lose"
    GAIN = "gain"


class SpaceEffect(StrEnum):
    """A space's movement effect (``Board.effect``): shortcuts paid in money or movement, a jet
    pack, a crossing to the next track. Also the ``how`` of a runner entering a space by one."""

    MONEY = "money"
    MOVE = "move"
    JET = "jet"
    CROSS = "cross"


class Entry(StrEnum):
    """The ``how`` of a runner entering a space besides a space's effect (``effects.enter``)."""

    STEP = "step"
    CARD = "card"


class Flag(StrEnum):
    """``Seat.flags``: a red card's or Stinky Cheese's effect on the next round."""

    PUNCH = "punch"
    STINKY = "stinky"
    CHAMPION = "champion"


class Choice(StrEnum):
    """The options of the cards that offer a choice of what they give (Captain Bark, Mr. Bats)."""

    FAN = "fan"
    CREDITS = "credits"
    MONEY = "money"


class ActionKind(StrEnum):
    """``Action.kind`` of each Cubitos action: the tag saves and the action codec use."""

    DRAW = "draw"
    PUSH = "push"
    USE = "use"
    DISCARD = "discard"
    TAKE = "take"
    LOSE = "lose"
    GAIN = "gain"
    STEP = "step"
    BUY = "buy"
    END_DRAW = "end-draw"
    PASS = "pass"
    SKIP = "skip"
    CONVERT = "convert"
    EFFECT = "effect"
    END_MOVE = "end-move"
    READY = "ready"
    END_TURN = "end-turn"
    ROLL_CHOSEN = "roll-chosen"


# How the events' texts name a seat ("P1" is seat 0; Cubitos seats 2-4): looked up, as nearly
# every text starts with it and formatting the number cost more than the rest of the text.
SEAT_NAMES = ("P1", "P2", "P3", "P4")
