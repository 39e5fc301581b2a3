"""A bust's discard points at the Roll Zone's dice: never at a die of the same kind in the bag."""
import random

import pytest

from game import registry
from game.cubitos.state import DRAW, ROLL
from render.tables.cubitos.gestures import CubitosGestures

RULES = registry.get("cubitos")


def bust_discards(limit: int = 40):
    """Positions owing a bust's discard where the bag holds a die of a kind the Roll Zone holds too."""
    rng = random.Random(3)
    for seed in range(200):
        state = RULES.new_game(players=2, seed=seed, card_set="race1")
        while not state.is_over:
            p = state.current_player
            if any(a.kind == "discard" for a in state.legal_actions()):
                seat = state.seats[p]
                bag = {state.key(d, DRAW) for d in seat.zones[DRAW]}
                if bag & {state.key(d, ROLL) for d in seat.zones[ROLL]}:
                    yield state.clone()
                    limit -= 1
                    if not limit:
                        return
            legal = state.legal_actions()
            pushes = [a for a in legal if a.kind == "push"]  # push often: busts come sooner
            state.apply(pushes[0] if pushes and rng.random() < 0.8 else rng.choice(legal))


def test_a_bust_discard_targets_only_dice_in_the_roll_zone():
    seen = 0
    for state in bust_discards():
        p = state.current_player
        roll_zone = set(state.seats[p].zones[ROLL])
        gestures = CubitosGestures(state)
        for a in gestures.legal:
            if a.kind == "discard":
                targets = [t for t, acts in gestures.by_target.items() if a in acts]
                assert targets and all(t[0] == "die" and t[1] in roll_zone for t in targets), (a, targets)
                seen += 1
    assert seen >= 10


@pytest.mark.gl
def test_every_legal_action_has_a_piece_shown_to_click_or_a_button(gl_session):
    """A die in the bag (the Draw Zone) is not shown: an ability's "lose a die of the Draw Zone"
    once named those dice only, and a person had no way to choose it (the fuzzer: "('die', 39)
    stays hidden from every side"). Every action of many positions is a button or stands for a
    piece the table shows (or a track space)."""
    from render.tables.cubitos.view import CubitosView

    rng, checked, bag = random.Random(5), 0, 0
    for seed in range(6):
        state = RULES.new_game(players=2 + seed % 3, seed=seed, card_set=("race1", "race2", "random")[seed % 3])
        view = CubitosView(gl_session, state, anim_speed=0.0, samples=0)
        try:
            for ply in range(600):
                if state.is_over:
                    break
                if ply % 8 == 0 or any(a.kind == "lose" for a in state.legal_actions()):
                    view.sync(state)
                    shown = set(view.shown_targets())
                    gestures = CubitosGestures(state)
                    for a in gestures.legal:
                        targets = [t for t, acts in gestures.by_target.items() if a in acts]
                        assert a in gestures.buttons or any(t in shown or t[0] == "space" for t in targets), (a, targets)
                        checked += 1
                        bag += getattr(a, "die", "").startswith("draw/")
                state.apply(rng.choice(state.legal_actions()))
        finally:
            view.release()
    assert checked > 1000 and bag, (checked, bag)
