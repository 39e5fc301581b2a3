"""The lit table every view draws on: wood surface, key light with a shadow map, MSAA frame.

A view registers one :class:`InstancedBatch` per mesh type and uploads instance rows when its
state, an animation or a highlight changes; ``draw`` then costs a fixed number of draw calls.

llvmpipe has no GPU to spare, so nothing is drawn twice: the shadow map is redrawn only after
``invalidate_shadow`` (something moved), and a frame with no new upload and the same camera is
copied from the last one. While things change (the camera, an animation the view reports, the
highlights under a moving mouse) the frame is drawn without multisampling, at about half the
cost, and at ``MOTION_SCALE`` of the size, stretched back (about half the cost again); once still
for ``SETTLE_S`` it is drawn again at full size with 4x MSAA and kept. The very first frame
and any frame after ``settle()`` are multisampled at once. ``fast_motion = False`` multisamples
every frame.
"""
from __future__ import annotations

import time

import moderngl
import numpy as np

from render.gl.batch import DrawStats, InstancedBatch
from render.gl.mesh import Mesh
from render.gl.shaders import load_program
from render.gl.targets import MsaaTarget, ScaledTarget, ShadowMap, offscreen_framebuffer
from render.gl.texture import image_texture
from render.scene.camera import Camera
from render.scene.wood import wood_image
from render.scene.xform import gl_bytes, look_at, ortho

FOG_COLOUR = (0.16, 0.105, 0.07)
LIGHT_DIR = np.array([0.45, 1.0, 0.75]) / np.linalg.norm([0.45, 1.0, 0.75])
TABLE_HALF = 80.0
TABLE_AMBIENT, TABLE_KEY = 0.6, 0.45
MODE_CUBE, MODE_TILE, MODE_TOP_PRINT, MODE_GLOW = 0, 1, 2, 4
SETTLE_S = 0.15  # still this long (seconds) before a frame is redrawn with 4x MSAA
MOTION_SCALE = 0.75  # moving frames are drawn at this fraction of the width and height


