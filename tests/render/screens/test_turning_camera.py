"""People on one screen at Cubitos: the camera turns to the next person, and the table is
offered to them once it faces them (issue 40). While it turns nothing lights up and no button
follows the pieces round, so a turning frame lays nothing out: the screen is not rebuilt each
frame, and a click meanwhile cannot land on a piece sliding under the pointer."""
from __future__ import annotations

import random

import pytest

from game import registry
from game.core.match import Match
from render.options import Options

pytestmark = pytest.mark.gl


def _two_people(new_app, tmp_path, anim_speed: float = 1.0, name: str = "cubitos"):
    """Two people on one screen at Cubitos, seed 4: the app, its first frame ticked."""
    options = Options(game="cubitos", players=2, seats=["human", "human"], seed=4, anim_speed=anim_speed,
                      save=str(tmp_path / f"{name}.json"))
    app = new_app(options)
    app.start_game(options, Match(registry.get("cubitos"), 2, 4, options.seats))
    app.tick(0.0)
    return app


def _play_until_handed_on(app, rng: random.Random) -> None:
    """Moves until the table is handed on to the other person: the camera starts turning."""
    screen = app.screen
    for _ in range(50):
        seat = screen.state.current_player
        screen.submit(rng.choice(screen.state.legal_actions()))
        while (screen.view.busy or screen.dirty) and screen.turn_to is None:
            app.tick(1 / 30)
        if screen.turn_to is not None:
            break
        assert screen.state.current_player == seat and screen.table.active  # the same person goes on
    assert screen.turn_to == screen.state.current_player != seat


def test_the_table_is_offered_once_the_camera_faces_the_next_person(new_app, tmp_path, monkeypatch):
    app = _two_people(new_app, tmp_path, 1.0)
    screen = app.screen
    _play_until_handed_on(app, random.Random(4))
    refreshes = []
    real = type(screen).refresh
    monkeypatch.setattr(type(screen), "refresh", lambda self: (refreshes.append(1), real(self)))
    frames = 0
    while screen.turn_to is not None:
        assert not screen.table.active and not screen.table.lit() and not screen.table.context.buttons
        app.tick(1 / 60)
        app.capture()
        frames += 1
    assert frames > 5 and len(refreshes) <= 2  # once the move lands, once the camera faces them
    assert screen.table.active and (screen.table.lit() or screen.table.context.buttons)
    assert screen.viewer == screen.state.current_player


def test_buttons_step_aside_while_the_person_turns_the_camera(new_app, tmp_path, monkeypatch):
    """A right-drag orbit and a wheel zoom: the buttons beside the pieces go while the camera
    moves (nothing is laid out per frame of it) and come back laid out for the new view."""
    from pyglet.window import mouse

    from render import checks
    from render.screens.game_input import LOOK_S

    app = _two_people(new_app, tmp_path, 0.0)
    screen = app.screen
    context = screen.table.context
    assert screen.table.active and context.buttons  # Push and Pass
    before = [(b.x, b.y) for b in context.buttons]
    refreshes = []
    real = type(screen).refresh
    monkeypatch.setattr(type(screen), "refresh", lambda self: (refreshes.append(1), real(self)))
    w, h = app.width, app.height
    for i in range(12):  # a drag of twelve frames
        app.window.dispatch_event("on_mouse_drag", w / 2 + 10 * i, h / 2, 10, 0, mouse.RIGHT, 0)
        app.window.dispatch_events()
        app.tick(1 / 60)
        assert not context.buttons and screen.looking and checks.violations(screen) == []
    app.window.dispatch_event("on_mouse_scroll", w / 2, h / 2, 0, -1.0)
    app.window.dispatch_events()
    assert not context.buttons and screen.app.screen is screen
    moving = len(refreshes)
    assert moving <= 1  # none for the frames of the move (one, as the pointer first comes in)
    for _ in range(int(LOOK_S * 60) + 2):
        app.tick(1 / 60)
    assert not screen.looking and len(refreshes) == moving + 1
    assert context.buttons and [(b.x, b.y) for b in context.buttons] != before
    assert checks.violations(screen) == []


