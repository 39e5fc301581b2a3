"""Broken bots on purpose, through the real worker (child process, forkserver): a bot that raises,
one that hangs past its patience, one that answers with an illegal move. Each costs one line on
stderr, a fault the screen can word, and a random legal move; the worker keeps working after."""
from __future__ import annotations

import pytest

from game import registry
from game.bots import jobs
from game.bots.factory import budget_ms
from game.bots.jobs import HintJob, MoveJob
from render.bot_worker import FAULT_ERROR, FAULT_ILLEGAL, FAULT_SLOW, BotWorker
from game.core import IllegalAction
from tests.game.faulty import HANG, ILLEGAL, RAISE, FaultyJob, HangingHintJob, illegal_move
from tests.render.test_bot_worker import WAIT_S, answer, gone, midgame


@pytest.fixture
def worker():
    w = BotWorker()
    yield w
    w.close()


def faulty(fault: str, spec: str = "random", game: str = "octocube", seed: int = 3) -> FaultyJob:
    state = midgame(game)
    return FaultyJob(game, state.to_dict(), spec, state.current_player, seed, fault)


def legal_there(job, move) -> bool:
    return move in registry.get(job.game).from_dict(job.position).legal_actions()


def one_line_said(capfd, *words: str) -> None:
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and all(w in err[0] for w in words), err


def still_works(worker: BotWorker) -> None:
    state = registry.get("octocube").new_game(players=2, seed=4)
    assert answer(worker, MoveJob("octocube", state.to_dict(), "random", 0, 1)) in state.legal_actions()
    assert worker.fault is None


@pytest.mark.parametrize("game", ["octocube", "cubitos", "otys"])
@pytest.mark.parametrize("fault,kind,words", [(RAISE, FAULT_ERROR, ("RuntimeError", "on purpose")),
                                              (ILLEGAL, FAULT_ILLEGAL, ("refused", "not a legal move"))])
def test_a_bot_that_raises_or_cheats_costs_one_line_and_a_random_legal_move(worker, capfd, fault, kind, words, game):
    job = faulty(fault, game=game)
    move = answer(worker, job)
    assert legal_there(job, move), move
    if fault == ILLEGAL:
        assert move != illegal_move(registry.get(game).from_dict(job.position))  # not the cheat passed on
    assert worker.fault == kind
    one_line_said(capfd, *words, "random legal move")
    still_works(worker)


def test_a_bot_that_hangs_is_ended_by_the_watchdog(worker, capfd, monkeypatch):
    monkeypatch.setattr(jobs, "PATIENCE_GRACE_S", 1.0)  # mcts:100 -> 0.1 s x 2 + 1 s
    job = faulty(HANG, spec="mcts:100")
    assert job.patience_s() == pytest.approx(1.2)
    worker.start(job, "t")
    pid = worker.pid
    worker.wait(WAIT_S)
    ticket, move = worker.poll()
    assert ticket == "t" and legal_there(job, move) and worker.fault == FAULT_SLOW
    assert gone(pid) and worker.pid is None
    one_line_said(capfd, "no answer within 1 s", "random legal move")
    still_works(worker)


def test_a_hint_whose_thinking_hangs_gives_no_hint(worker, capfd, monkeypatch):
    monkeypatch.setattr(jobs, "PATIENCE_GRACE_S", 1.0)
    state = registry.get("octocube").new_game(players=2, seed=3)
    assert answer(worker, HangingHintJob("octocube", state.to_dict(), 100.0, 1)) is None
    assert worker.fault == FAULT_SLOW
    one_line_said(capfd, "no answer within", "no hint")


def test_the_patience_is_the_thinking_time_twice_and_a_grace():
    state = registry.get("otys").new_game(players=2, seed=1).to_dict()
    expert = MoveJob("otys", state, "expert", 0, 1).patience_s()
    assert expert == budget_ms("expert") / 1000 * jobs.PATIENCE_FACTOR + jobs.PATIENCE_GRACE_S >= 15
    assert MoveJob("otys", state, "mcts:200it", 0, 1).patience_s() == jobs.UNTIMED_PATIENCE_S
    assert MoveJob("otys", state, "greedy", 0, 1).patience_s() == jobs.UNTIMED_PATIENCE_S
    assert HintJob("otys", state, 800.0, 1).patience_s() == 0.8 * jobs.PATIENCE_FACTOR + jobs.PATIENCE_GRACE_S


def test_a_hint_of_an_illegal_move_is_refused():
    state = registry.get("octocube").new_game(players=2, seed=3)
    job = HintJob("octocube", state.to_dict(), 30.0, 1)
    data = {"action": state.legal_actions()[0].to_dict(), "text": "", "reason": "", "why": "only", "why_args": {}}
    assert job.answer(data).action == state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="not a legal move"):
        job.answer({**data, "action": illegal_move(state).to_dict()})


def test_the_fallback_is_a_random_legal_move_not_always_the_same_one(worker, capfd):
    """Seeds that differ give moves that differ: the fallback draws among the legal moves."""
    moves = set()
    for seed in range(6):
        job = faulty(RAISE, game="otys", seed=seed)
        move = answer(worker, job)
        assert legal_there(job, move)
        moves.add(move)
    assert len(moves) > 1, moves
    capfd.readouterr()
