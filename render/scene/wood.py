"""The table top's wood texture, painted with numpy (tileable: every wave has a whole period)."""
from __future__ import annotations

import functools

import numpy as np

PLANKS = 4
LIGHT = np.array([204, 150, 98], float)
DARK = np.array([128, 78, 44], float)


def _waves(rng: np.random.Generator, u: np.ndarray, v: np.ndarray, count: int, fu: int, fv: int) -> np.ndarray:
    """A sum of ``count`` random integer-frequency sine waves: smooth, tileable noise in -1..1."""
    out = np.zeros_like(u)
    for _ in range(count):
        a, b = rng.integers(0, fu + 1), rng.integers(1, fv + 1)
        out += np.sin(2 * np.pi * (a * u + b * v) + rng.uniform(0, 2 * np.pi))
    return out / count


@functools.lru_cache(maxsize=2)
def wood_image(size: int = 512, seed: int = 7) -> np.ndarray:
    """(size, size, 3) uint8: planks running along u (world x), seams between them."""
    rng = np.random.default_rng(seed)
    v, u = np.mgrid[0:size, 0:size] / size
    plank = np.floor(v * PLANKS)
    across = v * PLANKS - plank
    tone = rng.normal(0.0, 0.08, PLANKS)[plank.astype(int)]
    warp = 0.3 * _waves(rng, u, v, 8, 3, 3) + 0.08 * _waves(rng, u, v, 6, 9, 12)
    rings = np.sin(2 * np.pi * (across * 4 + warp + plank * 0.37)) * 0.5 + 0.5
    fibres = _waves(rng, u, v, 16, 4, 140) + 0.5 * _waves(rng, u, v, 12, 2, 60)
    t = 0.6 + 0.14 * rings ** 4 + 0.05 * fibres + tone
    seam = np.clip(np.minimum(across, 1 - across) * size / PLANKS / 2.5, 0, 1)
    t = t * (0.45 + 0.55 * seam)
    img = DARK + (LIGHT - DARK) * np.clip(t, 0, 1)[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)
