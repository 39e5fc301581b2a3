"""4x4 transforms for column vectors (``m @ [x, y, z, 1]``), float64 numpy arrays."""
from __future__ import annotations

import math

import numpy as np


def translate(x: float, y: float, z: float) -> np.ndarray:
    m = np.eye(4)
    m[:3, 3] = (x, y, z)
    return m


def scale(x: float, y: float | None = None, z: float | None = None) -> np.ndarray:
    return np.diag([x, x if y is None else y, x if z is None else z, 1.0])


def rotate(axis: tuple[float, float, float] | np.ndarray, angle: float) -> np.ndarray:
    """Right-handed rotation by ``angle`` radians about a unit ``axis`` through the origin."""
    x, y, z = axis
    c, s, t = math.cos(angle), math.sin(angle), 1 - math.cos(angle)
    m = np.eye(4)
    m[:3, :3] = ((t * x * x + c, t * x * y - s * z, t * x * z + s * y),
                 (t * x * y + s * z, t * y * y + c, t * y * z - s * x),
                 (t * x * z - s * y, t * y * z + s * x, t * z * z + c))
    return m


def look_at(eye: np.ndarray, target: np.ndarray, up: tuple[float, float, float] = (0, 1, 0)) -> np.ndarray:
    f = target - eye
    f = f / np.linalg.norm(f)
    s = np.cross(f, up)
    s = s / np.linalg.norm(s)
    u = np.cross(s, f)
    m = np.eye(4)
    m[0, :3], m[1, :3], m[2, :3] = s, u, -f
    m[:3, 3] = -m[:3, :3] @ eye
    return m


def perspective(fov_y_deg: float, aspect: float, near: float, far: float) -> np.ndarray:
    f = 1.0 / math.tan(math.radians(fov_y_deg) / 2)
    m = np.zeros((4, 4))
    m[0, 0], m[1, 1] = f / aspect, f
    m[2, 2], m[2, 3] = (far + near) / (near - far), 2 * far * near / (near - far)
    m[3, 2] = -1.0
    return m


def ortho(half_w: float, half_h: float, near: float, far: float) -> np.ndarray:
    m = np.eye(4)
    m[0, 0], m[1, 1] = 1 / half_w, 1 / half_h
    m[2, 2], m[2, 3] = -2 / (far - near), -(far + near) / (far - near)
    return m


def gl_bytes(m: np.ndarray) -> bytes:
    """A matrix as the column-major float32 bytes a GLSL mat4 uniform expects."""
    return np.ascontiguousarray(m.T, np.float32).tobytes()


def _quat(m: np.ndarray) -> np.ndarray:
    """Unit quaternion (w, x, y, z) of a rotation matrix's upper 3x3."""
    r = m[:3, :3]
    t = np.trace(r)
    if t > 0:
        s = 2 * math.sqrt(t + 1)
        q = (0.25 * s, (r[2, 1] - r[1, 2]) / s, (r[0, 2] - r[2, 0]) / s, (r[1, 0] - r[0, 1]) / s)
    else:
        i = int(np.argmax(np.diag(r)))
        j, k = (i + 1) % 3, (i + 2) % 3
        s = 2 * math.sqrt(max(1 + r[i, i] - r[j, j] - r[k, k], 1e-12))
        v = [0.0, 0.0, 0.0]
        v[i], v[j], v[k] = 0.25 * s, (r[j, i] + r[i, j]) / s, (r[k, i] + r[i, k]) / s
        q = ((r[k, j] - r[j, k]) / s, *v)
    return np.array(q) / np.linalg.norm(q)


def _quat_matrix(q: np.ndarray) -> np.ndarray:
    w, x, y, z = q
    m = np.eye(4)
    m[:3, :3] = ((1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)),
                 (2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)),
                 (2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)))
    return m


def blend_rigid(a: np.ndarray, b: np.ndarray, u: float, lift: float = 0.0) -> np.ndarray:
    """Rigid transform between ``a`` and ``b`` at u in 0..1: straight path raised by an arc of
    height ``lift``, rotation by spherical interpolation."""
    qa, qb = _quat(a), _quat(b)
    if np.dot(qa, qb) < 0:
        qb = -qb
    d = min(float(np.dot(qa, qb)), 1.0)
    theta = math.acos(d)
    if theta < 1e-5:
        q = qa
    else:
        q = (math.sin((1 - u) * theta) * qa + math.sin(u * theta) * qb) / math.sin(theta)
    m = _quat_matrix(q)
    m[:3, 3] = a[:3, 3] * (1 - u) + b[:3, 3] * u
    m[1, 3] += lift * math.sin(math.pi * u)
    return m