class Tabletop:
    def __init__(self, ctx: moderngl.Context, atlas: np.ndarray, shadow_extent: float = 10.0,
                 shadow_size: int = 2048, samples: int = 4) -> None:
        self.ctx = ctx
        self.programs = {"piece": load_program(ctx, "piece"), "shadow": load_program(ctx, "shadow")}
        self._table_prog = load_program(ctx, "table")
        self.stats = DrawStats()
        self.atlas = image_texture(ctx, atlas)
        self.wood = image_texture(ctx, wood_image(), repeat=True)
        self.wood.filter = (moderngl.LINEAR_MIPMAP_NEAREST, moderngl.LINEAR)  # one mip level: cheaper
        self.shadow = ShadowMap(ctx, shadow_size)
        self.msaa = MsaaTarget(ctx, samples)
        self.fast = ScaledTarget(ctx, MOTION_SCALE)
        self._upscale_prog = load_program(ctx, "upscale")
        self._upscale = ctx.vertex_array(self._upscale_prog, [])
        self.fast_motion = True
        self._opaque: list[InstancedBatch] = []
        self._glow: list[InstancedBatch] = []
        self._baked: list[InstancedBatch] = []
        corners = np.array([-1, -1, -1, 1, 1, -1, 1, 1], np.float32)  # facing up (culling)
        self._table_vbo = ctx.buffer(corners.tobytes())
        self._table = ctx.vertex_array(self._table_prog, [(self._table_vbo, "2f", "in_corner")])
        view = look_at(LIGHT_DIR * 40.0, np.zeros(3))
        self.light_vp = ortho(shadow_extent, shadow_extent, 10.0, 70.0) @ view
        self._shadow_dirty = True
        self._changed_at = -SETTLE_S  # when the frame's key last changed (perf_counter)
        self._settle_next = False
        self._kept: tuple | None = None  # (key, multisampled) of the frame in _resolved
        self._resolved: moderngl.Framebuffer | None = None
        self._print: moderngl.Texture | None = None
        self._print_extent = 0.0

    def batch(self, mesh: Mesh, mode: int, capacity: int = 64) -> InstancedBatch:
        """A new instanced batch drawn every frame (glow markers blend over the rest)."""
        b = InstancedBatch(self.ctx, mesh, self.programs, mode, self.stats, capacity)
        (self._glow if mode == MODE_GLOW else self._opaque).append(b)
        return b

    def bake_print(self, batches: list[InstancedBatch], extent: float, size: int = 2048) -> None:
        """Paint flat pieces that never move (boards, mats, printed spaces) into the table top.

        They are drawn once, unlit, from straight above into a texture covering the square of
        half size ``extent``; the table then shows them at the cost of its own single texture
        fetch, and they leave the per-frame draw list (and the shadow pass). Call again after
        their instances change."""
        ctx = self.ctx
        for b in batches:
            if b in self._opaque:
                self._opaque.remove(b)
                self._baked.append(b)
        if self._print is not None:
            self._print.release()
        tex = ctx.texture((size, size), 4)
        depth = ctx.depth_renderbuffer((size, size))
        fbo = ctx.framebuffer(color_attachments=[tex], depth_attachment=depth)
        fbo.use()
        fbo.clear(0.0, 0.0, 0.0, 1.0, depth=1.0)
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.disable(moderngl.BLEND)
        above = ortho(extent, extent, 1.0, 20.0) @ look_at(np.array([0.0, 10.0, 0.0]), np.zeros(3), up=(0, 0, -1))
        table, piece = self._table_prog, self.programs["piece"]
        for prog in (table, piece):
            prog["u_viewproj"].write(gl_bytes(above))
            prog["u_unlit"].value = True
        table["u_half_size"].value = extent * 1.01
        table["u_print_extent"].value = 0.0
        table["u_wood"].value, piece["u_atlas"].value = 1, 0
        self.atlas.use(0)
        self.wood.use(1)
        self._table.render(moderngl.TRIANGLE_STRIP)
        for b in batches:
            b.draw()
        for prog in (table, piece):
            prog["u_unlit"].value = False
        ctx.screen.use()  # never leave a released framebuffer bound
        fbo.release()
        depth.release()
        tex.build_mipmaps()
        tex.filter = (moderngl.LINEAR_MIPMAP_NEAREST, moderngl.LINEAR)
        self._print, self._print_extent = tex, extent
        self._kept = None

    def invalidate_shadow(self) -> None:
        self._shadow_dirty = True

    def _draw_shadow_map(self) -> None:
        ctx = self.ctx
        self.shadow.fbo.use()
        self.shadow.fbo.clear(depth=1.0)
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.cull_face = "front"
        self.programs["shadow"]["u_light_vp"].write(gl_bytes(self.light_vp))
        for b in self._opaque:
            b.draw(shadow_pass=True)
        ctx.cull_face = "back"
        self._shadow_dirty = False

    def _set_uniforms(self, camera: Camera) -> None:
        viewproj = gl_bytes(camera.proj_matrix() @ camera.view_matrix())
        light_vp = gl_bytes(self.light_vp)
        texel = 1.0 / self.shadow.size
        prog = self.programs["piece"]
        prog["u_viewproj"].write(viewproj)
        prog["u_light_vp"].write(light_vp)
        prog["u_light_dir"].value = tuple(LIGHT_DIR)
        prog["u_eye"].value = tuple(camera.eye)
        prog["u_shadow_texel"].value = texel
        prog["u_atlas"].value, prog["u_shadow"].value = 0, 2
        table = self._table_prog
        table["u_viewproj"].write(viewproj)
        table["u_light_vp"].write(light_vp)
        table["u_half_size"].value = TABLE_HALF
        table["u_shadow_texel"].value = texel
        table["u_ambient"].value, table["u_key"].value = TABLE_AMBIENT, TABLE_KEY
        table["u_fog"].value = FOG_COLOUR
        table["u_wood"].value, table["u_shadow"].value, table["u_print"].value = 1, 2, 3
        table["u_print_extent"].value = self._print_extent if self._print is not None else 0.0
        self.atlas.use(0)
        self.wood.use(1)
        self.shadow.texture.use(2)
        if self._print is not None:
            self._print.use(3)

    def settle(self) -> None:
        """Draw the next frame with 4x MSAA even if something just changed (screenshots)."""
        self._settle_next = True

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int, camera: Camera,
             animating: bool = False) -> None:
        """One frame into ``fbo``: drawn again only if the camera, the size or an instance upload
        changed. Unsampled while ``animating`` and until nothing has changed for ``SETTLE_S``
        (camera drags, hovering from target to target), then once more with 4x MSAA."""
        key = (width, height, camera.view_matrix().tobytes(), camera.proj_matrix().tobytes(), self.stats.uploads)
        now = time.perf_counter()
        if self._kept is not None and key != self._kept[0]:
            self._changed_at = now
        multisampled_dst = bool(fbo.color_attachments) and getattr(fbo.color_attachments[0], "samples", 0) > 1
        settled = self._settle_next or (not animating and now - self._changed_at >= SETTLE_S)
        self._settle_next = False
        full = multisampled_dst or settled or not self.fast_motion
        if self._shadow_dirty or self._kept is None or self._kept[0] != key or (full and not self._kept[1]):
            target = self.msaa if full else self.fast
            self._render(target, width, height, camera)
            if self._resolved is None or self._resolved.size != (width, height):
                self._release_resolved()
                self._resolved = offscreen_framebuffer(self.ctx, width, height)
            if full:
                self.msaa.resolve_into(self._resolved)
            else:
                self._stretch_into(self._resolved)
            self._kept = (key, full)
        self.ctx.copy_framebuffer(fbo, self.msaa.fbo if multisampled_dst else self._resolved)

    def _stretch_into(self, dst: moderngl.Framebuffer) -> None:
        dst.use()
        self.ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE | moderngl.BLEND)
        self.fast.texture.use(0)
        self._upscale_prog["u_frame"].value = 0
        self._upscale.render(moderngl.TRIANGLES, vertices=3)

    def release(self) -> None:
        """Free every GL object this table made (views made per screenshot must not leak)."""
        self.ctx.screen.use()  # never leave a released framebuffer bound
        for b in self._opaque + self._glow + self._baked:
            b.release()
        for obj in (self._table, self._table_vbo, *self.programs.values(), self._table_prog, self.atlas, self.wood,
                    self._upscale, self._upscale_prog):
            obj.release()
        if self._print is not None:
            self._print.release()
        for target in (self.shadow, self.msaa, self.fast):
            target.release()
        self._release_resolved()

    def _release_resolved(self) -> None:
        if self._resolved is not None:
            self.ctx.screen.use()
            self._resolved.color_attachments[0].release()
            self._resolved.release()
            self._resolved = None

    def _render(self, frame: MsaaTarget | ScaledTarget, width: int, height: int, camera: Camera) -> None:
        ctx = self.ctx
        if self._shadow_dirty:
            self._draw_shadow_map()
        target = frame.ensure(width, height)
        target.use()
        target.clear(*FOG_COLOUR, 1.0, depth=1.0)
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.disable(moderngl.BLEND)
        self._set_uniforms(camera)
        for b in self._opaque:  # nearest-first order and the table last: hidden pixels skip shading
            b.draw()
        self._table.render(moderngl.TRIANGLE_STRIP)
        self.stats.draw_calls += 1
        if self._glow:
            ctx.enable(moderngl.BLEND)
            ctx.blend_func = moderngl.ONE, moderngl.ONE
            target.depth_mask = False
            for b in self._glow:
                b.draw()
            target.depth_mask = True
            ctx.disable(moderngl.BLEND)
