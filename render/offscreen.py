"""A view drawn without a display and read back as pixels (the rules guide's pictures, tests); it
knows no game and no kit: the caller makes the view."""
from __future__ import annotations

import numpy as np

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

