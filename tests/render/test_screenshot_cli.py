"""`--screenshot` as scripts/screenshot calls it: --after, --load and every --show draw what they
name, and a panel that cannot open at the position says so instead of drawing the plain table."""
from __future__ import annotations

import pytest

from render.cli import main

pytestmark = pytest.mark.gl
DEFAULTS = ["--game", "octocube", "--players", "4", "--seed", "3", "--size", "320x180"]  # scripts/screenshot's


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """Each picture drawn once for the module: name -> (exit status, image or None)."""
    from render.gl.png import read_png

    folder = tmp_path_factory.mktemp("shots")
    made: dict = {}

    def shot(name: str, *argv: str):
        if name not in made:
            out = folder / f"{name}.png"
            code = main([*DEFAULTS, *argv, "--screenshot", str(out)])
            made[name] = (code, read_png(out) if code == 0 else None)
        return made[name]
    return shot


def test_after_n_moves_is_another_position_than_the_opening(shots):
    (c0, opening), (c1, later) = shots("after0", "--after", "0"), shots("after21", "--after", "21")
    assert c0 == c1 == 0 and (opening != later).any()


def test_load_draws_the_saved_position(shots, tmp_path):
    """A game saved after the same 21 random moves draws as --after 21 does."""
    from game import registry
    from game.bots import make_bot
    from game.core.match import Match

    match = Match(registry.get("octocube"), 4, 3, ["human"] * 4)
    bot = make_bot("random", match.rules, 0, 3)
    for _ in range(21):
        match.apply(bot.choose(match.state))
    match.save(tmp_path / "saved.json")
    code, loaded = shots("loaded", "--load", str(tmp_path / "saved.json"))
    assert code == 0 and (loaded == shots("after21", "--after", "21")[1]).all()


@pytest.mark.parametrize("show, after", [("score", "20"), ("orient", "21"), ("guide", "21")])
def test_each_panel_of_the_game_is_drawn_over_the_position(shots, show, after):
    """(The guide at 320x180 has no room for its picture: it shows its words alone.)"""
    code, image = shots(show, "--after", after, "--show", show)
    assert code == 0 and (image != shots(f"after{after}", "--after", after)[1]).any()


def test_menu_and_settings_are_drawn(shots):
    (c0, menu), (c1, settings) = shots("menu", "--show", "menu"), shots("settings", "--show", "settings")
    assert c0 == c1 == 0
    assert (menu != shots("after0", "--after", "0")[1]).any() and (settings != menu).any()


def test_a_panel_that_cannot_open_at_the_position_says_so(capsys, tmp_path):
    """No orientation to choose after scripts/screenshot's default 20 moves: one line, exit 2."""
    out = tmp_path / "orient.png"
    code = main([*DEFAULTS, "--after", "20", "--show", "orient", "--screenshot", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--show orient" in err and not out.exists()
