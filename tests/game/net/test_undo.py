"""Undo in a network game (issue #42): only one's own last move, before anyone else acts and before
anything hidden is shown; the host's match goes back and every seat is sent the position."""
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
from game.net.hosting import Hosting
from game.net.protocol import Refused
from game.net.seat_match import SeatMatch
from game.net.table import NetTable, Rewound, UndoRefused
from tests.game.net.tables import LOOPBACK, recording_client, start

pytestmark = [pytest.mark.timeout(60)]


def _quiet_move(match: Match, seat: int, rng: random.Random) -> bool:
    """Play, for ``seat`` to move, a legal action that reveals nothing (on a copy first); whether one was found."""
    actions = match.state.legal_actions()
    rng.shuffle(actions)
    for action in actions:
        trial = match.state.clone()
        if not any(e.reveal for e in trial.apply(action)):
            match.apply(action)
            return True
    return False


def _to_quiet_turn(match: Match, seat: int, rng: random.Random) -> None:
    """Random play until ``seat`` is to move and has a move that reveals nothing; that move is played."""
    for _ in range(2000):
        state = match.state
        assert not state.is_over
        if state.current_player == seat and _quiet_move(match, seat, rng):
            return
        match.apply(rng.choice(match.state.legal_actions()))
    raise AssertionError("no quiet move came")


@pytest.mark.parametrize("game", registry.shipped())
def test_the_own_undo_point_is_the_seat_s_last_move_and_its_forced_moves_never_across_a_reveal(game: str) -> None:
    rules, rng = registry.get(game), random.Random(7)
    for seed in range(3):
        match = Match(rules, 3, seed, [HUMAN] * 3)
        states = [match.state.clone()]
        while not match.state.is_over and len(match.history) < 400:
            match.apply(rng.choice(match.state.legal_actions()))
            states.append(match.state.clone())
            seat, revealed = match.last_move() or (-1, True)
            point = match.own_undo_point([seat])
            assert match.own_undo_point([s for s in range(3) if s != seat]) is None
            if revealed:
                assert point is None
                continue
            assert point is not None and point < len(match.history)
            seats = match._seat_of
            assert all(s == seat for s in seats[point:]) and not any(match._revealed[point:])
            assert all(len(states[i].legal_actions()) == 1 for i in range(point, len(match.history) - 1)), \
                "only forced moves are undone before the last"
            assert point == 0 or not (seats[point - 1] == seat and not match._revealed[point - 1]
                                      and len(states[point - 1].legal_actions()) == 1), "a forced move was left in"


def test_rewind_gives_the_position_and_log_that_playing_the_moves_gave() -> None:
    match = Match(registry.get("otys"), 2, 3, [HUMAN, HUMAN])
    rng = random.Random(3)
    for _ in range(30):
        match.apply(rng.choice(match.state.legal_actions()))
    state, log = match.state.to_dict(), list(match.log)
    for _ in range(10):
        match.apply(rng.choice(match.state.legal_actions()))
    match.rewind(30)
    assert match.state.to_dict() == state and match.log == log and len(match.history) == 30


def _table(game: str = "otys", seats: list[str] | None = None, seed: int = 2) -> NetTable:
    seats = seats or [HUMAN, HUMAN]
    match = Match(registry.get(game), len(seats), seed, seats)
    return NetTable(match, new_codes([s for s, spec in enumerate(seats) if spec == HUMAN]), local=[])


def test_a_table_undoes_a_seat_s_own_last_move_only_and_says_why_not() -> None:
    net, rng = _table(), random.Random(1)
    with pytest.raises(Refused, match="nothing to undo") as e:
        net.undo([0], 0)
    assert e.value.key == "nothing_to_undo"
    _to_quiet_turn(net.match, 0, rng)
    n, before = net.moves, net.match.history[:-1]
    with pytest.raises(Refused, match="spectators"):
        net.undo([SPECTATORS], n)
    with pytest.raises(Refused, match="out of date"):
        net.undo([0], n - 1)
    with pytest.raises(Refused) as e:
        net.undo([1], n)
    assert e.value.key == "undo_own_only" and net.moves == n
    done = net.undo([0], n)
    assert done.seat == 0 and done.point <= n - 1 and net.match.history == before[:done.point] and net.undos == 1


def test_an_undo_never_steps_back_across_a_reveal() -> None:
    net, rng = _table("cubitos", seed=4), random.Random(4)
    match = net.match
    while not (match.last_move() or (0, False))[1]:
        match.apply(rng.choice(match.state.legal_actions()))
    seat = (match.last_move() or (0, True))[0]
    with pytest.raises(Refused) as e:
        net.undo([seat], net.moves)
    assert e.value.key == "undo_hidden"


