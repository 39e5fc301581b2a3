"""Copy-on-write clones: a clone shares what neither side has changed, and never lets a change
made on one side (by the rules or by hand through the public attributes) reach the other."""
import json
import random

from game.cubitos.actions import Draw
from game.cubitos.rules import RULES
from game.cubitos.state import CubitosState


def dump(s: CubitosState) -> str:
    return json.dumps(s.to_dict(), sort_keys=True)


def drawing() -> CubitosState:
    """A position where the player deciding draws one die at a time from the Draw Zone."""
    s, rng = RULES.new_game(players=3, seed=5, card_set="race2"), random.Random(5)
    while not any(isinstance(a, Draw) and len(a.dice) == 1 for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_a_clone_copies_only_the_seat_a_draw_changes():
    s = drawing()
    twin = s.clone()
    p = twin.current_player
    twin.apply(next(a for a in twin.legal_actions() if isinstance(a, Draw)))
    assert twin._seats[p] is not s._seats[p]
    assert all(twin._seats[q] is s._seats[q] for q in range(3) if q != p)
    assert twin._trays is s._trays


def test_moves_on_either_side_never_reach_the_other():
    s, rng = RULES.new_game(players=4, seed=8, card_set="grand-finale"), random.Random(8)
    for _ in range(600):
        if s.is_over:
            break
        twin = s.clone()
        before = dump(twin)
        s.apply(rng.choice(s.legal_actions()))
        assert dump(twin) == before
        after = dump(s)
        for _ in range(3):
            if not twin.is_over:
                twin.apply(rng.choice(twin.legal_actions()))
        assert dump(s) == after


def test_hand_edits_through_the_public_attributes_stay_in_their_state():
    s = drawing()
    before = dump(s)
    twin = s.clone()
    twin.seats[1].credits += 3
    twin.seats[2].zones[0].append(twin.trays["lgray"].pop())
    twin.face[0] = 5
    twin.used[0] |= 1
    assert dump(s) == before
    assert dump(twin) != before
