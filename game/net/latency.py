"""How soon a move shows on the other screens of a networked game (scripts/bench): on loopback, a
hosted match and a joined seat play a game; each of the host's moves is timed from the host applying
it to the joined seat's match having it as its position (what the joined screen shows at its next
frame), each of the joiner's from sending it to the host's match having it."""
from __future__ import annotations

import random
import statistics
import time
from typing import Any

from game import registry
from game.core import Action
from game.core.match import HUMAN, REMOTE, Match
from game.net.address import LOOPBACK
from game.net.client import Client
from game.net.hosting import Hosting
from game.net.seat_match import SeatMatch

POLL_S = 0.0002  # how often the waiting side looks (a window looks once a frame, 16 ms, but is woken)
PACE_S = 0.02  # between a joiner's moves: a server lets a client send 100 messages a second


def measure(game: str = "otys", moves: int = 200, seed: int = 1, timeout_s: float = 120.0) -> dict[str, Any]:
    """{"host_to_joined_ms": {...}, "joined_to_host_ms": {...}} with median, p95 and max, over up to
    ``moves`` moves of each side (games are started again until there are as many)."""
    there: list[float] = []
    back: list[float] = []
    deadline = time.monotonic() + timeout_s
    while len(there) < moves and time.monotonic() < deadline:
        _play(game, seed + len(there), moves, there, back, deadline)
    return {"game": game, "moves": len(there) + len(back), "host_to_joined_ms": _stats(there),
            "joined_to_host_ms": _stats(back)}


def _play(game: str, seed: int, moves: int, there: list[float], back: list[float], deadline: float) -> None:
    match = Match(registry.get(game), 2, seed, [HUMAN, REMOTE])
    hosting = Hosting(match, LOOPBACK, 0)
    invitation = hosting.start()
    joined = SeatMatch(Client(invitation.address, invitation.codes[1], retry_s=5))
    joined.client.start()
    rng = random.Random(seed)

    def until(done: Any) -> None:
        while not done():
            if time.monotonic() > deadline:
                raise TimeoutError("no answer on loopback")
            time.sleep(POLL_S)

    def caught_up() -> bool:
        joined.poll()
        while joined.advance() is not None:
            pass
        return joined.state is not None and joined.moves == len(match.history)

    try:
        until(caught_up)
        while not match.state.is_over and len(there) < moves:
            if match.state.current_player == 0:
                action = rng.choice(match.state.legal_actions())
                start = time.perf_counter()
                match.apply(action)
                hosting.forward(action)
                until(caught_up)
                there.append((time.perf_counter() - start) * 1000)
            else:
                until(lambda: bool(joined.legal) and not joined.waiting)
                time.sleep(PACE_S)
                start = time.perf_counter()
                joined.apply(rng.choice(joined.legal))
                until(lambda: _arrived(hosting, match))
                back.append((time.perf_counter() - start) * 1000)
                until(caught_up)
    finally:
        joined.client.close(2.0)
        hosting.stop()


def _arrived(hosting: Hosting, match: Match) -> bool:
    got = hosting.incoming()
    for action in got:
        if isinstance(action, Action):  # (nobody undoes in the measured games)
            match.apply(action)
    return bool(got)


def _stats(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(ms)
    return {"median": round(statistics.median(ordered), 2), "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
            "max": round(ordered[-1], 2)}
