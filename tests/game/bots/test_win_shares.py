"""The search's leaves as shares of the win (rules hook ``win_share_scale``, issue 41): Octocube
at 3-4 seats reads softmax(0.2 x the urgency-weighed lead); 2 seats and the kids keep the squash."""
import math

import pytest

from game.bots.base import win_shares
from game.bots.mcts import MctsBot
from game.core import GameRules, GameState, Rng
from game.octocube.rules import RULES, SHARE_SCALE
from game.registry import get


def _positions(players: int, variant: str = "basic", count: int = 6) -> list[GameState]:
    """Mid-game positions of a seeded random game."""
    state, rng, seen = RULES.new_game(players=players, seed=players, variant=variant), Rng(9), []
    while not state.is_over and len(seen) < count:
        for _ in range(5):
            if not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            seen.append(state.clone())
    return seen


def _bot_at(state: GameState, rules: GameRules = RULES) -> MctsBot:
    bot = MctsBot(rules, state.current_player, 1, iterations=1)
    bot.search(state)  # the hook is asked once a search, for the position searched
    return bot


def test_win_shares_sum_to_one_keep_the_order_and_never_overflow() -> None:
    shares = win_shares([3.0, -1.0, 0.5, 3.0])
    assert math.isclose(sum(shares), 1.0)
    assert shares[0] == shares[3] > shares[2] > shares[1] > 0.0
    assert win_shares([1e6, 0.0]) == [1.0, pytest.approx(0.0)]


@pytest.mark.parametrize("players", [3, 4])
def test_octocube_leaves_at_3_and_4_seats_are_shares_of_the_weighed_lead(players: int) -> None:
    for state in _positions(players):
        bot = _bot_at(state)
        assert bot.share_scale == SHARE_SCALE
        weighed = [v * (1.0 + u) for v, u in zip(RULES.evaluate_all(state), RULES.urgency_all(state))]
        rewards = bot.leaf_reward(state)
        assert rewards == pytest.approx(win_shares([SHARE_SCALE * v for v in weighed]))
        assert math.isclose(sum(rewards), 1.0)
        leader = max(range(players), key=weighed.__getitem__)
        assert rewards[leader] == max(rewards)


@pytest.mark.parametrize("players,variant", [(2, "basic"), (2, "advanced"), (3, "kids"), (4, "kids")])
def test_two_seats_and_the_kids_keep_the_squash(players: int, variant: str) -> None:
    for state in _positions(players, variant):
        bot = _bot_at(state)
        assert bot.share_scale == 0.0
        squashing = MctsBot(RULES, state.current_player, 1, iterations=1)
        squashing._share_scale = None  # the search as it was before the hook
        squashing.search(state)
        assert bot.leaf_reward(state) == squashing.leaf_reward(state)


def test_a_game_without_the_hook_squashes_at_any_number_of_seats() -> None:
    otys = get("otys")
    assert otys.win_share_scale is None
    state = otys.new_game(players=4, seed=1)
    rewards = _bot_at(state, otys).leaf_reward(state)
    assert all(0.0 < r < 1.0 for r in rewards) and not math.isclose(sum(rewards), 1.0)
