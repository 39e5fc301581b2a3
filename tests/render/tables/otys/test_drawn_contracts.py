"""Contracts a person draws (the Spy, a reward token) are chosen on the table once the draw has
landed; while it still animates the view must find cards the move has not laid yet (the pointer's
tooltip, the camera's framing), where it once raised and closed the window (issue 34)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.match import Match
from game.otys.actions import Keep
from render.options import Options
from tests.render.screens.test_app_screens import click

pytestmark = pytest.mark.gl
SAVE = Path(__file__).parent / "data" / "spy_draw.json"  # the newcomer's game, the Spy about to draw


def test_the_spys_draw_by_mouse_while_it_animates_offers_the_drawn_contracts(app, tmp_path):
    match = Match.load(SAVE, autosave=tmp_path / "auto.json")
    app.start_game(Options(game="otys", anim_speed=1.0, save=str(tmp_path / "auto.json")), match)
    screen = app.screen
    for _ in range(240):  # the bot's last move settles
        app.tick(1 / 60)
    assert screen.table.active and ("deck",) in screen.table.lit()
    click(app, *screen.view.target_pos(("deck",)))
    assert str(screen.match.history[-1]) == "draw contracts"
    assert screen.view.busy  # the cards are still on their way
    keeps = [a for a in screen.state.legal_actions() if isinstance(a, Keep)]
    assert len(keeps) == 4 and not screen.table.active  # offered once they have landed
    for a in keeps:  # found on their way: where they fly now, their box
        assert screen.view.target_pos(("card", a.card)) is not None and screen.view.target_area(("card", a.card))
    for _ in range(240):
        app.tick(1 / 60)
    assert screen.table.active and screen.table.lit() >= {("card", a.card) for a in keeps}
    card = ("card", keeps[0].card)
    click(app, *screen.view.target_pos(card))
    assert screen.match.history[-1] == keeps[0]  # and the game plays on
