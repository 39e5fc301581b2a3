"""The lit table every view draws on: wood surface, key light with a shadow map, MSAA frame.

A view registers one :class:`InstancedBatch` per mesh type and uploads instance rows when its
state, an animation or a highlight changes; ``draw`` then costs a fixed number of draw calls.

llvmpipe has no GPU to spare (4x MSAA costs it two to three times a plain frame), so nothing is
drawn twice. The whole 4x multisampled frame is kept, with its shadow map, from one call to the
next. When pieces move, appear or change colour, only the rectangles they and their shadows
touched are drawn again (:mod:`render.scene.dirty`), with only the pieces inside them: while
things keep changing those rectangles are drawn unsampled and copied into the shown frame; once
nothing has changed for ``SETTLE_S`` they are drawn again into the kept 4x frame and resolved.
The table, the boards and every piece at rest elsewhere cost nothing, and a frame where nothing
changed is a copy. Only a moving camera changes every pixel: while it moves the frame is drawn
unsampled at a fraction of the size and stretched back, then kept again in full: at most
``MOTION_SCALE``, less when this machine under its load now cannot draw that within a frame
(:mod:`render.scene.motion_scale`).
``fast_motion = False`` multisamples every frame.
"""
from __future__ import annotations

import time
from typing import Any

import moderngl
import numpy as np

from render.gl.batch import MATRIX, DrawStats, InstancedBatch
from render.gl.mesh import Mesh
from render.gl.shaders import load_program
from render.gl.targets import MsaaTarget, ScaledTarget, ShadowMap, offscreen_framebuffer
from render.scene import dirty, print_pool
from render.gl.texture import image_texture
from render.scene.camera import Camera
from render.scene.motion_scale import LEVELS, MotionScale
from render.scene.wood import wood_image
from render.scene.xform import gl_bytes, look_at, ortho

