"""The README's Octocube keys table, key by key, at app level: each key reaches the app through the
window's events and does what the README says (so a swapped or dead key fails here)."""
from __future__ import annotations

import math
import random

import pytest
from pyglet.window import key

from render.options import Options
from tests.render.screens.test_app_screens import button, click, frames, send

pytestmark = pytest.mark.gl
ARROW_VECTORS = {key.UP: (0.0, 1.0), key.DOWN: (0.0, -1.0), key.LEFT: (-1.0, 0.0), key.RIGHT: (1.0, 0.0)}


def start(app, seats, seed=5, **kw):
    from render.screens.game import GameScreen

    app.start_game(Options(players=len(seats), seats=seats, seed=seed, anim_speed=kw.pop("anim_speed", 0.0), save=app.options.save, **kw))
    screen = app.screen
    assert isinstance(screen, GameScreen)
    app.tick(0)
    return screen


def play_until(screen, wanted, seed=1, limit=400):
    """Random legal moves (no bots asked) until ``wanted(state)`` holds for the person to move."""
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(screen.state):
            screen.refresh()
            if screen.handover:
                screen._button("take")  # the next person takes the screen
                screen.refresh()
            return
        screen.submit(rng.choice(screen.state.legal_actions()))
    raise AssertionError("position not reached")


def kinds(state) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def press(app, symbol, modifiers=0):
    send(app, "on_key_press", symbol, modifiers)
    app.tick(0)


@pytest.mark.parametrize("modifiers, symbol", [(0, key.U), (key.MOD_CTRL, key.Z)])
def test_u_and_ctrl_z_take_back_a_pivot(app, modifiers, symbol):
    from render.i18n import t

    screen = start(app, ["human", "human"])
    play_until(screen, lambda s: sum(a.kind == "pivot" for a in s.legal_actions()) == 3)
    before = list(screen.match.history)
    press(app, key.E)
    assert len(screen.match.history) == len(before) + 1
    press(app, symbol, modifiers)
    assert screen.match.history == before and screen.message == t("msg.undone")


def test_arrow_keys_roll_toward_the_neighbour_that_lies_that_way_on_screen_from_every_seat(app):
    """From each seat's camera, an arrow key rolls the cube to the neighbour whose space lies
    furthest that way on the screen (up is up in the window whoever looks)."""
    from game.octocube.components import DIRECTIONS
    from render.tables.octocube.gestures import neighbour

    screen = start(app, ["human", "random", "random", "random"], seed=7)
    play_until(screen, lambda s: s.current_player == 0 and sum(a.kind == "roll" for a in s.legal_actions()) == 4,
               seed=4)
    seat, size = 0, screen.state.size
    assert {a.direction for a in screen.state.legal_actions() if a.kind == "roll"} == {0, 1, 2, 3}
    chosen: list = []
    screen.table.input.submit = chosen.append  # the roll each key asks for, the position left as it is
    cell = screen.state.cube_cell[seat]
    for camera_seat in range(4):
        screen.face(camera_seat)
        app.tick(0)
        ox, oy = screen.view.target_pos(("cube", seat))
        along_arrow = {}
        for symbol, (vx, vy) in ARROW_VECTORS.items():
            for direction in DIRECTIONS:
                tx, ty = screen.view.target_pos(("cell", neighbour(cell, direction, size)))
                along_arrow[symbol, direction] = ((tx - ox) * vx + (ty - oy) * vy) / math.hypot(tx - ox, ty - oy)
        for symbol in ARROW_VECTORS:
            press(app, symbol)
            roll = chosen.pop()
            assert roll.kind == "roll" and not chosen
            went = DIRECTIONS[roll.direction]
            best = max(DIRECTIONS, key=lambda d: along_arrow[symbol, d])
            assert went == best and along_arrow[symbol, went] > 0.7, (camera_seat, key.symbol_string(symbol))


CLOCKWISE_FROM_ABOVE = {"north": "east", "east": "south", "south": "west", "west": "north"}


