"""Kids Retrieve by mouse: a click on a lit board space places a tile, a click per cube tile orders
the leftover stack, a click on a lit table space takes that stack (issue 8 items 13 and 14)."""
from __future__ import annotations

import pytest

from game.octocube.components import BOTTOM
from tests.render.screens.test_app_screens import button, click
from tests.render.tables.test_input_mouse import start, visible_pos

pytestmark = pytest.mark.gl


def asks(phase: str):
    return lambda state: not state.is_over and state.current_player == 0 and state.phase == phase


def test_a_click_on_a_lit_board_space_puts_the_tile_there(app):
    screen = start(app, ["human", "human"], seed=1, variant="kids", wanted=asks("board"))
    legal = screen.state.legal_actions()
    lit = screen.table.input.lit()
    assert {t for t in lit if t[0] == "board_space"} == {("board_space", 0, a.slot) for a in legal}
    taken = {s for s, t in enumerate(screen.state.kids_board[0]) if t is not None}
    assert not {("board_space", 0, s) for s in taken} & lit  # filled or unfitting spaces stay dark
    action = next(a for a in legal if sum(b.slot == a.slot for b in legal) == 1)
    tile = screen.state.cube_faces[0][action.face]
    before = len(screen.match.history)
    click(app, *visible_pos(app, screen, ("board_space", 0, action.slot)))
    assert screen.match.history[before:before + 1] == [action]
    assert screen.state.kids_board[0][action.slot] == tile


def test_a_click_per_tile_orders_the_leftover_stack(app):
    screen = start(app, ["human", "human"], seed=1, variant="kids", wanted=asks("order"))
    cell = screen.state.pile_cell
    while screen.state.phase == "order":
        action = screen.state.legal_actions()[-1]
        tile = screen.state.cube_faces[0][action.face]
        if action.face == BOTTOM:  # under the cube: a button names it
            assert action in screen.table.input.gestures.unreached
            click(app, *button(screen.table.context, action).centre)
        else:
            assert ("face", 0, action.face) in screen.table.input.lit()
            click(app, *visible_pos(app, screen, ("face", 0, action.face)))
        assert screen.match.history[-1] == action and tile in screen.state.stacks[cell]
        app.tick(0)
    assert screen.state.cube_faces[0] == [None] * 6


def test_a_click_on_a_lit_table_space_takes_the_leftover_stack(app):
    screen = start(app, ["human", "human"], seed=1, variant="kids", wanted=asks("pile"))
    action = screen.state.legal_actions()[0]
    click(app, *visible_pos(app, screen, ("cell", action.cell)))
    assert screen.match.history[-1] == action
