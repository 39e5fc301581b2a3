"""A move planned to its end: the bots step toward where the whole move is best to end."""
from __future__ import annotations

from game.bots import GreedyBot, MctsBot
from game.cubitos.actions import EndMove, Step
from game.cubitos import planning
from game.cubitos.planning import best_move_action
from game.cubitos.rules import RULES
from tests.game.cubitos.helpers import at_run, game


def runner_at(label: str, move: int, credits: int = 0):
    """Seat 0 on Race 2's lane track at ``label`` with ``move`` movement to spend, nothing else
    held (no money to convert: the credits given stay under a conversion's 4)."""
    s = game("race2")
    at_run(s, 0, "move", hold=False)
    p = s.seats[0]
    p.node, p.move, p.wmove, p.money, p.credits = s.board.node(label), move, 0, 0, credits
    s._legal = None
    return s


def test_the_last_step_goes_to_the_credits():
    # From 18.1 one step reaches 19.0, 19.1 (plain) or 19.2 (3 credits): every step is the same
    # distance, so only where the move ends tells them apart.
    s = runner_at("18.1", 1)
    assert best_move_action(s) == Step("19.2")


def test_a_step_that_costs_a_die_is_avoided():
    s = runner_at("3.1", 1)
    assert {a for a in s.legal_actions() if isinstance(a, Step)} >= {Step("4.0"), Step("4.1"), Step("4.2")}
    assert best_move_action(s) in (Step("4.1"), Step("4.2"))  # 4.0 loses a die


def test_the_first_step_heads_for_the_best_end_two_steps_away():
    # From 17.1 with two steps the 3 credits on 19.2 are reached only through 18.1, 18.2 or 18.3's lanes.
    s = runner_at("17.1", 2)
    first = best_move_action(s)
    assert isinstance(first, Step)
    s.apply(first)
    assert best_move_action(s) == Step("19.2")


def test_movement_is_spent_rather_than_left():
    s = runner_at("10.1", 3)
    assert best_move_action(s) != EndMove()


def test_no_plan_outside_a_move():
    s = game("race2")
    assert best_move_action(s) is None


def test_greedy_and_the_search_follow_the_plan():
    s = runner_at("18.1", 1)
    assert RULES.expert_move(s, 0, None) == Step("19.2")
    assert GreedyBot(RULES, 0, 5).choose(s) == Step("19.2")
    assert MctsBot(RULES, 0, 5, iterations=20).choose(s) == Step("19.2")


def fresh_plan(state):
    """The step a plan made from nothing picks (what ``best_move_action`` did before it kept plans)."""
    planner = planning._Planner(state.current_player)
    return planning._best(planner, state, state.legal_actions())


def test_a_kept_plan_answers_each_later_step_as_a_fresh_plan_would(monkeypatch):
    # Grand Finale from seed 2, four greedy seats: every move step of the game is answered from
    # the plan kept at the step before wherever it can be, and each answer is checked against a
    # plan made afresh.
    reused, kept_answers = [], 0
    take = planning._kept_planner
    monkeypatch.setattr(planning, "_kept_planner", lambda state: reused.append(take(state)) or reused[-1])
    s = RULES.new_game(4, 2, card_set="grand-finale")
    bots = [GreedyBot(RULES, p, 20 + p) for p in range(4)]
    while not s.is_over:
        if planning.moving(s) and len(s.legal_actions()) > 1:
            expected = fresh_plan(s)
            reused.clear()
            assert bots[s.current_player].choose(s) == expected
            assert len(reused) == 1
            kept_answers += reused[0].kept
            action = expected
        else:
            action = bots[s.current_player].choose(s)
        s.apply(action)
    assert kept_answers > 50


def test_a_kept_plan_is_not_used_for_another_position():
    s = runner_at("17.1", 2)
    first = best_move_action(s)
    assert planning._kept is not None  # the step after ``first`` is kept
    other = runner_at("10.1", 3)  # the same seat moving, elsewhere
    planner = planning._kept_planner(other)
    assert not planner.kept and not planner.seen
    assert first is not None
