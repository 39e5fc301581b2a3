"""Whole games through the protocol on loopback: two and four headless clients (and a server bot)
play every game to the end, a spectator watching; every message each received is checked against
what its seat may know (tests/game/net/tables.py: message_leaks), and a planted leak is found."""
from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from game import registry
from game.core.match import HUMAN, Match
from game.net.client import Client
from game.net.codes import SPECTATORS, new_codes
from game.net.seat_match import SeatMatch
from game.net.server import Server, ServerThread
from game.net.table import NetTable
from tests.game.net.tables import LOOPBACK, Recorder, message_leaks, play_all, start

TABLES = [["remote", "remote"], ["remote", "random", "remote"], ["remote"] * 4]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("seats", TABLES, ids=["2", "2+bot", "4"])
@pytest.mark.parametrize("game", registry.names())
def test_clients_play_a_whole_game_and_see_only_what_their_seat_may(game: str, seats: list[str]) -> None:
    thread, table = start(game, seats, seed=len(seats))
    played, inboxes = play_all(thread.server.address, table.codes)
    assert thread.join(10), "the server ends with the game"
    state = table.match.state
    assert state.is_over
    for seat, p in played.items():
        assert p.over and p.scores == state.scores(), (seat, p.reason)
    assert sum(p.moves for s, p in played.items() if s != SPECTATORS) == \
        sum(1 for s in table.match._seat_of if s in table.remote)
    for seat, inbox in inboxes.items():
        assert message_leaks(game, len(seats), len(seats), table.match.history, seat, inbox.seen) == []


def test_a_planted_leak_in_a_message_is_found() -> None:
    thread, table = start("otys", ["remote", "remote"], seed=3)
    played, inboxes = play_all(thread.server.address, table.codes)
    seen = inboxes[0].seen
    update = next(m for m in seen if m["type"] == "update" and m["n"] > 3)
    update["observation"] = table.match.state.observation(1)  # the other seat's hand
    assert any("observation" in f for f in message_leaks("otys", 2, 3, table.match.history, 0, seen))
    update["events"] = [{"kind": "x", "text": "", "data": {"rng": 1}}]  # the random-number state
    assert any("rng" in f for f in message_leaks("otys", 2, 3, table.match.history, 0, seen))


@pytest.mark.timeout(180)
@pytest.mark.parametrize("game", registry.shipped())
def test_joined_seats_are_played_by_searching_bots_from_what_they_see(game: str) -> None:
    """join --bot greedy / mcts: each decides in its seat's world rebuilt from the observation
    (no host state), and the game goes to its end; the moves are the host's legal ones."""
    import threading

    from tests.game.net.tables import recording_client
    from game.net.remote_bot import Played, play

    thread, table = start(game, ["remote", "remote"], seed=4)
    played: dict[int, Played] = {}

    def seat(s: int, bot: str) -> None:
        client, _ = recording_client(thread.server.address, table.codes[s])
        try:
            played[s] = play(client, seed=s, timeout_s=150, bot=bot)
        finally:
            client.close()
    threads = [threading.Thread(target=seat, args=(0, "greedy")), threading.Thread(target=seat, args=(1, "mcts:20it"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(170)
    assert thread.join(10) and table.match.state.is_over
    assert len(played) == 2 and all(p.over and not p.errors for p in played.values()), played


def test_a_seat_joining_mid_game_gets_the_moves_so_far_as_it_may_see_them() -> None:
    """Its log starts with the game, not with its joining; each move as its seat may see it."""
    match = Match(registry.get("otys"), 2, 4, [HUMAN, HUMAN])
    rng = random.Random(4)
    for _ in range(60):
        match.apply(rng.choice(match.state.legal_actions()))
    net = NetTable(match, new_codes([0, 1]))
    thread = ServerThread(Server(net, LOOPBACK, 0))
    thread.start()
    try:
        client = Client(thread.server.address, net.codes[0], retry_s=5)
        client.inbox = inbox = Recorder()
        joined = SeatMatch(client)
        client.start()
        deadline = time.monotonic() + 10
        while joined.moves != 60:
            assert time.monotonic() < deadline, "no update came"
            joined.poll()
            joined.advance()
            time.sleep(0.01)
        seen_by_0 = [_wire(e) for e in match.state.events_seen_by(match.log, 0)]
        assert [_wire(e) for e in joined.log] == seen_by_0 and None not in joined.history
        assert seen_by_0 != [_wire(e) for e in match.state.events_seen_by(match.log, 1)], "the seats see the moves differently"
        messages = [m for m in inbox.seen if m["type"] == "update"]
        assert messages and not message_leaks("otys", 2, 4, match.history, 0, messages)
        theirs = [[_wire(e) for e in move] for move in [match.state.events_seen_by(m, 1) for m in match.moves_log()]]
        planted = dict(messages[0], past=theirs)  # the other seat's view of the moves
        assert message_leaks("otys", 2, 4, match.history, 0, [planted])
        joined.client.close(2.0)
    finally:
        thread.stop()


def _wire(e: Any) -> dict[str, Any]:
    return {"kind": e.kind, "text": e.text, "data": json.loads(json.dumps(e.data))}
