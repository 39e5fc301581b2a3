"""Where a frame changed: the screen rectangles (and the shadow-map rectangle) that pieces which
moved, appeared, vanished or changed colour since the last drawn frame can have touched.

A kept frame is redrawn only inside these rectangles (see :class:`render.scene.tabletop.Tabletop`),
so a cube rolling across a still table costs its own few pixels, not the whole table. Everything
here is vectorised over the changed instance rows; only the few resulting rectangles are looped.
"""
from __future__ import annotations

import numpy as np

from render.gl.batch import MATRIX

Rect = tuple[int, int, int, int]  # x, y, width, height in pixels (or texels), origin bottom-left
MAX_RECTS = 3  # each rectangle costs one pass over every batch: a few, however many pieces
SCREEN_MARGIN = 4  # pixels around a piece: antialiasing and the soft (PCF) shadow edge
SHADOW_MARGIN = 2  # shadow-map texels around a piece: the 2x2 comparison filter

_HASH_WEIGHTS = np.random.default_rng(7).integers(1, 2**63, size=28, dtype=np.uint64) | np.uint64(1)


def _row_hashes(rows: np.ndarray) -> np.ndarray:
    bits = np.ascontiguousarray(rows, np.float32).view(np.uint32).astype(np.uint64)
    return (bits * _HASH_WEIGHTS[: bits.shape[1]]).sum(axis=1)


def changed_rows(old: np.ndarray, new: np.ndarray) -> np.ndarray:
    """The instance rows found in only one of ``old`` and ``new`` (order does not matter: a view
    may sort its rows differently from frame to frame)."""
    if old.shape == new.shape and np.array_equal(old, new):
        return new[:0]
    h_old, h_new = _row_hashes(old), _row_hashes(new)
    return np.concatenate([old[~np.isin(h_old, h_new)], new[~np.isin(h_new, h_old)]])


def world_corners(rows: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """(n, 8, 3) world corners of the pieces in ``rows``; rows with a zero matrix (drawn as
    nothing) are left out."""
    shown = rows[:, 15] != 0.0
    gl = rows[shown][:, MATRIX].reshape(-1, 4, 4)  # GL column order: the transposed model matrix
    return (corners[None] @ gl)[..., :3]


def shadow_points(points: np.ndarray, light_dir: np.ndarray, top: float) -> np.ndarray:
    """Where the corners ``points`` (n, k, 3) cast along the light onto the table (y = 0) and onto
    the height ``top`` of the tallest piece that can receive it (n, 2k, 3): every shadow a piece
    casts lies between the two, so their box holds it (kept apart from the piece's own box, a
    piece high in the air does not drag a tall rectangle down to its shadow)."""
    y = points[..., 1:2]
    on_table = points - light_dir * (np.maximum(y, 0.0) / light_dir[1])
    on_top = points - light_dir * (np.maximum(y - top, 0.0) / light_dir[1])
    return np.concatenate([on_table, on_top], axis=1)


def _boxes(points: np.ndarray, matrix: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """(n, k, 3) world points -> (n, 4) pixel boxes (x0, y0, x1, y1); a piece reaching behind the
    eye gets the whole frame."""
    clip = points @ matrix[:3, :3].T + matrix[:3, 3]
    w = points @ matrix[3, :3] + matrix[3, 3]
    behind = (w <= 1e-6).any(axis=1)
    xy = (clip[..., :2] / np.where(w > 1e-6, w, 1.0)[..., None] * 0.5 + 0.5) * np.asarray(size, float)
    boxes = np.column_stack([xy[..., 0].min(axis=1), xy[..., 1].min(axis=1),
                             xy[..., 0].max(axis=1), xy[..., 1].max(axis=1)])
    boxes[behind] = (0.0, 0.0, size[0], size[1])
    return boxes


def piece_boxes(rows: np.ndarray, sphere: tuple[np.ndarray, float], matrix: np.ndarray,
                size: tuple[int, int]) -> np.ndarray:
    """Each instance's pixel box (n, 4) as ``matrix`` sees it, from its bounding ``sphere``
    (cheap enough to redo for every piece each frame, and never smaller than the piece); a zero
    row gets an empty box."""
    centre_local, radius_local = sphere
    m = rows[:, MATRIX].reshape(-1, 4, 4)  # transposed model matrices
    centre = centre_local @ m[:, :3, :3] + m[:, 3, :3]
    radius = radius_local * np.sqrt((m[:, :3, :3] ** 2).sum(axis=2).max(axis=1))
    clip = centre @ matrix[[0, 1, 3], :3].T + matrix[[0, 1, 3], 3]  # x, y, w at the centre
    reach = radius[:, None] * np.linalg.norm(matrix[[0, 1, 3], :3], axis=1)  # how far each can move
    lo, hi = clip - reach, clip + reach
    near = lo[:, 2] <= 1e-6
    w_lo, w_hi = np.where(near, 1.0, lo[:, 2])[:, None], hi[:, 2:3]
    a, b, c, d = lo[:, :2] / w_lo, lo[:, :2] / w_hi, hi[:, :2] / w_lo, hi[:, :2] / w_hi
    scale = np.asarray(size, float) * 0.5
    boxes = np.concatenate([(np.minimum(np.minimum(a, b), np.minimum(c, d)) + 1.0) * scale,
                            (np.maximum(np.maximum(a, b), np.maximum(c, d)) + 1.0) * scale], axis=1)
    boxes[near] = (0.0, 0.0, size[0], size[1])
    boxes[rows[:, 15] == 0.0] = (-1.0, -1.0, -1.0, -1.0)
    return boxes


def overlapping(boxes: np.ndarray, rect: Rect) -> np.ndarray:
    """Which of the pixel ``boxes`` reach into ``rect`` (a boolean mask)."""
    x, y, w, h = rect
    return (boxes[:, 0] <= x + w) & (boxes[:, 2] >= x) & (boxes[:, 1] <= y + h) & (boxes[:, 3] >= y)


def _clip(box: np.ndarray, size: tuple[int, int], margin: int) -> Rect | None:
    x0, y0 = max(0, int(np.floor(box[0])) - margin), max(0, int(np.floor(box[1])) - margin)
    x1, y1 = min(size[0], int(np.ceil(box[2])) + margin), min(size[1], int(np.ceil(box[3])) + margin)
    return (x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def _area(b: np.ndarray) -> float:
    return float(max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1]))


def _union(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.array([min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])])


