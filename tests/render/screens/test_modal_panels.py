"""While a modal panel is up (hand-over, Score, orientation, the rules guide, final scores) the table
under it shows no tooltip and takes no pointer, and the panels always draw above any tooltip."""
from __future__ import annotations

import random

import numpy as np
import pytest
from pyglet.window import key

from render.options import Options
from tests.render.screens.test_app_screens import SIZE, button, frames, send

pytestmark = pytest.mark.gl


def two_people(app, **kw):
    app.start_game(Options(seats=["human", "human"], seed=5, anim_speed=0.0, save=app.options.save, **kw))
    app.tick(0)
    return app.screen


def rest_on_a_stack(app, screen) -> tuple[float, float]:
    """The pointer comes to rest over a stack of tiles: its tooltip shows."""
    cell = next(c for c, s in enumerate(screen.state.stacks) if s and c not in screen.state.cube_cell)
    at = screen.view.target_pos(("cell", cell))
    send(app, "on_mouse_motion", *at, 0, 0)
    assert screen.tooltip.shown
    return at


def region(image: np.ndarray, b) -> np.ndarray:
    """The pixels of widget button ``b`` (its y counts up from the bottom, the image's rows down)."""
    top = SIZE[1] - int(b.y + b.h)
    return image[top:top + int(b.h), int(b.x):int(b.x + b.w)].astype(int)


def assert_drawn_over_any_tooltip(app, screen, b) -> None:
    """A tooltip laid right over button ``b`` leaves the button's pixels as they were."""
    before = region(frames(app, 1), b)
    screen.tooltip.build(b.x - 20, b.y + b.h + 10, SIZE[0], "W" * 60)
    after = region(app.capture(), b)
    assert np.abs(after - before).mean() < 1.0


def assert_table_ignores_the_pointer(app, screen, at) -> None:
    """The pointer moving over the stack again neither names it nor lights anything new."""
    hovered = screen.table.hovered
    send(app, "on_mouse_motion", at[0] + 1, at[1], 1, 0)
    app.tick(0)
    assert screen.tooltip.shown == "" and screen.table.hovered in (None, hovered)


def test_the_hand_over_clears_the_tooltip_and_draws_its_button_above_any(app):
    screen = two_people(app)
    at = rest_on_a_stack(app, screen)
    send(app, "on_key_press", key.TAB, 0)  # the first person places the cube by keys, the pointer still
    send(app, "on_key_press", key.ENTER, 0)
    app.tick(0)
    assert screen.handover
    assert screen.tooltip.shown == ""
    assert_table_ignores_the_pointer(app, screen, at)
    send(app, "on_mouse_press", *at, 1, 0)
    send(app, "on_mouse_release", *at, 1, 0)
    assert len(screen.match.history) == 1  # a click on the table under the panel does nothing
    take = button(screen.banner, "take")
    assert_drawn_over_any_tooltip(app, screen, take)


def play_to(screen, wanted, seed=1):
    rng = random.Random(seed)
    while not wanted(screen.state):
        screen.submit(rng.choice(screen.state.legal_actions()))
    screen.refresh()
    if screen.handover:
        screen._button("take")
        screen.refresh()


@pytest.mark.parametrize("panel", ["score", "orient"])
def test_the_score_and_orientation_panels_clear_the_tooltip_and_draw_above_it(app, panel):
    screen = two_people(app, show_all_scores=True)  # nothing hidden: no hand-over between the moves
    if panel == "score":
        play_to(screen, lambda s: any(a.kind == "score" for a in s.legal_actions()))
    else:
        play_to(screen, lambda s: len([a for a in s.legal_actions() if a.kind == "place"]) >
                len({a.cell for a in s.legal_actions() if a.kind == "place"}))
    at = rest_on_a_stack(app, screen)
    if panel == "score":
        send(app, "on_key_press", key.S, 0)
    else:  # Tab to a space where the cube goes down in several ways, Enter: the chooser opens
        cells = [a.cell for a in screen.state.legal_actions() if a.kind == "place"]
        wanted = ("cell", next(c for c in cells if cells.count(c) > 1))
        while screen.table.input.focus != wanted:
            send(app, "on_key_press", key.TAB, 0)
        send(app, "on_key_press", key.ENTER, 0)
    app.tick(0)
    assert screen.table.modal() and screen.tooltip.shown == ""
    assert_table_ignores_the_pointer(app, screen, at)
    shown = screen.table.score_panel if panel == "score" else screen.table.orient
    assert_drawn_over_any_tooltip(app, screen, shown.buttons[-1])


def test_the_rules_guide_clears_the_tooltip_and_draws_above_it(app):
    screen = two_people(app)
    at = rest_on_a_stack(app, screen)
    send(app, "on_key_press", key.F1, 0)
    assert screen.guide.shown and screen.tooltip.shown == ""
    assert_table_ignores_the_pointer(app, screen, at)
    assert_drawn_over_any_tooltip(app, screen, screen.guide.buttons[-1])
    send(app, "on_key_press", key.ESCAPE, 0)
    app.tick(0)
    assert not screen.guide.shown
    send(app, "on_mouse_motion", *at, 0, 0)
    assert screen.tooltip.shown  # the table has the pointer back


def test_the_final_scores_clear_the_tooltip_and_draw_above_it(app):
    screen = two_people(app, show_all_scores=True)
    at = rest_on_a_stack(app, screen)
    rng = random.Random(3)
    while not screen.state.is_over:
        screen.submit(rng.choice(screen.state.legal_actions()))
        if screen.handover:
            screen._button("take")
    app.tick(0)
    assert screen.tooltip.shown == ""
    send(app, "on_mouse_motion", at[0] + 1, at[1], 1, 0)
    assert screen.tooltip.shown == ""
    assert_drawn_over_any_tooltip(app, screen, button(screen.score_table, "new"))
