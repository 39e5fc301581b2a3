"""The main loop draws on demand: at rest nothing is scheduled and nothing drawn; a pointer move
that lights a target is drawn by the very next frame. Driven on pyglet's real clock, headless,
with no timing assertions."""
from __future__ import annotations

import time

import pyglet
import pytest

from render.options import Options

pytestmark = pytest.mark.gl


@pytest.fixture
def app(gl_session, tmp_path):
    from render.app import App

    a = App(gl_session.extra, gl_session, Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0),
            size=(640, 360))
    yield a
    a.close()


def next_frame(app) -> None:
    """Run pyglet's clock until the app's booked frame has run (the loop's one turn)."""
    end, ticked = time.monotonic() + 10, app._ticked_at
    while app.frame_pending and app._ticked_at == ticked:
        assert time.monotonic() < end, "the booked frame never ran"
        time.sleep(pyglet.clock.get_sleep_time(True) or 0.0)
        pyglet.clock.tick()


def run_to_rest(app) -> None:
    end = time.monotonic() + 20
    while app.frame_pending:
        assert time.monotonic() < end, "the loop never came to rest"
        next_frame(app)


def nothing_scheduled() -> bool:
    clock = pyglet.clock.get_default()
    return not clock._schedule_items and not clock._schedule_interval_items


def resting_table(app):
    app.start_game(Options(seats=["human", "human"], seed=5, anim_speed=0.0, save=app.options.save))
    app.wake()
    run_to_rest(app)
    return app.screen


def test_a_table_waiting_for_its_player_schedules_nothing_and_draws_nothing(app):
    resting_table(app)
    drawn = app.frames
    assert drawn >= 2  # the table, then once more when the view has settled
    assert not app.frame_pending and nothing_scheduled() and not app.invalid
    time.sleep(0.05)
    pyglet.clock.tick()
    assert app.frames == drawn


def test_a_pointer_move_that_lights_a_target_is_drawn_by_the_next_frame(app):
    screen = resting_table(app)
    target = next(iter(screen.table._highlights()))
    uploads, drawn = screen.view.stats.uploads, app.frames
    app.window.dispatch_event("on_mouse_motion", *screen.view.target_pos(target), 0, 0)
    app.window.dispatch_events()
    assert screen.table.hovered == target and screen.view.stats.uploads > uploads  # the glow is uploaded
    assert app.frame_pending
    next_frame(app)
    assert app.frames == drawn + 1 and app._drawn == screen.look()  # that frame showed it
    run_to_rest(app)
    assert app.frames == drawn + 2 and nothing_scheduled()  # and one settled frame after it


def test_a_pointer_move_that_changes_nothing_draws_nothing(app):
    screen = resting_table(app)
    x, y = screen.pointer
    drawn = app.frames
    for _ in range(2):  # the first move may change the tooltip; the same place again changes nothing
        drawn = app.frames
        app.window.dispatch_event("on_mouse_motion", x + 1, y, 1, 0)
        app.window.dispatch_events()
        run_to_rest(app)
    assert app.frames == drawn and nothing_scheduled()


def test_a_resize_draws_again_at_rest(app):
    resting_table(app)
    drawn = app.frames
    app.window.dispatch_event("on_resize", 640, 360)
    app.window.dispatch_events()
    run_to_rest(app)
    assert app.frames > drawn and nothing_scheduled()


def test_the_menu_table_turns_a_while_then_rests(gl_session, tmp_path):
    from render.screens.menu import MENU_TURN_S, MenuScreen
    from render.app import App

    app = App(gl_session.extra, gl_session, Options(save=str(tmp_path / "autosave.json")), size=(320, 180))
    try:
        app.show_menu()
        menu = app.screen
        assert isinstance(menu, MenuScreen) and menu.busy()
        yaw = menu.backdrop.camera.yaw
        for _ in range(int(MENU_TURN_S * 10) + 2):
            app.tick(0.1)
        assert menu.backdrop.camera.yaw != yaw and not menu.busy(), "turned, then at rest"
        still = menu.backdrop.camera.yaw
        app.tick(0.1)
        assert menu.backdrop.camera.yaw == still
    finally:
        app.close()


def test_a_table_waiting_for_its_atlas_is_painted_between_frames_drawn_once_more_then_rests(app, tmp_path, monkeypatch):
    """A new machine's first table: built over the placeholder, its atlas painted by the loop between
    frames (no thread: the painting is over once it lands), drawn once more with it, then at rest."""
    from render.tables import atlas as atlases
    from render.tables.octocube import art

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # an empty cache
    art.sheet.cache_clear()
    landed: list[int] = []  # frames drawn when the atlas landed
    paint = app._paint_atlas

    def paint_and_note() -> None:
        paint()
        if not atlases.pending() and not landed:
            landed.append(app.frames)
    monkeypatch.setattr(app, "_paint_atlas", paint_and_note)
    with atlases.painting_later():
        app.start_game(Options(seats=["human", "human"], seed=5, anim_speed=0.0, save=app.options.save))
        view = app.screen.view
        assert view._top.atlas.size == (1, 1) and atlases.pending()
        app.wake()
        run_to_rest(app)
        assert landed and view._awaited is None and view._top.atlas.size != (1, 1)
        assert 1 <= app.frames - landed[0] <= 2  # the table with its atlas (and once settled), no more
        assert not app.frame_pending and nothing_scheduled() and not atlases.pending()
        drawn = app.frames
        time.sleep(0.05)
        pyglet.clock.tick()
        assert app.frames == drawn
