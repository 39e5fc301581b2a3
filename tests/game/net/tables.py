"""Networked tables for the tests: a server on its own thread on 127.0.0.1, clients that keep every
message they receive, and a checker of those messages against the game contract."""
from __future__ import annotations

import json
import queue
import threading
from typing import Any, Iterator

from game import registry
from game.core import GameState
from game.core.match import HUMAN, REMOTE, Match
from game.net.client import Client
from game.net.codes import SPECTATORS, new_codes
from game.net.remote_bot import Played, play
from game.net.server import Server, ServerThread
from game.net.table import NetTable
from tests.game.net.leaks import contract_view

LOOPBACK = "127.0.0.1"


def start(game: str, seats: list[str], seed: int = 1, wait: float | None = None,
          autosave: str | None = None) -> tuple[ServerThread, NetTable]:
    remote = [s for s, spec in enumerate(seats) if spec == REMOTE]
    match = Match(registry.get(game), len(seats), seed, [HUMAN if s == REMOTE else s for s in seats], autosave=autosave)
    table = NetTable(match, new_codes(remote))
    thread = ServerThread(Server(table, LOOPBACK, 0, wait))
    thread.start()
    return thread, table


class Recorder(queue.Queue[dict[str, Any]]):
    """A client's inbox that also keeps every message put into it."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[dict[str, Any]] = []

    def put(self, item: dict[str, Any], block: bool = True, timeout: float | None = None) -> None:
        self.seen.append(item)
        super().put(item, block, timeout)


def recording_client(address: str, code: str, retry_s: float = 5.0) -> tuple[Client, Recorder]:
    client = Client(address, code, retry_s)
    client.inbox = inbox = Recorder()
    client.start()
    return client, inbox


def play_all(address: str, codes: dict[int, str], timeout_s: float = 60.0) -> tuple[dict[int, Played], dict[int, Recorder]]:
    """Every remote seat played by a random bot on its own client, a spectator watching; what each got."""
    played: dict[int, Played] = {}
    inboxes: dict[int, Recorder] = {}

    def seat(s: int) -> None:
        client, inboxes[s] = recording_client(address, codes[s])
        try:
            played[s] = play(client, seed=s, timeout_s=timeout_s)
        finally:
            client.close()

    threads = [threading.Thread(target=seat, args=(s,)) for s in codes]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout_s + 10)
    return played, inboxes


def _numbers(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _numbers(v)
    elif isinstance(value, list):
        for v in value:
            yield from _numbers(v)
    else:
        yield value


def message_leaks(game: str, players: int, seed: int, history: list[Any], seat: int, messages: list[dict[str, Any]]) -> list[str]:
    """What in ``messages`` (all a seat received) goes beyond what the contract lets it see: each
    update's observation must be the seat's observation of that position, its events the
    contract's view of the move (checked leak-free by tests/game/net/leaks.py), and no message
    may hold a key "rng" or any random-number state of the game."""
    rules = registry.get(game)
    states: list[GameState] = [rules.new_game(players=players, seed=seed)]
    events_of = [[]]  # type: ignore[var-annotated]
    for action in history:
        s = states[-1].clone()
        events_of.append(s.apply(action))
        states.append(s)
    secrets = {r for s in states for r in _rng_states(s)}
    found = []
    for msg in messages:
        found += [f"rng state in {msg['type']}" for v in _numbers(msg) if v == "rng" or (type(v) is int and v in secrets)]
        if msg["type"] != "update":
            continue
        n, state = msg["n"], states[msg["n"]]
        if msg["observation"] != json.loads(json.dumps(state.observation(seat))):
            found.append(f"move {n}: the observation is not seat {seat}'s")
        if msg["events"] and [[e["kind"], e["text"], e["data"]] for e in msg["events"]] != \
                contract_view(state, events_of[n], seat):
            found.append(f"move {n}: the events are not seat {seat}'s view")
        past = msg.get("past", [])
        for i, move in enumerate(past, start=n - len(past) + 1):  # a joiner's log: each move as it may see it now
            if [[e["kind"], e["text"], e["data"]] for e in move] != contract_view(state, events_of[i], seat):
                found.append(f"move {i} in the log sent at move {n}: not seat {seat}'s view")
        if "legal" in msg and seat != state.current_player:
            found.append(f"move {n}: legal actions sent to seat {seat}, not to move")
    return found


def _rng_states(state: GameState) -> list[int]:
    d = state.to_dict().get("rng")
    return [v for v in _numbers(d) if type(v) is int and v > 1 << 32]


__all__ = ["SPECTATORS", "start", "play_all", "message_leaks", "recording_client"]
