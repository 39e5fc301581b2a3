"""The start menu lists every game with a table and that game's own options, and starts it."""
from __future__ import annotations

import pytest

from render.tables import registry as kits
from tests.render.screens.test_app_screens import button, click, frames

pytestmark = pytest.mark.gl


def test_every_game_with_a_table_is_offered_with_its_options(app):
    app.show_menu()
    menu = app.screen
    offered = {b.value[1] for b in menu.menu.buttons if b.value[0] == "game"}
    assert offered == set(kits.games()) and {"octocube", "cubitos"} <= offered
    for game in kits.games():
        click(app, *button(menu.menu, ("game", game)).centre)
        values = {b.value for b in menu.menu.buttons}
        for option in menu.choice.shown():
            if not option.cycle:
                assert all(("option", (option.name, v)) in values for _, v in option.choices), option.name
        frames(app, 1)


def test_cubitos_with_a_custom_pick_of_cards_starts_that_game(app):
    from render.screens.game import GameScreen

    app.show_menu()
    menu = app.screen
    click(app, *button(menu.menu, ("game", "cubitos")).centre)
    click(app, *button(menu.menu, ("option", ("card_set", "custom"))).centre)
    white = menu.choice.chosen["card_white"]
    click(app, *button(menu.menu, ("cycle", "card_white")).centre)
    assert menu.choice.chosen["card_white"] != white
    picked = menu.choice.chosen["card_white"]
    click(app, *button(menu.menu, ("option", ("track", "testing-the-waters"))).centre)
    frames(app, 1)
    click(app, *button(menu.menu, "start").centre)
    assert isinstance(app.screen, GameScreen)
    setup = app.screen.state.setup
    assert setup.card("white") == picked and setup.track == "testing-the-waters" and setup.set_name == "custom"


def test_options_that_do_not_go_together_say_so_and_stay_in_the_menu(app):
    from render.screens.menu import MenuScreen

    app.show_menu()
    menu = app.screen
    click(app, *button(menu.menu, ("game", "cubitos")).centre)
    click(app, *button(menu.menu, ("option", ("track", "ahead-of-the-curve"))).centre)
    click(app, *button(menu.menu, ("option", ("laps", 3))).centre)
    click(app, *button(menu.menu, "start").centre)
    assert isinstance(app.screen, MenuScreen) and "laps" in app.screen.note
