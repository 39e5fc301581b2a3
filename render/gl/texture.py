"""Textures from numpy images."""
from __future__ import annotations

import moderngl
import numpy as np


def image_texture(ctx: moderngl.Context, image: np.ndarray, repeat: bool = False,
                  anisotropy: float = 1.0) -> moderngl.Texture:
    """An RGB(A) uint8 image (row 0 = v 0) as a mipmapped texture (anisotropy is costly on llvmpipe)."""
    h, w, c = image.shape
    tex = ctx.texture((w, h), c, np.ascontiguousarray(image, np.uint8).tobytes())
    tex.repeat_x = tex.repeat_y = repeat
    tex.build_mipmaps()
    tex.filter = (moderngl.LINEAR_MIPMAP_LINEAR, moderngl.LINEAR)
    tex.anisotropy = anisotropy
    return tex
