"""A highlight lit on a still table is drawn whole in the kept frame: the cached path (only the
rectangles that changed drawn again, then multisampled once still) gives every pixel of the glow
that a table drawn afresh with the same highlights gives."""
from __future__ import annotations

import numpy as np
import pytest

from game import registry
from render.gl.targets import offscreen_framebuffer
from render.offscreen import render_rgb
from render.scene import tabletop
from render.tables import registry as kits

pytestmark = pytest.mark.gl
W, H = 640, 400


def read(view, fbo) -> np.ndarray:
    view.draw(fbo, W, H)
    return np.frombuffer(fbo.read(components=3), np.uint8).reshape(H, W, 3)[::-1].astype(int)


@pytest.mark.parametrize("game", kits.games())
def test_a_highlight_lit_on_a_still_table_is_whole_in_the_kept_frame(gl_session, monkeypatch, game):
    clock = [100.0]
    monkeypatch.setattr(tabletop.time, "perf_counter", lambda: clock[0])
    state = registry.get(game).new_game(players=2, seed=3)
    kit = kits.get(game)
    view = kit.make_view(gl_session, state, anim_speed=0.0, samples=4)
    fresh = kit.make_view(gl_session, state, anim_speed=0.0, samples=4)
    fbo = offscreen_framebuffer(gl_session, W, H)
    try:
        for v in (view, fresh):
            v.camera.set_viewport(W, H)
        read(view, fbo)
        clock[0] += tabletop.SETTLE_S
        plain = read(view, fbo)  # still: the kept, multisampled frame
        targets = view.shown_targets()
        lit_set = set(targets[:: max(1, len(targets) // 8)])
        view.set_highlights(lit_set, hovered=next(iter(lit_set)))
        clock[0] += 1 / 60
        read(view, fbo)  # the glow drawn where it changed, unsampled
        clock[0] += tabletop.SETTLE_S
        cached = read(view, fbo)  # and multisampled once still
        fresh.set_highlights(lit_set, hovered=next(iter(lit_set)))
        whole = render_rgb(fresh, (W, H)).astype(int)
    finally:
        gl_session.screen.use()
        fbo.release()
        view.release()
        fresh.release()
    glow = np.abs(whole - plain).max(axis=2) > 24  # the pixels the highlight changes
    assert glow.sum() > 200, f"{game}: the highlight lit {glow.sum()} pixels"
    missing = (np.abs(cached - whole).max(axis=2) > 24) & glow
    assert missing.sum() <= 0.0005 * glow.sum(), f"{game}: {missing.sum()} of {glow.sum()} glow pixels missing"
