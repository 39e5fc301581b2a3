"""The README's Settings paragraph and the --size default, through the window as a person uses it:
full screen (F11 or the panel) turns the window to full screen and back and is remembered; the
window's size when it closes is the next start's; switching the language re-words the log."""
from __future__ import annotations

import json
import re

import pytest
from pyglet.window import key

from render import cli, settings
from render.options import Options
from tests.render.screens.test_app_screens import button, click, frames, send

pytestmark = pytest.mark.gl


class Window:
    """The session's hidden window with what a window manager does to a real one: it goes full
    screen when asked and takes the size it is dragged to (the headless window does neither)."""

    def __init__(self, real, size=(1280, 720)) -> None:
        self._real, self.fullscreen, self.asked = real, False, []
        self.width, self.height = size

    def set_fullscreen(self, on: bool) -> None:
        self.asked.append(on)
        self.fullscreen = on

    def get_framebuffer_size(self) -> tuple[int, int]:
        return self.width, self.height

    def __getattr__(self, name):
        return getattr(self._real, name)


@pytest.fixture
def windowed(gl_session, tmp_path, monkeypatch):
    """An App in a window of its own size (not the tests' fixed offscreen size), settings in tmp_path."""
    from render.app import App

    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    apps = []

    def make():
        window = Window(gl_session.extra)
        a = App(window, gl_session, Options(save=str(tmp_path / "game.json"), anim_speed=0.0))
        a.on_quit = lambda: None
        apps.append(a)
        return a
    yield make
    for a in apps:
        a.close()


def test_f11_and_the_panel_turn_full_screen_on_and_off_and_it_is_remembered(windowed):
    app = windowed()
    app.start_game(Options(seats=["human", "random"], seed=3, anim_speed=0.0, save=app.options.save))
    send(app, "on_key_press", key.F11, 0)
    assert app.window.fullscreen and app.window.asked == [True]
    assert json.loads(settings.path().read_text())["fullscreen"] is True
    send(app, "on_key_press", key.F11, 0)
    assert not app.window.fullscreen and settings.load()["fullscreen"] is False
    send(app, "on_key_press", key.F2, 0)  # the settings panel's row does the same
    click(app, *button(app.panel, ("set", "fullscreen", True)).centre)
    assert app.window.fullscreen and settings.load()["fullscreen"] is True
    assert windowed().prefs["fullscreen"] is True  # a new start reads it back


def test_the_window_opens_next_time_at_the_size_it_had_when_it_closed(windowed, monkeypatch):
    app = windowed()
    app.show_menu(quick=True)
    app.window.width, app.window.height = 1100, 650  # the person drags the window's corner
    send(app, "on_resize", 1100, 650)
    assert (app.width, app.height) == (1100, 650)
    send(app, "on_close")
    opened = []

    def open_window(size, visible):
        opened.append(size)
        raise SystemExit(0)
    monkeypatch.setattr(cli, "open_window_or_say", open_window)
    for argv, size in (([], (1100, 650)), (["--size", "1024x768"], (1024, 768))):
        with pytest.raises(SystemExit):
            cli.run(["--frames", "1", *argv])
        assert opened.pop() == size


def test_switching_the_language_re_words_the_log_at_once(new_app, tmp_path, monkeypatch):
    from render import i18n

    if i18n.cjk_font() is None:
        pytest.skip("no CJK font on this machine")  # CI installs one (test_i18n: the font CI installs is found)
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    app = new_app(Options(save=str(tmp_path / "game.json"), anim_speed=0.0))
    app.start_game(Options(seats=["human", "human"], seed=5, anim_speed=0.0, save=app.options.save))
    screen = app.screen
    for _ in range(4):
        screen.submit(screen.state.legal_actions()[0])
    frames(app, 1)
    english = [line for line in screen.log_panel.texts() if re.search("[A-Za-z]{3}", line)]
    assert len(english) >= 4
    send(app, "on_key_press", key.F2, 0)
    click(app, *button(app.panel, ("set", "language", "ja")).centre)
    send(app, "on_key_press", key.ESCAPE, 0)
    frames(app, 1)
    shown = screen.log_panel.texts()
    assert not set(english) & set(shown), "an English line stayed in the log"
    assert sum(bool(re.search("[\u3040-\u30ff\u4e00-\u9fff]", line)) for line in shown) >= 4
