"""Piece geometry as numpy arrays: bevelled boxes (cubes, tiles, boards), chamfered discs, quads.

Every vertex is (x, y, z, nx, ny, nz, u, v, face). ``face`` is the box face it belongs to in the
Octocube face-slot order (0 top, 1 bottom, 2 north -z, 3 south +z, 4 east +x, 5 west -x); ``u, v``
run 0..1 over the flat printable part of that face, outside it on the bevel, image-upright as a
person standing on that side sees it (v down the picture).
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np

VERTEX_FORMAT = "3f 3f 2f 1f"
VERTEX_ATTRS = ("in_pos", "in_normal", "in_uv", "in_face")
FLOATS_PER_VERTEX = 9
NO_PRINT = -2.0  # a uv outside 0..1: the shader prints nothing there

# (outward normal, image-right, image-down) per face slot
_FACE_AXES = (
    ((0, 1, 0), (1, 0, 0), (0, 0, 1)),
    ((0, -1, 0), (1, 0, 0), (0, 0, -1)),
    ((0, 0, -1), (-1, 0, 0), (0, -1, 0)),
    ((0, 0, 1), (1, 0, 0), (0, -1, 0)),
    ((1, 0, 0), (0, 0, -1), (0, -1, 0)),
    ((-1, 0, 0), (0, 0, 1), (0, -1, 0)),
)


COARSE_SEGMENTS = 10  # a disc's segments while the camera moves


@dataclasses.dataclass(frozen=True, eq=False)
class Mesh:
    vertices: np.ndarray  # (n, 9) float32
    indices: np.ndarray   # (m,) int32, counter-clockwise seen from outside
    # The same piece in a few triangles, drawn while the camera moves: that frame is a third to a
    # half of the window's size and stretched, and llvmpipe shades vertices on the frame's own
    # thread, so a die's rounded edges cost the most and show the least. None: this one is lean.
    coarse: Mesh | None = None


def _bevel_coords(half: float, r: float, seg: int) -> np.ndarray:
    """Grid coordinates along one face axis: dense on the bevels, so normals turn smoothly."""
    inner = half - r
    phis = np.linspace(math.pi / 4, 0.0, seg + 1)[:-1]
    edge = inner + r * np.tan(phis)
    return np.concatenate([-edge, [-inner, inner], edge[::-1]])


def bevelled_box(hx: float, hy: float, hz: float, r: float, seg: int = 3) -> Mesh:
    """A box of half extents (hx, hy, hz) whose edges are rounded with radius ``r``."""
    half = np.array([hx, hy, hz])
    verts: list[np.ndarray] = []  # a face's rows at a time
    idx: list[int] = []
    for face, axes in enumerate(_FACE_AXES):
        n, right, down = (np.array(a, float) for a in axes)
        ua, va = int(np.argmax(np.abs(right))), int(np.argmax(np.abs(down)))
        us = _bevel_coords(half[ua], r, seg)
        vs = _bevel_coords(half[va], r, seg)
        base = sum(len(v) for v in verts)
        rows = []
        for v in vs:
            for u in us:
                q = n * half + right * u + down * v
                inner = np.clip(q, -(half - r), half - r)
                d = q - inner
                nrm = d / np.linalg.norm(d)
                p = inner + r * nrm
                uu = (u + half[ua] - r) / (2 * (half[ua] - r))
                vv = (v + half[va] - r) / (2 * (half[va] - r))
                rows.append([*p, *nrm, uu, vv, face])
        verts.append(np.array(rows))
        nu = len(us)
        flip = np.dot(np.cross(right, down), n) < 0
        for j in range(len(vs) - 1):
            for i in range(nu - 1):
                a = base + j * nu + i
                b, c, d = a + 1, a + nu + 1, a + nu
                idx += [a, c, b, a, d, c] if flip else [a, b, c, a, c, d]
    return Mesh(np.concatenate(verts).astype(np.float32), np.array(idx, np.int32), box(hx, hy, hz, r))


def box(hx: float, hy: float, hz: float, r: float = 0.0) -> Mesh:
    """A sharp-edged box: 12 triangles, for pieces too thin or too many to bevel cheaply. With
    ``r``, the coarse stand-in of a box bevelled by ``r``: each face prints where that box's does."""
    verts: list[list[float]] = []
    idx: list[int] = []
    half = np.array([hx, hy, hz])
    for face, axes in enumerate(_FACE_AXES):
        n, right, down = (np.array(a, float) for a in axes)
        ua, va = int(np.argmax(np.abs(right))), int(np.argmax(np.abs(down)))
        reach = r / (2 * (half[ua] - r)), r / (2 * (half[va] - r))  # the bevel, in the print's units
        base = len(verts)
        for v in (0.0, 1.0):
            for u in (0.0, 1.0):
                p = n * half + right * (2 * u - 1) * half + down * (2 * v - 1) * half
                verts.append([*p, *n, u * (1 + 2 * reach[0]) - reach[0], v * (1 + 2 * reach[1]) - reach[1], face])
        flip = np.dot(np.cross(right, down), n) < 0
        a, b, c, d = base, base + 1, base + 3, base + 2
        idx += [a, c, b, a, d, c] if flip else [a, b, c, a, c, d]
    return Mesh(np.array(verts, np.float32), np.array(idx, np.int32))


