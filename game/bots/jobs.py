"""Bot thinking as picklable job descriptions, so it can run in another process.

A job carries the game's name and the position as ``to_dict`` (JSON-safe, RNG included), never live
objects; the answer comes back as plain data too. The serving process keeps each seat's bot between
moves, so its generator advances exactly as a bot kept in the caller's process would.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from game import registry
from game.bots.base import Bot
from game.bots.factory import make_bot
from game.bots.hint import Hint, hint
from game.bots.random_bot import RandomBot
from game.core import Action, GameState

BotKey = tuple[str, str, int, int]  # game, bot spec, seat, seed: one bot for the life of a screen


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

    def answer(self, data: dict[str, Any]) -> Action:
        return registry.get(self.game).action_from_dict(data)

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

    def answer(self, data: dict[str, Any]) -> Hint:
        return Hint(**{**data, "action": registry.get(self.game).action_from_dict(data["action"])})

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
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    bots: dict[BotKey, Bot] = {}
    while True:
        try:
            number, job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send((number, job.run(bots), None))
        except Exception as e:  # the caller falls back and says so; this process keeps serving
            conn.send((number, None, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"))
