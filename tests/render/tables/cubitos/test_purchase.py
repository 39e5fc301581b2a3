"""A purchase on the table: the bought die leaves its market tray and lands in the buyer's Discard
Zone, in the state and in the pixels."""
import random

import numpy as np

from game.cubitos.state import DISCARD
from game.registry import get
from render.offscreen import render_rgb
from render.tables.cubitos.view import CubitosView

RULES = get("cubitos")
W, H = 640, 360


def test_a_bought_die_flies_from_its_tray_to_the_buyers_discard(gl_session):
    state = RULES.new_game(players=2, seed=3)
    rng = random.Random(5)
    for _ in range(600):  # random play until a purchase is on offer
        buys = [a for a in state.legal_actions() if a.kind == "buy" and a.colour not in ("lgray", "dgray")]
        if buys:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert buys, "no purchase on offer"
    view = CubitosView(gl_session, state, anim_speed=0.0, samples=0)
    try:
        buy, seat = buys[0], state.current_player
        tray_before = list(state.trays[buy.colour])
        before = render_rgb(view, (W, H))
        view.play(state.apply(buy), state)
        view.settle()
        after = render_rgb(view, (W, H))
        bought = [d for d in tray_before if d not in state.trays[buy.colour]]
        assert len(bought) == 1 and bought[0] in state.seats[seat].zones[DISCARD]

        def patch(img, target):
            x, y = view.target_pos(target)
            r, c = H - 1 - int(round(y)), int(round(x))
            return img[max(r - 6, 0):r + 6, max(c - 6, 0):c + 6].astype(float)

        assert np.abs(patch(after, ("zone", seat, DISCARD)) - patch(before, ("zone", seat, DISCARD))).mean() > 3
        assert view.pick(*view.target_pos(("die", bought[0]))) == ("die", bought[0])
    finally:
        view.release()
