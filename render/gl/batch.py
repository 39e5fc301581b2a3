"""Instanced batches: one mesh, many pieces, one draw call per pass however many pieces there are."""
from __future__ import annotations

import moderngl
import numpy as np

from render.gl.mesh import FLOATS_PER_VERTEX, VERTEX_ATTRS, VERTEX_FORMAT, Mesh, bounding_sphere, box_corners

# Per instance: model matrix (4 columns), colour (rgb + glow), print rect, second print rect.
INSTANCE_FLOATS = 28
INSTANCE_FORMAT = "4f 4f 4f 4f 4f 4f 4f/i"
INSTANCE_ATTRS = ("in_m0", "in_m1", "in_m2", "in_m3", "in_color", "in_rect", "in_rect2")
MATRIX, COLOUR, RECT, RECT2 = slice(0, 16), slice(16, 20), slice(20, 24), slice(24, 28)


class DrawStats:
    """Draw calls issued since the last reset (tests check they do not grow with the pieces) and
    instance uploads so far."""

    def __init__(self) -> None:
        self.draw_calls = 0
        self.uploads = 0


def instance_array(n: int) -> np.ndarray:
    """Zeroed per-instance data for ``n`` pieces (a zero matrix draws nothing)."""
    return np.zeros((n, INSTANCE_FLOATS), np.float32)


def set_matrices(rows: np.ndarray, matrices: np.ndarray) -> None:
    """Write (n, 4, 4) row-major model matrices into instance rows (GL wants columns)."""
    rows[:, MATRIX] = np.transpose(matrices, (0, 2, 1)).reshape(-1, 16)


class _InstanceBuffer:
    """Instance rows on the GPU and the vertex arrays that read them: lit, shadow pass, and lit
    with the mesh's coarse stand-in when it has one."""

    def __init__(self, ctx: moderngl.Context, vbo: moderngl.Buffer, ibo: moderngl.Buffer,
                 programs: dict[str, moderngl.Program], capacity: int,
                 coarse: tuple[moderngl.Buffer, moderngl.Buffer] | None = None) -> None:
        self.ctx, self._vbo, self._ibo, self._programs = ctx, vbo, ibo, programs
        self._coarse = coarse
        self.capacity = 0
        self._make(capacity)

    def _make(self, capacity: int) -> None:
        self.capacity = capacity
        self.buffer = self.ctx.buffer(reserve=capacity * INSTANCE_FLOATS * 4, dynamic=True)
        self.vao = self.ctx.vertex_array(self._programs["piece"], [
            (self._vbo, VERTEX_FORMAT, *VERTEX_ATTRS),
            (self.buffer, INSTANCE_FORMAT, *INSTANCE_ATTRS),
        ], self._ibo)
        skip = f"{(FLOATS_PER_VERTEX - 3) * 4}x"
        self.shadow_vao = self.ctx.vertex_array(self._programs["shadow"], [
            (self._vbo, f"3f {skip}", "in_pos"),
            (self.buffer, "4f 4f 4f 4f 48x/i", "in_m0", "in_m1", "in_m2", "in_m3"),
        ], self._ibo)
        self.coarse_vao = self.vao
        if self._coarse is not None:
            vbo, ibo = self._coarse
            self.coarse_vao = self.ctx.vertex_array(self._programs["piece"], [
                (vbo, VERTEX_FORMAT, *VERTEX_ATTRS),
                (self.buffer, INSTANCE_FORMAT, *INSTANCE_ATTRS),
            ], ibo)

    def write(self, rows: np.ndarray) -> None:
        if len(rows) > self.capacity:
            self.release()
            self._make(max(len(rows), 2 * self.capacity))
        if len(rows):
            self.buffer.write(rows.tobytes())

    def release(self) -> None:
        for obj in {id(v): v for v in (self.vao, self.shadow_vao, self.coarse_vao, self.buffer)}.values():
            obj.release()


class InstancedBatch:
    """A mesh drawn once per pass with all its instances; ``upload`` only when something changed.

    ``draw`` can also take a subset of the rows (the pieces inside a rectangle being redrawn): those
    are copied to a second buffer, so a small redraw does not transform every piece."""

    def __init__(self, ctx: moderngl.Context, mesh: Mesh, programs: dict[str, moderngl.Program],
                 mode: int, stats: DrawStats, capacity: int = 64) -> None:
        self.ctx, self.mode, self.stats = ctx, mode, stats
        self._vbo = ctx.buffer(mesh.vertices.astype(np.float32).tobytes())
        self._ibo = ctx.buffer(mesh.indices.astype(np.int32).tobytes())
        self._programs = programs
        self._coarse = None if mesh.coarse is None else (
            ctx.buffer(mesh.coarse.vertices.astype(np.float32).tobytes()),
            ctx.buffer(mesh.coarse.indices.astype(np.int32).tobytes()))
        self.corners = box_corners(mesh.vertices)
        self.sphere = bounding_sphere(self.corners)
        self.rows = instance_array(0)  # what the GPU holds now
        self.drawn = self.rows  # what the kept frame shows (the table compares the two)
        self.version = 0  # uploads so far
        self._all = _InstanceBuffer(ctx, self._vbo, self._ibo, programs, capacity, self._coarse)
        self._part: _InstanceBuffer | None = None

    @property
    def count(self) -> int:
        return len(self.rows)

    def upload(self, instances: np.ndarray) -> None:
        """Replace all instance data: (n, INSTANCE_FLOATS) float32. The same rows again cost
        nothing (views upload every batch each frame of a move; most did not change)."""
        rows = np.asarray(instances, np.float32)
        if rows.shape == self.rows.shape and np.array_equal(rows, self.rows):
            return
        self.rows = rows.copy()
        self._all.write(self.rows)
        self.version += 1
        self.stats.uploads += 1

    def release(self) -> None:
        for obj in (self._all, self._part, self._vbo, self._ibo, *(self._coarse or ())):
            if obj is not None:
                obj.release()

    def draw(self, shadow_pass: bool = False, subset: np.ndarray | None = None, coarse: bool = False) -> None:
        """All instances, or only the rows ``subset`` (a boolean mask or indices); ``coarse``: with
        the mesh's coarse stand-in (a moving camera's frame), when it has one."""
        buf, n = self._all, self.count
        if subset is not None:
            rows = self.rows[subset]
            n = len(rows)
            if n and n < self.count:
                if self._part is None:
                    self._part = _InstanceBuffer(self.ctx, self._vbo, self._ibo, self._programs, self._all.capacity,
                                                 self._coarse)
                self._part.write(rows)
                buf = self._part
        if n == 0:
            return
        if not shadow_pass:
            self._programs["piece"]["u_mode"].value = self.mode
        vao = buf.shadow_vao if shadow_pass else buf.coarse_vao if coarse else buf.vao
        vao.render(moderngl.TRIANGLES, instances=n)
        self.stats.draw_calls += 1
