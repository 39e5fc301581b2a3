"""Screen areas in window pixels: the convex outline a piece takes on screen and whether a panel's
rectangle overlaps it. Panels keep clear of what a person is deciding about by these tests, and the
layout checks (render/checks) use the same ones, so placing and checking can never disagree."""
from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

Point = tuple[float, float]
Area = list[Point]  # a convex polygon, counter-clockwise (a point or two for a tiny piece)
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1

MOSTLY = 0.25  # the share of a piece's screen area a panel may cover and leave it seen (a board's corner)
SLACK = 2.0  # pixels: the rounding of a projected corner
MIN_HALF = 4.0  # a piece smaller than this on screen is treated as a square of this half size


def _turns_right(o: Point, a: Point, b: Point) -> bool:
    """o -> a -> b bends clockwise or not at all (the cross product's sign)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]) <= 0


def hull(points: Iterable[Point]) -> Area:
    """The convex hull of ``points`` (monotone chain); a piece too small to have one becomes a
    small square, so a panel over it still counts as covering it."""
    pts = sorted({(p[0], p[1]) for p in points})
    if len(pts) < 3:
        if not pts:
            return []
        x0, y0, x1, y1 = bounds(pts)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        hx, hy = max((x1 - x0) / 2, MIN_HALF), max((y1 - y0) / 2, MIN_HALF)
        return [(cx - hx, cy - hy), (cx + hx, cy - hy), (cx + hx, cy + hy), (cx - hx, cy + hy)]
    lower: Area = []
    for p in pts:
        while len(lower) >= 2 and _turns_right(lower[-2], lower[-1], p):
            lower.pop()
        lower.append(p)
    upper: Area = []
    for p in reversed(pts):
        while len(upper) >= 2 and _turns_right(upper[-2], upper[-1], p):
            upper.pop()
        upper.append(p)
    out = lower[:-1] + upper[:-1]
    if len(out) < 3:  # collinear points: a thin strip
        return hull([(x + dx, y + dy) for x, y in out for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    return out


def bounds(area: Sequence[Point]) -> Rect:
    xs, ys = [p[0] for p in area], [p[1] for p in area]
    return min(xs), min(ys), max(xs), max(ys)


def rect_area(rect: Rect) -> Area:
    x0, y0, x1, y1 = rect
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def rects_overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlaps(rect: Rect, area: Sequence[Point], inset: float = 1.0) -> bool:
    """Whether ``rect`` (shrunk by ``inset`` on every side: touching is not covering) and the
    convex ``area`` share any pixel: no separating axis among the rectangle's and the area's edges."""
    if not area:
        return False
    x0, y0, x1, y1 = rect[0] + inset, rect[1] + inset, rect[2] - inset, rect[3] - inset
    if x0 >= x1 or y0 >= y1 or not rects_overlap((x0, y0, x1, y1), bounds(area)):
        return False
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    for nx, ny, lo, hi in _axes(area):
        cd = [nx * x + ny * y for x, y in corners]
        if max(cd) <= lo or min(cd) >= hi:
            return False
    return True


def overlaps_many(x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray, area: Sequence[Point],
                  inset: float = 1.0) -> np.ndarray:
    """:func:`overlaps` for many rectangles at once (their corners as arrays), the same test and
    the same floats: a column's thousands of candidate places are tested against an area in one go."""
    if not area:
        return np.zeros(len(x0), bool)
    x0, y0, x1, y1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    bx0, by0, bx1, by1 = bounds(area)
    hit = (x0 < x1) & (y0 < y1) & (x0 < bx1) & (bx0 < x1) & (y0 < by1) & (by0 < y1)
    for nx, ny, lo, hi in _axes(area):
        cmax = np.maximum(nx * x0, nx * x1) + np.maximum(ny * y0, ny * y1)  # the corners' reach along it
        cmin = np.minimum(nx * x0, nx * x1) + np.minimum(ny * y0, ny * y1)
        hit &= (cmax > lo) & (cmin < hi)
    return hit


def _axes(area: Sequence[Point]) -> Iterable[tuple[float, float, float, float]]:
    """Each edge's normal (nx, ny) and the area's extent along it (lo, hi): the axes that may
    separate a rectangle from the convex area."""
    n = len(area)
    for i in range(n):
        (ax, ay), (bx, by) = area[i], area[(i + 1) % n]
        nx, ny = by - ay, ax - bx
        if nx == 0 and ny == 0:
            continue
        dots = [nx * x + ny * y for x, y in area]
        yield nx, ny, min(dots), max(dots)


def overlap_area(rect: Rect, area: Sequence[Point]) -> float:
    """The pixels ``rect`` and the convex ``area`` share (the area clipped by the rectangle)."""
    poly = list(area)
    x0, y0, x1, y1 = rect
    for inside, cut in ((lambda p: p[0] >= x0, lambda a, b: _at_x(a, b, x0)),
                        (lambda p: p[0] <= x1, lambda a, b: _at_x(a, b, x1)),
                        (lambda p: p[1] >= y0, lambda a, b: _at_y(a, b, y0)),
                        (lambda p: p[1] <= y1, lambda a, b: _at_y(a, b, y1))):
        out: list[Point] = []
        for i, p in enumerate(poly):
            q = poly[i - 1]
            if inside(p):
                if not inside(q):
                    out.append(cut(q, p))
                out.append(p)
            elif inside(q):
                out.append(cut(q, p))
        poly = out
        if not poly:
            return 0.0
    return size(poly)


def inside(area: Sequence[Point], rect: Rect, slack: float = SLACK) -> bool:
    """Whether ``area`` lies wholly in ``rect`` (give or take the rounding of a projected corner)."""
    x0, y0, x1, y1 = bounds(area)
    return x0 >= rect[0] - slack and y0 >= rect[1] - slack and x1 <= rect[2] + slack and y1 <= rect[3] + slack


def mostly_hidden(rect: Rect, area: Sequence[Point]) -> bool:
    """Whether ``rect`` hides more than MOSTLY of ``area``."""
    return overlaps(rect, area) and overlap_area(rect, area) > MOSTLY * size(area)


def size(area: Sequence[Point]) -> float:
    """The pixels inside a polygon (the shoelace formula)."""
    n = len(area)
    return abs(sum(area[i][0] * area[(i + 1) % n][1] - area[(i + 1) % n][0] * area[i][1] for i in range(n))) / 2


def _at_x(a: Point, b: Point, x: float) -> Point:
    return x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0])


def _at_y(a: Point, b: Point, y: float) -> Point:
    return a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y
