"""Octocube's Score panel: a selected tile keeps its picture, in a frame with a small tick (it used
to turn into a blank yellow square once the tiles had been shown unselected)."""
from __future__ import annotations

import numpy as np
import pytest

from game import registry
from game.bots import make_bot
from game.core.match import Match
from render.options import Options
from render.ui import theme

pytestmark = pytest.mark.gl


def chips(app, panel) -> dict:
    """Each chip's pixels (the tick's corner left out), by face."""
    image = app.capture()
    out = {}
    for b in panel.buttons:
        if isinstance(b.value, tuple) and b.value[0] == "face":
            x, y, w, h = (int(round(v)) for v in (b.x, b.y, b.w, b.h))
            top = app.height - y - h
            out[b.value[1]] = image[top + 16:top + h, x:x + w - 16].astype(int)
    return out


def test_a_selected_tile_keeps_its_picture_framed(app):
    match = Match(registry.get("octocube"), 4, 3, ["human"] * 4)
    bot = make_bot("random", match.rules, 0, 3)
    for _ in range(20):
        match.apply(bot.choose(match.state))
    app.start_game(Options(players=4, seats=["human"] * 4, seed=3, anim_speed=0.0, save=app.options.save), match)
    screen = app.screen
    screen.update(0.0)
    table = screen.table
    table.input.open_score()
    screen.dirty = True
    app.tick(0)
    before = chips(app, table.score_panel)
    assert len(before) >= 2 and not table.input.chosen
    table.input.button("all")  # every tile selected
    screen.dirty = True
    app.tick(0)
    after = chips(app, table.score_panel)
    accent = np.array(theme.ACCENT[:3])
    for face, picture in before.items():
        assert np.abs(after[face] - picture).max() <= 8, f"face {face}'s picture changed when selected"
        assert (np.abs(after[face] - accent).sum(axis=2) < 30).mean() < 0.5, "not a yellow square"
    framed = table.score_panel.frames
    for b in table.score_panel.buttons:
        if isinstance(b.value, tuple) and b.value[0] == "face":  # accent strips hug the chip on its four sides
            around = [f for f in framed if f[0] <= b.x and f[2] >= b.x + b.w and (f[3] <= b.y or f[1] >= b.y + b.h)]
            assert len(around) >= 2
