import numpy as np
import pytest

from render.gl.png import encode_png, read_png, write_png


def test_png_round_trips_pixels(tmp_path):
    img = np.random.default_rng(1).integers(0, 256, (7, 5, 3), dtype=np.uint8)
    path = tmp_path / "a.png"
    write_png(str(path), img)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert np.array_equal(read_png(str(path)), img)


def test_png_rejects_a_wrong_array():
    with pytest.raises(ValueError, match="uint8"):
        encode_png(np.zeros((4, 4), np.float32))
