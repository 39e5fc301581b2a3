"""Faults on purpose at the table: a broken bot is worded on screen and the game goes on; closing
while an expert thinks or a move animates returns within a second, leaves no bot process and keeps
the autosave of the last move; odd sizes, hiding and a lost context never stop the table drawing."""
from __future__ import annotations

import time
from functools import partial

import pytest

from game.core.match import Match
from render.i18n import t
from render.options import Options
from render.ui import theme
from tests.game.faulty import RAISE, FaultyJob
from tests.render.screens.test_app_screens import frames, send, wait_for
from tests.render.test_bot_worker import gone

pytestmark = pytest.mark.gl
CLOSE_S = 1.0  # the bound for closing the window


def game(app, seats: list[str], anim_speed: float = 0.0, seed: int = 5):
    app.start_game(Options(game="octocube", seats=seats, seed=seed, anim_speed=anim_speed, save=app.options.save))
    return app.screen


def test_a_broken_bot_is_worded_on_screen_and_a_random_move_played(app, capfd, monkeypatch):
    import render.screens.game

    monkeypatch.setattr(render.screens.game, "MoveJob", partial(FaultyJob, fault=RAISE))
    screen = game(app, ["human", "easy"])
    assert screen.state.current_player == 1  # the bot begins
    wait_for(app, lambda: screen.ply >= 1, 60.0)
    assert screen.message == t("fault.move.error", who=theme.player_label(1))
    assert screen._can_do() == screen.message  # the HUD's line
    err = capfd.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "on purpose" in err[0] and "random legal move" in err[0]
    assert Match.resume(app.options.save).history == screen.match.history  # the game went on
    assert frames(app).std() > 20


def quit_timed(app) -> float:
    """The window's close (on_close is App.quit), timed; the loop's exit is left out (no loop runs)."""
    app.on_quit = lambda: None
    began = time.perf_counter()
    app.quit()
    return time.perf_counter() - began


def test_closing_while_an_expert_thinks_takes_under_a_second(app):
    screen = game(app, ["expert", "expert"])
    wait_for(app, lambda: screen.ply >= 1 and screen.worker.busy, 120.0)
    time.sleep(0.3)  # well into the search
    pid, history = screen.worker.pid, list(screen.match.history)
    assert pid is not None and not gone(pid)
    assert quit_timed(app) < CLOSE_S
    assert gone(pid)
    assert Match.resume(app.options.save).history == history


def test_closing_while_a_move_animates_takes_under_a_second(app):
    screen = game(app, ["random", "random"], anim_speed=1.0)
    wait_for(app, lambda: screen.ply >= 1 and screen.view.busy, 60.0)
    history = list(screen.match.history)
    assert quit_timed(app) < CLOSE_S
    assert Match.resume(app.options.save).history == history


ODD_SIZES = [(1, 1), (0, 0), (1, 720), (7680, 4320)]


def test_odd_sizes_hiding_and_a_lost_context_leave_the_table_drawing(app, monkeypatch):
    from render.app import App

    window = app.window
    real = window.get_framebuffer_size()
    live = App(window, app.ctx, app.options)  # follows the window's size, as a player's does
    try:
        game(live, ["human", "human"])
        for size in ODD_SIZES:
            monkeypatch.setattr(window, "get_framebuffer_size", lambda size=size: size)
            send(live, "on_resize", *size)
            live.tick(1 / 60)
            live.on_draw()
        for event in ("on_hide", "on_show", "on_context_lost", "on_context_state_lost", "on_expose"):
            send(live, event)
            live.tick(1 / 60)
            live.on_draw()
        monkeypatch.setattr(window, "get_framebuffer_size", lambda: real)
        send(live, "on_resize", *real)
        assert (live.width, live.height) == real
        image = frames(live)
        assert image.shape[:2] == real[::-1] and image.std() > 20  # a table, not a blank frame
    finally:
        live.close()
