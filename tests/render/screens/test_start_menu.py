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


@pytest.mark.parametrize("last", ["octocube", "cubitos", "otys"])
def test_the_programs_first_frame_the_menus_loads_no_table_and_no_game_screen(tmp_path, last):
    """The menu's first frame, with the options of the game chosen last, waits for no game's table
    kit nor the game screen: they load after it (the table behind the menu, the next frame) or at Start."""
    import json
    import os
    import subprocess
    import sys

    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"last_menu": {"game": last}}))
    code = ("import sys\n"
            "from render.cli import main\n"
            f"main(['--first-frame-time', '--save', {str(tmp_path / 'autosave.json')!r}])\n"
            "print(sorted(m for m in sys.modules if m.startswith(('render.tables.octocube', 'render.tables.cubitos',"
            " 'render.tables.otys', 'render.screens.game', 'render.replay'))))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYGLET_HEADLESS="1", CUBETABLE_CONFIG_DIR=str(tmp_path / "config")))
    assert done.returncode == 0, done.stderr
    assert "first frame at" in done.stdout and done.stdout.splitlines()[-1] == "[]"
