"""The tooltip reads whole above every button, panel and the log; it names what is under the
pointer now (not what was there before a move or a turn of the camera); a status line lasts until
the next move."""
from __future__ import annotations

import numpy as np
import pytest
from pyglet.window import key

from game.octocube.actions import Roll
from game.octocube.components import DIRECTIONS
from render.options import Options
from render.tables.octocube.gestures import neighbour
from tests.render.screens.test_app_screens import SIZE, frames, send, wait_for

pytestmark = pytest.mark.gl


def two_people(app, game="octocube", seed=5, seats=("human", "human")):
    app.start_game(Options(game=game, seats=list(seats), seed=seed, anim_speed=0.0, save=app.options.save))
    app.tick(0)
    return app.screen


def placed(app, screen) -> None:
    """The first person sets their cube down by keys (the second then takes the screen)."""
    send(app, "on_key_press", key.TAB, 0)
    send(app, "on_key_press", key.ENTER, 0)
    app.tick(0)
    if screen.handover:
        send(app, "on_key_press", key.ENTER, 0)
        app.tick(0)


def test_a_tooltip_over_the_context_buttons_is_drawn_above_them(app):
    screen = two_people(app)
    placed(app, screen)
    placed(app, screen)
    assert screen.table.context.buttons and not screen._modal()
    frames(app, 1)
    b = screen.table.context.buttons[0]
    screen.tooltip.build(b.x - 20, b.y + b.h / 2 + 13, SIZE[0], " " * 60)  # a plain dark strip across the button
    image = app.capture()
    row = SIZE[1] - int(b.y + b.h / 2)
    strip = image[row - 2:row + 3, int(b.x + 4):int(b.x + b.w - 4)].astype(int)
    tip = np.array([20, 16, 12])  # the tooltip's dark strip
    share = (np.abs(strip - tip).sum(axis=2) < 60).mean()
    assert share > 0.3, f"the button covers the tooltip ({share:.0%} of the strip is the tooltip's)"


def test_the_tooltip_names_the_piece_that_rolled_under_a_still_pointer(app):
    screen = two_people(app, seed=12, seats=("human", "random"))
    placed(app, screen)
    wait_for(app, lambda: screen.table.active)
    state, seat = screen.state, screen.state.current_player
    roll = next(a for a in state.legal_actions() if isinstance(a, Roll))
    dst = neighbour(state.cube_cell[seat], DIRECTIONS[roll.direction], state.size)
    at = screen.view.target_pos(("cell", dst))
    send(app, "on_mouse_motion", *at, 0, 0)
    before = screen.tooltip.shown
    assert before
    screen.submit(roll)  # the cube rolls onto the space under the pointer
    app.tick(0)
    now = screen.view.pick(*at)
    assert now == ("cube", seat)
    assert screen.tooltip.shown == screen.table.describe_target(now) != before


def test_a_status_line_lasts_until_the_next_move_a_bots_too(app):
    screen = two_people(app, seats=("human", "random"))
    if screen.state.current_player == 0:
        placed(app, screen)  # the person sets their cube down
    assert screen.state.current_player == 1  # the bot is to move
    moves = len(screen.match.history)
    poll = screen._poll_worker
    screen._poll_worker = lambda: None  # the bot's answer waits while the line is looked at (a random
    send(app, "on_key_press", key.PLUS, 0)  # bot's came within the tick on a loaded machine: flaky)
    said = screen.message
    app.tick(0)
    assert said and said in screen.hud.texts()
    app.tick(0)
    assert screen.message == said  # it stays while nothing happens
    screen._poll_worker = poll
    wait_for(app, lambda: len(screen.match.history) > moves)  # the bot's move
    app.tick(0)
    assert screen.message == "" and said not in screen.hud.texts()


def test_a_window_made_smaller_from_under_the_pointer_keeps_no_tooltip_outside_it(app):
    """The pointer rests near the top of a 1280x720 window; the window is made 1024x600, so the
    pointer is now above it, where a piece of the table still lies beyond the window's edge: no
    tooltip is left drawn past the new top edge (the fuzzer found one 110 px above the window)."""
    from render.checks.words import words_outside

    screen = two_people(app, game="cubitos", seats=("human", "easy"))

    def resize(size):
        app.fixed_size = size
        app.on_resize(*size)
        app.tick(0)
    try:
        resize((1024, 600))  # where, above the smaller window, a piece would be picked
        spot = next(((x, y) for y in range(716, 640, -6) for x in range(40, 1000, 24)
                     if screen.view.pick(x, y) is not None), None)
        assert spot is not None, "no piece beyond the smaller window's top: the test checks nothing"
        resize((1280, 720))
        send(app, "on_mouse_motion", *spot, 0, 0)
        resize((1024, 600))
        assert screen.tooltip.bounds is None or screen.tooltip.bounds[3] <= 600, screen.tooltip.bounds
        assert not words_outside([screen.tooltip], 1024, 600)
    finally:
        resize(SIZE)
