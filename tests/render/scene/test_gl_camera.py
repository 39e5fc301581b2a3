"""Orbit camera: projection and mouse rays agree; orbit, zoom and reset stay in range."""
import math

import numpy as np
import pytest

from render.scene.camera import DISTANCE_RANGE, PITCH_RANGE, Camera


@pytest.fixture
def cam():
    c = Camera(16 / 9)
    c.set_viewport(1280, 720)
    return c


def test_the_table_centre_projects_near_the_middle_of_the_window(cam):
    cam.set_home(distance=15.0, pitch_deg=55.0, target=(0.0, 0.0, 0.0))
    x, y = cam.project((0.0, 0.0, 0.0))
    assert abs(x - 640) < 1 and abs(y - 360) < 1
    near_x, near_y = cam.project((0.0, 0.0, 3.0))
    assert near_y < y, "the south (seat 0) side is nearer the bottom of the window"


@pytest.mark.parametrize("point", [(1.0, 0.5, -2.0), (-3.0, 0.0, 4.0), (0.2, 1.2, 0.3)])
def test_the_ray_through_a_projected_point_passes_through_it(cam, point):
    cam.orbit(120, -40)
    origin, d = cam.ray(*cam.project(point))
    assert math.isclose(np.linalg.norm(d), 1.0, rel_tol=1e-9)
    to_point = np.array(point) - origin
    off_ray = to_point - np.dot(to_point, d) * d
    assert np.linalg.norm(off_ray) < 1e-3


def test_orbit_zoom_and_reset(cam):
    home = (cam.yaw, cam.pitch, cam.distance)
    cam.orbit(300, 10_000)
    assert cam.yaw != home[0] and math.isclose(cam.pitch, PITCH_RANGE[0])
    cam.zoom(100)
    assert math.isclose(cam.distance, DISTANCE_RANGE[0])
    cam.zoom(-3)
    assert cam.distance > DISTANCE_RANGE[0]
    cam.reset()
    assert (cam.yaw, cam.pitch, cam.distance) == home
