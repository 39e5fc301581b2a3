"""Injected pyglet mouse events at the projected positions of targets become the right actions."""
from __future__ import annotations

import os
import random

import pytest
from pyglet.window import mouse

from game.octocube.actions import Roll
from game.octocube.components import DIRECTIONS, TILE_TYPE
from render.options import Options
from render.tables.octocube.gestures import neighbour
from tests.render.screens.test_app_screens import button, click, send, wait_for

pytestmark = pytest.mark.gl
LONG = bool(os.environ.get("CUBETABLE_LONG"))  # scripts/test --long: the variant games play to the end


def start(app, seats, seed, moves=0, wanted=None, variant=None):
    """A game after ``moves`` random moves (or once ``wanted(state)`` holds), at instant animation."""
    from game import registry
    from game.core.match import Match

    options = Options(seats=seats, seed=seed, anim_speed=0.0, save=app.options.save, variant=variant)
    match = Match(registry.get("octocube"), len(seats), seed, seats, **({"variant": variant} if variant else {}))
    rng = random.Random(seed)
    while moves > 0 or (wanted is not None and not wanted(match.state)):
        match.apply(rng.choice(match.state.legal_actions()))
        moves -= 1
    app.start_game(options, match)
    app.tick(0)
    return app.screen


def drag(app, start_xy, end_xy, steps: int = 6) -> None:
    (x0, y0), (x1, y1) = start_xy, end_xy
    send(app, "on_mouse_motion", x0, y0, 0, 0)
    send(app, "on_mouse_press", x0, y0, mouse.LEFT, 0)
    for i in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        send(app, "on_mouse_drag", x, y, (x1 - x0) / steps, (y1 - y0) / steps, mouse.LEFT, 0)
    send(app, "on_mouse_release", x1, y1, mouse.LEFT, 0)


def visible_pos(app, screen, target):
    """Where a click lands on ``target``; if another piece hides it, orbit the camera (right-drag)."""
    for _ in range(12):
        x, y = screen.view.target_pos(target)
        if screen.table.input.under(x, y) == target:
            return x, y
        send(app, "on_mouse_drag", 640, 360, 70, 0, mouse.RIGHT, 0)
        app.tick(0)
    raise AssertionError(f"{target} stays hidden from every side")


def can_roll(state):
    return not state.is_over and any(isinstance(a, Roll) for a in state.legal_actions())


def test_dragging_the_cube_onto_a_neighbour_rolls_it_there(app):
    screen = start(app, ["human", "human"], seed=11, wanted=can_roll)
    state, seat = screen.state, screen.state.current_player
    roll = next(a for a in state.legal_actions() if isinstance(a, Roll))
    dst = neighbour(state.cube_cell[seat], DIRECTIONS[roll.direction], state.size)
    before = len(screen.match.history)
    drag(app, screen.view.target_pos(("cube", seat)), screen.view.target_pos(("cell", dst)))
    assert screen.match.history[before:] == [roll]
    assert screen.state.cube_cell[seat] == dst


def test_clicking_a_lit_neighbour_rolls_and_clicking_an_unlit_space_does_nothing(app):
    screen = start(app, ["human", "human"], seed=12, wanted=can_roll)
    state, seat = screen.state, screen.state.current_player
    cube = state.cube_cell[seat]
    far = next(c for c in range(state.size ** 2) if ("cell", c) not in screen.table.input.lit() and c != cube
               and c not in state.cube_cell)
    before = len(screen.match.history)
    click(app, *screen.view.target_pos(("cell", far)))
    assert len(screen.match.history) == before and screen.table.input.mode == "play"
    roll = next(a for a in state.legal_actions() if isinstance(a, Roll))
    click(app, *screen.view.target_pos(("cell", neighbour(cube, DIRECTIONS[roll.direction], state.size))))
    assert screen.match.history[before:] == [roll]


def do_by_mouse(app, screen, action) -> None:
    """Carry out ``action`` for the person to move with mouse events only: its target or button,
    then whatever that opens (the orientation chooser, a menu, a power's targets)."""
    view, seat, g = screen.view, screen.state.current_player, screen.table.input.gestures
    ply = len(screen.match.history)
    if action.kind == "roll":
        dst = neighbour(screen.state.cube_cell[seat], DIRECTIONS[action.direction], screen.state.size)
        drag(app, view.target_pos(("cube", seat)), view.target_pos(("cell", dst)))
    elif action.kind == "pivot":
        click(app, *button(screen.table.context, ("pivot", action.quarter_turns)).centre)
    elif action.kind == "score":
        click(app, *button(screen.table.context, "score").centre)
        app.tick(0)
        for face in action.faces:
            click(app, *button(screen.table.score_panel, ("face", face)).centre)
            app.tick(0)
        click(app, *button(screen.table.score_panel, "confirm").centre)
    else:
        targets = [t for t, acts in g.by_target.items() if action in acts]
        if targets:
            click(app, *visible_pos(app, screen, targets[0]))
        else:
            click(app, *button(screen.table.context, action).centre)
    app.tick(0)
    while len(screen.match.history) == ply and screen.table.input.mode != "play":
        mode = screen.table.input.mode
        if mode == "choose":
            entry = next((b for b in screen.table.menu.buttons if action in b.value), None)
            assert entry is not None, f"{action} not in the menu {[b.value for b in screen.table.menu.buttons]}"
            click(app, *entry.centre)
        elif mode == "orient":
            for _ in range(len(screen.table.input.orient_choices)):
                if screen.table.input.orientation == action:
                    break
                click(app, *button(screen.table.orient, "next").centre)
                app.tick(0)
            click(app, *button(screen.table.orient, "confirm").centre)
        else:
            click(app, *visible_pos(app, screen, g.arg_targets(action, screen.table.input.arg_index)[0]))
        app.tick(0)


