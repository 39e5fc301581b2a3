"""The Cubitos table, headless: every track lays out and draws; dice settle on the rolled faces;
busts, purchases and moves put the pieces where the state says; picking names what is drawn."""
import math
import random

import numpy as np
import pytest

from game.cubitos.board import track_names
from game.cubitos.state import ACTIVE, DISCARD, ROLL
from game.registry import get
from render.offscreen import render_rgb
from render.scene.xform import rotate
from render.tables.cubitos import art
from render.tables.cubitos.dice import FACE_SLOT, bag_mesh, die_mesh, pawn_mesh, rest_rotation, stickers, top_face
from render.tables.cubitos.layout import DIE_BEVEL, DIE_HALF
from render.tables.cubitos.view import CubitosView, Snap, seat_angle

RULES = get("cubitos")
W, H = 480, 270


def _new(players=2, seed=3, track=None):
    return RULES.new_game(players=players, seed=seed, track=track)


def _pixel(img, pos):
    x, y = pos
    return img[H - 1 - int(round(y)), int(round(x))].astype(float) / 255


def _until(state, kinds, view=None, seed=1, limit=400):
    """Random moves until an action's events include one of ``kinds``; those events."""
    rng = random.Random(seed)
    for _ in range(limit):
        events = state.apply(rng.choice(state.legal_actions()))
        if any(e.kind in kinds for e in events):
            return events
        if view is not None:
            view.sync(state)
    raise AssertionError(f"no {kinds} in {limit} moves")


@pytest.fixture(scope="module")
def view(gl_session):
    v = CubitosView(gl_session, _new(), anim_speed=0.0, samples=0)
    yield v
    v.release()


def test_a_die_settles_showing_exactly_the_face_asked_for():
    for face in range(6):
        for yaw in (0.0, 0.3, math.pi / 2, -2.0):
            m = rest_rotation(face, yaw)
            assert top_face(m) == face
            sticker = (m @ stickers(0.16))[face]
            assert sticker[1, 3] == pytest.approx(0.16 + 0.002)  # that face's print lies on top
            right = sticker[:3, 0] / np.linalg.norm(sticker[:3, 0])
            assert np.allclose(right, rotate((0, 1, 0), yaw)[:3, 0], atol=1e-9)  # upright for the seat
    assert sorted(FACE_SLOT) == list(range(6))


@pytest.mark.gl
@pytest.mark.parametrize("track", track_names())
def test_every_track_builds_and_draws_for_two_to_four_players(gl_session, track):
    for players in (2, 4):
        state = _new(players=players, seed=5, track=track)
        v = CubitosView(gl_session, state, anim_speed=0.0, samples=0)
        try:
            img = render_rgb(v, (W, H))
            assert (img.sum(axis=2) < 45).mean() < 0.02, "no black void"
            lay = v._layout
            xz = np.array([lay.space_xz(n) for n in range(lay.board.size)])
            small = [n for n in range(lay.board.size) if n not in lay.track.big]
            gaps = np.linalg.norm(xz[small, None] - xz[None, small], axis=2) + np.eye(len(small)) * 9
            assert gaps.min() > 0.8 * lay.track.pitch, "track spaces overlap"
            for s in range(players):
                lo, hi = lay.area_box(s)
                assert not (np.all(xz > lo[[0, 2]]) and np.all(xz < hi[[0, 2]])), "a seat area covers the track"
        finally:
            v.release()


@pytest.mark.gl
def test_a_die_is_drawn_where_target_pos_says(view):
    state = _new(seed=7)
    view.sync(state)
    img = render_rgb(view, (W, H))
    for colour in ("red", "blue", "yellow"):
        die = state.trays[colour][-1]
        px = _pixel(img, view.target_pos(("die", die)))
        want = np.array(art.DIE_COLOURS[colour])
        assert np.dot(px / np.linalg.norm(px), want / np.linalg.norm(want)) > 0.97, colour


