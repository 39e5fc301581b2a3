"""The finished frame (the table and the 2D layer over it) kept from one frame to the next.

On llvmpipe the 2D layer costs as much as a moving piece: its panels blend over wide strips of
the window. So the frame is composed offscreen and kept. Each frame, the part that changed — the
box the table reports around its moved pieces, and where an overlay changed (its old and new
bounds) — gets the table copied in and every overlay drawn again over it, scissored to it; a
change that covers most of the window, or overlays coming or going, redraws the 2D layer whole.
Either way the window gets one copy of the kept frame.
"""
from __future__ import annotations

from typing import Protocol, Sequence

import moderngl
from pyglet import gl

from render.gl.targets import offscreen_framebuffer
from render.ui.widgets import Box, Overlay

WHOLE_FRACTION = 0.5  # overlays changed over more than this share of the window: redraw it all


class Table(Protocol):
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int,
             changes_only: bool = False, also: tuple | None = None) -> list | None:
        """With ``changes_only``: [the one box copied], [] or None (all copied)."""


def _union(a: Box | None, b: Box | None) -> Box | None:
    if a is None or b is None:
        return a or b
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


class FrameComposer:
    def __init__(self, ctx: moderngl.Context) -> None:
        self.ctx = ctx
        self._fbo: moderngl.Framebuffer | None = None
        self._shown: list[tuple[int, int, Box | None]] | None = None  # (id, version, bounds) drawn

    def _changed_2d(self, overlays: Sequence[Overlay], width: int, height: int) -> tuple[bool, Box | None]:
        """(whole, box): whether the 2D layer must be drawn whole, else the box where it changed."""
        now = [(id(o), o.version, o.bounds) for o in overlays]
        before, self._shown = self._shown, now
        if before is None or [i for i, _, _ in before] != [i for i, _, _ in now]:
            return True, None
        box = None
        for (_, v0, b0), (_, v1, b1) in zip(before, now):
            if v0 != v1:
                box = _union(box, _union(b0, b1))
        if box is not None:
            box = (max(0, int(box[0]) - 1), max(0, int(box[1]) - 1),
                   min(width, int(box[2]) + 2), min(height, int(box[3]) + 2))
            if box[2] <= box[0] or box[3] <= box[1]:
                return False, None
            if (box[2] - box[0]) * (box[3] - box[1]) > WHOLE_FRACTION * width * height:
                return True, None
        return False, box

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int, table: Table,
             overlays: Sequence[Overlay]) -> None:
        """``overlays`` bottom first."""
        if self._fbo is None or self._fbo.size != (width, height):
            self.release()
            self._fbo = offscreen_framebuffer(self.ctx, width, height)
        whole, box = self._changed_2d(overlays, width, height)
        also = None if box is None else (box[0], box[1], box[2] - box[0], box[3] - box[1])
        rects = table.draw(self._fbo, width, height, changes_only=not whole, also=also)
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
        self.ctx.copy_framebuffer(fbo, self._fbo)

    def release(self) -> None:
        if self._fbo is not None:
            self.ctx.screen.use()  # never leave a released framebuffer bound
            self._fbo.color_attachments[0].release()
            self._fbo.release()
            self._fbo = None
        self._shown = None
