"""Undo is autosaved (issue 37): after a person's undo, neither Continue nor a crash (the next start
without the window closed) brings the undone move back."""
from __future__ import annotations

import pytest
from pyglet.window import key

from render.options import Options
from tests.render.conftest import SIZE
from tests.render.screens.test_no_game_lost import home, menu_app, press  # noqa: F401  (fixtures)

pytestmark = pytest.mark.gl


@pytest.mark.parametrize("game", ["octocube", "cubitos", "otys"])
def test_an_undone_move_stays_undone_after_continue_and_after_a_crash(gl_session, menu_app, home, game):
    from render.app import App

    menu_app.start_game(Options(game=game, seats=["human", "human"], anim_speed=0.0, seed=4))
    screen = menu_app.screen
    for _ in range(40):  # play on until a move can be taken back (none across a roll or a reveal)
        screen.submit(screen.state.legal_actions()[-1])
        menu_app.tick(0)
        if len(screen.match.history) < 4:
            continue
        before = list(screen.match.history)
        press(menu_app, key.U)
        menu_app.tick(0)
        kept = list(screen.match.history)
        if len(kept) < len(before):
            break
    assert len(kept) < len(before) and kept == before[:len(kept)], "U took nothing back"
    for how in ("continue", "crash"):
        if how == "continue":
            menu_app.show_menu()
            menu_app.show_continue()
            menu_app.screen.click(("open", 0))
            assert menu_app.screen.match.history == kept
            continue
        again = App(gl_session.extra, gl_session, Options(anim_speed=0.0), size=SIZE)  # never closed: a crash
        try:
            again.show_continue()
            row = again.screen.rows[0]
            assert row.moves == len(kept), "Continue offers the undone move back"
            again.screen.click(("open", 0))
            assert again.screen.match.history == kept
        finally:
            again.close()
