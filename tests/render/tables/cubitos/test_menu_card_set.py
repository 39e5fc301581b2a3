"""A named card set chosen in the start menu is the set the game is played with (the menu's
choices once lost every set but a custom pick: the custom colours' filter took "card_set" too)."""
from __future__ import annotations

import pytest

from tests.render.screens.test_app_screens import button, click

pytestmark = pytest.mark.gl


@pytest.mark.parametrize("card_set", ["race3", "grand-finale"])
def test_a_named_card_set_from_the_menu_is_played(app, card_set):
    from render.screens.game import GameScreen

    app.show_menu()
    menu = app.screen
    click(app, *button(menu.menu, ("game", "cubitos")).centre)
    click(app, *button(menu.menu, ("option", ("card_set", card_set))).centre)
    click(app, *button(menu.menu, "start").centre)
    assert isinstance(app.screen, GameScreen)
    assert app.screen.state.setup.set_name == card_set
