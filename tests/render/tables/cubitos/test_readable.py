"""Readable from the chair (issue 35): at the default camera the deciding seat's own dice are at
least 28 px across, for every seat of 2-4 hot-seat players, at 1280x720 and in the smallest window."""
from __future__ import annotations

import pytest

from game.cubitos.state import ACTIVE, DISCARD, ROLL
from render.ui import theme
from render.ui.areas import bounds
from tests.render.test_own_board_on_screen import at_the_turn_of

pytestmark = pytest.mark.gl

DIE_PX = 28.0
BOX_MARGIN = 1.1  # a die's pick box is this much larger than the die (view._boxes)


def own_dice_px(screen) -> list[tuple[int, float]]:
    """Each of the deciding seat's dice in its trays, with the width of its face in window pixels."""
    state, view = screen.table.state, screen.table.view
    out = []
    for zone in (ROLL, ACTIVE, DISCARD):
        for d in state.seats[state.current_player].zones[zone]:
            x0, _, x1, _ = bounds(view.target_area(("die", d)))
            out.append((d, (x1 - x0) / BOX_MARGIN))
    return out


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
def test_every_seats_own_dice_are_28_px_at_home(app, size):
    app.fixed_size = size
    app.on_resize(*size)
    for players in (2, 3, 4):
        for seat in range(players):
            screen = at_the_turn_of(app, "cubitos", players, seat)
            dice = own_dice_px(screen)
            assert dice, f"{players} players, seat {seat}: no own dice to measure"
            small = [(d, round(px, 1)) for d, px in dice if px < DIE_PX]
            assert not small, f"{players} players, seat {seat} at {size}: dice under {DIE_PX} px: {small}"
