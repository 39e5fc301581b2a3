"""Hovering on the Octocube table previews a move: the tile a Roll or a placement would pick up,
what the own cube can do now, and the VP the Score button or a tile of the Score panel would give."""
from __future__ import annotations

import pytest

from game.core.match import Match
from game.octocube.components import NORTH, SOUTH, TOP
from render.options import Options
from tests.game.octocube.positions import cube_at, tile
from tests.render.screens.test_app_screens import button, send
from tests.render.tables.octocube.words_host import RULES

pytestmark = pytest.mark.gl


def start(app, rig):
    """Seat 0 (a person) to move in a rigged two-seat position."""
    match = Match(RULES, 2, 1, ["human", "random"])
    rig(match.state)
    app.start_game(Options(game="octocube", players=2, seats=["human", "random"], seed=1, anim_speed=0.0,
                           save=app.options.save), match)
    app.tick(0)
    return app.screen


def hover(app, screen, x, y):
    send(app, "on_mouse_motion", x, y, 0, 0)
    app.tick(0)


def test_a_roll_target_says_which_tile_the_cube_would_pick_up(app):
    def rig(s):
        cube_at(s, 1, 15, turn=0)
        cube_at(s, 0, 5)
        s.stacks[1].append(tile("pearl", "green"))
        s.stacks[6].append(tile("diamond", "white"))
    screen = start(app, rig)
    hover(app, screen, *screen.view.target_pos(("cell", 1)))
    assert screen.tooltip.shown.endswith(" · roll north: picks up a green Pearl")
    hover(app, screen, *screen.view.target_pos(("cube", 0)))
    assert screen.tooltip.shown == "Orange's cube: no tiles yet · you can roll · score · pass"  # nothing to turn: no pivot
    hover(app, screen, *screen.view.target_pos(("cube", 1)))
    assert screen.tooltip.shown == "Sky blue's cube: no tiles yet"  # not theirs: what it is, no more


def test_a_roll_that_brings_a_tile_down_picks_up_nothing(app):
    faces = [None] * 6
    faces[SOUTH] = tile("starfish", "white")  # rolling south tips the south face down

    def rig(s):
        cube_at(s, 1, 15, turn=0)
        cube_at(s, 0, 5, faces)
    screen = start(app, rig)
    hover(app, screen, *screen.view.target_pos(("cell", 9)))
    assert screen.tooltip.shown.endswith(" · roll south: picks up nothing")


def test_the_score_button_and_the_panel_tiles_preview_the_series_vp(app):
    faces = [None] * 6
    faces[TOP], faces[NORTH] = tile("starfish", "white"), tile("starfish", "green")

    def rig(s):
        cube_at(s, 1, 15, turn=0)
        cube_at(s, 0, 5, faces)
    screen = start(app, rig)
    hover(app, screen, *button(screen.table.context, "score").centre)
    assert screen.table.can_do() == "Score all: 2 Starfish: 2 VP now · the cube goes home"
    assert any(text.startswith("Score all: 2 Starfish") for text in screen.hud.texts())
    send(app, "on_key_press", ord("s"), 0)
    app.tick(0)
    assert screen.table.input.mode == "score"
    hover(app, screen, *button(screen.table.score_panel, ("face", TOP)).centre)
    assert "with the white Starfish: 1 Starfish: 0 VP now · the cube goes home" in screen.table.score_panel.texts()
