"""The lit table: it fills the frame, pieces cast shadows, draw calls do not grow with pieces."""
import numpy as np
import pytest

from render.gl.batch import COLOUR, instance_array, set_matrices
from render.gl.mesh import bevelled_box
from render.gl.targets import offscreen_framebuffer
from render.scene.camera import Camera
from render.scene import dirty, tabletop
from render.scene.tabletop import MODE_CUBE, Tabletop
from render.scene.xform import translate

pytestmark = pytest.mark.gl
W, H = 320, 180


def _frame(ctx, top, cam):
    fbo = offscreen_framebuffer(ctx, W, H)
    top.stats.draw_calls = 0
    top.draw(fbo, W, H, cam)
    img = np.frombuffer(fbo.read(components=3), np.uint8).reshape(H, W, 3)[::-1]
    ctx.screen.use()
    fbo.release()
    return img.astype(int)


@pytest.fixture
def scene(ctx):
    top = Tabletop(ctx, np.zeros((8, 8, 4), np.uint8), shadow_size=512)
    cubes = top.batch(bevelled_box(0.4, 0.4, 0.4, 0.06), MODE_CUBE)
    cam = Camera(W / H)
    cam.set_viewport(W, H)
    cam.set_home(distance=9.0, pitch_deg=50.0, target=(0.0, 0.0, 0.0))
    return top, cubes, cam


def _cubes(n):
    rows = instance_array(n)
    set_matrices(rows, np.array([translate(i % 10 - 4.5, 0.4, i // 10 - 2) for i in range(n)]))
    rows[:, COLOUR] = (0.9, 0.1, 0.1, 0.0)
    return rows


def test_wood_fills_the_frame_with_no_black_void(ctx, scene):
    top, _, cam = scene
    img = _frame(ctx, top, cam)
    assert (img.sum(axis=2) < 60).mean() < 0.01
    r, g, b = img.reshape(-1, 3).mean(axis=0)
    assert r > g > b, "warm wood"


def test_draw_calls_stay_the_same_as_pieces_grow(ctx, scene):
    top, cubes, cam = scene
    whole, changed = [], []
    for n in (1, 10, 50):
        cubes.upload(_cubes(n))
        cam.orbit(1, 0)  # a new camera: the whole frame
        top.settle()
        _frame(ctx, top, cam)
        whole.append(top.stats.draw_calls)
        rows = _cubes(n)
        rows[:, 13] += 0.3  # every cube lifted: the changed rectangles are drawn again
        cubes.upload(rows)
        _frame(ctx, top, cam)
        changed.append(top.stats.draw_calls)
    assert whole == [3, 3, 3]  # shadow pass + table + cubes
    assert all(0 < c <= 1 + 2 * dirty.MAX_RECTS for c in changed), changed


def test_frames_are_drawn_only_when_something_changed_and_settle_into_msaa(ctx, scene, monkeypatch):
    top, cubes, cam = scene
    clock = [100.0]
    monkeypatch.setattr(tabletop.time, "perf_counter", lambda: clock[0])
    cubes.upload(_cubes(5))
    first = _frame(ctx, top, cam)
    assert top.stats.draw_calls == 3 and top._kept, "the first frame is multisampled at once"
    cam.orbit(30, 0)
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 2 and not top._kept, "a moving camera: shadow map reused, no MSAA"
    clock[0] += 0.05
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 0, "an unchanged frame is not drawn again"
    clock[0] += tabletop.SETTLE_S
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 2 and top._kept, "still long enough: drawn again with MSAA"
    still = _frame(ctx, top, cam)
    assert top.stats.draw_calls == 0 and still.std() > 5
    rows = _cubes(5)
    rows[0, 12] += 0.5  # one cube slides
    cubes.upload(rows)
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 3, "the shadow map and one rectangle (cubes, table) around it"
    assert top._stale, "drawn unsampled while moving"
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 0
    clock[0] += tabletop.SETTLE_S
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 2 and not top._stale, "settled: that rectangle again with MSAA"
    assert first.shape == still.shape


def _fresh(ctx, rows, cam):
    top = Tabletop(ctx, np.zeros((8, 8, 4), np.uint8), shadow_size=512)
    top.batch(bevelled_box(0.4, 0.4, 0.4, 0.06), MODE_CUBE).upload(rows)
    img = _frame(ctx, top, cam)
    top.release()
    return img


def test_the_kept_frame_redrawn_where_pieces_moved_is_the_picture_of_a_full_redraw(ctx, scene, monkeypatch):
    """The cached path (only changed rectangles drawn again) against a fresh table drawn whole."""
    top, cubes, cam = scene
    clock = [100.0]
    monkeypatch.setattr(tabletop.time, "perf_counter", lambda: clock[0])
    rows = _cubes(12)
    cubes.upload(rows)
    _frame(ctx, top, cam)
    for _ in range(4):  # two cubes roll away, one rises off the table, one vanishes
        rows = rows.copy()
        rows[3, 12] += 0.35
        rows[7, 14] -= 0.3
        rows[5, 13] += 0.25
        rows[9, :] = 0.0
        cubes.upload(rows)
        clock[0] += 1 / 60
        moving = _frame(ctx, top, cam)
    full = _fresh(ctx, rows, cam)
    off = np.abs(moving - full).max(axis=2)
    assert (off > 60).mean() < 0.01, "in motion: unsampled edges only"
    clock[0] += tabletop.SETTLE_S
    settled = _frame(ctx, top, cam)
    off = np.abs(settled - full).max(axis=2)
    assert (off > 24).mean() < 0.001 and off.mean() < 0.5, "at rest: the same picture"
    assert np.abs(settled - moving).max() > 24, "the rectangles were multisampled again"


def test_a_cube_is_drawn_and_casts_a_shadow_away_from_the_light(ctx, scene):
    top, cubes, cam = scene
    empty = _frame(ctx, top, cam)
    rows = _cubes(1)
    set_matrices(rows, translate(0, 0.4, 0)[None])
    cubes.upload(rows)
    img = _frame(ctx, top, cam)
    x, y = cam.project((0.0, 0.8, 0.0))
    r, g, b = img[H - 1 - int(y), int(x)]
    assert r > 2 * g and r > 2 * b, "the red cube's top is where it was put"
    sx, sy = cam.project((-0.65, 0.0, -0.8))  # behind-left of the cube: the light is front-right
    px, py = H - 1 - int(sy), int(sx)
    assert img[px, py].sum() < 0.8 * empty[px, py].sum()


def test_resizing_the_frame_rebuilds_its_targets_cleanly(ctx, scene):
    top, cubes, cam = scene
    cubes.upload(_cubes(3))
    for w, h in ((200, 100), (W, H), (W, H)):
        fbo = offscreen_framebuffer(ctx, w, h)
        cam.set_viewport(w, h)
        top.draw(fbo, w, h, cam)
        assert np.frombuffer(fbo.read(components=3), np.uint8).std() > 5
        ctx.screen.use()
        fbo.release()
    top.release()
