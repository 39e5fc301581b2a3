"""Otys motion from events, headless: mid-move frames put pieces between where they were and where
they go (a key pushing its diver, a propeller move, a Store sale, a contract completion); the
staged positions end where the state does; a move stays short, and speed 0 is instant."""
import random

import numpy as np
import pytest

from game.otys import actions as A
from game.registry import get
from render.offscreen import render_rgb
from render.tables.otys.motion import MOVE_S, SUPPLY
from render.tables.otys.pieces import pieces
from render.tables.otys.staging import advance
from render.tables.otys.view import OtysView
from tests.render.tables.otys.moves import until

RULES = get("otys")
W, H = 640, 360
DT = 1 / 120
pytestmark = pytest.mark.gl


def _where(v, group) -> list[np.ndarray]:
    """World positions (and sizes) of the pieces of ``group`` as the batches hold them now."""
    shown, mats = v._poses
    return [np.append(mats[i][:3, 3], np.linalg.norm(mats[i][:3, 0])) for i, p in enumerate(shown) if p.group == group]


def _film(gl_session, state, action, groups):
    """Play ``action`` at speed 1 and sample ``groups``' positions every DT until the view rests:
    (rest positions before, samples, rest positions after, seconds)."""
    v = OtysView(gl_session, state, anim_speed=1.0, samples=0)
    try:
        first = {g: _where(v, g) for g in groups}
        v.play(state.apply(action), state)
        samples, t = [], 0.0
        while v.busy:
            v.update(DT)
            t += DT
            samples.append({g: _where(v, g) for g in groups})
        return first, samples, {g: _where(v, g) for g in groups}, t
    finally:
        v.release()


def _between(p, a, b, margin=0.02) -> bool:
    """``p`` lies on the way from a to b (seen from above), clear of both ends."""
    ab = (b - a)[[0, 2]]
    k = float(np.dot((p - a)[[0, 2]], ab) / max(np.dot(ab, ab), 1e-9))
    off = np.linalg.norm((p - a)[[0, 2]] - k * ab)
    return margin < k * np.linalg.norm(ab) < np.linalg.norm(ab) - margin and off < 0.05


def test_a_chosen_key_slides_to_its_diver_and_pushes_it(gl_session):
    state = RULES.new_game(players=2, seed=5)
    key = until(state, lambda a: isinstance(a, A.Key))
    seat = state.turn
    diver = ("diver", seat, state.players[seat].diver_at(key.level))
    group = ("key", seat, key.level)
    first, samples, last, _ = _film(gl_session, state, key, [group, diver])
    a, d0 = first[group][0][:3], first[diver][0][:3]
    end = samples[0][group][0][:3]
    for s in samples:
        end = s[group][0][:3] if np.linalg.norm(s[group][0][:3] - a) > np.linalg.norm(end - a) else end
    assert np.linalg.norm(end - d0) < np.linalg.norm(a - d0), "the key ends nearer its diver"
    sliding = [i for i, s in enumerate(samples) if _between(s[group][0][:3], a, end)]
    assert sliding, "a frame shows the key between its space and the diver"
    assert all(abs(s[group][0][1] - a[1]) < 1e-6 for s in samples[:sliding[-1]]), "it slides along the board"
    away = (d0 - end) * (1, 0, 1)
    pushed = [i for i, s in enumerate(samples) if np.dot(s[diver][0][:3] - d0, away) > 0.02 * np.linalg.norm(away)]
    assert pushed and min(pushed) > sliding[0], "then the diver is pushed away from the key"


def test_a_propeller_move_lifts_the_diver_while_the_column_shifts(gl_session):
    state = RULES.new_game(players=2, seed=3)
    propel = until(state, lambda a: isinstance(a, A.Propel))
    p = state.players[state.turn]
    src = p.position_of(propel.diver)
    other = p.divers[propel.to]  # the diver whose place it takes shifts by one
    me, them = ("diver", state.turn, propel.diver), ("diver", state.turn, other)
    first, samples, last, _ = _film(gl_session, state, propel, [me, them])
    a, b = first[me][0][:3], last[me][0][:3]
    assert np.linalg.norm(a - b) > 0.4 and src != propel.to
    flying = [s[me][0] for s in samples if _between(s[me][0][:3], a, b)]
    assert flying and max(f[1] for f in flying) > a[1] + 0.2, "the diver rises over the column on its way"
    assert any(_between(s[them][0][:3], first[them][0][:3], last[them][0][:3]) for s in samples), "the other shifts"