@pytest.mark.parametrize("symbol, quarter_turns", [(key.E, 1), (key.W, 2), (key.Q, 3)])
def test_e_w_q_pivot_clockwise_half_and_anticlockwise_as_seen_from_above(app, symbol, quarter_turns):
    """E turns the cube a quarter clockwise seen from above (the north face's tile goes east), W
    half round, Q a quarter anticlockwise."""
    from game.octocube.components import FACES

    screen = start(app, ["human", "human"])
    play_until(screen, lambda s: sum(a.kind == "pivot" for a in s.legal_actions()) == 3)
    seat = screen.state.current_player
    before = screen.state.cube_faces[seat]
    press(app, symbol)
    last = screen.match.history[-1]
    assert last.kind == "pivot" and last.quarter_turns == quarter_turns
    after = screen.state.cube_faces[seat]
    for side in CLOCKWISE_FROM_ABOVE:
        to = side
        for _ in range(quarter_turns):
            to = CLOCKWISE_FROM_ABOVE[to]
        assert after[FACES.index(to)] == before[FACES.index(side)], (side, to)


def test_score_panel_s_opens_a_chooses_all_n_none_digits_toggle(app):
    screen = start(app, ["human", "human"])
    play_until(screen, lambda s: "score" in kinds(s) and sum(f is not None for f in s.cube_faces[s.current_player]) >= 2)
    press(app, key.S)
    table = screen.table
    assert table.input.mode == "score" and table.modal()
    scorable = table.input.gestures.scorable_faces()
    press(app, key.A)
    assert table.input.chosen == scorable
    press(app, key.N)
    assert table.input.chosen == set() and table.input.mode == "score"  # N in the panel is "none", no new game
    press(app, key._1)
    assert table.input.chosen == {min(scorable)}
    press(app, key.ESCAPE)
    assert table.input.mode == "play" and screen is app.screen  # Esc closes the panel, not the game
    press(app, key.S)
    press(app, key.A)
    press(app, key.ENTER)
    last = screen.match.history[-1]
    assert last.kind == "score" and set(last.faces) == scorable


def test_left_and_right_turn_the_cube_in_the_orientation_chooser_and_enter_places_it(app):
    screen = start(app, ["human", "human"], show_all_scores=True)
    play_until(screen, lambda s: len([a for a in s.legal_actions() if a.kind == "place"]) >
               len({a.cell for a in s.legal_actions() if a.kind == "place"}))
    cells = [a.cell for a in screen.state.legal_actions() if a.kind == "place"]
    wanted = ("cell", next(c for c in cells if cells.count(c) > 1))
    while screen.table.input.focus != wanted:
        press(app, key.TAB)
    press(app, key.ENTER)
    chooser = screen.table.input
    assert chooser.mode == "orient" and len(chooser.orient_choices) > 1
    press(app, key.RIGHT)
    assert chooser.orient_index == 1
    press(app, key.LEFT)
    press(app, key.LEFT)
    assert chooser.orient_index == len(chooser.orient_choices) - 1
    shown = chooser.orientation
    press(app, key.ENTER)
    assert screen.match.history[-1] == shown


def test_l_folds_and_unfolds_the_log(app):
    screen = start(app, ["human", "human"])
    screen.submit(screen.state.legal_actions()[0])
    app.tick(0)
    assert not screen.log_folded and screen.log_panel.lines
    press(app, key.L)
    assert screen.log_folded and screen.log_panel.lines == []
    press(app, key.L)
    assert not screen.log_folded and screen.log_panel.lines


def test_plus_and_minus_change_the_animation_speed(app):
    from render.i18n import t

    screen = start(app, ["human", "human"], anim_speed=1.0)
    press(app, key.PLUS)
    assert screen.view.anim_speed == pytest.approx(1.5)
    press(app, key.EQUAL)  # the + key without Shift
    assert screen.view.anim_speed == pytest.approx(2.25)
    press(app, key.MINUS)
    press(app, key.MINUS)
    press(app, key.NUM_SUBTRACT)
    assert screen.view.anim_speed == pytest.approx(1 / 1.5)
    assert screen._can_do() == t("msg.speed", speed="0.67")  # the HUD says it


def finished(app):
    screen = start(app, ["human", "human"], show_all_scores=True)
    state = screen.state
    rng = random.Random(3)
    while not state.is_over:
        screen.match.apply(rng.choice(state.legal_actions()))
    screen.view.sync(state)
    screen.refresh()
    return screen


