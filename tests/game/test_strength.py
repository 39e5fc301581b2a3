"""Strength of the levels a person picks, with the timed MCTS budgets turned into fixed
iterations (reproducible and CPU-independent), seats swapped between games.

The default run checks what fits its time: each level's budget exceeds the level below's and
``hard`` keeps at least the iterations the long tests show beating greedy (so ``hard`` meaning
``mcts:3`` fails), and ``medium`` beats ``easy`` by name; test_level_positions.py shows each
search level above the one below on decisions whole games are too short to show. The long mark
plays ``hard`` against ``medium`` and ``expert`` against ``hard`` at their full budgets.
"""
import pytest

from game import registry
from game.bots import LEVELS
from game.bots.factory import SEARCHING, fixed_iterations, level_searches
from game.cli import Table
from game.cli.tournament import tournament

GAMES = {"octocube": {}, "cubitos": {"card_set": "race1"}, "otys": {}}
PER_MS = 1.0  # iterations a millisecond: about this machine's Octocube rate, on one core
HARD_MIN_ITERATIONS = 300  # below this the search did not beat greedy (docs/bots.md)


def iterations(level: str) -> int:
    """The level's search budget in iterations (0 for bots that do not search)."""
    spec = fixed_iterations(level, PER_MS)
    kind, _, budget = spec.partition(":")
    return int(budget.removesuffix("it")) if kind in SEARCHING or level_searches(kind) else 0


def win_rate(name: str, upper: str, lower: str, games: int) -> float:
    """``upper``'s share of the wins against ``lower`` (levels, at fixed iterations)."""
    specs = [fixed_iterations(level, PER_MS) for level in (upper, lower)]
    r = tournament(Table(registry.get(name), 2, specs, GAMES[name]), games, seed=40)
    assert r["errors"] == 0, r["error_messages"]
    return r["bots"][0]["win_rate"]


def test_fixed_iterations_follow_the_level_budget():
    assert fixed_iterations("hard", 0.5) == "hard:150it"
    assert fixed_iterations("mcts:3", 0.15) == "mcts:1it"
    assert fixed_iterations("mcts:200cpu", 1) == "mcts:200it"
    assert fixed_iterations("mcts:40it", 9) == "mcts:40it"
    assert fixed_iterations("medium", 1) == "greedy"


def test_each_level_searches_more_than_the_one_below():
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    assert fixed_iterations("easy", PER_MS) == "random" and fixed_iterations("medium", PER_MS) == "greedy"
    assert HARD_MIN_ITERATIONS <= iterations("hard") < iterations("expert")


@pytest.mark.parametrize("name, games", [("octocube", 4), ("cubitos", 4), ("otys", 2)])
def test_medium_beats_easy(name, games):
    assert win_rate(name, "medium", "easy", games) >= 0.75


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(GAMES))
def test_hard_beats_medium_long(name):
    assert win_rate(name, "hard", "medium", 12) > 0.5


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(GAMES))
def test_expert_beats_hard_long(name):
    assert win_rate(name, "expert", "hard", 8) > 0.5
