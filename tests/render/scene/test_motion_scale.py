"""A moving camera's frames are drawn as finely as the machine, under its load now, allows (issue 40):
coarser while they are slow, finer again once they are quick, whole at every fraction."""
import numpy as np
import pytest

from render.gl.batch import COLOUR, instance_array, set_matrices
from render.gl.mesh import bevelled_box
from render.gl.targets import offscreen_framebuffer
from render.scene import motion_scale, tabletop
from render.scene.camera import Camera
from render.scene.motion_scale import BUDGET_S, LEVELS, ROOM, SAMPLES, MotionScale
from render.scene.tabletop import MODE_CUBE, Tabletop
from render.scene.xform import translate

W, H = 320, 180


def _feed(scale: MotionScale, seconds: float, frames: int) -> list[float]:
    seen = []
    for _ in range(frames):
        scale.took(seconds)
        seen.append(scale.scale)
    return seen


def test_slow_frames_go_coarser_a_step_at_a_time_and_no_coarser_than_the_last_level():
    scale = MotionScale()
    assert scale.scale == LEVELS[0]
    seen = _feed(scale, 2 * BUDGET_S, SAMPLES * (len(LEVELS) + 3))
    assert seen[SAMPLES - 2] == LEVELS[0], "one slow frame decides nothing"
    assert sorted(set(seen), reverse=True) == list(LEVELS), "every step taken, in order"
    assert scale.scale == LEVELS[-1]


def test_quick_frames_go_finer_again_and_frames_in_between_keep_the_level():
    scale = MotionScale()
    _feed(scale, 2 * BUDGET_S, SAMPLES * 2)
    assert scale.scale == LEVELS[2]
    assert set(_feed(scale, (ROOM + 1) / 2 * BUDGET_S, SAMPLES * 5)) == {LEVELS[2]}, "no hunting"
    _feed(scale, ROOM * BUDGET_S / 2, SAMPLES * 5)
    assert scale.scale == LEVELS[0]


def test_the_median_decides_so_one_stall_does_not_blur_the_swing():
    scale = MotionScale()
    for i in range(SAMPLES * 4):
        scale.took(0.2 if i % SAMPLES == 0 else BUDGET_S / 2)
    assert scale.scale == LEVELS[0]


def _image(fbo) -> np.ndarray:
    return np.frombuffer(fbo.read(components=3), np.uint8).reshape(H, W, 3)[::-1].astype(int)


@pytest.mark.gl
@pytest.mark.parametrize("level", LEVELS)
def test_a_moving_frame_at_any_level_fills_the_window_with_the_picture_at_rest(ctx, monkeypatch, level):
    """Drawn into part of its target and stretched: a wrong part would shift or scale the picture,
    or smear the unused rest of the target along the top and right edges."""
    clock = [100.0]
    monkeypatch.setattr(tabletop.time, "perf_counter", lambda: clock[0])
    top = Tabletop(ctx, np.zeros((8, 8, 4), np.uint8), shadow_size=512)
    rows = instance_array(40)
    set_matrices(rows, np.array([translate(i % 10 - 4.5, 0.4, i // 10 - 2) for i in range(40)]))
    rows[:, COLOUR] = (0.9, 0.1, 0.1, 0.0)
    top.batch(bevelled_box(0.4, 0.4, 0.4, 0.06), MODE_CUBE).upload(rows)
    top.motion = MotionScale((LEVELS[0], level))
    top.motion._level = 1
    cam = Camera(W / H)
    cam.set_viewport(W, H)
    cam.set_home(distance=9.0, pitch_deg=50.0, target=(0.0, 0.0, 0.0))
    fbo = offscreen_framebuffer(ctx, W, H)
    try:
        top.draw(fbo, W, H, cam)
        cam.orbit(20, 0)
        top.draw(fbo, W, H, cam)
        assert not top._kept and top.fast.used == (round(W * level), round(H * level))
        moving = _image(fbo)
        top.settle()
        top.draw(fbo, W, H, cam)
        still = _image(fbo)
    finally:
        ctx.screen.use()
        fbo.release()
        top.release()
    off = np.abs(moving - still).max(axis=2)
    assert off.mean() < 12, "the same picture, only softer"
    for edge in (off[:3], off[-3:], off[:, :3], off[:, -3:]):
        assert edge.mean() < 20, "nothing from outside the drawn part along the edges"


def test_the_levels_are_finest_first_and_the_table_draws_at_most_the_first():
    assert list(LEVELS) == sorted(LEVELS, reverse=True)
    assert tabletop.MOTION_SCALE == LEVELS[0] == motion_scale.LEVELS[0]


@pytest.mark.gl
def test_a_moving_frame_draws_the_pieces_coarse_and_the_picture_at_rest_whole(ctx, monkeypatch):
    """The triangles llvmpipe is sent (a GL query): while the camera moves, each rounded piece's
    coarse stand-in; at rest, the bevelled piece itself."""
    clock = [100.0]
    monkeypatch.setattr(tabletop.time, "perf_counter", lambda: clock[0])
    top = Tabletop(ctx, np.zeros((8, 8, 4), np.uint8), shadow_size=512)
    cube = bevelled_box(0.4, 0.4, 0.4, 0.06)
    rows = instance_array(40)
    set_matrices(rows, np.array([translate(i % 10 - 4.5, 0.4, i // 10 - 2) for i in range(40)]))
    rows[:, COLOUR] = (0.9, 0.1, 0.1, 0.0)
    top.batch(cube, MODE_CUBE).upload(rows)
    cam = Camera(W / H)
    cam.set_viewport(W, H)
    cam.set_home(distance=9.0, pitch_deg=50.0, target=(0.0, 0.0, 0.0))
    fbo = offscreen_framebuffer(ctx, W, H)
    table = 2  # the table's own two triangles

    def triangles() -> int:
        query = ctx.query(primitives=True)
        with query:
            top.draw(fbo, W, H, cam)
        return query.primitives

    try:
        triangles()
        cam.orbit(20, 0)
        moving = triangles()
        assert not top._kept
        top.settle()
        still = triangles()
    finally:
        ctx.screen.use()
        fbo.release()
        top.release()
    assert cube.coarse is not None
    assert moving == 40 * len(cube.coarse.indices) // 3 + table + 1, "and the stretch's one"
    assert still == 40 * len(cube.indices) // 3 + table
