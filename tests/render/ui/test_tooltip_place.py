"""A tooltip stands beside the pointer, below and right of it, but at another corner where that
one would hide a button: pointing at one's Octocube cube, its tooltip lay over the Score button of
the column beside it (seen in a real window, 7 Dec 2026)."""
from __future__ import annotations

import random

import pytest

from game.core.match import Match
from game import registry
from render.options import Options
from render.ui.areas import rects_overlap
from render.ui.hud import Tooltip
from tests.render.screens.test_app_screens import send

pytestmark = pytest.mark.gl
TEXT = "Orange's cube: bottom dark blue Starfish, east white Sextant · you can roll · pivot · score · pass"


def test_the_tip_goes_below_and_right_of_the_pointer_when_nothing_is_there(gl_session):
    tip = Tooltip()
    tip.build(400, 300, 1280, TEXT, [], 720)
    x0, y0, x1, y1 = tip.bounds
    assert abs(x0 - 416) <= 1 and abs(y1 - 294) <= 1  # right of the pointer, its top just under it


@pytest.mark.parametrize("x,y", [(400, 300), (1200, 300), (400, 30), (1200, 700)])
def test_the_tip_takes_another_corner_of_the_pointer_rather_than_hide_a_button(gl_session, x, y):
    plain = Tooltip()
    plain.build(x, y, 1280, TEXT, [], 720)
    button = plain.bounds  # a button just where the tip would go
    tip = Tooltip()
    tip.build(x, y, 1280, TEXT, [button], 720)
    assert not rects_overlap(tip.bounds, button)
    bx0, by0, bx1, by1 = tip.bounds
    assert 0 <= bx0 and bx1 <= 1280 and 0 <= by0 and by1 <= 720  # in the window
    assert bx0 - 20 <= x <= bx1 + 20 and by0 - 20 <= y <= by1 + 20  # still beside the pointer


def test_a_tip_with_no_free_corner_stays_below_and_right(gl_session):
    tip = Tooltip()
    tip.build(640, 360, 1280, TEXT, [(0, 0, 1280, 720)], 720)
    assert abs(tip.bounds[0] - 656) <= 1


def test_pointing_at_ones_cube_leaves_the_buttons_beside_it_readable(app):
    """Octocube, a person against a bot: the pointer on the own cube, with Pivot, Score and Pass in
    a column beside it; no button lies under the tooltip."""
    seats = ["human", "random"]
    app.start_game(Options(game="octocube", seats=seats, seed=5, anim_speed=0.0, save=app.options.save),
                   Match(registry.get("octocube"), 2, 5, seats))
    screen, rng = app.screen, random.Random(3)
    seen = 0
    for _ in range(80):
        for _ in range(200):  # the bot's move
            app.tick(0.05)
            if screen.state.is_over or screen.state.current_player == 0 and screen.table.active:
                break
        if screen.state.is_over:
            break
        cube = ("cube", 0)
        buttons = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in screen.table.context.buttons]
        if screen.state.cube_cell[0] is not None and buttons and screen.view.target_area(cube):
            send(app, "on_mouse_motion", *screen.view.target_pos(cube), 0, 0)
            if screen.tooltip.shown:
                seen += 1
                assert not any(rects_overlap(screen.tooltip.bounds, r) for r in buttons), (screen.tooltip.bounds, buttons, screen.pointer, [(b.x, b.y, b.x + b.w, b.y + b.h) for b in screen.table.context.buttons])
        screen.submit(rng.choice(screen.state.legal_actions()))
    assert seen > 5
