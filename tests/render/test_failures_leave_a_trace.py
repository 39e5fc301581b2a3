"""Failures leave a trace, never a closed window (issue 36, section 2): the log in the state folder
(start-up facts, every one-line error, tracebacks), an exception at the table back to the menu
with the game saved as it was before the failing action, and a dead DISPLAY in one line (--screenshot
and --record never touch it)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from render import logfile
from render.options import Options
from tests.render.conftest import SIZE

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("CUBETABLE_HOME", str(tmp_path / "home"))
    logfile.stop()
    yield tmp_path / "home"
    logfile.stop()


def test_the_log_keeps_the_start_up_facts_and_every_one_line_error(home, capsys):
    from render.cli import main

    assert main(["--game", "chess"]) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith("cubetable: ") and "\n" not in said
    log = (home / "state" / "cubetable.log").read_text()
    assert "Cubetable 0.1" in log and "Python 3." in log and "settings " in log
    assert said[len("cubetable: "):] in log


def test_the_log_is_rotated_and_bounded(home):
    logfile.start()
    for i in range(3000):
        logfile.shown(f"line {i} " + "x" * 400)
    files = sorted((home / "state").glob("cubetable.log*"))
    assert 2 <= len(files) <= 1 + logfile.BACKUPS
    assert all(f.stat().st_size <= logfile.MAX_BYTES + 1000 for f in files)


@pytest.mark.gl
def test_an_exception_at_the_table_goes_to_the_log_and_back_to_the_menu_with_the_game_saved(gl_session, home):
    from render.app import App
    from render.screens.game import GameScreen
    from render.screens.menu import MenuScreen
    from render.screens.resume import ContinueScreen

    path = logfile.start()
    app = App(gl_session.extra, gl_session, Options(anim_speed=0.0), size=SIZE)
    try:
        app.start_game(Options(seats=["human", "human"], anim_speed=0.0, seed=4))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(2):
            screen.submit(screen.state.legal_actions()[0])
        before = list(screen.match.history)
        menu = _break_the_next_move(app, screen)
        assert isinstance(menu, MenuScreen) and menu.resumable
        assert "\n" not in menu.note and str(path) in menu.note and "saved" in menu.note
        app.tick(0)
        app.capture()  # the menu draws with its line
        log = path.read_text()
        assert "Traceback" in log and "RuntimeError: the view broke" in log and menu.note in log
        saved = json.loads(Path(screen.match.autosave).read_text())
        assert len(saved["actions"]) == len(before) == 2  # the autosave taken before the failing action
        app.show_continue()
        assert isinstance(app.screen, ContinueScreen) and app.screen.rows[0].moves == 2
        app.screen.click(("open", 0))
        assert isinstance(app.screen, GameScreen) and app.screen.match.history == before
    finally:
        app.close()


def _break_the_next_move(app, screen):
    """A view that breaks on the next move, as Otys' Spy did, and a key that makes that move: the
    screen the app shows after (the window stays: no exception escapes)."""
    def failing_play(events, state):
        raise RuntimeError("the view broke")
    screen.view.play = failing_play
    screen.on_key_press = lambda symbol, modifiers: screen.submit(screen.state.legal_actions()[0])
    app.window.dispatch_event("on_key_press", 65, 0)
    app.window.dispatch_events()
    return app.screen


@pytest.mark.gl
def test_with_no_log_the_menu_line_says_so_in_a_whole_sentence(gl_session, home):
    """No log could be opened (a read-only state folder): the line says the game is saved and that
    no details were kept, never "the details are in the log could not be written"."""
    from render.app import App
    from render.screens.menu import MenuScreen

    app = App(gl_session.extra, gl_session, Options(anim_speed=0.0), size=SIZE)
    try:
        app.start_game(Options(seats=["human", "human"], anim_speed=0.0, seed=4))
        app.screen.submit(app.screen.state.legal_actions()[0])
        menu = _break_the_next_move(app, app.screen)
        assert isinstance(menu, MenuScreen) and menu.resumable
        assert menu.note == ("Something went wrong: the game is saved (Continue picks it up); the log could "
                             "not be written, so no details were kept")
    finally:
        app.close()


def _dead_display() -> str:
    """A display number no X server answers (no socket for it)."""
    for n in range(87, 200):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return f":{n}"
    pytest.skip("no free display number")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X displays")
def test_a_dead_display_is_one_line_and_screenshot_and_record_never_touch_it(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYGLET_HEADLESS", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=_dead_display(), CUBETABLE_HOME=str(tmp_path / "home"))

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "render.cli", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=300)

    window = run("--game", "octocube")
    assert window.returncode == 2, window.stderr
    assert window.stderr.count("\n") == 1 and "cannot open a display" in window.stderr
    shot = run("--screenshot", str(tmp_path / "shot.png"), "--size", "160x96")
    assert shot.returncode == 0 and (tmp_path / "shot.png").stat().st_size > 0, shot.stderr
    film = run("--demo", "--record", str(tmp_path / "frames"), "--to", "1", "--size", "160x96", "--fps", "2",
               "--players", "2")
    assert film.returncode == 0 and list((tmp_path / "frames").glob("*.png")), film.stderr
