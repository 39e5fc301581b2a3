"""The bot worker thinks in a child process: the same moves as the bot in this process for the same
seed, no child left after cancel or close, and a dead child or failed job costs one line and a
fallback (a random legal move for a seat, no hint)."""
from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from game import registry
from game.bots import make_bot
from game.bots.hint import hint
from game.bots.jobs import HintJob, MoveJob
from render.bot_worker import NICENESS, BotWorker

WAIT_S = 30  # a child's start on a loaded machine


@pytest.fixture
def worker():
    w = BotWorker()
    yield w
    w.close()


def answer(worker: BotWorker, job, ticket="t"):
    worker.start(job, ticket)
    worker.wait(WAIT_S)
    result = worker.poll()
    assert result is not None and result[0] == ticket
    return result[1]


@pytest.mark.parametrize("game,spec", [("octocube", "mcts:40it"), ("cubitos", "greedy"), ("otys", "random")])
def test_the_child_plays_the_moves_the_bot_here_plays(worker, game, spec):
    rules = registry.get(game)
    state = rules.new_game(players=3, seed=5)
    here = make_bot(spec, rules, 0, 77)
    for _ in range(12):  # the seat's bot lives on in the child: its generator advances as here
        if state.is_over:
            break
        seat = state.current_player
        if seat == 0:
            expected = here.choose(state.clone())
            assert answer(worker, MoveJob(game, state.to_dict(), spec, 0, 77)) == expected
        else:
            expected = state.legal_actions()[0]
        state.apply(expected)


def test_a_hint_from_the_child_is_the_hint_made_here(worker):
    rules = registry.get("octocube")
    state = rules.new_game(players=2, seed=3)
    found = answer(worker, HintJob("octocube", state.to_dict(), 30.0, 1))
    assert found.action in state.legal_actions() and found.text == rules.describe_action(state, found.action)
    assert found.why in ("only", "rule", "search")
    assert hint(state, rules, budget_ms=1.0).action in state.legal_actions()


def test_the_job_done_wakes_the_caller():
    done = threading.Event()
    worker = BotWorker(on_done=done.set)
    try:
        state = registry.get("octocube").new_game(players=2, seed=1)
        worker.start(MoveJob("octocube", state.to_dict(), "random", 0, 1), "ticket")
        assert done.wait(WAIT_S)
        assert worker.poll()[0] == "ticket" and not worker.busy
    finally:
        worker.close()


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False  # a zombie still answers: the worker must have reaped it too


def midgame(game: str, plies: int = 17, seed: int = 6, players: int = 2):
    """A position some way into a game (not the opening, where every game's moves are few and
    alike), with the seat to move choosing among more than one move."""
    state = registry.get(game).new_game(players=players, seed=seed)
    for i in range(plies * 3):
        moves = state.legal_actions()
        if i >= plies and len(moves) > 1:
            return state
        state.apply(moves[(i * 7) % len(moves)])
    raise AssertionError(f"{game}: no choice of moves after {plies} plies")


def long_job(game: str = "octocube") -> MoveJob:
    state = midgame(game, players=4, seed=2)
    return MoveJob(game, state.to_dict(), "mcts:20000", state.current_player, 1)


@pytest.mark.parametrize("how", ["cancel", "close"])
def test_cancel_and_close_leave_no_child(worker, how):
    worker.start(long_job(), "t")
    pid = worker.pid
    assert pid is not None
    getattr(worker, how)()
    assert gone(pid) and worker.pid is None and not worker.busy and worker.poll() is None


def test_a_new_job_after_cancel_starts_another_child(worker):
    worker.start(long_job(), "old")
    worker.cancel()
    state = registry.get("octocube").new_game(players=2, seed=4)
    assert answer(worker, MoveJob("octocube", state.to_dict(), "random", 0, 1), "new") in state.legal_actions()


def test_a_child_that_dies_falls_back_to_a_random_legal_move(worker, capfd):
    job = long_job()
    worker.start(job, "t")
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(WAIT_S)
    ticket, move = worker.poll()
    assert ticket == "t" and move in registry.get("octocube").from_dict(job.position).legal_actions()
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "random legal move" in err[0]
    state = registry.get("octocube").new_game(players=2, seed=4)  # and the next job has a child again
    assert answer(worker, MoveJob("octocube", state.to_dict(), "random", 0, 1)) in state.legal_actions()


def test_a_failed_job_says_so_in_one_line(worker, capfd):
    state = registry.get("octocube").new_game(players=2, seed=4)
    assert answer(worker, MoveJob("octocube", state.to_dict(), "no-such-bot", 0, 1)) in state.legal_actions()
    assert answer(worker, HintJob("otys", {"bad": 1}, 10.0, 0)) is None
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 2 and "ValueError" in err[0] and "no hint" in err[1]


def test_the_child_thinks_at_a_lowered_priority(worker):
    """The window draws first: the thinking process runs NICENESS steps nicer than the window's."""
    state = registry.get("octocube").new_game(players=2, seed=3)
    answer(worker, MoveJob("octocube", state.to_dict(), "random", 0, 1))
    here = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, worker.pid) == min(19, here + NICENESS)


def test_a_timed_move_arrives_on_time_while_the_window_keeps_a_core_busy(worker):
    """At its lower priority the search still gets the cores the window leaves: a 200 ms move
    arrives (no fallback) while this thread spins as a drawing loop would."""
    state = registry.get("octocube").new_game(players=2, seed=3)
    answer(worker, MoveJob("octocube", state.to_dict(), "random", 0, 1))  # the child is up
    worker.start(MoveJob("octocube", state.to_dict(), "mcts:200", state.current_player, 1), "busy")
    start, got = time.monotonic(), None
    while got is None and time.monotonic() - start < WAIT_S:
        sum(range(10_000))
        got = worker.poll()
    assert got is not None and got[0] == "busy", "no move arrived"
    assert worker.fault is None  # the search's own move, not a fallback for a slow one
