"""Cubitos played on the table through injected mouse events: clicks on lit dice, spaces and trays,
the buttons beside the tray, the small menu when a click means several moves."""
from __future__ import annotations

import pytest
from pyglet.window import key, mouse

from game.bots import make_bot
from game.core.match import Match
from game import registry
from render.options import Options
from tests.render.screens.test_app_screens import button, click, frames, send, wait_for

pytestmark = pytest.mark.gl
RULES = registry.get("cubitos")

def start(app, seats, seed, **options):
    opts = Options(game="cubitos", players=len(seats), seats=seats, seed=seed, anim_speed=0.0,
                   save=app.options.save, game_options=options)
    app.start_game(opts, Match(RULES, len(seats), seed, seats, **options))
    app.tick(0)
    return app.screen

def visible_pos(app, screen, target):
    """Where a click lands on ``target``; if another piece hides it, orbit the camera (right-drag)."""
    for _ in range(12):
        x, y = screen.view.target_pos(target)
        if screen.table.under(x, y) == target:
            return x, y
        send(app, "on_mouse_drag", 640, 360, 70, 0, mouse.RIGHT, 0)
        app.tick(0)
    raise AssertionError(f"{target} stays hidden from every side")

def play_by_mouse(app, screen, action) -> None:
    """Carry out ``action`` as a person would: a button, or a click on a lit piece (then the menu)."""
    table = screen.table
    g = table.gestures
    assert g is not None and action in g.legal
    ply = len(screen.match.history)
    if action in g.buttons:
        click(app, *button(table.context, action).centre)
    else:
        target = next(t for t, acts in g.by_target.items() if action in acts)
        click(app, *visible_pos(app, screen, target))
        if len(screen.match.history) == ply:  # several moves on that piece: the menu asks
            entry = next(b for b in table.menu.buttons if b.value == action)
            click(app, *entry.centre)
    assert len(screen.match.history) > ply and screen.match.history[ply] == action

def test_a_person_plays_a_whole_game_against_a_bot_with_the_mouse_only(app):
    screen = start(app, ["human", "odds"], seed=4)
    me = make_bot("odds", RULES, 0, 9)
    for _ in range(3000):
        wait_for(app, lambda: screen.table.active or screen.state.is_over, seconds=60)
        if screen.state.is_over:
            break
        play_by_mouse(app, screen, me.choose(screen.state.clone()))
    assert screen.state.is_over
    app.tick(0)
    assert screen.score_table.texts()[0] == "Final scores"
    assert any("wins" in line for line in screen.score_table.texts())

def test_four_bots_play_to_the_end(app):
    screen = start(app, ["odds", "threshold", "greedy", "odds"], seed=2)
    wait_for(app, lambda: screen.state.is_over, seconds=240)
    assert screen.state.winners()
    image = frames(app, 2)
    assert image.std() > 10

def test_forced_moves_go_by_themselves_and_number_keys_press_the_buttons(app):
    screen = start(app, ["human", "human"], seed=3)
    wait_for(app, lambda: screen.table.active or screen.handover)
    if screen.handover:
        send(app, "on_key_press", key.ENTER, 0)
        app.tick(0)
    g = screen.table.gestures
    assert g is not None and len(g.legal) > 1  # a single legal move is never asked
    ply = len(screen.match.history)
    first = g.buttons[0]
    send(app, "on_key_press", key._1, 0)
    assert screen.match.history[ply] == first

def test_push_shows_the_exact_bust_chance_and_tooltips_name_pieces(app):
    screen = start(app, ["human", "human"], seed=3)
    wait_for(app, lambda: screen.table.active or screen.handover)
    if screen.handover:
        send(app, "on_key_press", key.ENTER, 0)
        app.tick(0)
    table = screen.table
    pushes = [b for b in table.context.buttons if getattr(b.value, "kind", "") == "push"]
    assert pushes, [b.text for b in table.context.buttons]
    chance = RULES.bust_chance(screen.state)
    assert f"{chance:.0%} chance to bust" in pushes[0].text
    seat = screen.state.current_player
    die = screen.state.seats[seat].zones[1][0]
    send(app, "on_mouse_motion", *screen.view.target_pos(("die", die)), 0, 0)
    assert "die" in screen.tooltip.shown
    send(app, "on_mouse_motion", *pushes[0].centre, 0, 0)
    assert any(t.startswith(f"push now: {chance:.0%} chance to bust") for t in screen.hud.texts())


def test_people_on_one_screen_need_no_hand_over_the_camera_turns_to_who_decides(app):
    screen = start(app, ["human", "human"], seed=5)
    seen = set()
    for _ in range(60):
        wait_for(app, lambda: screen.table.active)
        assert not screen.handover and screen.eyes() is None  # nothing in Cubitos is hidden
        seat = screen.state.current_player
        if seat not in seen and seen:
            for _ in range(400):  # the camera eases round to the person deciding
                app.tick(1 / 30)
                if screen.turn_to is None:
                    break
            assert abs((screen.view.camera.yaw - screen.kit.seat_angle(seat, 2) + 3.1416) % 6.2832 - 3.1416) < 0.02
            return
        seen.add(seat)
        g = screen.table.gestures
        screen.submit(g.buttons[-1] if g.buttons else g.legal[0])
    raise AssertionError("the second person never decided")


def test_h_asks_for_a_hint_and_lights_or_marks_it(app):
    screen = start(app, ["human", "odds"], seed=4)
    wait_for(app, lambda: screen.table.active)
    send(app, "on_key_press", key.H, 0)
    wait_for(app, lambda: screen.hint_action is not None, seconds=60)
    assert screen.caption.startswith("Hint: ") and screen.hint_action in screen.state.legal_actions()
    g = screen.table.gestures
    if screen.hint_action in g.buttons:
        marked = [b for b in screen.table.context.buttons if b.selected]
        assert [b.value for b in marked] == [screen.hint_action]
    else:
        assert screen.table.lit() == {t for t, acts in g.by_target.items() if screen.hint_action in acts}


def test_escape_closes_an_open_menu_first_then_opens_the_start_menu(app):
    from render.screens.menu import MenuScreen

    screen = start(app, ["human", "odds"], seed=4)
    wait_for(app, lambda: screen.table.active)
    screen.table.menu_items = [("a move", screen.table.gestures.legal[0])]
    send(app, "on_key_press", key.ESCAPE, 0)
    assert screen.table.menu_items == [] and app.screen is screen
    send(app, "on_key_press", key.ESCAPE, 0)
    assert isinstance(app.screen, MenuScreen)