@pytest.mark.gl
def test_after_a_roll_the_settled_dice_show_the_rolled_faces(view):
    state = _new(seed=11)
    view.sync(state)
    events = _until(state, {"rolled"}, view)
    view.play(events, state)
    assert not view.busy
    rolled = [e for e in events if e.kind == "rolled"][-1]
    seat = rolled.data["seat"]
    shown = [d for d, _, name in rolled.data["dice"] if name]
    assert shown, "a roll with at least one hit"
    for d, colour, name in rolled.data["dice"]:
        assert art_face(colour, view._base[0][d]) == name
        zone = ACTIVE if name else ROLL
        assert d in view._snap.zones[seat][zone] or state.seats[seat].zones[zone]
    img = render_rgb(view, (W, H))
    d = shown[0]
    pos = view.camera.project(view._base[0][d][:3, 3] + (0, 0.16, 0))
    other = state.clone()
    blank = [f for f, n in enumerate(get_faces(state.colour(d))) if n != state.face_name(d)][0]
    other.face[d] = blank
    view.sync(other)
    changed = render_rgb(view, (W, H))
    assert np.abs(_pixel(img, pos) - _pixel(changed, pos)).sum() > 0.1, "the top print is the rolled face's"


def get_faces(colour):
    from game.cubitos.dice import FACES
    return FACES[colour]


def art_face(colour, matrix):
    return get_faces(colour)[top_face(matrix)]


@pytest.mark.gl
def test_the_same_events_make_the_same_film(gl_session):
    frames = []
    for _ in range(2):
        state = _new(seed=13)
        v = CubitosView(gl_session, state, anim_speed=1.0, samples=0)
        try:
            events = _until(state, {"rolled"}, v, seed=4)
            v.play(events, state)
            while v.busy and v._timeline._steps[0].duration < 0.5:
                v.update(1 / 60)
            v.update(0.3)
            assert v.busy, "mid-tumble"
            frames.append(v._shown[0].copy())
        finally:
            v.release()
    assert np.allclose(frames[0], frames[1])


@pytest.mark.gl
def test_a_bust_sweeps_the_active_zone_to_discard_and_moves_the_fan_marker(view):
    state = _new(seed=2)
    view.sync(state)
    events = _until(state, {"bust"}, view, seed=3, limit=2000)
    bust = next(e for e in events if e.kind == "bust")
    seat = bust.data["seat"]
    fan_before = view._base[3][seat][:3, 3].copy()
    view.play(events, state)
    lay = view._layout
    lo, hi = lay.seat_tray(seat, DISCARD).box()
    for d in state.seats[seat].zones[DISCARD]:
        c = view._base[0][d][:3, 3]
        assert np.all(c[[0, 2]] >= lo[[0, 2]]) and np.all(c[[0, 2]] <= hi[[0, 2]])
    assert not state.seats[seat].zones[ACTIVE] or bust.data["kept"]
    assert not np.allclose(view._base[3][seat][:3, 3], fan_before)
    img = render_rgb(view, (W, H))
    d = state.seats[seat].zones[DISCARD][-1]
    assert view.pick(*view.target_pos(("die", d))) == ("die", d)
    px = _pixel(img, view.target_pos(("die", d)))
    assert px.sum() > 0.3


@pytest.mark.gl
def test_a_move_puts_the_runner_on_the_new_space(view):
    state = _new(seed=6, track="testing-the-waters")
    v = CubitosView(view._top.ctx, state, anim_speed=0.0, samples=0)
    try:
        events = _until(state, {"moved"}, v, seed=5, limit=3000)
        moved = next(e for e in events if e.kind == "moved")
        seat = moved.data["seat"]
        node = v._layout.board.node(moved.data["to"])
        before = render_rgb(v, (W, H))
        pos = v.target_pos(("space", node))
        v.play(events, state)
        after = render_rgb(v, (W, H))
        runner = v._base[2][seat][:3, 3]
        final = state.seats[seat].node
        assert np.linalg.norm(runner[[0, 2]] - v._layout.space_xz(final)) < 0.35
        if final == node:
            assert np.abs(_pixel(after, pos) - _pixel(before, pos)).sum() > 0.1
    finally:
        v.release()


@pytest.mark.gl
def test_pick_answers_with_the_target_at_its_position(view):
    state = _new(players=2, seed=9)
    view.sync(state)
    targets = [("die", state.trays["green"][-1]), ("tray", "blue"), ("card", "red"), ("runner", 0), ("runner", 1),
               ("zone", 0, 0), ("zone", 0, DISCARD), ("zone", 1, ACTIVE), ("token", 0, "credits"), ("fan", 1),
               ("space", 40), ("space", 100)]
    for seat in range(2):
        targets += [("die", d) for d in state.seats[seat].zones[ROLL][:2]]
    for t in targets:
        assert view.pick(*view.target_pos(t)) == t, t


