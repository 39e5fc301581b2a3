"""The finished frame (the table and the 2D layer over it) kept from one frame to the next.

On llvmpipe the 2D layer costs as much as a moving piece: its panels blend over wide strips of
the window. So the frame is composed offscreen and kept; when only some pieces moved, only the
rectangles the table reports changed get the table copied in and the 2D layer drawn again
(scissored to them); when an overlay changed, the 2D layer is drawn whole over a fresh copy of
the table. Either way the window gets one copy of the kept frame.
"""
from __future__ import annotations

from typing import Protocol, Sequence

import moderngl
from pyglet import gl

from render.gl.targets import offscreen_framebuffer
from render.ui.widgets import Overlay, layer_generation


class Table(Protocol):
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int,
             changes_only: bool = False) -> list | None:
        """With ``changes_only``: [the one box copied], [] or None (all copied)."""


class FrameComposer:
    def __init__(self, ctx: moderngl.Context) -> None:
        self.ctx = ctx
        self._fbo: moderngl.Framebuffer | None = None
        self._layer: tuple | None = None  # what the 2D layer in _fbo shows

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int, table: Table,
             overlays: Sequence[Overlay]) -> None:
        """``overlays`` bottom first."""
        if self._fbo is None or self._fbo.size != (width, height):
            self.release()
            self._fbo = offscreen_framebuffer(self.ctx, width, height)
        layer = (layer_generation(), tuple(id(o) for o in overlays))
        whole = layer != self._layer
        rects = table.draw(self._fbo, width, height, changes_only=not whole)
        if rects is None or rects:
            self._fbo.use()
            self.ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
            self.ctx.enable(moderngl.BLEND)
            if rects:
                gl.glEnable(gl.GL_SCISSOR_TEST)
                gl.glScissor(*(int(v) for v in rects[0]))
            for o in overlays:
                o.draw()
            if rects:
                gl.glDisable(gl.GL_SCISSOR_TEST)
            self._layer = layer
        self.ctx.copy_framebuffer(fbo, self._fbo)

    def release(self) -> None:
        if self._fbo is not None:
            self.ctx.screen.use()  # never leave a released framebuffer bound
            self._fbo.color_attachments[0].release()
            self._fbo.release()
            self._fbo = None
