"""The status line reads whole (render/checks/status.py): the check the screen fuzzer runs finds a
line the HUD cuts, lets a path give up its middle, and finds nothing in the lines the game says."""
from __future__ import annotations

import pytest

from render.checks import violations
from render.checks.status import status_cut
from render.options import Options
from render.ui import theme

pytestmark = pytest.mark.gl


def _otys_at(app, size):
    app.start_game(Options(game="otys", players=4, seats=["human"] * 4, anim_speed=0.0, save=app.options.save))
    app.fixed_size = size
    app.on_resize(*size)
    app.tick(0)
    return app.screen


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
def test_a_cut_status_line_is_found_and_a_whole_one_is_not(app, size):
    screen = _otys_at(app, size)
    screen.message = "undone"
    screen.dirty = True
    assert violations(screen) == [] and status_cut(screen) == []  # (violations lays the screen out first)
    screen.message = "a line far too long for the status line " * 12
    screen.dirty = True
    assert any("status line" in v for v in violations(screen))
    screen.message = "saved to /home/ann/.local/share/cubetable/saves/" + "a-long-name-" * 12 + ".json"
    screen.dirty = True
    assert violations(screen) == []  # a path's middle gives way by design: its name still shows
