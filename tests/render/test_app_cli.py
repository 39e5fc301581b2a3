"""The cubetable command's answers to bad input: one line on stderr, exit 2, no traceback."""
from __future__ import annotations

import json

import pytest

from render.cli import main


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    return code, err


@pytest.mark.parametrize("argv, words", [
    (["--game", "chess", "--screenshot", "x.png"], "unknown game 'chess'"),
    (["--game", "octocube", "--players", "3", "--seats", "human,random", "--screenshot", "x.png"], "names 2 seats"),
    (["--game", "octocube", "--players", "5", "--screenshot", "x.png"], "takes 2-4 players"),
    (["--game", "octocube", "--seats", "human,wizard", "--screenshot", "x.png"], "unknown bot 'wizard'"),
    (["--game", "octocube", "--size", "huge", "--screenshot", "x.png"], "bad --size 'huge'"),
    (["--game", "octocube", "--variant", "deluxe", "--screenshot", "x.png"], "deluxe"),
    (["--players", "two"], "invalid int value"),
    (["--anim-speed", "-1", "--game", "octocube", "--screenshot", "x.png"], "--anim-speed"),
    (["--game", "cubitos", "--card-set", "nope", "--screenshot", "x.png"], "unknown card set 'nope'"),
    (["--game", "cubitos", "--track", "moon", "--screenshot", "x.png"], "unknown Cubitos track 'moon'"),
    (["--game", "cubitos", "--track", "ahead-of-the-curve", "--laps", "3", "--screenshot", "x.png"], "laps must be 1"),
    (["--game", "octocube", "--track", "x", "--screenshot", "x.png"], "octocube has no option track"),
    (["--game", "cubitos", "--show", "score", "--screenshot", "x.png"], "--show 'score' means nothing for Cubitos"),
    (["--game", "cubitos", "--forced", "maybe"], "invalid choice"),
    (["--game", "octocube", "--screenshot", "x.png", "--after", "-5"], "--after: must be 0 or more, not -5"),
    (["--game", "octocube", "--screenshot", "x.png", "--after", "3", "--mid", "-2"], "--mid: must be 0 or more"),
    (["--frames", "-1"], "--frames: must be 0 or more"),
    (["--frames", "ten"], "--frames: give a number, not 'ten'"),
    (["--size", "800x480", "--frames", "1"], "--size 800x480 is smaller than the smallest window, 1024x600"),
])
def test_bad_arguments_get_one_line_and_exit_2(capsys, argv, words):
    code, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("cubetable: ") and words in err
    assert "Traceback" not in err


def test_output_files_named_wrong_are_one_line_before_any_work(capsys, tmp_path):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("keep me")
    for argv, words in [
        (["--game", "otys", "--screenshot", str(tmp_path)], "is a folder; give a file name"),
        (["--game", "otys", "--screenshot", str(blocker / "x.png")], "is not a folder"),
        (["--game", "otys", "--demo", "--record", str(blocker / "film")], "is not a folder"),
        (["--game", "otys", "--save", str(blocker / "a.json"), "--screenshot", str(tmp_path / "x.png")],
         "is not a folder"),
    ]:
        code, err = run(capsys, *argv)
        assert code == 2 and err.count("\n") == 1 and words in err and "Traceback" not in err, (argv, err)
    assert blocker.read_text() == "keep me" and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_missing_and_damaged_save_files(capsys, tmp_path):
    code, err = run(capsys, "--load", str(tmp_path / "nope.json"), "--screenshot", "x.png")
    assert code == 2 and "cannot read" in err and err.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, err = run(capsys, "--load", str(bad), "--screenshot", "x.png")
    assert code == 2 and "not a save file" in err and err.count("\n") == 1
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"format": "something-else"}))
    code, err = run(capsys, "--load", str(foreign), "--screenshot", "x.png")
    assert code == 2 and "not a Cubetable save file" in err


