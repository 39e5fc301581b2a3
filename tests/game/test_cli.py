import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import registry
from game.cli import main, parser, table
from game.cli.stats import Progress, wilson
from game.cli.tournament import seating

registry.register("toy", "tests.game.toy")
ROOT = Path(__file__).resolve().parents[2]
REAL_GAMES = {"octocube": {}, "cubitos": {"card_set": "race1"}, "otys": {}}


def run_json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_prints_totals_and_saves_replayable_games(capsys, tmp_path):
    r = run_json(capsys, "simulate", "--game", "toy", "--players", "3", "--seats", "random,greedy,random",
                 "--games", "6", "--seed", "4", "--json", "--save-dir", str(tmp_path))
    assert r["games"] == 6 and r["errors"] == 0 and len(r["wins"]) == 3 and sum(r["wins"]) >= 6
    assert len(r["mean_scores"]) == 3 and r["mean_actions"] > 3 and r["seconds"] >= 0
    files = sorted(tmp_path.iterdir())
    assert len(files) == 6
    for f in files:
        assert main(["verify", str(f)]) == 0
    assert "valid: toy, 3 players" in capsys.readouterr().out


def test_simulate_is_reproducible_from_its_seed(capsys):
    argv = ["simulate", "--game", "toy", "--seats", "random,greedy", "--games", "5", "--seed", "8", "--json"]
    a, b = run_json(capsys, *argv), run_json(capsys, *argv)
    assert {k: v for k, v in a.items() if k != "seconds"} == {k: v for k, v in b.items() if k != "seconds"}


def test_one_seat_spec_without_players_seats_two(capsys):
    r = run_json(capsys, "simulate", "--game", "toy", "--seats", "greedy", "--games", "2", "--json")
    assert r["players"] == 2 and r["seats"] == ["greedy", "greedy"] and r["errors"] == 0


def test_a_save_dir_that_is_a_file_is_one_line_and_kept(capsys, tmp_path):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("keep me")
    assert main(["simulate", "--game", "toy", "--seats", "random", "--games", "1", "--save-dir", str(blocker)]) == 2
    err = capsys.readouterr().err
    assert "--save-dir" in err and "is a file, not a folder" in err and err.count("\n") == 1
    assert blocker.read_text() == "keep me"


def test_ctrl_c_is_one_line_that_says_where_the_games_are(capsys, tmp_path, monkeypatch):
    import game.cli.tournament as tournament

    def stopped(*a: object, **k: object) -> None:
        raise KeyboardInterrupt
    monkeypatch.setattr(tournament, "tournament", stopped)
    log = tmp_path / "t.jsonl"
    argv = ["tournament", "--game", "toy", "--seats", "random,greedy", "--games", "4", "--jobs", "1"]
    assert main([*argv, "--log", str(log)]) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "stopped" in err and str(log) in err and "resumes" in err
    assert main(argv) == 130
    assert capsys.readouterr().err == "stopped\n"


def test_verify_refuses_a_tampered_save_in_one_line(capsys, tmp_path):
    main(["simulate", "--game", "toy", "--seats", "random", "--players", "2", "--games", "1",
          "--save-dir", str(tmp_path)])
    path = next(tmp_path.iterdir())
    d = json.loads(path.read_text())
    d["actions"][0] = {"kind": "add", "n": 9}
    path.write_text(json.dumps(d))
    capsys.readouterr()
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert "not legal" in err and err.count("\n") == 1


def test_seating_rotates_every_bot_through_every_seat():
    rounds = [seating(3, g) for g in range(3)]
    assert all(sorted(r) == [0, 1, 2] for r in rounds)
    for seat in range(3):
        assert sorted(r[seat] for r in rounds) == [0, 1, 2]


def test_wilson_interval_matches_known_values():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)


def test_tournament_reports_win_rates_with_intervals(capsys):
    r = run_json(capsys, "tournament", "--game", "toy", "--players", "2", "--seats", "mcts:30it,random",
                 "--games", "12", "--seed", "1", "--json")
    assert r["played"] == 12 and r["errors"] == 0
    rates = [b["win_rate"] for b in r["bots"]]
    assert sum(rates) == pytest.approx(1.0)
    for b in r["bots"]:
        low, high = b["ci95"]
        assert low <= b["win_rate"] <= high and b["moves"] > 0
    assert r["bots"][0]["ms_per_move"] > r["bots"][1]["ms_per_move"]


