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


def test_crabby_gives_a_die_by_a_click_on_it_and_a_small_menu_of_whom_to():
    """Crabby (most swords: give one of your dice to the seat with the fewest) offered 30 choices
    at 4 players; as buttons they filled the window over the seat's own dice (a find of the screen
    fuzzer's long sweep). Each is now reached by clicking the die (the bag for a die in the Draw
    Zone): the small menu then asks whom it goes to."""
    from pathlib import Path

    from game.core.match import Match

    match = Match.load(Path(__file__).parents[2] / "uifuzz" / "repros" / "cubitos-crabby-gives-a-die-by-its-die.save.json")
    state = match.state
    ready = [a for a in state.legal_actions() if a.kind == "ready"]
    state = state.clone()
    state.apply(ready[0])
    g = CubitosGestures(state)
    crabby = [a for a in g.legal if a.kind == "use" and a.card == "Crabby"]
    assert len(crabby) >= 20
    assert not [a for a in g.buttons if a.kind == "use"]  # left: convert money, end move
    reached = {a for t in g.targets() for a in g.click(t)}
    assert set(crabby) <= reached
    for t in g.targets():
        whom = [a for a in g.click(t) if a in crabby]
        if whom and t[0] == "die":  # one die, every seat it may go to
            assert len({a.option[1] for a in whom}) == 1 and len({a.option[0] for a in whom}) == len(whom)
        elif whom:  # the bag: each kind of die in the Draw Zone, to each of those seats
            assert t == ("zone", state.current_player, DRAW) and all(a.option[1].startswith("draw/") for a in whom)


@pytest.mark.gl
def test_the_prompt_says_a_lit_die_is_given_away_by_a_click(app):
    """The status line names what the lit dice are for at Crabby's choice, in the game's words."""
    from pathlib import Path

    from game.core.match import Match
    from render.options import Options

    match = Match.load(Path(__file__).parents[2] / "uifuzz" / "repros" / "cubitos-crabby-gives-a-die-by-its-die.save.json")
    match.apply([a for a in match.state.legal_actions() if a.kind == "ready"][0])
    d = match.data
    app.start_game(Options(game="cubitos", players=d.players, seats=list(d.seats), seed=d.seed, anim_speed=0.0), match)
    app.tick(1 / 60)
    prompt = app.screen.table.can_do()
    assert prompt.startswith("Crabby: click a lit die to give it away") and "a lit space to step" in prompt
