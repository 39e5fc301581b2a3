"""The Cubitos evaluation judges positions as a player would: the race, the dice, the risk."""
from game.cubitos import evaluation
from game.cubitos.evaluation import evaluate
from tests.game.cubitos.helpers import at_decision, at_run, empty, game, put

POINT_TRACK = "testing-the-waters"


def node_at(s, steps: int) -> int:
    """A land space ``steps`` from the finish."""
    b = s.board
    return next(n for n in range(b.size) if not b.water[n] and b.dist_land[n] == steps)


def test_a_runner_nearer_the_finish_is_worth_more():
    s = game(track=POINT_TRACK)
    s.seats[1].node = node_at(s, 20)
    s.seats[0].node = node_at(s, 10)
    far = evaluate(s, 0)
    s.seats[0].node = node_at(s, 1)
    assert evaluate(s, 0) > far
    assert evaluate(s, 1) < -far


def test_dice_that_move_the_runner_are_worth_more_than_gray_ones():
    s = game()
    base = evaluate(s, 0)
    white = s.clone()
    put(white, 0, "white", "discard", n=2)
    gray = s.clone()
    put(gray, 0, "lgray", "discard", n=2)
    assert evaluate(white, 0) > base
    assert evaluate(white, 0) > evaluate(gray, 0)


def test_a_gray_die_dilutes_a_bag_larger_than_the_draw():
    s = game()
    put(s, 0, "white", "discard", n=4)  # 13 dice for a draw of 9
    before = evaluate(s, 0)
    put(s, 0, "lgray", "discard", n=3)
    assert evaluate(s, 0) < before


def test_a_die_is_worth_more_with_many_rounds_to_come_than_in_the_last():
    early = game(track=POINT_TRACK)
    late = game(track=POINT_TRACK)
    for q in (0, 1):
        late.seats[q].node = node_at(late, 2)
    gains = []
    for s in (early, late):
        before = evaluate(s, 0)
        put(s, 0, "purple", "discard")
        gains.append(evaluate(s, 0) - before)
    assert gains[0] > gains[1] >= 0


def test_a_push_with_a_bust_risk_is_worth_less_than_a_safe_one():
    s = game()
    empty(s, 0)
    put(s, 0, "white", "active", "m", n=3)
    put(s, 0, "lgray", "roll", n=2)
    at_decision(s, 0)
    s.seats[0].risk = 1
    risky = evaluate(s, 0)
    s.seats[0].safe = 1  # a bust cannot happen (Piña Cubelada)
    assert evaluation.bust_chance(s, 0) == 0.0
    assert evaluate(s, 0) > risky


def test_the_more_a_bust_would_throw_away_the_less_the_push_is_worth():
    small, large = game(), game()
    for s, stake in ((small, 3), (large, 6)):
        empty(s, 0)
        put(s, 0, "lgray", "active", "$", n=stake)
        put(s, 0, "white", "roll", n=3)
        at_decision(s, 0)
    assert evaluation.push_option(small, 0) > evaluation.push_option(large, 0) > 0


def test_draw_tokens_are_worth_more_dice_each_round():
    s = game()
    put(s, 0, "white", "discard", n=4)
    before = evaluate(s, 0)
    s.seats[0].tokens = 2
    assert evaluate(s, 0) > before


def test_money_left_once_the_turn_is_over_is_worth_nothing_but_credits_are_kept():
    s = game()
    at_run(s, 0, "buy", hold=False)
    s.seats[0].money = 3
    buying = evaluate(s, 0)
    s.seats[0].stage = "done"
    done = evaluate(s, 0)
    assert buying > done
    s.seats[0].credits = 3
    assert evaluate(s, 0) > done


def test_early_in_the_race_a_die_bought_beats_money_kept_or_a_step():
    s = game()
    at_run(s, 0, "buy", hold=False)
    s.seats[0].money, s.seats[0].credits = 4, 0
    bought = s.clone()
    put(bought, 0, "white", "discard")
    bought.seats[0].money, bought.seats[0].buys, bought.seats[0].stage = 0, ["white"], "done"
    kept = s.clone()
    kept.seats[0].stage = "done"
    stepped = s.clone()
    stepped.seats[0].money, stepped.seats[0].stage = 0, "done"
    stepped.seats[0].node = stepped.board.steps(stepped.seats[0].node)[0]
    assert evaluate(bought, 0) > evaluate(stepped, 0) > evaluate(kept, 0)


def test_the_evaluation_is_zero_sum_between_two_seats_and_a_won_game_outweighs_it():
    s = game()
    put(s, 0, "white", "discard")
    assert evaluate(s, 0) == -evaluate(s, 1)
    s.phase, s.winner = "over", [0]
    assert evaluate(s, 0) == evaluation.WIN == -evaluate(s, 1)
