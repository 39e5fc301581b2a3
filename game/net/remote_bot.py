"""A seat played over the network by a bot (``python -m game join --bot``). The bot decides from
what its seat receives: its observation and its legal actions, never the host's state; so far
that is the random bot (a searching bot would need a world rebuilt from an observation)."""
from __future__ import annotations

import queue
import random
import time
from dataclasses import dataclass, field
from typing import Any

from game.net.client import Client

LEVELS = ("random", "easy")
RETRY_S = 0.05  # the bot levels a joining seat can play with


@dataclass
class Played:
    """How a seat's game went, as join prints it."""

    seat: int | None = None
    over: bool = False
    scores: list[float] | None = None
    moves: int = 0
    max_rtt_ms: float = 0.0
    errors: list[str] = field(default_factory=list)
    reason: str = ""

    def summary(self) -> dict[str, Any]:
        return {"seat": self.seat, "over": self.over, "scores": self.scores, "moves": self.moves,
                "max_rtt_ms": round(self.max_rtt_ms, 1)}


def play(client: Client, seed: int = 0, timeout_s: float = 600.0, think_s: float = 0.0) -> Played:
    """Play ``client``'s seat with a random bot until the game is over or the connection ends;
    ``think_s`` waits before each move (a slow player). RTT: an action sent to the update that
    answers it. A refused action (too many messages) is decided again from the last update."""
    rng, out = random.Random(seed), Played()
    acted: int | None = None  # the move number last acted on
    sent_at = 0.0
    last: dict[str, Any] | None = None  # the last update: what to decide from again after a refusal
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            msg = client.inbox.get(timeout=RETRY_S if acted is None and last else 1.0)
        except queue.Empty:
            msg = {"type": "again"}
        kind = msg["type"]
        if kind == "closed":
            out.reason = msg["reason"]
            break
        if kind == "welcome":
            out.seat, acted = msg["seat"], None  # a rejoin: decide again from the position sent
        elif kind == "error":
            out.errors.append(msg.get("reason", ""))
            acted = None
        elif kind == "update":
            last = msg
            if acted is not None and msg["n"] > acted:
                out.max_rtt_ms = max(out.max_rtt_ms, (time.monotonic() - sent_at) * 1000)
                out.moves += 1  # counted once played: a refused action is sent again
                acted = None
            if msg["over"]:
                out.over, out.scores = True, msg["scores"]
                break
        if last is not None and last.get("legal") and acted is None and kind in ("update", "again"):
            if think_s:
                time.sleep(think_s)
            acted, sent_at = last["n"], time.monotonic()
            client.act(rng.choice(last["legal"]), last["n"])
    return out