FOG_COLOUR = (0.16, 0.105, 0.07)
LIGHT_DIR = np.array([0.45, 1.0, 0.75]) / np.linalg.norm([0.45, 1.0, 0.75])
TABLE_HALF = 80.0
TABLE_AMBIENT, TABLE_KEY = 0.6, 0.45
MODE_CUBE, MODE_TILE, MODE_TOP_PRINT, MODE_GLOW = 0, 1, 2, 4
SETTLE_S = 0.15  # nothing changed for this long (seconds): what was drawn unsampled is drawn with 4x MSAA
MOTION_SCALE = LEVELS[0]  # frames of a moving camera are drawn at most at this fraction of the width and height


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
        # what a print is baked from, for the fuzzer's kept prints (render/scene/print_pool.py)
        self._digests: dict[Any, bytes | None] = {"atlas": print_pool.digest(atlas), "wood": print_pool.digest(wood_image())}
        self.shadow = ShadowMap(ctx, shadow_size)
        self.msaa = MsaaTarget(ctx, samples)
        self.plain = MsaaTarget(ctx, 0)  # changed rectangles while things move
        self.fast = ScaledTarget(ctx, MOTION_SCALE)
        self.motion = MotionScale()  # its finest level is MOTION_SCALE
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
        self._eye_key: tuple | None = None  # size and camera of the kept frame
        self._eye_moved_at = -SETTLE_S  # when the camera last moved (perf_counter)
        self._settle_next = False
        self._kept = False  # the MSAA target holds the whole frame for _eye_key, shadows included
        self._quick_key: tuple | None = None  # what the unsampled frame in _resolved shows, if any
        self._stale: list[dirty.Rect] = []  # drawn unsampled into _resolved; the MSAA target is older there
        self._changed_at = -SETTLE_S  # when pieces last changed (perf_counter)
        self._shadow_whole = True  # the shadow map must be drawn whole (nothing drawn yet, a bake)
        self._tops: dict[InstancedBatch, tuple] = {}  # batch -> (version, highest point now)
        self._tops_drawn: dict[InstancedBatch, float] = {}  # batch -> highest point in the kept frame
        self._boxes: dict[tuple, tuple] = {}  # (batch, "eye" or "light") -> (what they are of, boxes)
        self._resolved: moderngl.Framebuffer | None = None
        self._print: moderngl.Texture | None = None
        self._print_extent = 0.0
        self._prints: dict = {}  # prints baked under a key, kept to be shown again (show_print)

    def batch(self, mesh: Mesh, mode: int, capacity: int = 64) -> InstancedBatch:
        """A new instanced batch drawn every frame (glow markers blend over the rest)."""
        b = InstancedBatch(self.ctx, mesh, self.programs, mode, self.stats, capacity)
        self._digests[b] = print_pool.digest(mesh.vertices, mesh.indices)
        (self._glow if mode == MODE_GLOW else self._opaque).append(b)
        return b

    def bake_print(self, batches: list[InstancedBatch], extent: float, size: int = 2048, key=None) -> None:
        """Paint flat pieces that never move (boards, mats, printed spaces) into the table top.

        They are drawn once, unlit, from straight above into a texture covering the square of
        half size ``extent``; the table then shows them at the cost of its own single texture
        fetch, and they leave the per-frame draw list (and the shadow pass). Call again after
        their instances change. A print baked under a ``key`` is kept for :meth:`show_print` (a table
        whose print depends on who decides bakes each once)."""
        ctx = self.ctx
        for b in batches:
            if b in self._opaque:
                self._opaque.remove(b)
                self._baked.append(b)
        if self._print is not None and self._print not in self._prints.values():
            print_pool.put_away(self._print, self)
        inputs = print_pool.inputs(ctx, size, extent, self._digests["atlas"], self._digests["wood"],
                                   [(self._digests.get(b), b.mode, b.rows) for b in batches])
        tex = print_pool.take(inputs, self)  # the same print baked before and put away (the fuzzer keeps them)
        made: tuple[moderngl.Framebuffer, moderngl.Renderbuffer] | None = None
        if tex is None:
            tex = ctx.texture((size, size), 4)
            depth = ctx.depth_renderbuffer((size, size))
            made = ctx.framebuffer(color_attachments=[tex], depth_attachment=depth), depth
            made[0].use()
            made[0].clear(0.0, 0.0, 0.0, 1.0, depth=1.0)
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
        if made is not None:
            self._table.render(moderngl.TRIANGLE_STRIP)
            for b in batches:
                b.draw()
        for prog in (table, piece):
            prog["u_unlit"].value = False
        ctx.screen.use()  # never leave a released framebuffer bound
        if made is not None:
            for obj in made:
                obj.release()
            tex.build_mipmaps()
            tex.filter = (moderngl.LINEAR_MIPMAP_NEAREST, moderngl.LINEAR)
            print_pool.note(tex, inputs, self)
        self._print, self._print_extent = tex, extent
        self._kept, self._shadow_whole = False, True
        if key is not None:
            self._prints[key] = tex

    def replace_atlas(self, atlas: np.ndarray) -> None:
        """The atlas printed anew (in another language): the baked prints show the old words, so all
        are dropped; the table bakes its print again (bake_print) before the next frame."""
        old = self.atlas
        self.atlas = image_texture(self.ctx, atlas)
        self._digests["atlas"] = print_pool.digest(atlas)
        old.release()
        for tex in {id(t): t for t in [*self._prints.values(), self._print] if t is not None}.values():
            print_pool.put_away(tex, self)
        self._prints, self._print, self._print_extent = {}, None, 0.0
        self._kept, self._shadow_whole = False, True

    def show_print(self, key, extent: float) -> bool:
        """Show again the print baked under ``key``; False when there is none (bake it then)."""
        tex = self._prints.get(key)
        if tex is None:
            return False
        if self._print is not None and self._print is not tex and self._print not in self._prints.values():
            print_pool.put_away(self._print, self)
        self._print, self._print_extent = tex, extent
        self._kept, self._shadow_whole = False, True
        return True

    def _draw_shadow_map(self, rect: dirty.Rect | None = None) -> None:
        """The depth seen from the light, all of it or only inside ``rect`` (texels)."""
        ctx, fbo = self.ctx, self.shadow.fbo
        fbo.scissor = rect  # type: ignore[assignment]  # moderngl's stub omits None (the whole framebuffer)
        fbo.use()
        fbo.clear(depth=1.0, viewport=rect)
        fbo.use()  # the clear may reset the scissor
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.cull_face = "front"
        self.programs["shadow"]["u_light_vp"].write(gl_bytes(self.light_vp))
        for b in self._opaque:
            b.draw(shadow_pass=True, subset=None if rect is None else dirty.overlapping(
                self._piece_boxes(b, "light", self.light_vp, (self.shadow.size,) * 2), rect))
        ctx.cull_face = "back"
        _unscissor(fbo)

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
        """Draw the next frame whole with 4x MSAA, even while things move (screenshots)."""
        self._settle_next = True

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int, camera: Camera,
             changes_only: bool = False, also: dirty.Rect | None = None) -> list[dirty.Rect] | None:
        """One frame into ``fbo``: the kept frame, drawn again only where pieces changed since the
        last call; whole (unsampled and scaled while the camera moves) when the camera or size did.

        With ``changes_only`` (``fbo`` holds the previous frame) only the box around what changed,
        and ``also`` (a caller's own changed part), is copied into ``fbo``; returns that box ([] if
        nothing, None when all was copied)."""
        eye_key = (width, height, camera.view_matrix().tobytes(), camera.proj_matrix().tobytes())
        now = time.perf_counter()
        if eye_key != self._eye_key:
            if self._eye_key is not None:
                self._eye_moved_at = now
            self._eye_key, self._kept = eye_key, False
        multisampled_dst = bool(fbo.color_attachments) and getattr(fbo.color_attachments[0], "samples", 0) > 1
        settle = self._settle_next or not self.fast_motion or multisampled_dst
        self._settle_next = False
        if self._resolved is None or self._resolved.size != (width, height):
            self._release_resolved()
            self._resolved = offscreen_framebuffer(self.ctx, width, height)
        resolved = self._resolved
        rects: list[dirty.Rect] | None = None  # what changed in _resolved; None: all of it
        if not self._kept and not settle and now - self._eye_moved_at < SETTLE_S:
            quick_key = (eye_key, self.stats.uploads)
            rects = []
            if quick_key != self._quick_key:
                self._catch_up()
                self._render(self.fast, width, height, camera)
                self._stretch_into(resolved)
                self._quick_key = quick_key
                self.ctx.copy_framebuffer(fbo, resolved)  # waits for the drawing: the frame's true cost
                self.motion.took(time.perf_counter() - now)
                return None
        elif not self._kept:
            self._catch_up()
            self._render(self.msaa, width, height, camera)
            self.msaa.resolve_into(resolved)
            self._kept, self._quick_key, self._stale = True, None, []
        else:
            rects = self._redraw_changes(width, height, camera, self.msaa if settle else self.plain)
            if rects:
                self._changed_at = now
            if self._stale and (settle or now - self._changed_at >= SETTLE_S):
                rects += self._stale
                self._redraw_rects(self._stale, self.msaa, width, height, camera)
                self._stale = []
        if multisampled_dst or not changes_only or rects is None:
            self.ctx.copy_framebuffer(fbo, self.msaa.fbo if multisampled_dst and self.msaa.fbo else resolved)
            return None
        rects = rects + [also] if also else rects
        if not rects:
            return []
        x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
        box = (x0, y0, max(r[0] + r[2] for r in rects) - x0, max(r[1] + r[3] for r in rects) - y0)
        fbo.scissor = box  # one copy of the box around them (what is drawn over it must be too)
        fbo.use()
        self.ctx.copy_framebuffer(fbo, resolved)
        _unscissor(fbo)
        return [box]

    def _piece_boxes(self, b: InstancedBatch, seen_by: str, matrix: np.ndarray, size: tuple[int, int]) -> np.ndarray:
        """Each piece's box as the camera or the light sees it, worked out once per upload."""
        key = (b.version, self._eye_key if seen_by == "eye" else None)
        cached = self._boxes.get((b, seen_by))
        if cached is None or cached[0] != key:
            cached = self._boxes[(b, seen_by)] = (key, dirty.piece_boxes(b.rows, b.sphere, matrix, size))
        return cached[1]

    def _top_y(self, b: InstancedBatch) -> float:
        """The height of the highest point any piece of ``b`` reaches now (kept per upload)."""
        cached = self._tops.get(b)
        if cached is None or cached[0] != b.version:
            y = dirty.world_corners(b.rows, b.corners)[..., 1]
            cached = self._tops[b] = (b.version, float(y.max()) if y.size else 0.0)
        return cached[1]

    def _remember_drawn(self) -> None:
        for b in self._opaque + self._glow:
            b.drawn = b.rows
        for b in self._opaque:
            self._tops_drawn[b] = self._top_y(b)

    def _catch_up(self) -> np.ndarray | None:
        """Bring the shadow map up to the pieces as they are now, only where they changed; returns
        the changed pieces' world points (with where their shadows fall), None if none changed."""
        occluders, pieces = [], []
        for b in self._opaque + self._glow:
            if b.drawn is b.rows:
                continue
            corners = dirty.world_corners(dirty.changed_rows(b.drawn, b.rows), b.corners)
            pieces.append(np.concatenate([corners, corners], axis=1))
            if b in self._opaque:  # only pieces that moved (not those that only glow) cast anew
                moved = dirty.world_corners(dirty.changed_rows(b.drawn[:, MATRIX], b.rows[:, MATRIX]), b.corners)
                occluders.append(moved)
        if occluders:
            top = max(max(self._top_y(b), self._tops_drawn.get(b, 0.0)) for b in self._opaque)
            pieces += [dirty.shadow_points(o, LIGHT_DIR, top) for o in occluders]
        self._remember_drawn()
        if self._shadow_whole:
            self._draw_shadow_map()
            self._shadow_whole = False
        elif occluders and sum(len(o) for o in occluders):
            rect = dirty.shadow_rect(np.concatenate(occluders), self.light_vp, self.shadow.size)
            if rect is not None:
                self._draw_shadow_map(rect)
        return np.concatenate(pieces) if pieces else None

    def _redraw_changes(self, width: int, height: int, camera: Camera, frame: MsaaTarget) -> list[dirty.Rect]:
        """Draw again, into ``frame`` and then the shown frame, the rectangles that pieces changed
        since the last frame touch; returns them."""
        pieces = self._catch_up()
        if pieces is None:
            return []
        viewproj = camera.proj_matrix() @ camera.view_matrix()
        rects = dirty.screen_rects(pieces, viewproj, (width, height))
        self._redraw_rects(rects, frame, width, height, camera)
        if frame is not self.msaa:
            self._stale = dirty.merged(self._stale + rects)
        return rects

    def _redraw_rects(self, rects: list[dirty.Rect], frame: MsaaTarget, width: int, height: int,
                      camera: Camera) -> None:
        src, resolved = frame.ensure(width, height), self._resolved
        assert resolved is not None  # draw() makes it before any redraw
        for rect in rects:
            self._render(frame, width, height, camera, rect)
            resolved.scissor = rect
            resolved.use()
            self.ctx.copy_framebuffer(resolved, src)
            _unscissor(resolved)
        if frame is self.msaa:
            self._stale = [r for r in self._stale if r not in rects]

    def _stretch_into(self, dst: moderngl.Framebuffer) -> None:
        dst.use()
        self.ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE | moderngl.BLEND)
        fast = self.fast
        assert fast.texture is not None  # ensured by the render into it just before
        fast.texture.use(0)
        prog = self._upscale_prog
        prog["u_frame"].value = 0
        prog["u_extent"].value = (fast.used[0] / fast.size[0], fast.used[1] / fast.size[1])
        prog["u_last"].value = ((fast.used[0] - 0.5) / fast.size[0], (fast.used[1] - 0.5) / fast.size[1])
        self._upscale.render(moderngl.TRIANGLES, vertices=3)

    def release(self) -> None:
        """Free every GL object this table made (views made per screenshot must not leak)."""
        self.ctx.screen.use()  # never leave a released framebuffer bound
        for b in self._opaque + self._glow + self._baked:
            b.release()
        made: list[Any] = [self._table, self._table_vbo, *self.programs.values(), self._table_prog, self.atlas,
                           self.wood, self._upscale, self._upscale_prog]
        for obj in made:
            obj.release()
        for tex in {id(t): t for t in [*self._prints.values(), *([self._print] if self._print else [])]}.values():
            print_pool.put_away(tex, self)
        for target in (self.shadow, self.msaa, self.plain, self.fast):
            target.release()
        self._release_resolved()

    def _release_resolved(self) -> None:
        if self._resolved is not None:
            self.ctx.screen.use()
            self._resolved.color_attachments[0].release()
            self._resolved.release()
            self._resolved = None

    def _render(self, frame: MsaaTarget | ScaledTarget, width: int, height: int, camera: Camera,
                rect: dirty.Rect | None = None) -> None:
        """Everything, into the whole of ``frame``, or only inside ``rect`` with only the pieces
        that reach into it."""
        ctx = self.ctx
        target = frame.ensure(width, height, self.motion.scale) if frame is self.fast else frame.ensure(width, height)
        target.scissor = rect  # type: ignore[assignment]  # moderngl's stub omits None (the whole framebuffer)
        target.use()
        target.clear(*FOG_COLOUR, 1.0, depth=1.0, viewport=rect)
        target.use()  # the clear may reset the scissor
        ctx.enable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.disable(moderngl.BLEND)
        self._set_uniforms(camera)

        viewproj = None if rect is None else camera.proj_matrix() @ camera.view_matrix()

        def inside(b: InstancedBatch) -> np.ndarray | None:
            return None if rect is None or viewproj is None else dirty.overlapping(
                self._piece_boxes(b, "eye", viewproj, (width, height)), rect)
        coarse = frame is self.fast  # a moving camera's frame: pieces in their few-triangle stand-ins
        for b in self._opaque:  # nearest-first order and the table last: hidden pixels skip shading
            b.draw(subset=inside(b), coarse=coarse)
        self._table.render(moderngl.TRIANGLE_STRIP)
        self.stats.draw_calls += 1
        if self._glow:
            ctx.enable(moderngl.BLEND)
            ctx.blend_func = moderngl.ONE, moderngl.ONE
            target.depth_mask = False
            for b in self._glow:
                b.draw(subset=inside(b))
            target.depth_mask = True
            ctx.disable(moderngl.BLEND)
        _unscissor(target)


def _unscissor(fbo: moderngl.Framebuffer) -> None:
    """Draw to all of ``fbo`` again (the GL scissor changes when a framebuffer is used)."""
    fbo.scissor = None  # type: ignore[assignment]  # moderngl's stub omits None (the whole framebuffer)
    fbo.use()
