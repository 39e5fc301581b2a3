"""The lit table: it fills the frame, pieces cast shadows, draw calls do not grow with pieces."""
import numpy as np
import pytest

from render.gl.batch import COLOUR, instance_array, set_matrices
from render.gl.mesh import bevelled_box
from render.gl.targets import offscreen_framebuffer
from render.scene.camera import Camera
from render.scene import tabletop
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
    counts = []
    for n in (1, 10, 50):
        cubes.upload(_cubes(n))
        top.invalidate_shadow()
        _frame(ctx, top, cam)
        counts.append(top.stats.draw_calls)
    assert counts[0] == counts[1] == counts[2] == 3  # shadow pass + table + cubes


def test_frames_are_drawn_only_when_something_changed_and_settle_into_msaa(ctx, scene, monkeypatch):
    top, cubes, cam = scene
    clock = [100.0]
    monkeypatch.setattr(tabletop.time, "perf_counter", lambda: clock[0])
    cubes.upload(_cubes(5))
    first = _frame(ctx, top, cam)
    assert top.stats.draw_calls == 3 and top._kept[1], "the first frame is multisampled at once"
    cam.orbit(30, 0)
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 2 and not top._kept[1], "moving: shadow map reused, no MSAA"
    clock[0] += 0.05
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 0, "an unchanged frame is not drawn again"
    clock[0] += tabletop.SETTLE_S
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 2 and top._kept[1], "still long enough: drawn again with MSAA"
    still = _frame(ctx, top, cam)
    assert top.stats.draw_calls == 0 and still.std() > 5
    cubes.upload(_cubes(6))
    top.settle()
    _frame(ctx, top, cam)
    assert top.stats.draw_calls == 2 and top._kept[1], "settle() multisamples the next frame"
    assert first.shape == still.shape


def test_a_cube_is_drawn_and_casts_a_shadow_away_from_the_light(ctx, scene):
    top, cubes, cam = scene
    empty = _frame(ctx, top, cam)
    rows = _cubes(1)
    set_matrices(rows, translate(0, 0.4, 0)[None])
    cubes.upload(rows)
    top.invalidate_shadow()
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
