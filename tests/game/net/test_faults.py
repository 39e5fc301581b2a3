"""Bad input and faults on loopback: each refused with a reason, the game unchanged, the server up."""
from __future__ import annotations

import json
import socket
import time
from typing import Any, Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.net.server import ServerThread
from game.net.table import NetTable
from tests.game.net.tables import play_all, recording_client, start

pytestmark = [pytest.mark.timeout(60), pytest.mark.filterwarnings(r"ignore:connect\(\) must be used:DeprecationWarning")]


@pytest.fixture
def table() -> Iterator[tuple[ServerThread, NetTable]]:
    thread, net = start("octocube", ["remote", "remote"])
    yield thread, net
    thread.stop()


def _open(thread: ServerThread, code: str) -> ClientConnection:
    ws = connect(f"ws://{thread.server.address}", open_timeout=5)
    ws.send(json.dumps({"v": 1, "type": "hello", "code": code}))
    assert _next(ws, "welcome")
    return ws


def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg = json.loads(ws.recv(timeout=5))
        if msg["type"] == kind:
            return msg


def _refused(ws: ClientConnection, frame: str | bytes) -> str:
    ws.send(frame)
    return str(_next(ws, "error")["reason"])


def _unchanged_and_up(thread: ServerThread, net: NetTable, moves: int) -> None:
    assert len(net.match.history) == moves
    ws = _open(thread, net.codes[-1])  # the server still answers
    ws.close()


def _action(net: NetTable, code: str, n: int | None = None) -> str:
    action = net.match.state.legal_actions()[0].to_dict()
    return json.dumps({"v": 1, "type": "action", "code": code, "action": action,
                       "n": len(net.match.history) if n is None else n})


def test_malformed_oversized_and_wrong_version_messages_are_refused(table: tuple[ServerThread, NetTable]) -> None:
    thread, net = table
    ws = _open(thread, net.codes[0])
    assert "not JSON" in _refused(ws, "{nope")
    assert "not a JSON object" in _refused(ws, "[1]")
    assert "binary" in _refused(ws, b"\x00\x01")
    assert "needs the seat's code" in _refused(ws, json.dumps({"v": 1, "type": "action"}))
    assert "too large" in _refused(ws, json.dumps({"v": 1, "type": "ping", "code": "x" * 10_000}))
    assert "not JSON" in _refused(ws, "[" * 3000)
    assert "version" in _refused(ws, json.dumps({"v": 99, "type": "action", "code": net.codes[0]}))
    assert "unknown action" in _refused(ws, json.dumps({"v": 1, "type": "action", "code": net.codes[0],
                                                        "action": {"kind": "__import__"}, "n": 0}))
    ws.send("x" * 100_000)  # past what the library takes at all: the connection is closed with 1009
    with pytest.raises(ConnectionClosed) as closed:
        _next(ws, "never")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    _unchanged_and_up(thread, net, 0)


def test_out_of_turn_out_of_date_and_another_seats_actions_are_refused(table: tuple[ServerThread, NetTable]) -> None:
    thread, net = table
    mover = net.match.state.current_player
    other = 1 - mover
    ws = _open(thread, net.codes[other])
    assert "not your turn" in _refused(ws, _action(net, net.codes[other]))
    assert "not this connection's" in _refused(ws, _action(net, net.codes[mover]))  # another seat's code
    spectator = _open(thread, net.codes[-1])
    assert "spectators cannot act" in _refused(spectator, _action(net, net.codes[-1]))
    mine = _open(thread, net.codes[mover])
    assert "out of date" in _refused(mine, _action(net, net.codes[mover], n=5))
    _unchanged_and_up(thread, net, 0)
    mine.send(_action(net, net.codes[mover]))  # and a good action still goes through
    assert _next(mine, "update")["n"] >= 0
    deadline = time.monotonic() + 5
    while len(net.match.history) != 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(net.match.history) == 1


def test_a_wrong_or_reused_code_is_refused(table: tuple[ServerThread, NetTable]) -> None:
    thread, net = table
    for code in ("WRONGCODE1", net.codes[0]):
        if code == net.codes[0]:
            held = _open(thread, code)
        ws = connect(f"ws://{thread.server.address}", open_timeout=5)
        ws.send(json.dumps({"v": 1, "type": "hello", "code": code}))
        reason = _next(ws, "error")["reason"]
        assert ("unknown code" if code == "WRONGCODE1" else "already connected") in reason
        with pytest.raises(ConnectionClosed):
            _next(ws, "never")
    held.close()
    _unchanged_and_up(thread, net, 0)


def test_a_flood_is_refused_then_cut_off(table: tuple[ServerThread, NetTable]) -> None:
    thread, net = table
    ws = _open(thread, net.codes[0])
    ping = json.dumps({"v": 1, "type": "ping", "code": net.codes[0]})
    reasons: list[str] = []
    try:
        for _ in range(2000):
            ws.send(ping)
        while True:
            msg = json.loads(ws.recv(timeout=5))
            if msg["type"] == "error":
                reasons.append(msg["reason"])
    except ConnectionClosed as e:  # cut off: the close says why
        reasons.append(e.rcvd.reason if e.rcvd else "")
    except TimeoutError:
        pass
    assert any("too many messages" in r or "flooding" in r for r in reasons)
    _unchanged_and_up(thread, net, 0)


def test_a_client_killed_mid_game_rejoins_and_sees_the_same_position() -> None:
    thread, net = start("otys", ["remote", "random"])
    client, inbox = recording_client(thread.server.address, net.codes[0])
    deadline = time.monotonic() + 10
    while len(net.match.history) < 4 and time.monotonic() < deadline:  # the server bot has moved
        msg = inbox.get(timeout=5)
        if msg["type"] == "update" and msg.get("legal"):
            client.act(msg["legal"][0], msg["n"])
    client.close()  # gone mid-game: its last action and the server bot's answer may still land
    deadline = time.monotonic() + 10
    while (0 in net.connected or net.match.state.current_player != 0) and time.monotonic() < deadline:
        time.sleep(0.01)  # until the table waits for the absent seat
    moves = len(net.match.history)
    again, inbox2 = recording_client(thread.server.address, net.codes[0])
    update = next(m for m in iter(lambda: inbox2.get(timeout=15), None) if m["type"] == "update")
    assert update["n"] == moves and update["observation"] == json.loads(json.dumps(net.match.state.observation(0)))
    again.close()
    thread.stop()


def test_an_absent_seat_is_played_by_a_stand_in_after_the_wait() -> None:
    thread, net = start("octocube", ["remote", "remote"], wait=0.05)
    played, _ = play_all(thread.server.address, {0: net.codes[0]}, timeout_s=30)
    assert played[0].over and net.match.state.is_over
    assert thread.join(10)


def test_a_slow_client_does_not_stall_the_others() -> None:
    thread, net = start("cubitos", ["remote", "remote"])
    host, port = thread.server.address.split(":")
    slow = connect(f"ws://{thread.server.address}", open_timeout=5)
    slow.send(json.dumps({"v": 1, "type": "hello", "code": net.codes[-1]}))
    slow.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # and never reads again
    start_s = time.monotonic()
    played, _ = play_all(thread.server.address, {0: net.codes[0], 1: net.codes[1]}, timeout_s=40)
    assert played[0].over and played[1].over and time.monotonic() - start_s < 40
    slow.close()
