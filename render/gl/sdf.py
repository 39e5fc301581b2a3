"""Flat printed art from signed distance functions, painted with numpy (icons, letters, marks).

Shapes live in a square from -1 to 1, y up. A shape is a function from (x, y) arrays to the signed
distance (negative inside), so shapes combine with min (union) and max (intersection).
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

Shape = Callable[[np.ndarray, np.ndarray], np.ndarray]
Colour = tuple[float, float, float] | tuple[float, float, float, float]


def circle(cx: float, cy: float, r: float) -> Shape:
    return lambda x, y: np.hypot(x - cx, y - cy) - r


def ellipse(cx: float, cy: float, rx: float, ry: float) -> Shape:
    """Approximate distance (exact on the axes), good enough for filling and outlining."""
    return lambda x, y: (np.hypot((x - cx) / rx, (y - cy) / ry) - 1) * min(rx, ry)


def box(cx: float, cy: float, hw: float, hh: float, radius: float = 0.0) -> Shape:
    def f(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        qx, qy = np.abs(x - cx) - hw + radius, np.abs(y - cy) - hh + radius
        return np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - radius
    return f


def segment(ax: float, ay: float, bx: float, by: float, half_width: float) -> Shape:
    def f(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        px, py, dx, dy = x - ax, y - ay, bx - ax, by - ay
        t = np.clip((px * dx + py * dy) / (dx * dx + dy * dy), 0, 1)
        return np.hypot(px - t * dx, py - t * dy) - half_width
    return f


def polygon(points: Sequence[tuple[float, float]]) -> Shape:
    pts = np.asarray(points, float)

    def f(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        d = np.full(x.shape, np.inf)
        inside = np.zeros(x.shape, bool)
        for (ax, ay), (bx, by) in zip(pts, np.roll(pts, -1, axis=0)):
            d = np.minimum(d, segment(ax, ay, bx, by, 0.0)(x, y))
            crosses = (ay > y) != (by > y)
            xint = ax + (y - ay) * (bx - ax) / np.where(by == ay, 1e-12, by - ay)
            inside ^= crosses & (x < xint)
        return np.where(inside, -d, d)
    return f


def star(cx: float, cy: float, r_out: float, r_in: float, points: int, turn: float = 0.0) -> Shape:
    ang = np.pi / 2 + turn + np.arange(2 * points) * np.pi / points
    rad = np.where(np.arange(2 * points) % 2 == 0, r_out, r_in)
    return polygon(list(zip(cx + rad * np.cos(ang), cy + rad * np.sin(ang))))


def union(*shapes: Shape) -> Shape:
    return lambda x, y: np.minimum.reduce([s(x, y) for s in shapes])


def intersect(*shapes: Shape) -> Shape:
    return lambda x, y: np.maximum.reduce([s(x, y) for s in shapes])


def subtract(a: Shape, b: Shape) -> Shape:
    return lambda x, y: np.maximum(a(x, y), -b(x, y))


def grow(s: Shape, by: float) -> Shape:
    """Rounded offset: ``by`` > 0 fattens (and rounds corners), < 0 thins."""
    return lambda x, y: s(x, y) - by


def outline(s: Shape, half_width: float) -> Shape:
    return lambda x, y: np.abs(s(x, y)) - half_width


# A stroke font for the few letters and digits printed on pieces: polylines in a 0..1 box, y up.
STROKES: dict[str, tuple[tuple[tuple[float, float], ...], ...]] = {
    "A": (((0, 0), (0.5, 1), (1, 0)), ((0.22, 0.42), (0.78, 0.42))),
    "B": (((0, 0), (0, 1), (0.7, 1), (0.88, 0.86), (0.88, 0.64), (0.7, 0.52), (0, 0.52)),
          ((0.7, 0.52), (0.95, 0.38), (0.95, 0.14), (0.75, 0), (0, 0))),
    "C": (((1, 0.85), (0.8, 1), (0.3, 1), (0, 0.72), (0, 0.28), (0.3, 0), (0.8, 0), (1, 0.15)),),
    "D": (((0, 0), (0, 1), (0.6, 1), (1, 0.7), (1, 0.3), (0.6, 0), (0, 0)),),
    "E": (((1, 1), (0, 1), (0, 0), (1, 0)), ((0, 0.52), (0.75, 0.52))),
    "F": (((1, 1), (0, 1), (0, 0)), ((0, 0.52), (0.75, 0.52))),
    "G": (((1, 0.85), (0.8, 1), (0.3, 1), (0, 0.72), (0, 0.28), (0.3, 0), (0.8, 0), (1, 0.2),
           (1, 0.45), (0.55, 0.45)),),
    "H": (((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0.52), (1, 0.52))),
    "I": (((0.5, 0), (0.5, 1)), ((0.2, 1), (0.8, 1)), ((0.2, 0), (0.8, 0))),
    "3": (((0, 0.9), (0.25, 1), (0.75, 1), (1, 0.82), (1, 0.66), (0.75, 0.52), (0.35, 0.52)),
          ((0.75, 0.52), (1, 0.36), (1, 0.16), (0.75, 0), (0.25, 0), (0, 0.1))),
}


def glyph(ch: str, cx: float, cy: float, height: float, half_width: float) -> Shape:
    """Letter ``ch`` centred on (cx, cy); its width is 0.7 of its height."""
    w = 0.7 * height
    parts = [segment(cx - w / 2 + ax * w, cy - height / 2 + ay * height,
                     cx - w / 2 + bx * w, cy - height / 2 + by * height, half_width)
             for line in STROKES[ch] for (ax, ay), (bx, by) in zip(line, line[1:])]
    return union(*parts)


class Canvas:
    """A square RGBA float image painted shape by shape with one-pixel antialiased edges."""

    def __init__(self, size: int, background: Colour = (0, 0, 0, 0)) -> None:
        self.size = size
        c = (np.arange(size) + 0.5) / size * 2 - 1
        self.x, self.y = np.meshgrid(c, -c)
        self.px = 2.0 / size
        self.rgba = np.zeros((size, size, 4))
        self.rgba[:] = _rgba(background)

    def coverage(self, shape: Shape) -> np.ndarray:
        return np.clip(0.5 - shape(self.x, self.y) / self.px, 0, 1)

    def fill(self, shape: Shape, colour: Colour, alpha: float = 1.0) -> None:
        self.paint(self.coverage(shape) * alpha, colour)

    def paint(self, cover: np.ndarray, colour: Colour | np.ndarray) -> None:
        """Composite ``colour`` (one colour or an image of them) over the canvas by ``cover``.
        Only the rows and columns the shape touches are blended: most shapes are small."""
        rows, cols = np.flatnonzero(cover.any(axis=1)), np.flatnonzero(cover.any(axis=0))
        if not rows.size:
            return
        win = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
        src = np.broadcast_to(np.asarray(_rgba(colour) if isinstance(colour, tuple) else colour, float),
                              self.rgba.shape)[win]
        dst = self.rgba[win]
        a = cover[win][..., None] * src[..., 3:4]
        out_a = a + dst[..., 3:4] * (1 - a)
        rgb = (src[..., :3] * a + dst[..., :3] * dst[..., 3:4] * (1 - a)) / np.maximum(out_a, 1e-6)
        self.rgba[win] = np.concatenate([rgb, out_a], axis=-1)

    def image(self) -> np.ndarray:
        return np.clip(self.rgba * 255 + 0.5, 0, 255).astype(np.uint8)


def _rgba(c: Colour) -> tuple[float, float, float, float]:
    return (c[0], c[1], c[2], c[3] if len(c) == 4 else 1.0)


def rgb255(r: int, g: int, b: int) -> tuple[float, float, float]:
    return (r / 255, g / 255, b / 255)
