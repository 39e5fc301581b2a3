"""Canvas painting: blending only where a shape lies gives the same pixels as blending everywhere."""
import numpy as np

from render.gl.sdf import Canvas, circle


def _blend_everywhere(rgba: np.ndarray, cover: np.ndarray, colour) -> np.ndarray:
    src = np.broadcast_to(np.array([*colour, 1.0]), rgba.shape)
    a = cover[..., None]
    out_a = a + rgba[..., 3:4] * (1 - a)
    rgb = (src[..., :3] * a + rgba[..., :3] * rgba[..., 3:4] * (1 - a)) / np.maximum(out_a, 1e-6)
    return np.concatenate([rgb, out_a], axis=-1)


def test_a_small_shape_paints_the_same_pixels_as_a_blend_over_the_whole_canvas():
    c = Canvas(64, background=(0.2, 0.3, 0.4, 0.5))
    c.fill(circle(0.5, -0.2, 0.3), (0.9, 0.1, 0.1))
    expected = c.rgba.copy()
    shape = circle(-0.4, 0.3, 0.15)
    cover = c.coverage(shape)
    expected = _blend_everywhere(expected, cover, (0.1, 0.8, 0.2))
    c.fill(shape, (0.1, 0.8, 0.2))
    assert np.allclose(c.rgba, expected, atol=1e-9)
    assert 0 < (cover > 0).mean() < 0.1  # a small shape: most of the canvas is left alone
    before = c.rgba.copy()
    c.fill(circle(5.0, 5.0, 0.1), (0, 0, 0))  # off the canvas: nothing changes
    assert np.array_equal(c.rgba, before)