def _merge(boxes: np.ndarray, margin: int) -> list[np.ndarray]:
    """Overlapping boxes become one; then the pair whose union wastes least merges until at most
    MAX_RECTS are left. Many pieces at once (a whole roll) are simply one box around them all."""
    if len(boxes) > 4 * MAX_RECTS:
        return [np.concatenate([boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)])]
    out = [b for b in boxes]
    while len(out) > 1:
        best: tuple[float, int, int, np.ndarray] | None = None
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                u = _union(out[i], out[j])
                waste = _area(u) - _area(out[i]) - _area(out[j])
                overlap = not (out[i][2] + 2 * margin < out[j][0] or out[j][2] + 2 * margin < out[i][0]
                               or out[i][3] + 2 * margin < out[j][1] or out[j][3] + 2 * margin < out[i][1])
                if overlap:
                    waste = -1.0
                if best is None or waste < best[0]:
                    best = (waste, i, j, u)
        assert best is not None  # two boxes or more make a pair
        if best[0] >= 0 and len(out) <= MAX_RECTS:
            break
        _, i, j, u = best
        out = [b for k, b in enumerate(out) if k not in (i, j)] + [u]
    return out


def screen_rects(pieces: np.ndarray, viewproj: np.ndarray, size: tuple[int, int]) -> list[Rect]:
    """The pixel rectangles (at most MAX_RECTS) covering ``pieces`` (n, k, 3) world points each."""
    if len(pieces) == 0:
        return []
    rects = (_clip(b, size, SCREEN_MARGIN) for b in _merge(_boxes(pieces, viewproj, size), SCREEN_MARGIN))
    return [r for r in rects if r is not None]


def merged(rects: list[Rect]) -> list[Rect]:
    """``rects`` with overlapping ones joined, at most MAX_RECTS."""
    if len(rects) < 2:
        return list(rects)
    boxes = np.array([(x, y, x + w, y + h) for x, y, w, h in rects], float)
    return [(int(b[0]), int(b[1]), int(b[2] - b[0]), int(b[3] - b[1])) for b in _merge(boxes, 0)]


def shadow_rect(points: np.ndarray, light_vp: np.ndarray, size: int) -> Rect | None:
    """The shadow-map texels the occluders ``points`` (n, k, 3) cover, or None."""
    if len(points) == 0:
        return None
    boxes = _boxes(points, light_vp, (size, size))
    whole = np.concatenate([boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)])
    return _clip(whole, (size, size), SHADOW_MARGIN)
