"""The rules' optional ``expert_move`` hook: MCTS plays the game's expert decision without searching."""
import pytest

from game.bots import MctsBot
from game.cubitos import bots as cubitos_bots
from game.cubitos.actions import Pass, Push
from game.cubitos.rules import RULES as CUBITOS
from tests.game import toy
from tests.game.cubitos.helpers import at_decision, at_run, empty, game, put


class ExpertToy(toy.ToyRules):
    """The toy game with an expert that always picks ``move`` (None: no opinion)."""

    def __init__(self, move):
        self.move, self.asked = move, []

    def expert_move(self, state, seat, rng):
        self.asked.append(seat)
        return self.move


def test_mcts_plays_the_expert_move_without_searching():
    rules = ExpertToy(toy.Add(1))
    state = rules.new_game(players=2, seed=3)
    bot = MctsBot(rules, 0, 1, iterations=200)
    assert bot.choose(state) == toy.Add(1)
    assert bot.last_root is None and rules.asked == [0]


def test_mcts_searches_when_the_expert_has_no_opinion():
    rules = ExpertToy(None)
    state = rules.new_game(players=2, seed=3)
    bot = MctsBot(rules, 0, 1, iterations=50)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_root is not None and bot.last_root.visits == 50


def test_an_illegal_expert_move_is_a_clear_error():
    rules = ExpertToy(toy.Add(7))
    with pytest.raises(ValueError, match="not legal"):
        MctsBot(rules, 0, 1, iterations=10).choose(rules.new_game(players=2, seed=3))


def cubitos_decision(safe: bool):
    """Seat 0 at push or pass with much to lose and a light gray die (5/6 to bust) to roll."""
    s = game()
    empty(s, 0)
    put(s, 0, "purple", "active", "sym", n=3)
    put(s, 0, "lgray", "roll")
    at_decision(s, 0)
    s.seats[0].safe = int(safe)
    return s


@pytest.mark.parametrize("safe, expected", [(False, Pass()), (True, Push())])
def test_cubitos_mcts_pushes_or_passes_as_the_odds_bot(safe, expected):
    s = cubitos_decision(safe)
    assert cubitos_bots.OddsBot(0, 1).choose(s) == expected
    assert MctsBot(CUBITOS, 0, 1, iterations=30).choose(s) == expected


def test_cubitos_expert_leaves_other_decisions_to_the_search():
    s = game()
    at_run(s, 0, "buy")
    assert CUBITOS.expert_move(s, 0, None) is None
    s = cubitos_decision(False)
    assert CUBITOS.expert_move(s, 0, None) == Pass()


def test_a_hint_follows_the_expert_move_and_says_so():
    from game.bots import hint

    rules = ExpertToy(toy.Add(2))
    h = hint(rules.new_game(players=2, seed=3), rules, budget_ms=50)
    assert h.action == toy.Add(2) and "rule of thumb" in h.reason
    s = cubitos_decision(safe=False)
    assert hint(s, CUBITOS, budget_ms=50).action == Pass()
