"""What every table prints for a seat: its colour and its HUD mark (circle, square, triangle,
diamond), so seats read apart without colour on every game's pieces."""
from __future__ import annotations

import numpy as np

from render.gl.sdf import Canvas, Shape, box, circle, grow, polygon, rgb255

PLAYER_COLOURS = (rgb255(230, 159, 0), rgb255(86, 180, 233), rgb255(0, 158, 115), rgb255(213, 94, 0))
CELL = 128


def scaled(shape: Shape, k: float, dx: float = 0.0, dy: float = 0.0) -> Shape:
    return lambda x, y: shape((x - dx) / k, (y - dy) / k) * k


def seat_shape(seat: int, k: float = 1.0) -> Shape:
    """Circle, square, triangle, diamond: the HUD's seat marks."""
    shape = (circle(0, 0, 0.42), box(0, 0, 0.36, 0.36, 0.04), grow(polygon([(0, 0.5), (-0.46, -0.34), (0.46, -0.34)]), 0.02),
             polygon([(0, 0.52), (0.44, 0), (0, -0.52), (-0.44, 0)]))[seat]
    return scaled(shape, k)


def seat_badge(seat: int, ink, paper, k: float = 1.3) -> np.ndarray:
    """A round badge in the seat's colour with its mark, printed on its board or mat."""
    c = Canvas(CELL)
    c.fill(circle(0, 0, 0.96), paper)
    c.fill(circle(0, 0, 0.86), PLAYER_COLOURS[seat])
    c.fill(seat_shape(seat, k), ink)
    return c.image()
