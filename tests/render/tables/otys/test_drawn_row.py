"""The contracts a seat draws to choose from (the Spy, a reward) lie in a free row of their own:
never on the deck or a public contract, nor on one another (issue 35: they were held up over the
contract grid, hiding the public cards and the deck)."""
from __future__ import annotations

from game.core.match import Match
from render.tables.otys import art
from render.tables.otys.pieces import CARD_HALF, pieces
from tests.render.tables.otys.test_drawn_contracts import SAVE


def _footprint(m) -> tuple[float, float, float, float]:
    xs = [float((m @ (sx * 0.5, 0.0, sz * 0.5, 1.0))[0]) for sx in (-1, 1) for sz in (-1, 1)]
    zs = [float((m @ (sx * 0.5, 0.0, sz * 0.5, 1.0))[2]) for sx in (-1, 1) for sz in (-1, 1)]
    return min(xs), min(zs), max(xs), max(zs)


def _apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_drawn_contracts_lie_in_a_free_row_apart_from_the_deck_and_the_public_contracts():
    state = Match.load(SAVE).state
    while str(state.legal_actions()[0]) != "draw contracts":
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    drawn = {int(c) for top in state.pending if top[0] == "keep" for c in top[2:]}
    assert len(drawn) == 4
    for viewer in (0, 1, None):
        shown = [p for p in pieces(state, viewer, art.atlas()[1]) if p.batch == "card"]
        mine = [_footprint(p.m) for p in shown if p.target[1:] and p.target[1] in drawn]
        table = [_footprint(p.m) for p in shown if p.target == ("deck",) or p.target[1:] and p.target[1] in state.table.public]
        assert len(mine) == 4 and table
        assert all(_apart(a, b) for a in mine for b in table), "a drawn contract lies on the deck or a public one"
        assert all(_apart(a, b) for i, a in enumerate(mine) for b in mine[:i]), "drawn contracts overlap"
        assert all(abs((a[2] - a[0]) - 2 * CARD_HALF[0]) < 1e-6 for a in mine)  # laid flat and whole
