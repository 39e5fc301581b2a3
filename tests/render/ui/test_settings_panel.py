"""The settings panel: F2 opens it over any screen, a click applies a setting at once and writes
settings.json, a new start reads it back; the last menu choices are the next start's defaults."""
from __future__ import annotations

import json

import pytest
from pyglet.window import key

from render import i18n, settings
from render.options import Options
from tests.render.screens.test_app_screens import button, click, frames, send

pytestmark = pytest.mark.gl
SIZE = (1280, 720)


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


@pytest.fixture
def make_app(new_app, tmp_path, config):
    return lambda: new_app(Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0))


def press(app, symbol: int) -> None:
    send(app, "on_key_press", symbol, 0)


def test_f2_opens_the_panel_over_a_game_and_owns_the_pointer_until_esc(make_app):
    app = make_app()
    app.start_game(Options(seats=["human", "random"], seed=3, anim_speed=1.0, save=app.options.save))
    before = frames(app)
    press(app, key.F2)
    assert app.panel is not None
    shown = frames(app)
    assert (shown != before).any()
    click(app, *button(app.panel, ("set", "anim_speed", 2.0)).centre)
    assert app.screen.view.anim_speed == 2.0 and app.options.anim_speed == 2.0
    assert json.loads(settings.path().read_text())["anim_speed"] == 2.0
    history = list(app.screen.match.history)
    click(app, SIZE[0] / 2, SIZE[1] / 2)  # on the panel's shade: the table underneath gets nothing
    assert app.screen.match.history == history
    press(app, key.ESCAPE)
    assert app.panel is None
    after = frames(app)
    assert (after != shown).any(axis=2).mean() > 0.2  # the panel (a third of the window) is gone
    assert (after != before).any(axis=2).mean() < (shown != before).any(axis=2).mean()


def test_settings_survive_a_restart(make_app):
    app = make_app()
    app.toggle_settings()
    for name, value in (("marks", False), ("camera_speed", 1.5), ("show_all_scores", True), ("expert_ms", 3000)):
        click(app, *button(app.panel, ("set", name, value)).centre)
    again = make_app()
    assert again.prefs["marks"] is False and again.prefs["camera_speed"] == 1.5
    assert again.prefs["show_all_scores"] is True and again.prefs["expert_ms"] == 3000


def test_marks_off_leave_only_names(make_app):
    from render.ui import theme

    app = make_app()
    app.start_game(Options(seats=["human", "random"], seed=3, anim_speed=0.0, save=app.options.save))
    frames(app, 1)
    assert any("●" in text for text in app.screen.hud.texts())
    app.change_setting("marks", False)
    frames(app, 1)
    assert not any(mark in text for text in app.screen.hud.texts() for mark in theme.PLAYER_MARKS)


def test_language_changes_the_screen_at_once(make_app):
    if i18n.cjk_font() is None:
        pytest.skip("no CJK font on this machine")
    app = make_app()
    app.start_game(Options(seats=["human", "random"], seed=3, anim_speed=0.0, save=app.options.save))
    app.change_setting("language", "ja")
    frames(app, 1)
    assert any("オレンジ" in text for text in app.screen.hud.texts())
    assert settings.load()["language"] == "ja"


def test_the_bot_levels_think_as_long_as_the_settings_say():
    from render.screens.game import bot_spec

    prefs = settings.DEFAULTS | {"hard_ms": 600, "expert_ms": 3000}
    assert bot_spec("hard", prefs) == "hard:600" and bot_spec("expert", prefs) == "expert:3000"
    assert bot_spec("medium", prefs) == "medium" and bot_spec("mcts:50", prefs) == "mcts:50"


def test_the_last_menu_choices_are_the_next_starts_defaults(make_app):
    from render.screens.menu import MenuScreen

    app = make_app()
    app.show_menu()
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    game = menu.choice.games[-1]
    menu.click(("game", game))
    menu.click(("players", 3))
    menu.click(("seat", 2))
    seats = list(menu.choice.seats)
    menu.click("start")
    again = make_app()
    again.show_menu()
    choice = again.screen.choice
    assert (choice.game, choice.players, choice.seats) == (game, 3, seats)


def test_a_damaged_last_menu_is_ignored(make_app, config):
    from render.screens.menu import MenuScreen

    config.mkdir(parents=True, exist_ok=True)
    settings.path().write_text(json.dumps({"last_menu": {"game": "chess", "players": 9}}))
    app = make_app()
    app.show_menu()
    assert isinstance(app.screen, MenuScreen) and app.screen.choice.players == 2
