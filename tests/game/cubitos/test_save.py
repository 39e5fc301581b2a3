"""Cubitos through the Match: save, load and replay give back the same game."""
import random

from game.core.match import Match
from game.cubitos.rules import RULES


def test_save_and_load_replays_to_the_same_position(tmp_path):
    match = Match(RULES, 3, 11, card_set="race6", track="still-waters-run-deep")
    rng = random.Random(3)
    for _ in range(300):
        if match.state.is_over:
            break
        match.apply(rng.choice(match.state.legal_actions()))
    path = tmp_path / "game.json"
    match.save(path)
    again = Match.load(path)
    assert again.state.to_dict() == match.state.to_dict()
    assert again.state.setup.track == "still-waters-run-deep"


def test_random_set_is_rebuilt_from_its_seed():
    a = RULES.new_game(players=2, seed=9, card_set="random")
    b = RULES.from_dict(a.to_dict())
    assert b.setup.card_set == a.setup.card_set and b.legal_actions() == a.legal_actions()


def test_clone_is_independent():
    s = RULES.new_game(players=2, seed=2, card_set="race2")
    twin = s.clone()
    s.apply(s.legal_actions()[0])
    assert twin.to_dict() != s.to_dict()
    assert twin.to_dict() == RULES.new_game(players=2, seed=2, card_set="race2").to_dict()


def test_determinize_keeps_the_position_and_reseeds_the_dice():
    from game.core import Rng

    s = RULES.new_game(players=2, seed=2)
    world = s.determinize(0, Rng(5))
    d, w = s.to_dict(), world.to_dict()
    assert d.pop("rng") != w.pop("rng") and d == w