def test_tournament_text_table(capsys):
    assert main(["tournament", "--game", "toy", "--seats", "greedy,random", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "95% interval" in out and "greedy" in out and "random" in out


@pytest.mark.parametrize("argv, message", [
    (["simulate", "--game", "chess"], "unknown game 'chess'"),
    (["simulate", "--game", "toy", "--seats", "random,wizard"], "unknown bot 'wizard'"),
    (["simulate", "--game", "toy", "--players", "3", "--seats", "random,random"], "3 players need 3 seats"),
    (["simulate", "--game", "toy", "--players", "9"], "2-4 players"),
    (["tournament", "--game", "toy", "--seats", "mcts:soon,random"], "bad mcts budget"),
    (["simulate", "--game", "toy", "--seats", "random", "--players", "2", "--games", "0"], "at least 1"),
    (["verify", "/nonexistent/save.json"], "cannot read"),
    (["speed", "--game", "chess"], "unknown game 'chess'"),
    (["speed", "--game", "toy", "--games", "0"], "at least 1"),
    # usage errors: one line each, not argparse's usage block
    ([], "required: command"),
    (["nonsense"], "invalid choice: 'nonsense'"),
    (["verify"], "required: file"),
    (["simulate", "--game"], "expected one argument"),
    (["tournament", "--game", "toy", "--games", "x"], "invalid int value: 'x'"),
    (["simulate", "--game", "toy", "--gmae", "toy"], "unrecognized arguments: --gmae"),
    (["fuzz", "--game", "toy", "--actions", "5", "--out", __file__], "is a file, not a folder"),
    (["fuzz", "--game", "toy", "--actions", "5", "--out", f"{__file__}/failures"], "is a file, not a folder"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def test_wrong_flag_exits_2_without_traceback():
    p = subprocess.run([sys.executable, "-m", "game", "simulate", "--gmae", "toy"], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stderr.count("\n") == 1
    assert p.stderr.startswith("error: ") and "--help" in p.stderr


@pytest.mark.parametrize("name", sorted(REAL_GAMES))
def test_real_games_through_the_command_line(capsys, tmp_path, name):
    options = [f"--option={k}={v}" for k, v in REAL_GAMES[name].items()]
    r = run_json(capsys, "simulate", "--game", name, "--players", "3", "--seats", "random", "--games", "2",
                 "--seed", "2", "--json", "--save-dir", str(tmp_path), *options)
    assert r["errors"] == 0 and r["games"] == 2 and r["mean_actions"] > 0
    for f in tmp_path.iterdir():
        assert main(["verify", str(f)]) == 0
    assert capsys.readouterr().out.count(f"valid: {name}") == 2
    r = run_json(capsys, "tournament", "--game", name, "--players", "2", "--seats", "mcts:5it,greedy",
                 "--games", "2", "--seed", "3", "--json", *options)
    assert r["played"] == 2 and r["errors"] == 0


@pytest.mark.parametrize("game,seats", [("toy", "mcts:10it,greedy,random"), ("octocube", "mcts:5it,greedy")])
def test_tournament_in_parallel_gives_the_report_of_one_process(capsys, game, seats):
    argv = ["tournament", "--game", game, "--seats", seats, "--games", "6", "--seed", "5", "--json"]
    one, two = run_json(capsys, *argv, "--jobs", "1"), run_json(capsys, *argv, "--jobs", "2")
    timings = {"seconds", "ms_per_move"}

    def untimed(r: dict) -> dict:
        return {k: [{f: x for f, x in b.items() if f not in timings} for b in v] if k == "bots" else v
                for k, v in r.items() if k not in timings}
    assert one["played"] == 6 and untimed(one) == untimed(two)


def test_tournament_jobs_must_be_positive(capsys):
    assert main(["tournament", "--game", "toy", "--seats", "random", "--players", "2", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_only_on_a_terminal():
    term, pipe = FakeTerminal(), io.StringIO()
    for stream in (term, pipe):
        bar = Progress(4, stream)
        bar.update(2, "greedy 50%")
        bar.close()
    assert "2/4" in term.getvalue() and "#" * 15 in term.getvalue() and "greedy 50%" in term.getvalue()
    assert pipe.getvalue() == ""


def test_game_options_are_gathered_from_flags():
    args = parser().parse_args(["simulate", "--game", "toy", "--seats", "random,greedy", "--card-set", "race1",
                                "--option", "laps=2", "--option", "sponsors=random", "--option", "spy-variant=true"])
    t = table(args)
    assert t.options == {"card_set": "race1", "laps": 2, "sponsors": "random", "spy_variant": True}
    assert t.players == 2 and t.specs == ["random", "greedy"]


def test_speed_reports_every_figure_per_game(capsys):
    result = run_json(capsys, "speed", "--game", "toy", "--games", "3", "--json")
    toy = result["toy"]
    assert set(toy) == {"actions_per_s", "actions_per_game", "clone_us", "iterations_per_s"}
    assert toy["actions_per_s"] > 0 and toy["clone_us"] > 0 and toy["iterations_per_s"] > 0
    assert toy["actions_per_game"] > 1


def test_a_reader_that_goes_away_gets_no_traceback():
    """`python -m game ... | head -c 1`: the output's reader closes its end before the report is written."""
    proc = subprocess.Popen([sys.executable, "-m", "game", "tournament", "--game", "octocube", "--seats",
                             "random,random", "--games", "2", "--jobs", "1", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err, err
