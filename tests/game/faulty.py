"""Bots that misbehave on purpose: one raises, one hangs, one answers with a move the rules forbid.

They live here, under tests/, so no player can ever pick one: the bot worker's child reaches them
because a job names its class by module path (``FaultyJob``), and the headless command line
because this module is a registered test game ("faulty", the toy race with these bots added).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from game.bots.base import Bot
from game.bots.jobs import BotKey, HintJob, MoveJob
from game.core import Action, GameState
from tests.game.toy import Add, ToyRules

RAISE, HANG, ILLEGAL = "raise", "hang", "illegal"
HANG_S = 3600.0  # far past any patience: only the watchdog ends it


def illegal_move(state: GameState, plies: int = 60) -> Action:
    """A move of the game's own kind that is not legal now: one legal some moves later."""
    legal, later = state.legal_actions(), state.clone()
    for _ in range(plies):
        if later.is_over:
            break
        moves = later.legal_actions()
        if (other := next((m for m in moves if m not in legal), None)) is not None:
            return other
        later.apply(moves[-1])
    raise AssertionError("every later move is legal now too")


class FaultyBot:
    """Fails its ``fault`` way on every move."""

    def __init__(self, fault: str, illegal: Callable[[GameState], Action] = illegal_move) -> None:
        self.fault, self.illegal = fault, illegal

    def choose(self, state: GameState) -> Action:
        if self.fault == RAISE:
            raise RuntimeError("this bot breaks on purpose")
        if self.fault == HANG:
            time.sleep(HANG_S)
            return state.legal_actions()[0]
        return self.illegal(state)


@dataclass(frozen=True)
class FaultyJob(MoveJob):
    """A seat's move job whose bot is a FaultyBot: the real job, the real worker, a broken bot."""

    fault: str = RAISE

    def run(self, bots: dict[BotKey, Bot]) -> dict[str, Any]:
        bots.setdefault((self.game, self.spec, self.seat, self.seed), FaultyBot(self.fault))
        return super().run(bots)


@dataclass(frozen=True)
class HangingHintJob(HintJob):
    """A hint whose thinking never ends."""

    def run(self, _bots: dict[BotKey, Bot]) -> dict[str, Any]:
        time.sleep(HANG_S)
        raise AssertionError("the watchdog should have ended this")


def _toy_bot(fault: str, _rules: Any, _seat: int, _seed: int, _arg: str | None) -> Bot:
    return FaultyBot(fault, illegal=lambda state: Add(7))  # the race only ever adds 1 or 2


class FaultyRules(ToyRules):
    """The toy race, with the broken bots as its own bots (``--seats raise,random``)."""

    name = "faulty"

    def extra_bots(self) -> dict[str, Callable]:
        return {fault: partial(_toy_bot, fault) for fault in (RAISE, HANG, ILLEGAL)}


RULES = FaultyRules()
