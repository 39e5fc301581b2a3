"""The orbit camera around the table centre, with projection and mouse rays for picking, and its
swing round the table to a seat's side (the screens that show a table share it)."""
from __future__ import annotations

import math

import numpy as np

from render.scene.xform import look_at, perspective

ORBIT_RAD_PER_PX = 0.006
ZOOM_PER_STEP = 0.9
PITCH_RANGE = (math.radians(18), math.radians(88))
DISTANCE_RANGE = (4.0, 45.0)
FOLLOW_RATE = 4.0  # per second: how fast the camera swings to the seat in play (eased) ...
TURN_SPEED = 1.5  # radians a second: ... and no slower than this, so a swing is over in under 0.8 s
TURN_DONE = 0.01  # radians: close enough, the camera stops turning


class Camera:
    """Yaw 0 looks north from the south (seat 0's side); pitch is the elevation above the table."""

    fov_y = 38.0
    near, far = 0.2, 200.0

    def __init__(self, aspect: float, distance: float = 16.0, pitch_deg: float = 52.0,
                 target: tuple[float, float, float] = (0.0, 0.0, 0.6)) -> None:
        self.aspect = aspect
        self.width, self.height = 1280, max(1, round(1280 / aspect))
        self.home = (0.0, math.radians(pitch_deg), distance, np.array(target, float))
        self._cache: tuple | None = None
        self.reset()

    def reset(self) -> None:
        self.yaw, self.pitch, self.distance, target = self.home
        self.target = target.copy()

    def set_home(self, distance: float, pitch_deg: float, target: tuple[float, float, float]) -> None:
        """Where ``reset`` returns to (views fit it to their table); also goes there now."""
        self.home = (0.0, math.radians(pitch_deg), distance, np.array(target, float))
        self.reset()

    def orbit(self, dx_px: float, dy_px: float) -> None:
        self.yaw -= dx_px * ORBIT_RAD_PER_PX
        self.pitch = min(max(self.pitch - dy_px * ORBIT_RAD_PER_PX, PITCH_RANGE[0]), PITCH_RANGE[1])

    def zoom(self, wheel_steps: float) -> None:
        self.distance = min(max(self.distance * ZOOM_PER_STEP ** wheel_steps, DISTANCE_RANGE[0]), DISTANCE_RANGE[1])

    def set_viewport(self, width: int, height: int) -> None:
        self.width, self.height = max(1, width), max(1, height)
        self.aspect = self.width / self.height

    @property
    def eye(self) -> np.ndarray:
        cp = math.cos(self.pitch)
        offset = np.array([cp * math.sin(self.yaw), math.sin(self.pitch), cp * math.cos(self.yaw)])
        return self.target + self.distance * offset

    def view_matrix(self) -> np.ndarray:
        return self._matrices()[0]

    def proj_matrix(self) -> np.ndarray:
        return self._matrices()[1]

    def _matrices(self) -> tuple[np.ndarray, ...]:
        """View, projection (float32, read-only), view-projection and its inverse, recomputed
        only when the camera changed (drawing and picking ask many times per frame)."""
        key = (self.yaw, self.pitch, self.distance, *self.target, self.aspect, self.fov_y, self.near, self.far)
        if self._cache is None or self._cache[0] != key:
            view = look_at(self.eye, self.target)
            proj = perspective(self.fov_y, self.aspect, self.near, self.far)
            vp = proj @ view
            mats = (view.astype(np.float32), proj.astype(np.float32), vp, np.linalg.inv(vp))
            for m in mats:
                m.flags.writeable = False
            self._cache = (key, *mats)
        return self._cache[1:]

    def _viewproj(self) -> tuple[np.ndarray, np.ndarray]:
        _, _, viewproj, inverse = self._matrices()
        return viewproj, inverse

    def project(self, world_xyz) -> tuple[float, float]:
        """Window pixels of a world point, origin bottom-left (pyglet's convention)."""
        p = self._viewproj()[0] @ np.array([*world_xyz, 1.0])
        ndc = p[:3] / p[3]
        return (ndc[0] + 1) * 0.5 * self.width, (ndc[1] + 1) * 0.5 * self.height

    def ray(self, x_px: float, y_px: float) -> tuple[np.ndarray, np.ndarray]:
        """The eye and the unit direction through window pixel (x, y), origin bottom-left."""
        inv = self._viewproj()[1]
        ndc = (2 * x_px / self.width - 1, 2 * y_px / self.height - 1)
        far = inv @ np.array([*ndc, 1.0, 1.0])
        eye = self.eye
        d = far[:3] / far[3] - eye
        return eye, d / np.linalg.norm(d)


