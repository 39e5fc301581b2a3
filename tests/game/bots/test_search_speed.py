"""The search's own speed: early stop, budgets that cover the root seeding, one evaluation pass
a leaf, and the expert level's budget."""
import random

import pytest

from game import registry
from game.bots import make_bot
from game.bots.factory import LEVELS
from game.bots.mcts import MctsBot, Node, best_child, settled
from tests.game import toy


def toy_state(totals, turn=0, seed=5):
    s = toy.RULES.new_game(players=len(totals), seed=seed)
    s.totals, s.turn = list(totals), turn
    return s


def mid_game(name, count, seed):
    """Seeded random positions from the middle of random games, with a choice to make."""
    rules, rng, found = registry.get(name), random.Random(seed), []
    for g in range(count):
        state = rules.new_game(players=2 + g % 2, seed=seed + g)
        history = []
        while not state.is_over:
            history.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        middle = [s for s in history[len(history) // 3: 2 * len(history) // 3] if len(s.legal_actions()) > 1]
        found.append(rng.choice(middle))
    return rules, found


def test_settled_needs_a_lead_larger_than_what_is_left():
    root = Node(0)
    for action, visits in ((toy.Add(1), 9), (toy.Add(2), 4)):
        root.children[action] = Node(0)
        root.children[action].visits = visits
    legal = [toy.Add(1), toy.Add(2), toy.Roll()]
    assert settled(root, legal, 4) and not settled(root, legal, 5)
    assert not settled(root, [toy.Add(2), toy.Roll()], 4)  # only legal actions count


@pytest.mark.parametrize("name", ["toy", "octocube"])
def test_stopping_once_settled_never_changes_the_move(name):
    """At fixed iterations, whenever the move is settled for the iterations left, the full run
    plays that very move: the early stop only saves time."""
    total = 60
    if name == "toy":
        rules, positions = toy.RULES, [toy_state([t, u]) for t in (2, 5, 8) for u in (3, 7, 9)]
    else:
        rules, positions = mid_game(name, 4, seed=300)
    stops = 0
    for i, state in enumerate(positions):
        bot, legal = MctsBot(rules, state.current_player, i, iterations=total), state.legal_actions()
        root = Node(state.current_player)
        bot.seed_root(root, state, legal)
        picks = []
        for done in range(total + 1):
            if settled(root, legal, total - done):
                picks.append(best_child(root, legal)[0])
            if done < total:
                bot.iterate(root, state.determinize(state.current_player, bot.rng))
        final = best_child(root, legal)[0]
        assert all(pick == final for pick in picks), (i, picks, final)
        assert root.visits == total  # the helper above walked the search's own steps
        stops += len(picks) > 1
    assert stops, "no position settled early: the test checked nothing"


def test_a_timed_search_stops_once_the_move_is_settled():
    """The winning move gathers nearly every visit; once its lead beats 1.5 times the iterations
    the time left would bring (about 60% into the budget), the search stops. The clock is a fake
    one that moves on 1 ms at every reading (the search reads it once an iteration), so the time
    passes whether or not a walk evaluates anything: walks that end at a finished game evaluate
    nothing, and a clock moved only by evaluations stood still there (the search never ended)."""
    clock = TickingClock(step=0.001)
    bot = MctsBot(toy.RULES, 0, 1, budget_ms=3000)
    bot.clock = clock
    assert bot.choose(toy_state([8, 9])) == toy.Add(2)  # the only winning move
    assert 0 < clock.now < 0.6 * 3.0 + 0.05, clock.now  # settled well before the budget ran out


class TickingClock:
    """A fake clock, ``step`` seconds later at every reading."""

    def __init__(self, step: float) -> None:
        self.step, self.now = step, 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class SlowToy(toy.ToyRules):
    """The toy game counting its evaluations; each moves a fake clock on by ``cost`` seconds."""

    def __init__(self, cost=0.0, all_at_once=False):
        self.cost, self.calls, self.now = cost, 0, 0.0
        if all_at_once:
            self.evaluate_all = self.every_seat

    def clock(self):
        return self.now

    def evaluate(self, state, seat):
        self.calls += 1
        self.now += self.cost
        return super().evaluate(state, seat)

    def every_seat(self, state):
        self.calls += 1
        return [super(SlowToy, self).evaluate(state, seat) for seat in range(state.num_players)]


def test_a_timed_budget_covers_the_root_seeding():
    """Seeding takes 16 evaluations of 10 ms (160 ms), an iteration 2 (20 ms): a 200 ms budget
    leaves room for two iterations, not for ten after the seeding."""
    rules = SlowToy(cost=0.01)
    bot = MctsBot(rules, 0, 1, budget_ms=200)
    bot.clock = rules.clock
    root = bot.search(toy_state([2, 3]))
    assert rules.calls == 16 + 2 * root.visits and root.visits == 2


def test_evaluate_all_is_one_call_a_leaf_and_searches_the_same():
    def run(rules):
        bot = MctsBot(rules, 0, 4, iterations=80)
        root = bot.search(toy_state([3, 4, 2]))
        return {str(a): (c.visits, c.reward) for a, c in root.children.items()}, bot.rng.state

    per_seat, at_once = SlowToy(), SlowToy(all_at_once=True)
    assert run(per_seat) == run(at_once)
    assert per_seat.calls == 3 * at_once.calls  # three seats, one pass a leaf with the hook


def test_expert_thinks_at_most_a_second():
    bot = make_bot("expert", toy.RULES, 0, 1)
    assert LEVELS["expert"] == "learned:1000" and bot.budget_ms <= 1000 and bot.iterations is None
