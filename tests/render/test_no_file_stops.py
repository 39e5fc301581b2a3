"""No file stops the program (issue 36, section 5): a damaged settings file, options that do not go
together, a bot that would think for ever, a file name holding control characters, a disk that
recovers. Each is one line (or none), never a traceback, and the program goes on."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from render import settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def config(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    (tmp_path / "config").mkdir()
    return tmp_path / "config"


def _lines(capsys) -> list[str]:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.strip().splitlines()


# ---- settings -------------------------------------------------------------------------------
BAD_VALUES = {
    "hard_ms": -5, "expert_ms": -1000, "anim_speed": -5, "volume": 3, "camera_speed": 0,
    "window": [0, 0], "guide": 1, "language": ["en"], "last_menu": {"players": "three"},
}
BAD_VALUES_RAW = {"hard_ms": 10**15, "expert_ms": 10**15, "anim_speed": float("nan")}


@pytest.mark.parametrize("text, why", [
    ("{not json", "bad JSON"),
    ("[" * 5000 + "]" * 5000, "nested"),
    ('{"a":' * 50 + "1" + "}" * 50, "nested"),
    ('{"hard_ms": ' + "9" * 5000 + "}", "bad JSON"),
    ("[1, 2]", "not a JSON object"),
    ("\xff\xfe", "UTF-8"),
])
def test_a_damaged_settings_file_is_said_once_and_set_aside_at_once(config, capsys, text, why):
    settings.path().write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe")
    before = settings.path().read_bytes()
    for _ in range(4):  # a start reads the settings several times
        assert settings.load() == settings.DEFAULTS
    (line,) = _lines(capsys)
    assert why in line and "settings.json.damaged" in line
    assert (config / "settings.json.damaged").read_bytes() == before  # set aside before any save
    settings.save(volume=0.5)
    assert settings.load()["volume"] == 0.5 and _lines(capsys) == []
    assert (config / "settings.json.damaged").read_bytes() == before


def test_every_bad_value_takes_its_default_in_one_line_and_the_good_ones_stay(config, capsys):
    good = {"mute": True, "marks": False, "auto_forced": True}
    text = json.dumps(BAD_VALUES | good)[:-1] + ', "hard_ms": 1e999, "anim_speed": NaN, "expert_ms": ' \
        + str(10**15) + "}"
    settings.path().write_text(text)
    for _ in range(3):
        loaded = settings.load()
        assert loaded == settings.DEFAULTS | good, loaded
    (line,) = _lines(capsys)
    for key in (*BAD_VALUES, "hard_ms", "anim_speed"):
        assert key in line, key
    assert (config / "settings.json.damaged").read_text() == text
    assert json.loads(settings.path().read_text()) == good  # what was good is kept in the file


def test_settings_that_are_no_file_never_block(config, capsys):
    os.mkfifo(settings.path())
    got = []
    reader = threading.Thread(target=lambda: got.append(settings.load()), daemon=True)
    reader.start()
    reader.join(60)  # opening a FIFO to read waits for a writer: forever, if load opened it
    assert not reader.is_alive(), "loading the settings blocked on a FIFO"
    assert got == [settings.DEFAULTS]
    (line,) = _lines(capsys)
    assert "FIFO" in line and not settings.path().exists()
    settings.path().symlink_to("/dev/zero")
    assert settings.load() == settings.DEFAULTS and "device" in _lines(capsys)[0]


def test_a_last_menu_of_only_a_game_opens_the_menu(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"last_menu": {"game": "cubitos"}}))
    env = {**os.environ, "CUBETABLE_HOME": str(tmp_path / "home"), "CUBETABLE_CONFIG_DIR": str(config),
           "PYGLET_HEADLESS": "1"}
    done = subprocess.run([sys.executable, "-m", "render.cli", "--frames", "2"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "error" not in done.stderr, done.stderr


def test_a_bad_anim_speed_or_bot_time_in_the_settings_never_refuses_a_start(config, capsys):
    from game import registry
    from game.bots import make_bot
    from render.screens.game import bot_spec
    from render.cli import build_parser, make_options

    settings.path().write_text(json.dumps({"anim_speed": -5, "hard_ms": -5, "expert_ms": 10**12}))
    options = make_options(build_parser().parse_args(["--game", "octocube", "--seats", "human,hard"]))
    assert options.anim_speed == settings.DEFAULTS["anim_speed"]
    prefs = settings.load()
    for level in ("hard", "expert"):
        make_bot(bot_spec(level, prefs), registry.get("octocube"), 1, 1)  # no ValueError
    assert len(_lines(capsys)) == 1


# ---- the command line ------------------------------------------------------------------------
@pytest.mark.parametrize("argv, words", [
    (["--anim-speed", "nan"], "--anim-speed"),
    (["--anim-speed", "inf"], "--anim-speed"),
    (["--anim-speed", "-5"], "--anim-speed"),
    (["--game", "octocube", "--seats", "human,mcts:99999999999999999"], "mcts"),
    (["--load", "a.json", "--replay", "b.json"], "--load and --replay"),
    (["--load", "cubitos.json", "--game", "octocube"], "is a cubitos game, not octocube"),
    (["--replay", "cubitos.json", "--game", "octocube"], "is a cubitos game, not octocube"),
    (["--demo", "--load", "a.json"], "--load and --demo"),
    (["--demo", "--replay", "a.json"], "--replay and --demo"),
    (["--screenshot", "a.png", "--record", "b.mp4"], "--screenshot and --record"),
])
def test_options_that_cannot_be_are_one_line_and_exit_2(tmp_path, monkeypatch, capsys, argv, words):
    from render.cli import main
    from render.paths import HOME_VAR

    monkeypatch.setenv(HOME_VAR, str(tmp_path))
    monkeypatch.chdir(tmp_path)
    from game import registry
    from game.core.match import Match

    Match(registry.get("cubitos"), 2, 1, ["human", "human"]).save(tmp_path / "cubitos.json")
    assert main([*argv, "--screenshot" if "--screenshot" not in argv else "--size", "x.png"
                 if "--screenshot" not in argv else "320x200"]) == 2
    (line,) = _lines(capsys)
    assert line.startswith("cubetable: ") and words in line, line
    assert not (tmp_path / "x.png").exists() and not (tmp_path / "a.png").exists()


def test_a_huge_thinking_time_keeps_the_watchdog_alive():
    from render.bot_worker import BotWorker

    worker = BotWorker()
    for patience in (1e300, 10**17 / 1000 * 1.5, float("nan")):
        worker._watch(1, patience)
        time.sleep(0.1)
        assert worker._watchdog is not None and worker._watchdog.is_alive(), patience
    worker.close()


# ---- messages --------------------------------------------------------------------------------
def test_file_names_are_printed_escaped(tmp_path, capsys, monkeypatch):
    from render.paths import HOME_VAR

    monkeypatch.setenv(HOME_VAR, str(tmp_path))  # --home sets it for the process: put it back afterwards
    from game.cli import main as game_main

    path = tmp_path / "evil\x1b[31m\nname.json"
    path.write_text("{not json")
    assert game_main(["verify", str(path)]) == 2
    (line,) = _lines(capsys)
    assert "\x1b" not in line and "\\x1b[31m\\nname.json" in line
    from render.cli import main

    for flag in ("--load", "--replay"):
        assert main([flag, str(path), "--screenshot", str(tmp_path / "x.png"), "--home", str(tmp_path)]) == 2
        (line,) = _lines(capsys)
        assert "\x1b" not in line and "\\x1b[31m\\nname.json" in line


def test_a_could_not_autosave_line_goes_when_the_disk_recovers(app, tmp_path):
    from game import registry
    from game.core.match import Match
    from render.screens.game import GameScreen

    folder = tmp_path / "disk"
    folder.write_text("a file where the autosave's folder should be: every write fails")
    autosave = folder / "auto.json"
    options = replace(app.options, game="octocube", seats=["human", "human"], save=str(autosave))
    app.start_game(options, Match(registry.get("octocube"), 2, 3, ["human", "human"], autosave=autosave))
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.submit(screen.state.legal_actions()[0])
    assert screen.match.autosave_error and "autosave" in screen.message
    folder.unlink()
    folder.mkdir()  # the disk recovers
    screen.submit(screen.state.legal_actions()[0])
    assert screen.match.autosave_error == "" and screen.message == "" and autosave.is_file()
