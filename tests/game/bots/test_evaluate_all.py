"""A game's ``evaluate_all`` must be exactly every seat's ``evaluate``: the search takes it instead."""
import random

import pytest

from game import registry
from game.core import margins


def test_margins_are_each_value_against_the_best_other():
    assert margins([3.0, 5.0, 1.0]) == [-2.0, 2.0, -4.0]
    assert margins([2.0, 2.0]) == [0.0, 0.0]


@pytest.mark.parametrize("name", [n for n in registry.names() if registry.get(n).evaluate_all is not None])
def test_evaluate_all_equals_evaluate_for_every_seat(name):
    rules, rng, seen = registry.get(name), random.Random(7), 0
    for g in range(3):
        state = rules.new_game(players=2 + g, seed=g)
        while True:
            expected = [rules.evaluate(state, seat) for seat in range(state.num_players)]
            assert rules.evaluate_all(state) == expected
            seen += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert seen > 50


@pytest.mark.parametrize("name", [n for n in registry.names() if registry.get(n).urgency_all is not None])
def test_urgency_all_equals_urgency_for_every_seat(name):
    rules, rng, seen = registry.get(name), random.Random(8), 0
    for g, variant in enumerate(["basic", "advanced", "kids", "basic"]):
        state = rules.new_game(players=2 + g % 3, seed=g, variant=variant)
        while True:
            assert rules.urgency_all(state) == [rules.urgency(state, seat) for seat in range(state.num_players)]
            seen += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert seen > 50
