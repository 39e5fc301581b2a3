"""Cubitos bot knowledge: the exact bust chance, the threshold and odds bots, the commands."""
import itertools
import json
import subprocess
import sys

import pytest

from game.bots.factory import make_bot
from game.cubitos import bots, evaluation
from game.cubitos.actions import Pass, Push
from game.cubitos.dice import FACES
from game.cubitos.rules import RULES
from tests.game.cubitos.helpers import at_decision, empty, game, put


def brute_force_miss(colours):
    rolls = list(itertools.product(*(FACES[c] for c in colours)))
    return sum(all(f == "" for f in roll) for roll in rolls) / len(rolls)


def test_miss_chance_is_exact():
    colours = ["lgray", "dgray", "green", "purple", "start"]
    assert evaluation.miss_all(colours) == pytest.approx(brute_force_miss(colours))


def test_bust_chance_only_when_at_risk():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "roll")
    put(s, 0, "dgray", "roll")
    put(s, 0, "lgray", "active", "$", n=2)
    at_decision(s, 0)
    assert evaluation.bust_chance(s, 0) == 0.0
    put(s, 0, "lgray", "active", "$")
    assert evaluation.bust_chance(s, 0) == pytest.approx(5 / 6 * 4 / 6)
    assert evaluation.bust_chance(s, 0, back=("green:sym",)) == pytest.approx(5 / 6 * 4 / 6 * 3 / 6)
    s.seats[0].safe = 1
    assert evaluation.bust_chance(s, 0) == 0.0


def test_threshold_bot_pushes_below_n_active_dice_and_passes_at_n():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "roll")
    put(s, 0, "lgray", "active", "$", n=2)
    at_decision(s, 0)
    assert bots.ThresholdBot(0, 1, 3).choose(s) == Push()
    assert bots.ThresholdBot(0, 1, 2).choose(s) == Pass()


def test_threshold_bot_is_offered_by_the_rules_and_parses_its_argument():
    bot = make_bot("threshold:4", RULES, 0, 1)
    assert bot.n == 4
    with pytest.raises(ValueError):
        make_bot("threshold:many", RULES, 0, 1)


def test_evaluation_prefers_progress_and_a_won_game():
    s = game()
    before = evaluation.evaluate(s, 0)
    s.seats[0].node = s.board.steps(s.board.start)[0]
    assert evaluation.evaluate(s, 0) > before > evaluation.evaluate(s, 1) - 1e9
    s.phase, s.winner = "over", [0]
    assert evaluation.evaluate(s, 0) == evaluation.WIN and evaluation.evaluate(s, 1) == -evaluation.WIN


def test_evaluation_counts_active_dice_still_to_be_used():
    s = game()
    empty(s, 0)
    at_decision(s, 0)
    base = evaluation.evaluate(s, 0)
    put(s, 0, "purple", "active", "sym")
    assert evaluation.evaluate(s, 0) > base


def play(specs, seed, card_set="race1"):
    s = RULES.new_game(players=len(specs), seed=seed, card_set=card_set)
    seats = [make_bot(spec, RULES, k, seed + k) for k, spec in enumerate(specs)]
    while not s.is_over:
        s.apply(seats[s.current_player].choose(s))
    return s.winners()


def test_threshold_beats_random_seats_swapped():
    wins = sum(play(["threshold", "random"], seed) == [0] for seed in range(3))
    wins += sum(play(["random", "threshold"], seed) == [1] for seed in range(3))
    assert wins >= 5


def test_simulate_command_runs_cubitos_with_set_and_track():
    out = subprocess.run([sys.executable, "-m", "game", "simulate", "--game", "cubitos", "--players", "3",
                          "--seats", "threshold,random,threshold:3", "--games", "2", "--seed", "4",
                          "--card-set", "race3", "--track", "ahead-of-the-curve", "--json"],
                         capture_output=True, text=True, timeout=120, check=True)
    result = json.loads(out.stdout)
    assert result["errors"] == 0 and sum(result["wins"]) == 2


def test_odds_bot_weighs_the_exact_bust_chance():
    s = game()
    empty(s, 0)
    put(s, 0, "purple", "active", "sym", n=3)  # much to lose
    put(s, 0, "lgray", "roll")  # 5/6 to bust, little to gain
    at_decision(s, 0)
    assert bots.OddsBot(0, 1).choose(s) == Pass()
    s.seats[0].safe = 1  # Piña Cubelada: no risk at all
    assert bots.OddsBot(0, 1).choose(s) == Push()
    assert make_bot("odds:2", RULES, 0, 1).risk == 2.0
    with pytest.raises(ValueError):
        make_bot("odds:-1", RULES, 0, 1)


def test_the_rules_expose_the_bust_chance_of_whoever_decides():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "active", "$", n=3)
    put(s, 0, "purple", "roll")
    at_decision(s, 0)
    assert RULES.bust_chance(s) == pytest.approx(5 / 6)


def test_the_chance_to_push_again_is_worth_something_until_passing():
    s = game()
    empty(s, 0)
    put(s, 0, "purple", "roll")
    put(s, 0, "lgray", "active", "$")
    at_decision(s, 0)
    assert evaluation.push_gain(s, 0) > 0
    assert evaluation.push_option(s, 0) == pytest.approx(evaluation.push_gain(s, 0))  # no risk yet
    s.seats[0].stage = "done"
    assert evaluation.push_option(s, 0) == 0.0
