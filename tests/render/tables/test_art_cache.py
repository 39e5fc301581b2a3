"""Atlases painted once are loaded from the disk cache; a damaged, stale or unwritable cache is
never an error: the atlas is painted again."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from render.tables import art_cache

SHAPE = (8, 16, 4)


@pytest.fixture(autouse=True)
def _cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))


class Painter:
    def __init__(self, value: int = 7) -> None:
        self.calls, self.value = 0, value

    def __call__(self) -> np.ndarray:
        self.calls += 1
        image = np.zeros(SHAPE, np.uint8)
        image[::2] = self.value
        return image


def test_an_atlas_is_painted_once_then_loaded():
    paint = Painter()
    first = art_cache.cached_image("toy", "k1", SHAPE, paint)
    again = art_cache.cached_image("toy", "k1", SHAPE, paint)
    assert paint.calls == 1 and (again == first).all() and again.flags.writeable


@pytest.mark.parametrize("damage", [lambda b: b[:len(b) // 2], lambda b: b[:20] + bytes([b[20] ^ 0xFF]) + b[21:],
                                    lambda b: b"not an atlas", lambda b: b""])
def test_a_damaged_cache_file_is_painted_over(damage):
    art_cache.cached_image("toy", "k1", SHAPE, Painter())
    (path,) = art_cache.cache_dir().glob("toy-k1*")
    path.write_bytes(damage(path.read_bytes()))
    paint = Painter()
    image = art_cache.cached_image("toy", "k1", SHAPE, paint)
    assert paint.calls == 1 and (image == Painter()()).all()
    assert (art_cache.cached_image("toy", "k1", SHAPE, paint) == image).all() and paint.calls == 1


def test_a_cache_file_of_another_size_is_painted_over():
    art_cache.cached_image("toy", "k1", (4, 16, 4), lambda: np.ones((4, 16, 4), np.uint8))
    paint = Painter()
    assert (art_cache.cached_image("toy", "k1", SHAPE, paint) == Painter()()).all() and paint.calls == 1


def test_changed_code_paints_afresh_and_drops_the_old_file():
    art_cache.cached_image("toy", "old", SHAPE, Painter(1))
    art_cache.cached_image("other", "old", SHAPE, Painter(1))
    paint = Painter(2)
    assert art_cache.cached_image("toy", "new", SHAPE, paint)[0, 0, 0] == 2 and paint.calls == 1
    assert sorted(p.name.split("-")[:2] for p in art_cache.cache_dir().iterdir()) == [["other", "old"], ["toy", "new"]]


def test_an_unwritable_cache_still_gives_the_atlas(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    paint = Painter()
    assert (art_cache.cached_image("toy", "k1", SHAPE, paint) == Painter()()).all()
    art_cache.cached_image("toy", "k1", SHAPE, paint)
    assert paint.calls == 2


def test_a_wrongly_painted_atlas_is_an_error():
    with pytest.raises(ValueError, match="toy atlas"):
        art_cache.cached_image("toy", "k1", SHAPE, lambda: np.zeros((2, 2, 4), np.uint8))


def test_the_key_follows_the_source_of_the_painting_modules():
    key = art_cache.source_key("render.gl.sdf", "render.tables.seat_art")
    assert key == art_cache.source_key("render.gl.sdf", "render.tables.seat_art")
    assert key != art_cache.source_key("render.gl.sdf", "render.gl.text")


def test_the_otys_atlas_comes_from_the_cache_without_painting():
    from render import i18n
    from render.tables.otys import art

    image, rects = art.atlas()
    marked = image.copy()
    marked[0, 0] = (1, 2, 3, 4)
    for old in art_cache.cache_dir().glob("otys-*"):
        old.unlink()
    art_cache.cached_image("otys", art._cache_key(), image.shape, lambda: marked)  # the cache now holds it
    again = art.sheet.__wrapped__(i18n.language())  # made afresh, as in the next run
    assert again.ready, "painted although the cache holds the atlas"
    assert (again.image() == marked).all() and again.rects == rects


def _atlas_path() -> Path:
    art_cache.cached_image("toy", "k1", SHAPE, Painter())
    (path,) = art_cache.cache_dir().glob("toy-k1*")
    return path


def test_a_decompression_bomb_in_place_of_an_atlas_is_not_inflated():
    import tracemalloc
    import zlib

    path = _atlas_path()
    path.write_bytes(zlib.compress(bytes(256 << 20), 9))  # 256 MB of zeros in about 250 KB
    paint = Painter()
    tracemalloc.start()
    try:
        image = art_cache.cached_image("toy", "k1", SHAPE, paint)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert paint.calls == 1 and (image == Painter()()).all()
    assert peak < 16 << 20, f"{peak / 1e6:.0f} MB while refusing the bomb"


def test_a_right_sized_image_that_is_not_the_atlas_is_painted_over():
    import zlib

    path = _atlas_path()
    path.write_bytes(zlib.compress(bytes(np.prod(SHAPE)), 1))  # the size the atlas has, other pixels
    paint = Painter()
    assert (art_cache.cached_image("toy", "k1", SHAPE, paint) == Painter()()).all() and paint.calls == 1
    head = len(art_cache.MAGIC) + art_cache._HEAD.size
    forged = path.read_bytes()[:head] + art_cache._pack(np.full(SHAPE, 9, np.uint8))[head:]
    path.write_bytes(forged)  # the header of the atlas, the pixels of another image
    paint = Painter()
    assert (art_cache.cached_image("toy", "k1", SHAPE, paint) == Painter()()).all() and paint.calls == 1


def test_a_folder_or_a_device_in_place_of_an_atlas_leaves_no_temporary_file():
    path = _atlas_path()
    path.unlink()
    path.mkdir()
    paint = Painter()
    for _ in range(3):
        assert (art_cache.cached_image("toy", "k1", SHAPE, paint) == Painter()()).all()
    assert paint.calls == 3 and not list(art_cache.cache_dir().glob("*.tmp"))
    path.rmdir()
    path.symlink_to("/dev/zero")
    assert (art_cache.cached_image("toy", "k1", SHAPE, paint) == Painter()()).all() and paint.calls == 4