def play_by_mouse(app, screen, rng, human_moves: int | None = None) -> int:
    """Seat 0 moves by mouse (powers and retrieves preferred when offered), the bot answers; returns
    seat 0's moves."""
    moves = 0
    while not screen.state.is_over and (human_moves is None or moves < human_moves):
        if screen.state.current_player == 0:
            legal = screen.state.legal_actions()
            rare = [a for a in legal if a.kind in ("power", "retrieve")]
            action = rng.choice(rare if rare and rng.random() < 0.7 else legal)
            before = len(screen.match.history)
            do_by_mouse(app, screen, action)
            assert screen.match.history[before:before + 1] == [action], f"move {moves}: wanted {action}"
            moves += 1
        else:
            n = len(screen.match.history)
            wait_for(app, lambda: len(screen.match.history) > n)
    return moves


def test_a_whole_two_player_game_with_seat_0_played_by_the_mouse(app):
    screen = start(app, ["human", "random"], seed=21)
    moves = play_by_mouse(app, screen, random.Random(5))
    app.tick(0)
    assert moves > 10 and screen.state.is_over
    assert len(screen.state.scores()) == 2
    assert any(b.value == "new" for b in screen.score_table.buttons)  # the final scores, with New game


@pytest.mark.parametrize("variant, kind", [("kids", "retrieve"), ("advanced", "power")])
def test_kids_and_advanced_moves_by_mouse(app, variant, kind):
    """Retrieve, powers and their targets, extra rolls and declines are all reachable by the mouse."""
    def offered(state):
        return state.current_player == 0 and any(a.kind == kind for a in state.legal_actions())
    screen = start(app, ["human", "random"], seed=7, variant=variant, wanted=offered)
    before = len(screen.match.history)
    moves = play_by_mouse(app, screen, random.Random(7), human_moves=None if LONG else 12)
    assert moves >= 1
    assert kind in {a.kind for a in screen.match.history[before:]}


def test_scoring_by_clicking_tiles_on_the_cube_itself(app):
    def loaded(state):
        p = state.current_player
        return not state.is_over and state.cube_cell[p] is not None and state.cube_faces[p][0] is not None \
            and any(a.kind == "score" for a in state.legal_actions())
    screen = start(app, ["human", "human"], seed=13, wanted=loaded)
    seat = screen.state.current_player
    click(app, *button(screen.table.context, "score").centre)
    app.tick(0)
    assert screen.table.input.mode == "score" and ("face", seat, 0) in screen.table.input.lit()
    click(app, *visible_pos(app, screen, ("face", seat, 0)))  # the top face, on the 3D cube
    app.tick(0)
    assert screen.table.input.chosen == {0}
    before, faces = len(screen.match.history), list(screen.state.cube_faces[seat])
    click(app, *button(screen.table.score_panel, "confirm").centre)
    scored = screen.match.history[before]
    assert scored.kind == "score" and len(scored.faces) == 1
    assert TILE_TYPE[faces[scored.faces[0]]] == TILE_TYPE[faces[0]]  # the top tile (or one just like it)


def test_the_wheel_pivots_over_the_own_cube_and_zooms_elsewhere(app):
    def pivots(state):
        return not state.is_over and sum(a.kind == "pivot" for a in state.legal_actions()) == 3
    screen = start(app, ["human", "human"], seed=14, wanted=pivots)
    seat, before = screen.state.current_player, len(screen.match.history)
    distance = screen.view.camera.distance
    send(app, "on_mouse_scroll", 20, 60, 0, 1.0)  # over the wooden table edge
    assert screen.view.camera.distance < distance and len(screen.match.history) == before
    send(app, "on_mouse_scroll", *visible_pos(app, screen, ("cube", seat)), 0, -1.0)
    assert [a.kind for a in screen.match.history[before:]] == ["pivot"]
    assert screen.match.history[before].quarter_turns == 3
