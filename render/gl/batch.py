"""Instanced batches: one mesh, many pieces, one draw call per pass however many pieces there are."""
from __future__ import annotations

import moderngl
import numpy as np

from render.gl.mesh import FLOATS_PER_VERTEX, VERTEX_ATTRS, VERTEX_FORMAT, Mesh

# Per instance: model matrix (4 columns), colour (rgb + glow), print rect, second print rect.
INSTANCE_FLOATS = 28
INSTANCE_FORMAT = "4f 4f 4f 4f 4f 4f 4f/i"
INSTANCE_ATTRS = ("in_m0", "in_m1", "in_m2", "in_m3", "in_color", "in_rect", "in_rect2")
MATRIX, COLOUR, RECT, RECT2 = slice(0, 16), slice(16, 20), slice(20, 24), slice(24, 28)


class DrawStats:
    """Draw calls issued since the last reset (tests check they do not grow with the pieces) and
    instance uploads so far (a frame with no new upload and the same camera can be reused)."""

    def __init__(self) -> None:
        self.draw_calls = 0
        self.uploads = 0


def instance_array(n: int) -> np.ndarray:
    """Zeroed per-instance data for ``n`` pieces (a zero matrix draws nothing)."""
    return np.zeros((n, INSTANCE_FLOATS), np.float32)


def set_matrices(rows: np.ndarray, matrices: np.ndarray) -> None:
    """Write (n, 4, 4) row-major model matrices into instance rows (GL wants columns)."""
    rows[:, MATRIX] = np.transpose(matrices, (0, 2, 1)).reshape(-1, 16)


class InstancedBatch:
    """A mesh drawn once per pass with all its instances; ``upload`` only when something changed."""

    def __init__(self, ctx: moderngl.Context, mesh: Mesh, programs: dict[str, moderngl.Program],
                 mode: int, stats: DrawStats, capacity: int = 64) -> None:
        self.ctx, self.mode, self.stats = ctx, mode, stats
        self._vbo = ctx.buffer(mesh.vertices.astype(np.float32).tobytes())
        self._ibo = ctx.buffer(mesh.indices.astype(np.int32).tobytes())
        self._programs = programs
        self._capacity = 0
        self.count = 0
        self._make_instances(capacity)

    def _make_instances(self, capacity: int) -> None:
        self._capacity = capacity
        self._inst = self.ctx.buffer(reserve=capacity * INSTANCE_FLOATS * 4, dynamic=True)
        main = self._programs["piece"]
        self._vao = self.ctx.vertex_array(main, [
            (self._vbo, VERTEX_FORMAT, *VERTEX_ATTRS),
            (self._inst, INSTANCE_FORMAT, *INSTANCE_ATTRS),
        ], self._ibo)
        skip = f"{(FLOATS_PER_VERTEX - 3) * 4}x"
        self._shadow_vao = self.ctx.vertex_array(self._programs["shadow"], [
            (self._vbo, f"3f {skip}", "in_pos"),
            (self._inst, "4f 4f 4f 4f 48x/i", "in_m0", "in_m1", "in_m2", "in_m3"),
        ], self._ibo)

    def upload(self, instances: np.ndarray) -> None:
        """Replace all instance data: (n, INSTANCE_FLOATS) float32."""
        n = len(instances)
        if n > self._capacity:
            for obj in (self._vao, self._shadow_vao, self._inst):
                obj.release()
            self._make_instances(max(n, 2 * self._capacity))
        if n:
            self._inst.write(np.ascontiguousarray(instances, np.float32).tobytes())
        self.count = n
        self.stats.uploads += 1

    def release(self) -> None:
        for obj in (self._vao, self._shadow_vao, self._inst, self._vbo, self._ibo):
            obj.release()

    def draw(self, shadow_pass: bool = False) -> None:
        if self.count == 0:
            return
        if not shadow_pass:
            self._programs["piece"]["u_mode"].value = self.mode
        (self._shadow_vao if shadow_pass else self._vao).render(moderngl.TRIANGLES, instances=self.count)
        self.stats.draw_calls += 1
