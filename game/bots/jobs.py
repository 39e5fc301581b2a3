"""Bot thinking as picklable job descriptions, so it can run in another process.

A job carries the game's name and the position as ``to_dict`` (JSON-safe, RNG included), never live
objects; the answer comes back as plain data too. The serving process keeps each seat's bot between
moves, so its generator advances exactly as a bot kept in the caller's process would.

Each job also says how long it may think before a watchdog gives up on it (``patience_s``), and
checks its answer against the position (``answer``): a child is never trusted to be right.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from game import registry
from game.bots.base import Bot
from game.bots.factory import budget_ms, make_bot
from game.bots.hint import Hint, hint
from game.bots.random_bot import RandomBot
from game.core import Action, GameState, IllegalAction

BotKey = tuple[str, str, int, int]  # game, bot spec, seat, seed: one bot for the life of a screen

# The watchdog's patience: the thinking time x FACTOR + GRACE_S (a child's start, a loaded machine,
# a CPU clock that runs slower than the wall's), or UNTIMED_S for a bot with no clock. Generous on
# purpose: it is there for a bot that hangs, never for one that is merely slow.
PATIENCE_FACTOR = 2.0
PATIENCE_GRACE_S = 15.0
UNTIMED_PATIENCE_S = 60.0


def patience_s(thinking_ms: float | None) -> float:
    """How long an answer may take before the thinking counts as hung."""
    if thinking_ms is None:
        return UNTIMED_PATIENCE_S
    return thinking_ms / 1000.0 * PATIENCE_FACTOR + PATIENCE_GRACE_S


def legal(position: GameState, action: Action) -> Action:
    """``action`` if the rules allow it in ``position``; IllegalAction (one line) if not."""
    if action not in position.legal_actions():
        raise IllegalAction(f"{action} is not a legal move here")
    return action


@dataclass(frozen=True)
class MoveJob:
    """The move the seat's bot ``spec`` (seeded ``seed``) makes in ``position``."""

    game: str
    position: dict[str, Any]
    spec: str
    seat: int
    seed: int

    def run(self, bots: dict[BotKey, Bot]) -> dict[str, Any]:
        key = (self.game, self.spec, self.seat, self.seed)
        if key not in bots:
            bots[key] = make_bot(self.spec, registry.get(self.game), self.seat, self.seed)
        return bots[key].choose(state_of(self)).to_dict()

    def patience_s(self) -> float:
        return patience_s(budget_ms(self.spec))

    def answer(self, data: dict[str, Any]) -> Action:
        """The bot's move, checked: an illegal one raises (the worker falls back)."""
        return legal(state_of(self), registry.get(self.game).action_from_dict(data))

    def fallback(self) -> Action:
        """A legal move when the thinking process died: random, from the bot's own seed."""
        return RandomBot(registry.get(self.game), self.seat, self.seed).choose(state_of(self))


@dataclass(frozen=True)
class HintJob:
    """The hint for the seat to move in ``position`` (see :func:`game.bots.hint.hint`)."""

    game: str
    position: dict[str, Any]
    budget_ms: float
    seed: int

    def run(self, _bots: dict[BotKey, Bot]) -> dict[str, Any]:
        found = hint(state_of(self), registry.get(self.game), budget_ms=self.budget_ms, seed=self.seed)
        return {"action": found.action.to_dict(), "text": found.text, "reason": found.reason,
                "why": found.why, "why_args": found.why_args}

    def patience_s(self) -> float:
        return patience_s(self.budget_ms)

    def answer(self, data: dict[str, Any]) -> Hint:
        """The hint, checked: one suggesting an illegal move raises (the worker shows none)."""
        action = legal(state_of(self), registry.get(self.game).action_from_dict(data["action"]))
        return Hint(**{**data, "action": action})

    def fallback(self) -> None:
        """No hint is better than a made-up one."""
        return None


Job = MoveJob | HintJob


def state_of(job: Job) -> GameState:
    return registry.get(job.game).from_dict(job.position)


def serve(conn: Connection, niceness: int = 0) -> None:
    """The thinking process: answer (number, job) with (number, answer data, None), or with
    (number, None, the error in one line) when the job failed, until the pipe closes.

    ``niceness`` lowers this process's priority, so a window sharing the cores draws first."""
    if niceness:
        try:
            os.nice(niceness)
        except (AttributeError, OSError):  # a system without niceness thinks at the usual priority
            pass
    bots: dict[BotKey, Bot] = {}
    while True:
        try:
            number, job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send((number, job.run(bots), None))
        except Exception as e:  # noqa: BLE001 - the caller falls back and says so; this process keeps serving
            conn.send((number, None, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"))
