"""The rules guide's pictures: the game's own 3D table drawn once through a close-up camera.

A picture borrows the game screen's live view (building a second view would paint and upload the
game's art again, seconds on a software renderer) and only swaps its camera for one draw; the view
then draws its next frame whole from its own camera.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyglet

from render.offscreen import render_rgb
from render.scene.camera import Camera
from render.ui.guide_pages import Shot


def shot_camera(shot: Shot, yaw: float, size: tuple[int, int]) -> Camera:
    """``shot`` seen from the side of the table at yaw ``yaw`` (the reader's seat)."""
    camera = Camera(size[0] / size[1])
    camera.set_viewport(*size)
    angle = yaw + math.radians(shot.turn)
    x, y, z = shot.target
    c, s = (1.0, 0.0) if shot.shared else (math.cos(yaw), math.sin(yaw))  # the reader's frame -> the table's
    camera.set_home(shot.distance, shot.pitch, (x * c + z * s, y, -x * s + z * c))
    camera.yaw = angle
    return camera


def paint(view: Any, yaw: float, shot: Shot, size: tuple[int, int]) -> pyglet.image.ImageData:
    """The table as ``view`` shows it now, through ``shot``, as an image the 2D layer can draw."""
    live = view.camera
    view.camera = shot_camera(shot, yaw, size)
    try:
        rgb = render_rgb(view, size)
    finally:
        view.camera = live
    rows = np.ascontiguousarray(rgb[::-1])  # pyglet's images start at the bottom row
    return pyglet.image.ImageData(size[0], size[1], "RGB", rows.tobytes())
