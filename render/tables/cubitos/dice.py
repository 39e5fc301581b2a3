"""Die geometry: which face of the body carries which face of the component, the turn that
shows a given face on top, and the printed stickers on each face.

A die's six faces (game/cubitos/dice.py order) sit on the body's face slots (render.gl.mesh
order: top, bottom, north, south, east, west) so that faces 0/3, 1/4 and 2/5 are opposite.
``rest_rotation(face, yaw)`` turns the body so ``face`` is up and its print reads upright for
someone looking along -z after the yaw (the seat's own direction), which is how a die settles
"showing exactly the rolled face".
"""
from __future__ import annotations

import functools
import math

import numpy as np

from render.gl.mesh import Mesh, bevelled_box, disc, box
from render.scene.xform import rotate, scale, translate

X, Y, Z = (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)
SLOT_DIRS = np.array([(0, 1, 0), (0, -1, 0), (0, 0, -1), (0, 0, 1), (1, 0, 0), (-1, 0, 0)], float)
FACE_SLOT = (0, 3, 4, 1, 2, 5)  # component face index -> body face slot
# The turn that brings each body slot to the top (top, bottom, north, south, east, west).
_TO_TOP = (np.eye(4), rotate(X, math.pi), rotate(X, math.pi / 2), rotate(X, -math.pi / 2),
           rotate(Z, math.pi / 2), rotate(Z, -math.pi / 2))


@functools.lru_cache(maxsize=4096)
def rest_rotation(face: int, yaw: float = 0.0) -> np.ndarray:
    """Body rotation that shows component face ``face`` on top, turned by ``yaw`` about y.
    Cached (every shown position poses every die) and so read-only."""
    m = rotate(Y, yaw) @ _TO_TOP[FACE_SLOT[face]]
    m.flags.writeable = False
    return m


def top_face(matrix: np.ndarray) -> int:
    """The component face a die posed by ``matrix`` shows on top."""
    up = matrix[:3, :3] @ SLOT_DIRS.T  # world direction of every body slot
    slot = int(np.argmax(up[1]))
    return FACE_SLOT.index(slot)


def stickers(half: float) -> np.ndarray:
    """(6, 4, 4): an up-facing unit quad placed on each component face of a die at the origin,
    upright when that face is turned to the top by ``rest_rotation``."""
    lift = translate(0.0, half + 0.002, 0.0) @ scale(2 * half * 0.84, 1.0, 2 * half * 0.84)
    return np.array([np.linalg.inv(_TO_TOP[FACE_SLOT[f]]) @ lift for f in range(6)])


def merge(parts: list[tuple[Mesh, np.ndarray, bool]]) -> Mesh:
    """One mesh from ``(mesh, transform, printable)`` parts; unprintable parts lose their top print.
    Its coarse stand-in is made of the parts' own (see ``Mesh.coarse``)."""
    verts, idx, base = [], [], 0
    for mesh, m, printable in parts:
        v = mesh.vertices.astype(np.float64).copy()
        v[:, :3] = v[:, :3] @ m[:3, :3].T + m[:3, 3]
        n = v[:, 3:6] @ np.linalg.inv(m[:3, :3])
        v[:, 3:6] = n / np.linalg.norm(n, axis=1, keepdims=True)
        if not printable:
            v[:, 8] = np.where(v[:, 8] == 0, 2, v[:, 8])
        verts.append(v)
        idx.append(mesh.indices + base)
        base += len(v)
    coarse = None
    if any(mesh.coarse is not None for mesh, _, _ in parts):
        coarse = merge([(mesh.coarse or mesh, m, printable) for mesh, m, printable in parts])
    return Mesh(np.concatenate(verts).astype(np.float32), np.concatenate(idx).astype(np.int32), coarse)


def die_mesh(half: float, bevel: float) -> Mesh:
    """One bevel step: a die is a few dozen pixels wide, and a hundred of them tumble and cast
    shadows every frame on a CPU rasterizer."""
    return bevelled_box(half, half, half, bevel, 1)


def pawn_mesh() -> Mesh:
    """A runner: a round base, a tapered body and a flat head printed with the seat's mark."""
    return merge([
        (disc(0.2, 0.035, 0.012, 20), translate(0, 0.035, 0), False),
        (disc(0.1, 0.17, 0.01, 14), translate(0, 0.2, 0), False),
        (disc(0.17, 0.05, 0.02, 20), translate(0, 0.39, 0), True),
    ])


def tray_mesh(hx: float, hz: float, floor: float, wall: float, rim: float = 0.05) -> Mesh:
    """An open box: a floor and four walls."""
    return merge([
        (box(hx, floor / 2, hz), translate(0, floor / 2, 0), False),
        (box(hx, wall / 2, rim / 2), translate(0, wall / 2, -hz + rim / 2), False),
        (box(hx, wall / 2, rim / 2), translate(0, wall / 2, hz - rim / 2), False),
        (box(rim / 2, wall / 2, hz), translate(-hx + rim / 2, wall / 2, 0), False),
        (box(rim / 2, wall / 2, hz), translate(hx - rim / 2, wall / 2, 0), False),
    ])


def bag_mesh() -> Mesh:
    """The Draw Zone's cloth bag: a soft rounded sack with a tied neck; its top prints the count."""
    return merge([
        (bevelled_box(0.5, 0.26, 0.5, 0.24, 2), translate(0, 0.26, 0), False),
        (disc(0.16, 0.08, 0.04, 16), translate(0, 0.56, 0), False),
        (disc(0.3, 0.04, 0.02, 24), translate(0, 0.66, 0), True),
    ])