def frame_areas(camera: Camera, areas, box: tuple[float, float, float, float], steps: int = 12,
                slide: bool = False) -> None:
    """Back the camera off (and, with ``slide``, move it over the table) until the window areas
    ``areas()`` gives lie inside ``box`` (x0, y0, x1, y1): a seat's own pieces framed in the part of
    the window no bar covers. Without ``slide`` the camera keeps looking at the same point, so an
    orbit still turns about the table. ``areas()`` is asked again after each step (it projects)."""
    x0, y0, x1, y1 = box
    for _ in range(steps):
        extent = _extent(areas())
        if extent is None:
            return
        lo_x, lo_y, hi_x, hi_y = extent
        if lo_x >= x0 and hi_x <= x1 and lo_y >= y0 and hi_y <= y1:
            return
        if not slide or hi_x - lo_x > x1 - x0 or hi_y - lo_y > y1 - y0:
            camera.distance = min(camera.distance / ZOOM_PER_STEP ** 0.5, DISTANCE_RANGE[1])
            continue
        dx = x0 - lo_x if lo_x < x0 else x1 - hi_x if hi_x > x1 else 0.0
        dy = y0 - lo_y if lo_y < y0 else y1 - hi_y if hi_y > y1 else 0.0
        _slide(camera, dx * 1.1, dy * 1.1)


def _extent(areas) -> tuple[float, float, float, float] | None:
    """The bounds (x0, y0, x1, y1) of every point of ``areas``; None when there is none."""
    pts = [p for a in areas for p in a]
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _slide(camera: Camera, dx: float, dy: float) -> None:
    """Move the look-at point over the table so that what lies at its middle moves about (dx, dy)
    window pixels (the table's forward and right measured on screen there)."""
    forward = camera.target - camera.eye
    forward[1] = 0.0
    forward /= np.linalg.norm(forward) or 1.0
    right = np.array([-forward[2], 0.0, forward[0]])
    here = np.array(camera.project(camera.target))
    along = (np.array(camera.project(camera.target + forward)) - here)[1] or 1.0
    across = (np.array(camera.project(camera.target + right)) - here)[0] or 1.0
    camera.target = camera.target - forward * (dy / along) - right * (dx / across)


def fit_areas(camera: Camera, areas, box: tuple[float, float, float, float], rounds: int = 12) -> None:
    """Slide the camera over the table and move it in or out until the window areas ``areas()``
    gives fill ``box`` (x0, y0, x1, y1) as large as they fit: a shared table framed whole and
    close, not merely backed off until it is in view. Each round centres their bounds in the box and
    scales the distance by the bounds' size over the box's (on screen a piece's size goes as one
    over its distance); pieces at other depths make that inexact, so a last back-off without
    sliding makes sure every area lies inside."""
    x0, y0, x1, y1 = box
    for _ in range(rounds):
        extent = _extent(areas())
        if extent is None:
            return
        lo_x, lo_y, hi_x, hi_y = extent
        _slide(camera, (x0 + x1 - lo_x - hi_x) / 2, (y0 + y1 - lo_y - hi_y) / 2)
        scale = max((hi_x - lo_x) / (x1 - x0), (hi_y - lo_y) / (y1 - y0))
        camera.distance = min(max(camera.distance * scale, DISTANCE_RANGE[0]), DISTANCE_RANGE[1])
    frame_areas(camera, areas, box, steps=24)


def face_seat(camera: Camera, angle: float) -> None:
    """The home view, from the side of the table at yaw ``angle`` (people on one screen each get
    their side)."""
    camera.reset()
    _turn_camera(camera, angle - camera.yaw)


def _turn_camera(camera: Camera, angle: float) -> None:
    """Orbit yaw and the look-at point together about the table centre."""
    camera.yaw += angle
    c, s = math.cos(angle), math.sin(angle)
    x, y, z = camera.target
    camera.target = np.array([x * c + z * s, y, -x * s + z * c])


def ease_home(camera: Camera, dt: float) -> None:
    """Pitch, distance and look-at point a step back toward the home view from the camera's yaw
    now (a little faster than a swing eases round, so the two end together): the camera coming
    round to the next person at the table undoes the last person's orbit and zoom as it turns."""
    yaw, pitch, distance, target = camera.home
    c, s = math.cos(camera.yaw - yaw), math.sin(camera.yaw - yaw)
    x, y, z = target
    k = min(1.0, dt * FOLLOW_RATE * 1.5)
    camera.pitch += (pitch - camera.pitch) * k
    camera.distance += (distance - camera.distance) * k
    camera.target = camera.target + (np.array([x * c + z * s, y, -x * s + z * c]) - camera.target) * k


def follow_seat(camera: Camera, angle: float, dt: float) -> float:
    """Ease the camera round toward the side at yaw ``angle`` (the demo follows whoever moves);
    the angle still to go."""
    gap = (angle - camera.yaw + math.pi) % (2 * math.pi) - math.pi
    step = math.copysign(min(abs(gap), max(abs(gap) * dt * FOLLOW_RATE, dt * TURN_SPEED)), gap) \
        if abs(gap) > TURN_DONE else gap
    _turn_camera(camera, step)
    return gap - step
