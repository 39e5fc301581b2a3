"""The Octocube view, headless: what the state says is where the pixels are; events animate and
end exactly on the state; picking names what is under the mouse; instancing keeps draw calls flat."""
import random

import numpy as np
import pytest

from game.octocube.actions import Place
from game.octocube.components import TILES
from game.registry import get
from render.gl.png import read_png
from render.gl.targets import offscreen_framebuffer
from render.gl.png import write_png
from render.offscreen import render_rgb
from render.tables.octocube import art
from render.tables.octocube.view import OctocubeView
from render.tables.octocube.layout import CUBE_HALF, TILE_HALF, TILE_T

pytestmark = pytest.mark.gl
RULES = get("octocube")
W, H = 640, 360


def _new(players=4, seed=3):
    return RULES.new_game(players=players, seed=seed)


def _play(state, moves, seed=1, view=None):
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        events = state.apply(rng.choice(state.legal_actions()))
        if view is not None:
            view.play(events, state)
    return state


@pytest.fixture(scope="module")
def view(gl_session):
    return OctocubeView(gl_session, _new(), anim_speed=0.0, samples=4)


def _pixel(img, cam, point):
    x, y = cam.project(point)
    return img[H - 1 - int(round(y)), int(round(x))].astype(float) / 255


def _nearest(colour, palette):
    return min(palette, key=lambda k: np.linalg.norm(np.array(palette[k]) / np.max(palette[k]) - colour / max(colour.max(), 1e-6)))


def test_the_opening_table_fills_the_frame_and_every_cube_shows_its_colour(view):
    state = _new()
    view.sync(state)
    img = render_rgb(view, (W, H))
    assert (img.sum(axis=2) < 45).mean() < 0.01, "no black void"
    palette = dict(enumerate(art.PLAYER_COLOURS))
    for seat in range(4):
        c = view._layout.cube_centre(view._table, seat)
        colour = _pixel(img, view.camera, c + (0.3, CUBE_HALF, 0.0))
        assert _nearest(colour, palette) == seat


def test_a_placed_cube_is_drawn_on_its_cell(view):
    state = _new(players=2, seed=5)
    seat = state.current_player
    place = next(a for a in state.legal_actions() if isinstance(a, Place))
    state.apply(place)
    view.sync(state)
    img = render_rgb(view, (W, H))
    centre = view._layout.cube_centre(view._table, seat)
    x, z = view._layout.cell_xz(place.cell)
    assert np.allclose(centre[[0, 2]], (x, z))
    colour = _pixel(img, view.camera, centre + (0.3, CUBE_HALF, 0.0))
    assert _nearest(colour, dict(enumerate(art.PLAYER_COLOURS))) == seat


def test_stack_tops_show_their_background_colour(view):
    state = _new(players=2, seed=8)
    view.sync(state)
    img = render_rgb(view, (W, H))
    palette = {**art.TILE_COLOURS, None: art.COIN_BACKGROUND}
    seen = set()
    for cell, stack in enumerate(state.stacks):
        top = stack[-1]
        m = view._layout.stack_tile(cell, len(stack) - 1, top)
        edge = (m @ np.array([0.8 * TILE_HALF, TILE_T / 2, 0.0, 1.0]))[:3]
        colour = _pixel(img, view.camera, edge)
        expected = TILES[top].colour
        if expected in ("white", "dark_blue"):  # the two that differ even in lightness alone
            assert _nearest(colour, palette) == expected
        seen.add(expected)
    assert len(seen) >= 3


def test_draw_calls_do_not_grow_with_the_pieces(view):
    state = _new()
    view.sync(state)
    calls = []
    for moves in (0, 40):
        _play(state, moves)
        view.sync(state)
        view.set_highlights({("cell", 0), ("cube", 0)})
        fbo = offscreen_framebuffer(view._top.ctx, W, H)
        view.stats.draw_calls = 0
        view.draw(fbo, W, H)
        calls.append(view.stats.draw_calls)
        view._top.ctx.screen.use()
        fbo.release()
        view.set_highlights(set())
    assert calls[0] == calls[1] <= 12  # shadow pass + table + one per piece type


def _tile_centres(view):
    return {t: m[:3, 3] for t, m in view._layout.tile_matrices(view._table).items()}


def test_played_events_end_exactly_where_a_fresh_view_of_the_state_puts_every_piece(view, gl_session):
    state = _new()
    view.sync(state)
    _play(state, 60, seed=4, view=view)
    assert not view.busy
    played = _tile_centres(view)
    view.sync(state)
    for t, p in _tile_centres(view).items():
        assert np.allclose(played[t], p, atol=1e-6), TILES[t]
    assert len(played) == len(TILES)


def test_a_roll_animates_over_time_turning_about_its_bottom_edge(view):
    state = _new(players=2, seed=2)
    rng = random.Random(0)
    while not any(a.kind == "roll" for a in state.legal_actions()):
        state.apply(rng.choice(state.legal_actions()))
    view.sync(state)
    seat = state.current_player
    start = view._base[1][seat].copy()
    roll = next(a for a in state.legal_actions() if a.kind == "roll")
    view.anim_speed = 1.0
    try:
        view.play(state.apply(roll), state)
        assert view.busy
        view.update(0.17)
        mid = view._shown[1][seat].copy()
        view.update(2.0)
        assert not view.busy
    finally:
        view.anim_speed = 0.0
    end = view._base[1][seat]
    tilt = np.degrees(np.arccos(np.clip(np.trace(mid[:3, :3] @ start[:3, :3].T) / 2 - 0.5, -1, 1)))
    assert 20 < tilt < 80, "half-way through, the cube is part-way through its quarter turn"
    assert mid[1, 3] > min(start[1, 3], end[1, 3]), "it rises over its edge"
    assert np.allclose(end[[0, 2], 3], view._layout.cube_centre(view._table, seat)[[0, 2]])


