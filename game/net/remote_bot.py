"""A seat played over the network by a bot (``python -m game join --bot``). The bot decides from
what its seat receives, never the host's state: the random bot from the legal actions, any other
(greedy, mcts, a level) from the seat's world rebuilt from its observation (game/net/world.py,
another seat's hidden facts filled with stand-ins, as a person at that seat would imagine them)."""
from __future__ import annotations

import queue
import random
import time
from dataclasses import dataclass, field
from typing import Any

from game import registry
from game.bots import make_bot
from game.bots.base import Bot
from game.net.client import Client
from game.net.world import world_from_observation

BLIND = ("random", "easy")  # bots that need no world: a legal action at random
RETRY_S = 0.05  # seconds before deciding again from the last update when nothing came


def valid_bot(spec: str) -> bool:
    """Whether some shipped game has a bot ``spec`` (the game is known only once joined)."""
    for name in registry.shipped():
        try:
            make_bot(spec, registry.get(name), 0, 0)
            return True
        except ValueError:
            continue
    return False


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


def play(client: Client, seed: int = 0, timeout_s: float = 600.0, think_s: float = 0.0,
         bot: str = "random") -> Played:
    """Play ``client``'s seat with ``bot`` until the game is over or the connection ends;
    ``think_s`` waits before each move (a slow player). RTT: an action sent to the update that
    answers it. A refused action (too many messages) is decided again from the last update."""
    rng, out = random.Random(seed), Played()
    thinker: Bot | None = None  # the bot that plays from the rebuilt world (made on joining)
    rules = None
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
            if bot not in BLIND and thinker is None:
                rules = registry.get(msg["game"])
                thinker = make_bot(bot, rules, msg["seat"], seed)
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
            if thinker is not None and rules is not None:
                world = world_from_observation(rules, last["observation"])
                client.act(thinker.choose(world).to_dict(), last["n"])
            else:
                client.act(rng.choice(last["legal"]), last["n"])
    return out