def test_n_and_the_new_game_button_start_a_new_game_not_the_menu(app):
    from render.screens.game import GameScreen

    screen = finished(app)
    seed = screen.options.seed
    press(app, key.N)
    assert isinstance(app.screen, GameScreen) and app.screen is not screen
    assert app.screen.options.seed == seed + 1 and not app.screen.state.is_over and not app.screen.match.history
    screen = finished(app)
    click(app, *button(screen.score_table, "new").centre)
    assert isinstance(app.screen, GameScreen) and app.screen is not screen and not app.screen.match.history


def test_the_menu_button_of_the_final_scores_and_esc_open_the_menu(app):
    from render.screens.menu import MenuScreen

    screen = finished(app)
    click(app, *button(screen.score_table, "menu").centre)
    assert isinstance(app.screen, MenuScreen)
    start(app, ["human", "human"])
    press(app, key.ESCAPE)
    assert isinstance(app.screen, MenuScreen)


def test_home_puts_the_camera_back_behind_the_person(app):
    screen = start(app, ["human", "random", "random", "random"])
    camera = screen.view.camera
    home = (camera.yaw, camera.view_matrix().tobytes())
    send(app, "on_mouse_drag", 600, 300, 80, 30, 4, 0)  # right-drag orbits (mouse.RIGHT == 4)
    assert camera.view_matrix().tobytes() != home[1]
    press(app, key.HOME)
    assert camera.yaw == pytest.approx(home[0]) and camera.view_matrix().tobytes() == home[1]


def test_tab_reaches_a_lit_space_and_enter_places_the_cube_there(app):
    screen = start(app, ["human", "human"])
    assert kinds(screen.state) == {"place"}
    press(app, key.TAB)
    focus = screen.table.input.focus
    assert focus is not None and focus in screen.table.lit()
    press(app, key.TAB)
    assert screen.table.input.focus != focus
    focus = screen.table.input.focus
    press(app, key.ENTER)
    last = screen.match.history[-1]
    assert last.kind == "place" and ("cell", last.cell) == focus


def test_p_passes(app):
    screen = start(app, ["human", "human"])
    play_until(screen, lambda s: "pass" in kinds(s) or "decline" in kinds(s))
    press(app, key.P)
    assert screen.match.history[-1].kind in ("pass", "decline")


def test_ctrl_z_in_a_demo_says_a_demo_has_no_undo(app):
    from render.i18n import t

    app.start_demo(Options(seats=["random", "random"], seed=2, anim_speed=0.0, save=app.options.save))
    screen = app.screen
    screen.paused = True
    for _ in range(3):
        screen.submit(screen.state.legal_actions()[0])
    before = list(screen.match.history)
    press(app, key.Z, key.MOD_CTRL)
    assert screen.match.history == before
    assert screen.message == t("msg.demo_no_undo") and screen._can_do() == t("msg.demo_no_undo")
    frames(app, 1)


def test_show_all_scores_shows_every_seat_its_vp(app):
    screen = start(app, ["human", "human"], show_all_scores=True)
    screen.submit(screen.state.legal_actions()[0])
    app.tick(0)
    assert not any(s.text.startswith("?") for s in screen.table.scores(screen.eyes()))
    hidden = start(app, ["human", "human"])
    hidden.submit(hidden.state.legal_actions()[0])
    app.tick(0)
    assert any(s.text.startswith("?") for s in hidden.table.scores(hidden.eyes()))


def test_the_demo_goes_on_to_the_next_game_after_the_final_scores(app):
    from render.screens.demo import DEMO_PAUSE_S
    from render.tables import registry as kits

    app.start_demo(Options(seats=["random", "random"], seed=2, anim_speed=0.0, save=app.options.save))
    screen = app.screen
    rng = random.Random(1)
    while not screen.state.is_over:
        screen.match.apply(rng.choice(screen.state.legal_actions()))
    screen.view.sync(screen.state)
    app.tick(DEMO_PAUSE_S / 2)
    assert app.screen is screen  # the final scores stay up a while
    app.tick(DEMO_PAUSE_S)
    games = kits.games()
    assert app.screen is not screen and app.screen.demo
    assert app.screen.match.data.game == games[(games.index("octocube") + 1) % len(games)]
    assert not app.screen.state.is_over
