"""Issue 36, section 4, on the screen: About in the menu (version, the log, the licences) and the
replay viewer's Record without the optional PyAV (one line saying how to install it)."""
from __future__ import annotations

import sys
import tomllib

import pytest

from tests.test_wheel import ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
pytestmark = pytest.mark.gl


def test_without_pyav_the_replay_viewers_record_says_how_to_install_it(app, tmp_path, monkeypatch):
    from game import registry
    from game.core.match import Match

    monkeypatch.setitem(sys.modules, "av", None)
    monkeypatch.setenv("CUBETABLE_HOME", str(tmp_path / "home"))
    m = Match(registry.get("octocube"), 2, 3, ["random", "random"])
    m.apply(m.state.legal_actions()[0])
    m.save(tmp_path / "game.json")
    app.open_replay(tmp_path / "game.json")
    screen = app.screen
    screen.command("record")
    assert screen.film is None and "cubetable[record]" in screen.message and "\n" not in screen.message


def test_about_in_the_menu_shows_the_version_the_log_and_the_licences(app, tmp_path, monkeypatch):
    from pyglet.window import key

    monkeypatch.setenv("CUBETABLE_HOME", str(tmp_path / "home"))
    app.show_menu(quick=True)
    assert any(b.value == "about" for b in app.screen.menu.buttons)
    app.window.dispatch_event("on_key_press", key.A, 0)
    app.window.dispatch_events()
    words = " ".join(app.screen.dialog.texts())
    assert PROJECT["version"] in words and "cubetable.log" in words and "MIT" in words and "pyglet" in words
    app.window.dispatch_event("on_key_press", key.ESCAPE, 0)
    app.window.dispatch_events()
    assert app.screen.dialog.shown == "" and app.on_quit is not None