def test_a_window_needs_a_display(capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, err = run(capsys, "--game", "octocube")
    assert code == 2 and "no display" in err


def test_help_lists_the_options(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    out = capsys.readouterr().out
    assert e.value.code == 0
    for option in ("--game", "--players", "--seats", "--seed", "--variant", "--anim-speed", "--load",
                   "--show-all-scores", "--screenshot", "--after", "--size", "--demo"):
        assert option in out


def test_the_main_loop_runs_a_demo_with_animation_and_quits_after_its_frames(tmp_path):
    """The real pyglet event loop (not the tests' manual ticks): bots move, animations play."""
    import os
    import subprocess
    import sys

    save = tmp_path / "demo.json"
    env = dict(os.environ, PYGLET_HEADLESS="1")
    done = subprocess.run([sys.executable, "-m", "render.cli", "--demo", "--players", "3", "--seats",
                           "random,random,random", "--seed", "4", "--frames", "40", "--size", "1024x600",
                           "--save", str(save)], env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    assert save.exists(), done.stderr
    assert json.loads(save.read_text())["actions"], done.stderr  # the bots moved while the window drew


def test_a_saved_game_loads_for_a_screenshot_and_other_games_are_refused(capsys, tmp_path, monkeypatch):
    from game import registry
    from game.core.match import Match

    match = Match(registry.get("octocube"), 3, 4, ["human", "random", "random"])
    for _ in range(6):
        match.apply(match.state.legal_actions()[0])
    match.save(tmp_path / "octo.json")
    out = tmp_path / "shot.png"
    code, err = run(capsys, "--load", str(tmp_path / "octo.json"), "--screenshot", str(out), "--size", "320x200")
    assert code == 0 and out.read_bytes()[:4] == b"\x89PNG", err
    monkeypatch.setitem(registry._MODULES, "toy", "tests.game.toy")
    toy = Match(registry.get("toy"), 2, 1)
    toy.save(tmp_path / "toy.json")
    code, err = run(capsys, "--load", str(tmp_path / "toy.json"), "--screenshot", str(out))
    assert code == 2 and "toy game, which cannot be played on screen" in err and err.count("\n") == 1


def test_cubitos_options_go_straight_to_that_table():
    from render.cli import build_parser, make_options

    options = make_options(build_parser().parse_args(
        ["--game", "cubitos", "--card-set", "race3", "--track", "testing-the-waters", "--seed", "4",
         "--seats", "human,odds", "--forced", "ask"]))
    match = options.new_match()
    assert match.state.setup.set_name == "race3" and match.state.setup.track == "testing-the-waters"
    assert options.auto_forced is False and match.seats == ["human", "odds"]


def test_a_screenshot_in_mid_move_differs_from_the_settled_one(capsys, tmp_path):
    from render.gl.png import read_png

    still, moving = tmp_path / "still.png", tmp_path / "moving.png"
    args = ["--game", "cubitos", "--players", "2", "--seed", "3", "--after", "7", "--size", "320x180",
            "--seats", "odds,odds"]  # bots only: the home sees the whole table, the pushing seat's dice too
    assert run(capsys, *args, "--screenshot", str(still))[0] == 0
    assert run(capsys, *args, "--screenshot", str(moving), "--mid", "0.2")[0] == 0
    a, b = read_png(still), read_png(moving)
    assert a.shape == b.shape and (a != b).any()  # move 7 is a push: its dice still tumble at 0.2 s


def test_otys_spy_variant_from_the_command_line():
    from render.cli import build_parser, make_options

    options = make_options(build_parser().parse_args(["--game", "otys", "--spy", "--variant", "advanced"]))
    assert options.game_options == {"spy_variant": True} and options.variant == "advanced"
    assert options.new_match().state.spy_variant is True


def test_seats_alone_set_how_many_play():
    """``--seats human,human,human`` is a three-seat game without ``--players 3``; both given must agree."""
    from render.cli import UsageError, build_parser, make_options

    assert make_options(build_parser().parse_args(["--game", "octocube", "--seats", "human,human,human"])).players == 3
    assert make_options(build_parser().parse_args(["--game", "octocube"])).players == 2
    with pytest.raises(UsageError, match="names 3 seats but --players is 2"):
        make_options(build_parser().parse_args(["--game", "octocube", "--players", "2", "--seats", "human,human,human"]))


def test_the_cold_table_time_presses_start_on_the_menu_and_times_the_table(tmp_path):
    """--first-table-time (scripts/bench: cold_table_ms), on empty user folders: the menu comes, Start
    is pressed on it (the settings keep the menu's choice), and the program ends after the table's
    first frame, saying when each happened."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYGLET_HEADLESS="1", CUBETABLE_CONFIG_DIR=str(tmp_path / "config"),
               **{f"XDG_{k}_HOME": str(tmp_path / k.lower()) for k in ("CACHE", "CONFIG", "DATA", "STATE")})
    done = subprocess.run([sys.executable, "-m", "render.cli", "--first-table-time", "--game", "cubitos",
                           "--save", str(tmp_path / "autosave.json")], env=env, capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr
    said = dict(line.split(" at ") for line in done.stdout.splitlines())
    assert float(said["start"]) <= float(said["table"])
    assert json.loads((tmp_path / "config" / "settings.json").read_text())["last_menu"]["game"] == "cubitos"