def _next(inbox: Any, kind: str, where: Any = lambda m: True, timeout: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        msg = inbox.get(timeout=max(0.01, deadline - time.monotonic()))
        if msg["type"] == kind and where(msg):
            return msg


def test_a_joiner_undoes_its_move_and_every_seat_is_sent_the_position_gone_back_to() -> None:
    thread, net = start("otys", ["remote", "remote"], seed=6)
    try:
        mover = net.match.state.current_player
        a, inbox_a = recording_client(thread.server.address, net.codes[mover])  # the seat to move
        b, inbox_b = recording_client(thread.server.address, net.codes[1 - mover])
        spectator, inbox_s = recording_client(thread.server.address, net.codes[SPECTATORS])
        _next(inbox_a, "welcome"), _next(inbox_b, "welcome"), _next(inbox_s, "welcome")
        rng = random.Random(6)
        quiet = next(action for action in net.match.state.legal_actions()
                     if not any(e.reveal for e in net.match.state.clone().apply(action)))
        a.act(quiet.to_dict(), 0)  # a move that shows nothing, then taken back
        _next(inbox_b, "update", lambda m: m["n"] == 1)
        b.undo(1)  # the other seat may not take it back
        assert _next(inbox_b, "error")["key"] == "undo_own_only"
        a.undo(1)
        for inbox, seat in ((inbox_a, mover), (inbox_b, 1 - mover), (inbox_s, SPECTATORS)):
            msg = _next(inbox, "update", lambda m: "undone" in m)
            assert msg["n"] == 0 and msg["undone"] == mover and msg["events"] == []
            assert msg["observation"] == json.loads(json.dumps(net.match.state.observation(seat)))
            assert ("legal" in msg) == (seat == mover)
        assert net.match.history == []
        a.undo(0)  # nothing left to undo
        assert _next(inbox_a, "error")["key"] == "nothing_to_undo"
        a.act(rng.choice(net.match.state.legal_actions()).to_dict(), 0)  # the game plays on from there
        assert _next(inbox_b, "update", lambda m: m["n"] == 1)["events"]
        for client in (a, b, spectator):
            client.close()
    finally:
        thread.stop()


def test_an_undo_comes_too_late_once_a_bot_has_moved() -> None:
    thread, net = start("octocube", ["remote", "random"], seed=3)
    try:
        a, inbox = recording_client(thread.server.address, net.codes[0])
        _next(inbox, "welcome")
        for _ in range(40):  # until seat 0's move lets the bot move at once
            msg = _next(inbox, "update", lambda m: "legal" in m or m["over"])
            assert not msg["over"]
            a.act(msg["legal"][0], msg["n"])
            after = _next(inbox, "update", lambda m, n=msg["n"]: m["n"] > n + 1 or "legal" in m and m["n"] > n)
            if after["n"] > msg["n"] + 1:  # the bot has moved since
                a.undo(after["n"])
                assert _next(inbox, "error")["key"] in ("undo_own_only", "undo_hidden")
                break
        else:
            raise AssertionError("the bot never moved")
        a.close()
    finally:
        thread.stop()


def test_the_host_s_window_follows_a_joiner_s_undo_and_a_move_made_before_it_is_dropped() -> None:
    match = Match(registry.get("otys"), 2, 8, [HUMAN, "remote"])
    hosting = Hosting(match, LOOPBACK, 0)
    invitation = hosting.start()
    joined = SeatMatch(Client(invitation.address, invitation.codes[1], retry_s=5))
    joined.client.start()
    rng, deadline = random.Random(8), time.monotonic() + 20

    def until(done: Any) -> Any:
        while not (got := done()):
            assert time.monotonic() < deadline, "timed out"
            joined.poll()
            while joined.advance() is not None:
                pass
            time.sleep(0.005)
        return got

    try:
        while match.state.current_player != 1:  # the host's person plays until the joiner is to move
            action = rng.choice(match.state.legal_actions())
            match.apply(action)
            hosting.forward(action)
        until(lambda: joined.legal and joined.moves == len(match.history))
        quiet = next(a for a in joined.legal if not any(e.reveal for e in match.state.clone().apply(a)))
        joined.apply(quiet)
        assert until(hosting.incoming) == [quiet]
        match.apply(quiet)
        n = len(match.history)
        hosting.undo([0], n)  # the host's person may not take back the joiner's move
        refused = until(hosting.incoming)
        assert len(refused) == 1 and isinstance(refused[0], UndoRefused) and refused[0].key == "undo_own_only"
        until(lambda: joined.moves == n and not joined.waiting)
        joined.undo()
        answers = until(hosting.incoming)
        assert len(answers) == 1 and isinstance(answers[0], Rewound) and answers[0].seat == 1
        point = answers[0].point
        assert point <= n - 1
        hosting.rewind(answers[0])
        assert hosting.table.match.state.to_dict() == match.state.to_dict() and len(match.history) == point
        # a move the window made before it had heard of that undo is dropped at the table
        hosting.server.play_here(match.state.legal_actions()[0], point, 0)
        time.sleep(0.2)
        assert len(hosting.table.match.history) == point
        until(lambda: joined.moves == point and joined.undone == 1)
        assert joined.legal == match.state.legal_actions() or match.state.current_player != 1
    finally:
        joined.client.close(2.0)
        hosting.stop()