def test_picking_names_cubes_cells_and_offered_faces(view):
    state = _new(players=3, seed=1)
    _play(state, 12, seed=2)
    view.sync(state)
    view.camera.set_viewport(W, H)
    for seat in range(3):
        assert view.pick(*view.target_pos(("cube", seat))) == ("cube", seat)
        assert view.pick(*view.target_pos(("area", seat))) in {("area", seat), ("cube", seat)} | {
            ("board_tile", seat, t) for t in state.collected[seat]}
    for cell in range(state.size ** 2):
        if state.occupant(cell) is None:
            assert view.pick(*view.target_pos(("cell", cell))) == ("cell", cell)
    seat = next(s for s in range(3) if state.cube_cell[s] is not None)
    view.set_highlights({("face", seat, 0)})
    try:
        assert view.pick(*view.target_pos(("face", seat, 0))) == ("face", seat, 0)
    finally:
        view.set_highlights(set())
    assert view.pick(5, H - 5) is None, "the far table corner is nothing"


def test_a_position_drawn_offscreen_writes_a_png(gl_session, tmp_path):
    state = _play(_new(players=2, seed=6), 10)
    path = tmp_path / "shot.png"
    view = OctocubeView(gl_session, state, anim_speed=0.0, samples=4)
    try:
        write_png(str(path), render_rgb(view, (320, 180)))
    finally:
        view.release()
    img = read_png(str(path))
    assert img.shape == (180, 320, 3)
    assert img.std() > 20, "a picture, not a flat colour"


@pytest.mark.parametrize("variant", ["basic", "kids", "advanced"])
def test_every_variant_animates_its_events_and_settles_on_the_state(gl_session, variant):
    state = RULES.new_game(players=4, seed=9, variant=variant)
    view = OctocubeView(gl_session, state, anim_speed=1.0, samples=0)
    rng = random.Random(9)
    for _ in range(60):
        if state.is_over:
            break
        view.play(state.apply(rng.choice(state.legal_actions())), state)
        if rng.random() < 0.6:
            while view.busy:
                view.update(rng.uniform(0.01, 0.2))
    while view.busy:
        view.update(0.1)
    played = _tile_centres(view)
    view.sync(state)
    for t, p in _tile_centres(view).items():
        assert np.allclose(played[t], p, atol=1e-6), TILES[t]


def test_highlighted_targets_glow_and_the_glow_goes_away(view):
    state = _new(players=2, seed=3)
    view.sync(state)
    cube = view._layout.cube_centre(view._table, 0) + (0.3, CUBE_HALF, 0.0)
    lo, hi = view._layout.cell_box(view._table, 0)
    rim = (lo[0] + 0.03, 0.0, (lo[2] + hi[2]) / 2)  # the cell's glow ring, beside its stack
    plain = render_rgb(view, (W, H))
    view.set_highlights({("cube", 0), ("cell", 0)}, hovered=("cell", 0))
    lit = render_rgb(view, (W, H))
    view.set_highlights(set())
    back = render_rgb(view, (W, H))
    for point in (cube, rim):
        assert _pixel(lit, view.camera, point).sum() > _pixel(plain, view.camera, point).sum() + 0.1
        assert np.allclose(_pixel(back, view.camera, point), _pixel(plain, view.camera, point))


def test_tiles_under_a_stack_top_print_nothing_that_could_leak(view):
    from render.gl.batch import COLOUR as C, INSTANCE_FLOATS, RECT as R
    state = _new(players=2, seed=4)
    view.sync(state)
    rows = np.frombuffer(view._tiles._all.buffer.read(), np.float32).reshape(-1, INSTANCE_FLOATS)[:view._tiles.count]
    where = rows[:, 12:15]  # the translation column of each model matrix
    for cell, stack in enumerate(state.stacks):
        for level, t in enumerate(stack):
            pos = view._layout.stack_tile(cell, level, t)[:3, 3]
            row = rows[np.argmin(np.linalg.norm(where - pos, axis=1))]
            if level < len(stack) - 1:
                assert np.all(row[R] == 0.0) and np.allclose(row[C][:3], art.TILE_EDGE)
            else:
                assert np.allclose(row[R], view._rects[("tile", TILES[t].object or "coin", TILES[t].colour)])


@pytest.mark.parametrize("variant", ["basic", "advanced"])
def test_pieces_never_jump_between_frames(gl_session, variant):
    """Queued steps each start where the one before ended: at 60 frames a second no piece moves
    further than a flight's top speed between two frames."""
    state = RULES.new_game(players=3, seed=2, variant=variant)
    view = OctocubeView(gl_session, state, anim_speed=1.0, samples=0)
    rng = random.Random(2)
    last = None
    for _ in range(40):
        if state.is_over:
            break
        view.play(state.apply(rng.choice(state.legal_actions())), state)
        while True:
            tiles, cubes, _ = view._shown
            now = np.concatenate([tiles[:, :3, 3], cubes[:, :3, 3]])
            if last is not None:
                assert np.linalg.norm(now - last, axis=1).max() < 0.8
            last = now
            if not view.busy:
                break
            view.update(1 / 60)
