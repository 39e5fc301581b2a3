"""The first-game guide: with it on, every turn of a person shows the hint engine's suggested move
(its caption says what and why, its target lights) without pressing H; off, nothing is suggested."""
from __future__ import annotations

import pytest

from render.options import Options
from tests.render.screens.test_app_screens import click, wait_for

pytestmark = pytest.mark.gl


@pytest.mark.parametrize("game", ["octocube", "cubitos", "otys"])
def test_each_turn_of_a_person_comes_with_a_suggested_move(app, game):
    app.start_game(Options(game=game, seats=["human", "random"], seed=4, anim_speed=0.0, guide=True,
                           save=app.options.save))
    screen = app.screen
    wait_for(app, lambda: screen.hint_action is not None, 60)
    assert screen.caption.startswith("Suggested: ") and "(" in screen.caption
    assert screen.hint_action in screen.state.legal_actions()
    assert screen.banner.texts() and " ".join(screen.banner.texts()) == screen.caption  # wrapped to the window
    first = screen.ply
    screen.submit(screen.hint_action)  # the person follows the suggestion: the next decision gets its own
    assert screen.hint_action is None
    wait_for(app, lambda: screen.state.is_over or screen.ply > first and screen.hint_action is not None, 60)
    assert screen.state.is_over or screen.hint_action in screen.state.legal_actions()


def test_without_the_guide_nothing_is_suggested(app):
    app.start_game(Options(seats=["human", "random"], seed=4, anim_speed=0.0, save=app.options.save))
    screen = app.screen
    wait_for(app, lambda: screen.table.active)
    for _ in range(30):
        app.tick(1 / 60)
    assert screen.hint_action is None and not screen.worker.busy


def test_the_menu_switch_starts_guided_games_and_is_remembered(app, tmp_path, monkeypatch):
    from render import settings
    from render.screens.game import GameScreen
    from render.screens.menu import MenuScreen
    from tests.render.screens.test_app_screens import button

    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    app.prefs = settings.load()
    app.show_menu()
    menu = app.screen
    assert isinstance(menu, MenuScreen) and not menu.choice.guide
    click(app, *button(menu.menu, ("guide", True)).centre)
    assert settings.load()["guide"] is True
    click(app, *button(menu.menu, "start").centre)
    assert isinstance(app.screen, GameScreen) and app.screen.options.guide