@pytest.mark.parametrize("seats", [["human", "random"], ["human", "human"]])
def test_the_table_is_offered_once_the_move_s_pieces_have_landed(new_app, tmp_path, seats):
    """A die in flight is where it will not stay: buttons laid out beside where the dice rest lay
    over them mid-air (the long sweep: the next person's Pass over a die still falling). While a
    move animates no button stands and nothing is lit; once it lands, the person's table comes,
    laid out clear of what they decide about."""
    from render import checks

    options = Options(game="cubitos", players=2, seats=seats, seed=7, anim_speed=1.0,
                      save=str(tmp_path / "cubitos.json"))
    app = new_app(options)
    app.start_game(options, Match(registry.get("cubitos"), 2, 7, options.seats))
    screen, rng = app.screen, random.Random(7)
    flights = 0
    for _ in range(40):
        while screen.view.busy or screen.dirty or screen.turn_to is not None or screen.worker.busy \
                or screen.state.current_player not in screen.humans():
            app.tick(1 / 30)
        assert screen.table.active and (screen.table.lit() or screen.table.context.buttons)
        assert checks.violations(screen) == []
        screen.submit(rng.choice(screen.state.legal_actions()))
        if screen.view.busy:
            flights += 1
        while screen.view.busy:
            assert not screen.table.active and not screen.table.context.buttons and not screen.table.lit()
            app.tick(1 / 30)
            app.capture()
    assert flights > 10


def test_a_card_s_large_picture_steps_aside_while_the_camera_turns_and_comes_back(new_app, tmp_path):
    """The pointer onto a market card as the camera turns to the next person: the card slides
    across the window, and its large picture, laid beside it once, came to lie over it (the long
    sweep). It steps aside while the camera turns and is laid beside the card once it rests."""
    from render.ui.areas import overlaps
    from tests.render.screens.test_app_screens import send

    options = Options(game="cubitos", players=2, seats=["human", "human"], seed=4, anim_speed=1.0,
                      save=str(tmp_path / "cubitos.json"))
    app = new_app(options)
    app.start_game(options, Match(registry.get("cubitos"), 2, 4, options.seats))
    screen, rng = app.screen, random.Random(4)

    def pickable_card():
        cards = [t for t in screen.view.shown_targets() if t[0] == "card" and screen.view.target_area(t)
                 and screen._pick(*screen.view.target_pos(t)) == t]
        return cards[len(cards) // 2] if cards else None

    turns = 0
    for _ in range(200):
        while screen.view.busy or screen.dirty or screen.turn_to is not None:
            app.tick(1 / 30)
        seat = screen.state.current_player
        screen.submit(rng.choice(screen.state.legal_actions()))
        if screen.state.current_player == seat:
            continue
        for _ in range(3):
            app.tick(1 / 60)
        card = pickable_card() if screen.turn_to is not None else None
        if card is None:
            continue
        send(app, "on_mouse_motion", *screen.view.target_pos(card), 0, 0)  # as the camera turns
        turns += 1
        while screen.turn_to is not None:
            assert screen.preview.bounds is None or \
                not overlaps(screen.preview.bounds, screen.view.target_area(screen.pointing))
            app.tick(1 / 60)
            assert screen.turn_to is None or screen.preview.bounds is None
        while screen.view.busy or screen.dirty:
            app.tick(1 / 60)
        if screen.pointing is not None and screen.pointing[0] == "card":
            assert screen.preview.bounds is not None  # back, beside the card where it rests
            assert not overlaps(screen.preview.bounds, screen.view.target_area(screen.pointing))
        if turns >= 3:
            break
    assert turns >= 3


def _hand_on(app, orbit: bool) -> tuple:
    """Two people at Cubitos (seed 4): the first orbits and zooms the camera (or not), then plays
    until the table goes to the other; the camera once it faces them (yaw, pitch, distance, target)."""
    from pyglet.window import mouse

    screen = app.screen
    w, h = app.width, app.height
    if orbit:
        for i in range(20):  # a right-drag up and across, then the wheel
            app.window.dispatch_event("on_mouse_drag", w / 2 + 12 * i, h / 2, 12, 6, mouse.RIGHT, 0)
            app.window.dispatch_events()
            app.tick(1 / 60)
        app.window.dispatch_event("on_mouse_scroll", w / 2, h / 2, 0, 2.0)
        app.window.dispatch_events()
        for _ in range(30):
            app.tick(1 / 60)
    _play_until_handed_on(app, random.Random(4))
    while screen.turn_to is not None or screen.view.busy or screen.dirty:
        app.tick(1 / 60)
    cam = screen.view.camera
    return (cam.yaw, cam.pitch, cam.distance, *(float(v) for v in cam.target))


def test_the_next_person_gets_their_own_view_not_the_last_person_s_orbit(new_app, tmp_path):
    """One person turned and zoomed the camera their way; the camera that comes round to the next
    person brings them their side's view, their own pieces framed, as if nobody had touched it."""
    views = []
    for orbit in (False, True):
        app = _two_people(new_app, tmp_path, name=f"cubitos-{orbit}")
        views.append(_hand_on(app, orbit))
        assert app.screen.homed and app.screen.table.active
    untouched, orbited = views
    assert orbited == pytest.approx(untouched, abs=1e-6)