def disc(radius: float, half_height: float, chamfer: float, segments: int = 40) -> Mesh:
    """A token: a flat cylinder with chamfered rims; the top cap prints over its full circle."""
    ang = np.linspace(0, 2 * math.pi, segments, endpoint=False)
    cs, sn = np.cos(ang), np.sin(ang)
    rings = (  # (radius, y, normal radial part, normal y part, face)
        (0.0, half_height, 0.0, 1.0, 0),
        (radius - chamfer, half_height, 0.0, 1.0, 0),
        (radius - chamfer, half_height, 0.7071, 0.7071, 2),
        (radius, half_height - chamfer, 0.7071, 0.7071, 2),
        (radius, half_height - chamfer, 1.0, 0.0, 2),
        (radius, -half_height + chamfer, 1.0, 0.0, 2),
        (radius, -half_height + chamfer, 0.7071, -0.7071, 2),
        (radius - chamfer, -half_height, 0.7071, -0.7071, 2),
        (radius - chamfer, -half_height, 0.0, -1.0, 1),
        (0.0, -half_height, 0.0, -1.0, 1),
    )
    verts = []
    for rad, y, nr, ny, face in rings:
        for c, s in zip(cs, sn):
            x, z = rad * c, rad * s
            uv = (x / (2 * radius) + 0.5, z / (2 * radius) + 0.5) if face == 0 else (NO_PRINT, NO_PRINT)
            verts.append([x, y, z, nr * c, ny, nr * s, *uv, face])
    idx = []
    for k in range(len(rings) - 1):
        if rings[k][:2] == rings[k + 1][:2] and k != 0:
            continue  # a normal seam between two bands: no triangles there
        for i in range(segments):
            a, b = k * segments + i, k * segments + (i + 1) % segments
            c, d = b + segments, a + segments
            idx += [a, b, c, a, c, d]
    coarse = disc(radius, half_height, chamfer, COARSE_SEGMENTS) if segments > COARSE_SEGMENTS else None
    return Mesh(np.array(verts, np.float32), np.array(idx, np.int32), coarse)


def quad(half: float = 0.5) -> Mesh:
    """A flat square facing up, printed over its whole surface."""
    v = [[x, 0.0, z, 0, 1, 0, x / (2 * half) + 0.5, z / (2 * half) + 0.5, 0]
         for z in (-half, half) for x in (-half, half)]
    return Mesh(np.array(v, np.float32), np.array([0, 2, 3, 0, 3, 1], np.int32))


def box_corners(vertices: np.ndarray) -> np.ndarray:
    """The 8 corners of a mesh's bounding box as homogeneous row vectors (8, 4)."""
    lo, hi = vertices[:, :3].min(axis=0), vertices[:, :3].max(axis=0)
    pick = np.array([[(i >> k) & 1 for k in range(3)] for i in range(8)], bool)
    return np.column_stack([np.where(pick, hi, lo), np.ones(8)])


def bounding_sphere(corners: np.ndarray) -> tuple[np.ndarray, float]:
    """A mesh's bounding sphere (centre, radius) from its box corners (see box_corners)."""
    centre = corners[:, :3].mean(axis=0)
    return centre, float(np.linalg.norm(corners[:, :3] - centre, axis=1).max())
