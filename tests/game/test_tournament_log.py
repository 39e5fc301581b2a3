"""``tournament --log``: a stopped run keeps its games and a rerun plays only the missing ones."""
import json

import pytest

from game import registry
from game.cli import main
from game.cli import tournament as tournament_cli

registry.register("toy", "tests.game.toy")
TIMINGS = {"seconds", "ms_per_move"}


def report(capsys, log, games=6, seats="mcts:10it,greedy,random", seed="5"):
    argv = ["tournament", "--game", "toy", "--seats", seats, "--games", str(games), "--seed", seed,
            "--jobs", "1", "--json"]
    assert main(argv + (["--log", str(log)] if log else [])) == 0
    return json.loads(capsys.readouterr().out)


def untimed(r: dict) -> dict:
    return {k: [{f: x for f, x in b.items() if f not in TIMINGS} for b in v] if k == "bots" else v
            for k, v in r.items() if k not in TIMINGS}


def count_plays(monkeypatch) -> list:
    played = []
    real = tournament_cli.play_unit

    def counting(unit):
        played.append(unit[1])
        return real(unit)
    monkeypatch.setattr(tournament_cli, "play_unit", counting)
    return played


def test_a_log_holds_a_line_a_game_and_a_rerun_plays_nothing(capsys, tmp_path, monkeypatch):
    log = tmp_path / "run.jsonl"
    first = report(capsys, log)
    lines = log.read_text().splitlines()
    assert len(lines) == 7 and json.loads(lines[0])["tournament"]["seats"] == ["mcts:10it", "greedy", "random"]
    assert [json.loads(line)["game"] for line in lines[1:]] == list(range(6))
    played = count_plays(monkeypatch)
    again = report(capsys, log)
    assert played == [] and log.read_text().splitlines() == lines
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in first.items() if k != "seconds"}


def test_a_stopped_run_resumes_to_the_report_of_an_unbroken_one(capsys, tmp_path, monkeypatch):
    whole = report(capsys, None)
    log = tmp_path / "run.jsonl"
    report(capsys, log)
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:3]) + "\n" + lines[3][:15])  # two games kept, the third cut mid-write
    played = count_plays(monkeypatch)
    resumed = report(capsys, log)
    assert len(played) == 4 and untimed(resumed) == untimed(whole)
    assert [json.loads(line)["game"] for line in log.read_text().splitlines()[1:]] == list(range(6))


def test_a_longer_run_reuses_the_games_of_a_shorter_one(capsys, tmp_path, monkeypatch):
    log = tmp_path / "run.jsonl"
    report(capsys, log, games=3)
    played = count_plays(monkeypatch)
    longer = report(capsys, log, games=6)
    assert len(played) == 3 and untimed(longer) == untimed(report(capsys, None, games=6))


@pytest.mark.parametrize("damage,message", [
    (lambda lines: ["not json"] + lines[1:], "not a tournament log"),
    (lambda lines: lines[:2] + ["{broken"] + lines[2:], "line 3 is damaged"),
    (lambda lines: lines[:2] + ['{"game": 1, "scores": [1, 2], "winners": [0], "actions": 3, '
                                '"think_seconds": [0, 0], "moves": [1, 1]}'] + lines[2:], "line 3 is damaged"),
])
def test_a_damaged_log_is_refused_in_one_line_and_left_as_it_is(capsys, tmp_path, damage, message):
    log = tmp_path / "run.jsonl"
    report(capsys, log, games=3)
    log.write_text("\n".join(damage(log.read_text().splitlines())) + "\n")
    before = log.read_bytes()
    assert main(["tournament", "--game", "toy", "--seats", "mcts:10it,greedy,random", "--games", "6",
                 "--seed", "5", "--jobs", "1", "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert log.read_bytes() == before


def test_the_log_of_another_tournament_is_refused(capsys, tmp_path):
    log = tmp_path / "run.jsonl"
    report(capsys, log, games=2)
    before = log.read_bytes()
    assert main(["tournament", "--game", "toy", "--seats", "greedy,random", "--games", "2", "--seed", "5",
                 "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "holds another tournament" in err and "toy, 3 players" in err and err.count("\n") == 1
    assert log.read_bytes() == before


def test_a_log_in_a_missing_folder_is_refused_before_any_game(capsys, tmp_path, monkeypatch):
    played = count_plays(monkeypatch)
    assert main(["tournament", "--game", "toy", "--seats", "greedy,random", "--games", "2",
                 "--log", str(tmp_path / "no" / "run.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "cannot write the log" in err and err.count("\n") == 1 and played == []
