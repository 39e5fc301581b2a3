"""Offscreen targets: the 4x multisampled frame (resolved into any framebuffer) and the shadow map."""
from __future__ import annotations

import moderngl


class MsaaTarget:
    """A multisampled (``samples`` > 1) or plain colour + depth framebuffer, rebuilt on resize."""

    def __init__(self, ctx: moderngl.Context, samples: int = 4) -> None:
        self.ctx = ctx
        self.samples = min(samples, ctx.max_samples) if samples > 1 else 0
        self.size = (0, 0)
        self.fbo: moderngl.Framebuffer | None = None

    def ensure(self, width: int, height: int) -> moderngl.Framebuffer:
        if self.fbo is None or self.size != (width, height):
            self.release()
            colour = self.ctx.renderbuffer((width, height), 4, samples=self.samples)
            depth = self.ctx.depth_renderbuffer((width, height), samples=self.samples)
            self.fbo = self.ctx.framebuffer(color_attachments=[colour], depth_attachment=depth)
            self.size = (width, height)
        return self.fbo

    def resolve_into(self, dst: moderngl.Framebuffer) -> None:
        assert self.fbo is not None
        self.ctx.copy_framebuffer(dst, self.fbo)

    def release(self) -> None:
        if self.fbo is not None:
            self.ctx.screen.use()  # never leave a released framebuffer bound
            for a in (*self.fbo.color_attachments, self.fbo.depth_attachment, self.fbo):
                a.release()
            self.fbo = None


class ScaledTarget:
    """A plain frame drawn at a fraction of the window's size and stretched back with linear
    filtering: moving frames on a software renderer cost about the square of the fraction.

    Made once for the largest fraction (``scale``); a smaller one is drawn into its lower-left
    part (``ensure``'s viewport), so changing the fraction frame to frame allocates nothing."""

    def __init__(self, ctx: moderngl.Context, scale: float) -> None:
        self.ctx = ctx
        self.scale = scale
        self.size = (0, 0)  # of the texture
        self.used = (0, 0)  # the part the last ensure drew into
        self.fbo: moderngl.Framebuffer | None = None
        self.texture: moderngl.Texture | None = None

    def ensure(self, width: int, height: int, scale: float | None = None) -> moderngl.Framebuffer:
        """The framebuffer, its viewport the part a frame at ``scale`` (at most ``self.scale``) fills."""
        size = (max(1, round(width * self.scale)), max(1, round(height * self.scale)))
        if self.fbo is None or self.size != size:
            self.release()
            self.texture = self.ctx.texture(size, 4)
            self.texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
            self.texture.repeat_x = self.texture.repeat_y = False
            depth = self.ctx.depth_renderbuffer(size)
            self.fbo = self.ctx.framebuffer(color_attachments=[self.texture], depth_attachment=depth)
            self.size = size
        fraction = self.scale if scale is None else min(scale, self.scale)
        self.used = (min(size[0], max(1, round(width * fraction))), min(size[1], max(1, round(height * fraction))))
        self.fbo.viewport = (0, 0, *self.used)
        return self.fbo

    def release(self) -> None:
        if self.fbo is not None:
            self.ctx.screen.use()
            for a in (self.fbo.depth_attachment, self.fbo, self.texture):
                if a is not None:
                    a.release()
            self.fbo = self.texture = None


class ShadowMap:
    """A depth texture seen from the key light, sampled with hardware comparison (PCF)."""

    def __init__(self, ctx: moderngl.Context, size: int = 2048) -> None:
        self.size = size
        self.texture = ctx.depth_texture((size, size))
        self.texture.compare_func = "<="
        self.texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
        self.texture.repeat_x = self.texture.repeat_y = False
        self.fbo = ctx.framebuffer(depth_attachment=self.texture)

    def release(self) -> None:
        self.fbo.release()
        self.texture.release()


def offscreen_framebuffer(ctx: moderngl.Context, width: int, height: int) -> moderngl.Framebuffer:
    """A plain RGBA framebuffer to resolve into and read back (screenshots, tests)."""
    return ctx.framebuffer(color_attachments=[ctx.texture((width, height), 4)])