@pytest.fixture
def own_view(gl_session):
    """A view of its own: what the module's view last drew (another test's, in whatever order the
    workers ran them) decides how much its next frame draws again."""
    v = CubitosView(gl_session, _new(), anim_speed=0.0, samples=0)
    yield v
    v.release()


@pytest.mark.gl
def test_draw_calls_do_not_grow_with_the_dice_and_highlights_glow(own_view):
    view = own_view
    state = _new(players=2, seed=4)
    view.sync(state)
    view.stats.draw_calls = 0
    render_rgb(view, (W, H))
    opening = view.stats.draw_calls
    _until(state, {"bought"}, view, seed=8, limit=3000)
    view.sync(state)
    view.camera.yaw += 0.01
    view.stats.draw_calls = 0
    render_rgb(view, (W, H))
    assert view.stats.draw_calls <= opening  # the shadow map is only brought up to date where dice moved
    view.camera.yaw -= 0.01
    plain = render_rgb(view, (W, H))
    target = ("tray", "red")
    pos = view.target_pos(target)
    view.set_highlights({target, ("runner", 0)}, hovered=target)
    lit = render_rgb(view, (W, H))
    view.set_highlights(set())
    assert np.abs(lit.astype(int) - plain).sum() > 1000
    assert seat_angle(1, 2) == pytest.approx(math.pi)
    assert pos is not None


def _triangles(mesh) -> int:
    return len(mesh.indices) // 3


@pytest.mark.gl
def test_the_busiest_table_stays_cheap_for_a_cpu_rasterizer(gl_session):
    """llvmpipe draws every frame of a roll on the CPU: a die is a few dozen pixels wide, so a few
    dozen triangles; round pieces stay coarse too, and the shadow map and the table print are no
    finer than Octocube's (their cost is paid for every pixel)."""
    assert _triangles(die_mesh(DIE_HALF, DIE_BEVEL)) <= 120
    assert _triangles(pawn_mesh()) <= 600 and _triangles(bag_mesh()) <= 800
    v = CubitosView(gl_session, _new(players=4), anim_speed=0.0, samples=0)
    try:
        assert v._top.shadow.size <= 1024
        assert max(v._top._print.size) <= 2048
    finally:
        v.release()


@pytest.mark.gl
def test_a_glow_alone_leaves_the_shadow_map_alone(view, monkeypatch):
    state = _new(players=2, seed=6)
    view.sync(state)
    render_rgb(view, (W, H))
    shadow_passes = []
    monkeypatch.setattr(view._top, "_draw_shadow_map", lambda rect=None: shadow_passes.append(rect))
    view.set_highlights({("die", state.trays["red"][0]), ("tray", "blue")}, hovered=("tray", "blue"))
    view.stats.draw_calls = 0
    render_rgb(view, (W, H))
    assert view.stats.draw_calls and not shadow_passes  # drawn again, but nothing moved: the map stays
    view.set_highlights(set())


@pytest.mark.gl
def test_posing_a_position_is_repeatable_and_remembered(gl_session):
    """Every shown position and every animation step poses all the dice (over a hundred with four
    players): the same position gives the same poses, a queued one is posed once (speed: scripts/bench)."""
    state = _new(players=4, seed=3)
    rng = random.Random(3)
    for _ in range(24):
        state.apply(rng.choice(state.legal_actions()))
    v = CubitosView(gl_session, state, anim_speed=0.0, samples=0)
    try:
        snap = Snap.of(state)
        dice, visible, _, _ = v._poses(snap)
        again = v._poses(Snap.of(state))  # a new position: nothing remembered
        assert np.array_equal(again[0], dice) and np.array_equal(again[1], visible)
        assert v._poses(snap) is v._poses(snap)  # a queued position is posed once
        first = state.trays["red"][0]
        assert np.allclose(dice[first][:3, 3], v._layout.trays["red"].slot(0))
        assert top_face(dice[first]) == state.face[first]
    finally:
        v.release()
