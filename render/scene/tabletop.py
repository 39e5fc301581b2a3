"""The lit table every view draws on: wood surface, key light with a shadow map, MSAA frame.

A view registers one :class:`InstancedBatch` per mesh type and uploads instance rows when its
state or an animation changes; ``draw`` then costs a fixed number of draw calls. The shadow map
is re-rendered only after ``invalidate_shadow`` (something moved).
"""
from __future__ import annotations

import moderngl
import numpy as np

from render.gl.batch import COLOUR, DrawStats, InstancedBatch, instance_array, set_matrices
from render.gl.mesh import Mesh, quad
from render.gl.shaders import load_program
from render.gl.targets import MsaaTarget, ShadowMap
from render.gl.texture import image_texture
from render.scene.camera import Camera
from render.scene.wood import wood_image
from render.scene.xform import gl_bytes, look_at, ortho, scale

FOG_COLOUR = (0.16, 0.105, 0.07)
LIGHT_DIR = np.array([0.45, 1.0, 0.75]) / np.linalg.norm([0.45, 1.0, 0.75])
TABLE_SIZE = 160.0
MODE_CUBE, MODE_TILE, MODE_TOP_PRINT, MODE_TABLE, MODE_GLOW = range(5)


class Tabletop:
    def __init__(self, ctx: moderngl.Context, atlas: np.ndarray, shadow_extent: float = 10.0,
                 shadow_size: int = 2048, samples: int = 4) -> None:
        self.ctx = ctx
        self.programs = {"piece": load_program(ctx, "piece"), "shadow": load_program(ctx, "shadow")}
        self.stats = DrawStats()
        self.atlas = image_texture(ctx, atlas)
        self.wood = image_texture(ctx, wood_image(), repeat=True)
        self.shadow = ShadowMap(ctx, shadow_size)
        self.msaa = MsaaTarget(ctx, samples)
        self._opaque: list[InstancedBatch] = []
        self._glow: list[InstancedBatch] = []
        self._table = InstancedBatch(ctx, quad(0.5), self.programs, MODE_TABLE, self.stats, 1)
        table = instance_array(1)
        set_matrices(table, scale(TABLE_SIZE, 1, TABLE_SIZE)[None])
        table[:, COLOUR] = 1.0, 1.0, 1.0, 0.0
        self._table.upload(table)
        view = look_at(LIGHT_DIR * 40.0, np.zeros(3))
        self.light_vp = ortho(shadow_extent, shadow_extent, 10.0, 70.0) @ view
        self._shadow_dirty = True

    def batch(self, mesh: Mesh, mode: int, capacity: int = 64) -> InstancedBatch:
        """A new instanced batch drawn every frame (glow markers blend over the rest)."""
        b = InstancedBatch(self.ctx, mesh, self.programs, mode, self.stats, capacity)
        (self._glow if mode == MODE_GLOW else self._opaque).append(b)
        return b

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

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int, camera: Camera, time: float) -> None:
        """One full frame into ``fbo``: shadow map if stale, the 4x MSAA pass, then the resolve."""
        ctx = self.ctx
        if self._shadow_dirty:
            self._draw_shadow_map()
        target = self.msaa.ensure(width, height)
        target.use()
        target.clear(*FOG_COLOUR, 1.0, depth=1.0)
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.disable(moderngl.BLEND)
        prog = self.programs["piece"]
        prog["u_viewproj"].write(gl_bytes(camera.proj_matrix() @ camera.view_matrix()))
        prog["u_light_vp"].write(gl_bytes(self.light_vp))
        prog["u_light_dir"].value = tuple(LIGHT_DIR)
        prog["u_eye"].value = tuple(camera.eye)
        prog["u_time"].value = time
        prog["u_shadow_texel"].value = 1.0 / self.shadow.size
        for unit, (name, tex) in enumerate((("u_atlas", self.atlas), ("u_wood", self.wood),
                                            ("u_shadow", self.shadow.texture))):
            tex.use(unit)
            prog[name].value = unit
        self._table.draw()
        for b in self._opaque:
            b.draw()
        if self._glow:
            ctx.enable(moderngl.BLEND)
            ctx.blend_func = moderngl.ONE, moderngl.ONE
            target.depth_mask = False
            for b in self._glow:
                b.draw()
            target.depth_mask = True
            ctx.disable(moderngl.BLEND)
        self.msaa.resolve_into(fbo)
