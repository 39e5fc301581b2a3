"""The Otys table, headless: it lays out and draws for 2-4 players; picking names what is drawn; a
key pushing its diver, a Store sale and a contract completion change the pixels where they happen."""
import random

import numpy as np
import pytest

from game.otys import actions as A
from game.registry import get
from render.offscreen import render_rgb
from render.tables.otys.view import OtysView
from tests.render.tables.otys.moves import until

RULES = get("otys")
W, H = 640, 360
pytestmark = pytest.mark.gl


def _played(players=2, seed=3, moves=60):
    state = RULES.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _pixel(img, pos, r=4):
    """The pixels around window position ``pos`` (origin bottom-left)."""
    x, y = int(round(pos[0])), H - 1 - int(round(pos[1]))
    return img[y - r:y + r + 1, x - r:x + r + 1].astype(float)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_builds_and_draws_and_picks_what_it_draws(gl_session, players):
    state = _played(players, moves=80)
    v = OtysView(gl_session, state, anim_speed=0.0, samples=0)
    try:
        img = render_rgb(v, (W, H))
        assert (img.sum(axis=2) < 45).mean() < 0.05, "no black void"
        p = state.players[0]
        sample = [("diver", 0, p.divers[0]), ("diver", players - 1, state.players[-1].divers[-1]), ("sponsor", 3),
                  ("deck",), ("key", 0, 6), ("store", 0, 2), ("counter", 0, 2), ("level", 1, 4)]
        sample += [("card", c) for c in state.table.public if c >= 0][:2]
        for t in sample:
            assert v.pick(*v.target_pos(t)) == t or t in v.pick_all(*v.target_pos(t)), t
        for t in sample[:7]:
            assert v.pick(*v.target_pos(t)) == t, t
        later = _played(players, moves=200)
        v.sync(later)
        v.stats.draw_calls = 0
        render_rgb(v, (W, H))
        assert 0 < v.stats.draw_calls <= 2 * len(v._batches) + 2, "one call per batch and pass, however many pieces"
    finally:
        v.release()


def _change_at(gl_session, state, target, act) -> float:
    """How much the pixels at ``target`` (where it was) change after ``act(state)`` is played."""
    v = OtysView(gl_session, state, anim_speed=0.0, samples=0)
    try:
        v.camera.set_viewport(W, H)
        pos = v.target_pos(target)
        before = _pixel(render_rgb(v, (W, H)), pos)
        events = act(state)
        v.play(events, state)
        v.update(1.0)
        assert not v.busy
        return float(np.abs(_pixel(render_rgb(v, (W, H)), pos) - before).sum(axis=2).mean())
    finally:
        v.release()


def test_a_chosen_key_leaves_its_level_and_its_diver_resurfaces(gl_session):
    state = RULES.new_game(players=2, seed=5)
    key = until(state, lambda a: isinstance(a, A.Key))
    seat, level = state.turn, key.level
    diver = state.players[seat].diver_at(level)

    def turn(s):
        events = s.apply(key)
        while s.turn == seat and not s.is_over:
            legal = s.legal_actions()
            pick = A.DONE if A.DONE in legal else (A.RESURFACE if A.RESURFACE in legal else legal[0])
            events += s.apply(pick)
        return events
    assert _change_at(gl_session, state.clone(), ("key", seat, level), turn) > 60
    after = state.clone()
    turn(after)
    assert after.players[seat].position_of(diver) == 0  # it pushed its diver back up to S1
    v = OtysView(gl_session, state, anim_speed=0.0, samples=0)
    try:
        was = np.array(v.target_pos(("diver", seat, diver)))
        v.play(turn(state), state)
        v.update(1.0)
        assert v.pick(*v.target_pos(("diver", seat, diver))) == ("diver", seat, diver)
        assert np.abs(np.array(v.target_pos(("diver", seat, diver))) - was).max() > 20  # the tile moved up
    finally:
        v.release()


def test_a_store_sale_puts_a_resource_on_its_space(gl_session):
    state = RULES.new_game(players=2, seed=2)
    sell = until(state, lambda a: isinstance(a, A.Sell))
    row = state.table.sale_row(sell.colour)
    assert _change_at(gl_session, state, ("store", sell.colour, row), lambda s: s.apply(sell)) > 60


def test_a_completed_contract_leaves_its_place(gl_session):
    state = RULES.new_game(players=2, seed=4)
    done = until(state, lambda a: isinstance(a, A.Complete))
    assert _change_at(gl_session, state, ("card", done.card), lambda s: s.apply(done)) > 30
