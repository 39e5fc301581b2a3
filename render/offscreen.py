"""Render any game position to a PNG without a display (screenshots, tests, README)."""
from __future__ import annotations

import numpy as np

from render.gl.context import headless_context
from render.gl.png import write_png
from render.gl.targets import offscreen_framebuffer


def render_rgb(view, size: tuple[int, int]) -> np.ndarray:
    """Draw ``view`` at rest at ``size`` and read the frame back: (h, w, 3) uint8, first row on top.

    The frame read is the multisampled one a still table settles on."""
    w, h = size
    fbo = offscreen_framebuffer(view._top.ctx, w, h)
    try:
        view.settle()
        view.draw(fbo, w, h)
        return np.frombuffer(fbo.read(components=3), np.uint8).reshape(h, w, 3)[::-1].copy()
    finally:
        view._top.ctx.screen.use()  # never leave a released framebuffer bound
        fbo.color_attachments[0].release()
        fbo.release()


def render_png(state, path: str, size: tuple[int, int] = (1280, 720), samples: int = 4) -> None:
    """Draw ``state`` at rest on its game's table from the home camera and write it to ``path``."""
    from render.tables import registry as kits

    game = type(state).__module__.split(".")[1]  # game.<name>.state
    view = kits.get(game).make_view(headless_context(), state, anim_speed=0.0, samples=samples)
    try:
        write_png(path, render_rgb(view, size))
    finally:
        view.release()
