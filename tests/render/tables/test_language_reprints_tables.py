"""Issue 35: switching the language at a table re-prints everything on it, the board's print and the
cards included, and switching back leaves no word of the other language. Cubitos and Otys print
words into their atlas (cards, sponsor tiles, zone labels); Octocube's atlas holds pictures only."""
from __future__ import annotations

import hashlib

import pytest

from render import i18n
from render.options import Options
from tests.render.screens.test_app_screens import frames
from tests.render.checks.test_own_board_on_screen import at_the_turn_of

pytestmark = [pytest.mark.gl, pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")]


def _printed(screen) -> tuple[str, str]:
    """What the table prints with now: its atlas and its baked table print, as digests."""
    top = screen.view._top
    return (hashlib.sha256(top.atlas.read()).hexdigest(), hashlib.sha256(top._print.read()).hexdigest())


@pytest.mark.parametrize("game", ["cubitos", "otys"])
def test_the_table_print_follows_the_language_and_comes_back(new_app, tmp_path, monkeypatch, game):
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))  # the language chosen is saved: here
    app = new_app(Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0))
    screen = at_the_turn_of(app, game, 2, 0)
    english_frame = frames(app, 2)
    english = _printed(screen)

    app.change_setting("language", "ja")
    japanese_frame = frames(app, 2)
    japanese = _printed(screen)
    assert japanese[0] != english[0], "the atlas kept its English words"
    assert japanese[1] != english[1], "the board's baked print kept its English words"
    assert (japanese_frame != english_frame).any()

    app.change_setting("language", "en")
    frames(app, 2)
    assert _printed(screen) == english, "switching back left words of the other language on the table"


def test_a_replay_reprints_its_table_too(new_app, tmp_path, monkeypatch):
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))  # the language chosen is saved: here
    app = new_app(Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0))
    screen = at_the_turn_of(app, "cubitos", 2, 0)
    screen.match.save(str(tmp_path / "game.json"))
    app.open_replay(str(tmp_path / "game.json"))
    frames(app, 1)
    english = _printed(app.screen)
    app.change_setting("language", "ja")
    frames(app, 1)
    assert _printed(app.screen)[1] != english[1]
