"""The kept frame: while a move animates only changed rectangles are drawn again (table, shadow
map and 2D layer), yet once settled it is the very picture a full redraw of the same position
gives, for every game with a table."""
from __future__ import annotations

import random

import numpy as np
import pytest
from pyglet.math import Mat4

from game import registry
from game.core.match import Match
from render.gl.targets import offscreen_framebuffer
from render.options import Options

pytestmark = pytest.mark.gl
SIZE = (960, 540)


def _far_first(legal, rng):
    """Moves that carry pieces a long way when there are any: a roll of dice, a rolling cube."""
    far = [a for a in legal if getattr(a, "kind", "") in ("push", "roll")]
    return rng.choice(far or legal)


def _read(fbo) -> np.ndarray:
    w, h = fbo.size
    return np.frombuffer(fbo.read(components=3), np.uint8).reshape(h, w, 3).astype(int)


def _differing(a: np.ndarray, b: np.ndarray) -> float:
    return float((np.abs(a - b).max(axis=2) > 24).mean())


@pytest.mark.parametrize("game, moves", [("octocube", 30), ("cubitos", 20), ("otys", 60)])
def test_a_table_settled_after_animated_moves_is_the_table_a_full_redraw_gives(gl_session, game, moves):
    from render.tables import registry as kits

    state = registry.get(game).new_game(players=2, seed=5)
    rng = random.Random(5)
    for _ in range(moves):
        state.apply(_far_first(state.legal_actions(), rng))
    view = kits.get(game).make_view(gl_session, state, anim_speed=1.0)
    fbo = offscreen_framebuffer(gl_session, *SIZE)
    try:
        view.draw(fbo, *SIZE)
        top, moved = view._top, 0
        for _ in range(3):  # three moves, every frame of their animation drawn
            events = state.apply(_far_first(state.legal_actions(), rng))
            view.play(events, state)
            for _ in range(240):
                view.update(1 / 60)
                view.draw(fbo, *SIZE)
                moved += bool(top._stale)
                if not view.busy:
                    break
        assert moved, "moving pieces were drawn in rectangles, not whole frames"
        before = _read(fbo)
        view.settle()
        view.draw(fbo, *SIZE)
        kept = _read(fbo)
        top._kept, top._shadow_whole = False, True  # forget the kept frame and shadow map
        view.settle()
        view.draw(fbo, *SIZE)
        full = _read(fbo)
        assert _differing(kept, full) < 0.0005, "the kept frame is the full redraw's picture"
        assert _differing(before, full) < 0.01, "in motion: unsampled edges at most"
    finally:
        gl_session.screen.use()
        fbo.release()
        view.release()


def test_the_window_frame_with_its_panels_is_kept_and_redrawn_only_where_dice_moved(gl_session, tmp_path):
    from render.app import App

    options = Options(game="cubitos", players=2, seats=["human", "human"], seed=5, anim_speed=1.0,
                      save=str(tmp_path / "autosave.json"))
    match = Match(registry.get("cubitos"), 2, 5, options.seats)
    rng = random.Random(5)
    while len(match.history) < 20:
        match.apply(_far_first(match.state.legal_actions(), rng))
    app = App(gl_session.extra, gl_session, options, size=SIZE)
    try:
        app.start_game(options, match)
        screen = app.screen
        for _ in range(60):
            app.tick(1 / 60)
            app.capture()
        screen.submit(_far_first(match.state.legal_actions(), rng))
        partial = 0
        for _ in range(240):
            app.tick(1 / 60)
            app.capture()
            partial += bool(screen.view._top._stale)
            if not screen.view.busy:
                break
        assert partial
        screen.view.settle()
        kept = app.capture().astype(int)
        screen.view._top._kept = False
        screen.composer.release()  # the 2D layer drawn whole again too
        screen.view.settle()
        full = app.capture().astype(int)
        assert _differing(kept, full) < 0.0005
    finally:
        app.close()


class _PaintedTable:
    """A stand-in table: a flat colour, and now and then a square of another colour."""

    def __init__(self, ctx) -> None:
        self.ctx, self.square, self.moved = ctx, None, False

    def _paint(self, fbo, box=None) -> None:
        fbo.use()
        fbo.clear(0.2, 0.4, 0.6, 1.0, viewport=box)
        square = self.square
        if square and box:  # only the part of the square inside the box
            x0, y0 = max(square[0], box[0]), max(square[1], box[1])
            x1 = min(square[0] + square[2], box[0] + box[2])
            y1 = min(square[1] + square[3], box[1] + box[3])
            square = (x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None
        if square:
            fbo.clear(0.9, 0.1, 0.1, 1.0, viewport=square)

    def draw(self, fbo, width, height, changes_only=False, also=None):
        if not changes_only:
            self._paint(fbo)
            return None
        boxes = ([self.square] if self.moved else []) + ([also] if also else [])
        if not boxes:
            return []
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        box = (x0, y0, max(b[0] + b[2] for b in boxes) - x0, max(b[1] + b[3] for b in boxes) - y0)
        self._paint(fbo, box)
        self.moved = False
        return [box]


def test_panels_are_drawn_again_over_exactly_the_part_of_the_table_that_changed(gl_session):
    from render.ui.composer import FrameComposer
    from render.ui.widgets import Overlay

    w, h = 320, 180
    window = gl_session.extra
    window.projection = Mat4.orthogonal_projection(0, w, 0, h, -255, 255)  # overlays in these pixels
    panel, tip = Overlay(), Overlay()
    panel.rect(0, 0, w, h / 2, (255, 255, 255, 128))  # a half-transparent panel over the lower half
    tip.rect(200, 120, 40, 20, (20, 16, 12, 200))
    table, composer = _PaintedTable(gl_session), FrameComposer(gl_session)
    out = offscreen_framebuffer(gl_session, w, h)

    def whole_redraw() -> np.ndarray:
        fresh = FrameComposer(gl_session)
        fresh.draw(out, w, h, table, [panel, tip])
        fresh.release()
        return _read(out)
    try:
        composer.draw(out, w, h, table, [panel, tip])
        table.square, table.moved = (40, 20, 60, 120), True  # changes across the panel's edge
        composer.draw(out, w, h, table, [panel, tip])
        partial = _read(out)
        assert np.array_equal(partial, whole_redraw()), "the panel blended once over the new table"
        assert partial[h - 30, 50].tolist() != partial[30, 50].tolist(), "the panel shows over the square"
        tip.clear()  # the tooltip moves: only its old and new places are drawn again
        tip.rect(60, 100, 40, 20, (20, 16, 12, 200))
        composer.draw(out, w, h, table, [panel, tip])
        assert np.array_equal(_read(out), whole_redraw()), "no ghost where it was, blended once where it is"
    finally:
        gl_session.screen.use()
        out.release()
        composer.release()
        panel.clear()
        tip.clear()
