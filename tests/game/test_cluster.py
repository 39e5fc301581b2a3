"""``--cluster``: tournaments, balance reports and fuzzing played on a Dask scheduler (issue 41).

A LocalCluster started here stands for machines elsewhere: its workers are other processes that
import the game as a remote worker would. What it plays must be what a local run plays, byte for
byte but for the clock; and a cluster that cannot be used is one line, exit 2, nothing played."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core import cluster, fuzz

distributed = pytest.importorskip("distributed", reason="the cluster extra (scripts/test installs it)")
TIMINGS = {"seconds", "ms_per_move"}


@pytest.fixture(scope="module")
def scheduler():
    """Two worker processes, one thread each, on this machine's loopback."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=50) as local:
        yield local.scheduler_address


def _json(capsys, *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def _untimed(report: dict) -> str:
    """The report as bytes, without what the clock decides (seconds taken, think time a move)."""
    kept = {k: [{f: x for f, x in b.items() if f not in TIMINGS} for b in v] if k == "bots" else v
            for k, v in report.items() if k not in TIMINGS}
    return json.dumps(kept, sort_keys=True)


@pytest.mark.parametrize("game,seats", [("octocube", "mcts:5it,greedy"), ("otys", "greedy,random,random"),
                                        ("cubitos", "greedy,random")])
def test_a_tournament_on_the_cluster_is_the_report_played_here(capsys, scheduler, game, seats):
    argv = ["tournament", "--game", game, "--seats", seats, "--games", "6", "--seed", "11", "--json"]
    here = _json(capsys, *argv, "--jobs", "1")
    there = _json(capsys, *argv, "--cluster", scheduler)
    assert here["played"] == 6 and here["errors"] == 0
    assert _untimed(there) == _untimed(here)


def test_a_stopped_tournament_resumes_on_the_cluster_from_its_log(capsys, scheduler, tmp_path):
    argv = ["tournament", "--game", "octocube", "--seats", "greedy,random", "--seed", "4", "--json",
            "--log", str(tmp_path / "log.jsonl")]
    _json(capsys, *argv, "--games", "3", "--jobs", "1")
    resumed = _json(capsys, *argv, "--games", "6", "--cluster", scheduler)
    whole = _json(capsys, "tournament", "--game", "octocube", "--seats", "greedy,random", "--seed", "4",
                  "--json", "--games", "6", "--jobs", "1")
    assert _untimed(resumed) == _untimed(whole)


def test_a_balance_report_on_the_cluster_is_the_one_written_here(scheduler, tmp_path):
    argv = ["balance", "--game", "cubitos", "--players", "2,3", "--games", "2", "--seats", "greedy", "--seed", "7"]

    def body(folder: Path) -> str:
        text = (folder / "cubitos.md").read_text()
        return text[text.index("\n## "):]  # below the header (date, timings, the command)
    assert main([*argv, "--out", str(tmp_path / "here"), "--jobs", "1"]) == 0
    assert main([*argv, "--out", str(tmp_path / "there"), "--cluster", scheduler]) == 0
    assert body(tmp_path / "there") == body(tmp_path / "here")


def test_fuzzing_on_the_cluster_checks_the_same_games(scheduler):
    chosen = fuzz.cases(["otys"])[:2]
    here = fuzz.run(chosen, 60, seed=5, jobs=1)
    there = fuzz.run(chosen, 60, seed=5, jobs=1, on=scheduler)
    assert list(there) == chosen
    assert [(t.actions, t.games, len(t.failures)) for t in there.values()] == \
           [(t.actions, t.games, len(t.failures)) for t in here.values()]


def test_fuzz_command_takes_the_cluster(capsys, scheduler, tmp_path):
    assert main(["fuzz", "--game", "octocube", "--actions", "60", "--cluster", scheduler,
                 "--out", str(tmp_path / "f")]) == 0
    out = capsys.readouterr().out
    assert "octocube" in out and " 0 failures" in out


def test_no_scheduler_at_the_address_is_one_line_and_nothing_played(capsys, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT_S", 1.0)
    code = main(["tournament", "--game", "octocube", "--seats", "greedy,random", "--games", "2",
                 "--cluster", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("error: no Dask scheduler answered at tcp://127.0.0.1:9")


def test_without_dask_the_flag_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra was not installed
    code = main(["fuzz", "--game", "octocube", "--actions", "10", "--cluster", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "pip install 'cubetable[cluster]'" in err


def test_workers_running_other_game_code_are_refused(capsys, scheduler, monkeypatch):
    monkeypatch.setattr(cluster, "code_digest", lambda: "edited here")  # this process only
    code = main(["tournament", "--game", "octocube", "--seats", "greedy,random", "--games", "2",
                 "--cluster", scheduler])
    err = capsys.readouterr().err
    assert code == 2 and "2 of the 2 workers" in err and "run other game code" in err


def test_the_code_digest_follows_the_rules_source():
    digest = cluster.code_digest()
    assert len(digest) == 16 and digest == cluster.code_digest()
    assert distributed.Client  # the extra is importable where the tests run
