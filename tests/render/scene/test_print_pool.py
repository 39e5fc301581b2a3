"""The fuzzer's kept table prints: a table that bakes the same print again wears the one baked
before, every mip level the same as a bake afresh; a print of other inputs is baked; with the
pool off (the window's program) nothing is kept."""
import numpy as np
import pytest

from render.gl.batch import COLOUR, RECT, instance_array, set_matrices
from render.gl.mesh import quad
from render.scene import print_pool
from render.scene.tabletop import MODE_TOP_PRINT, Tabletop
from render.scene.xform import translate

pytestmark = pytest.mark.gl
SIZE = 256


def _atlas():
    img = np.zeros((16, 16, 4), np.uint8)
    img[:8, :, 0], img[8:, :, 1], img[..., 3] = 255, 200, 255
    return img


def _table(ctx, shift: float = 0.0):
    """A table whose print has two flat squares, the first ``shift`` to the right."""
    top = Tabletop(ctx, _atlas(), shadow_size=64, samples=0)
    flat = top.batch(quad(0.5), MODE_TOP_PRINT)
    rows = instance_array(2)
    set_matrices(rows, np.array([translate(shift - 1.0, 0.01, 0.0), translate(1.0, 0.01, 0.5)]))
    rows[:, COLOUR] = (0.2, 0.4, 0.9, 0.0)
    rows[:, RECT] = (0.0, 0.0, 1.0, 0.5)
    flat.upload(rows)
    top.bake_print([flat], 3.0, size=SIZE, key=0)
    return top


def _levels(tex):
    return [tex.read(level=i) for i in range(SIZE.bit_length())]


def _released(tex) -> bool:
    return type(tex.mglo).__name__ == "InvalidObject"


def test_the_same_print_is_worn_again_as_baked_afresh(ctx):
    fresh = _table(ctx)
    expected = _levels(fresh._print)
    fresh.release()
    print_pool.start(1 << 24)
    try:
        first = _table(ctx)
        again = _table(ctx)  # built while the first stands (a reload): both wear one print
        assert again._print is first._print
        first.release()
        assert not _released(again._print)
        again.release()  # nobody wears it: kept
        third = _table(ctx)
        assert third._print is first._print and _levels(third._print) == expected
        other = _table(ctx, shift=0.5)
        assert other._print is not third._print and _levels(other._print) != expected
        third.release()
        other.release()
    finally:
        print_pool.stop()
    assert _released(first._print) and _released(other._print)


def test_prints_over_the_budget_are_let_go_oldest_first(ctx):
    print_pool.start(SIZE * SIZE * 4 * 4 // 3)  # room for one print
    try:
        a = _table(ctx)
        a.release()
        assert not _released(a._print)
        b = _table(ctx, shift=0.5)
        b.release()  # kept in a's place
        assert _released(a._print) and not _released(b._print)
    finally:
        print_pool.stop()
    assert _released(b._print)


def test_without_the_pool_nothing_is_kept(ctx):
    a = _table(ctx)
    a.release()
    assert _released(a._print)
    assert print_pool.take(("anything",), object()) is None