def test_a_store_sale_carries_the_resource_from_the_board_to_the_store(gl_session):
    state = RULES.new_game(players=2, seed=2)
    sell = until(state, lambda a: isinstance(a, A.Sell))
    group = ("res", sell.colour)
    first, samples, last, _ = _film(gl_session, state, sell, [group])
    before = {tuple(np.round(p[:3], 3)) for p in first[group]}
    gone = [p[:3] for p in first[group] if tuple(np.round(p[:3], 3)) not in {tuple(np.round(q[:3], 3)) for q in last[group]}]
    came = [p[:3] for p in last[group] if tuple(np.round(p[:3], 3)) not in before]
    assert gone and came
    store = max(came, key=lambda p: p[0])  # the Store lies east of every board's level rows
    board = min(gone, key=lambda p: np.linalg.norm(p - store))
    on_way = [q for s in samples for q in s[group] if _between(q[:3], board, store, margin=0.3)]
    assert on_way and max(q[1] for q in on_way) > board[1] + 0.2, "mid-move the resource flies to the Store"


def test_a_completed_contract_sends_its_resources_back_to_the_supply(gl_session):
    state = RULES.new_game(players=2, seed=4)
    done = until(state, lambda a: isinstance(a, A.Complete))
    colours = [c for c, n in enumerate(done.use) if n]
    groups = [("res", c) for c in colours]
    first, samples, last, _ = _film(gl_session, state, done, groups)
    supply = np.array(SUPPLY)
    for g in groups:
        assert len(last[g]) < len(first[g])
        rest = [p[:3] for p in first[g] + last[g]]
        leaving = [q for s in samples for q in s[g]
                   if min(np.linalg.norm(q[:3] - r) for r in rest) > 0.3 and q[3] < 0.999 * max(p[3] for p in first[g])]
        assert leaving, f"mid-move a {g} cube shrinks away from the board"
        start = min(first[g], key=lambda p: np.linalg.norm(p[:3] - leaving[0][:3]))
        assert np.linalg.norm(leaving[-1][:3] - supply) < np.linalg.norm(start[:3] - supply), "towards the supply"


def test_a_mid_move_frame_draws_the_travelling_piece_where_it_is(gl_session):
    state = RULES.new_game(players=2, seed=2)
    sell = until(state, lambda a: isinstance(a, A.Sell))
    v = OtysView(gl_session, state, anim_speed=1.0, samples=0)
    try:
        v.camera.set_viewport(W, H)
        rest = render_rgb(v, (W, H))
        v.play(state.apply(sell), state)
        moved = None
        while v.busy and moved is None:
            v.update(DT)
            shown, mats = v._poses
            far = [mats[i][:3, 3] for i, p in enumerate(shown) if p.group == ("res", sell.colour) and mats[i][1, 3] > 0.5]
            moved = far[0] if far else None
        assert moved is not None
        x, y = v.camera.project(moved)
        x, y = int(round(x)), H - 1 - int(round(y))
        mid = render_rgb(v, (W, H))
        patch = lambda img: img[y - 3:y + 4, x - 3:x + 4].astype(float)  # noqa: E731
        assert np.abs(patch(mid) - patch(rest)).sum(axis=2).mean() > 40, "the flying cube is drawn where it flies"
    finally:
        v.release()


def test_a_whole_turn_stays_short_and_speed_zero_is_instant(gl_session):
    state = RULES.new_game(players=2, seed=7)
    rng = random.Random(7)
    v = OtysView(gl_session, state, anim_speed=1.0, samples=0)
    try:
        longest = 0.0
        for _ in range(60):
            v.sync(state)
            v.play(state.apply(rng.choice(state.legal_actions())), state)
            t = 0.0
            while v.busy:
                v.update(DT)
                t += DT
            longest = max(longest, t)
        assert 0.3 < longest <= MOVE_S + 2 * DT
        v.anim_speed = 0.0
        v.play(state.apply(state.legal_actions()[0]), state)
        assert not v.busy
    finally:
        v.release()


def test_the_staged_positions_end_where_the_state_does():
    rects = type("AnyRect", (dict,), {"__missing__": lambda self, k: (0.0, 0.0, 0.0, 0.0)})()
    key = lambda ps: sorted((repr(p.group), np.round(p.m, 4).tobytes(), p.rect) for p in ps)  # noqa: E731
    for seed in (11, 13):
        state = RULES.new_game(players=3, seed=seed, spy_variant=True)
        rng = random.Random(seed)
        for _ in range(150):
            if state.is_over:
                break
            shown = state.clone()
            for ev in state.apply(rng.choice(state.legal_actions())):
                advance(shown, ev)
            assert key(pieces(shown, None, rects)) == key(pieces(state, None, rects))
