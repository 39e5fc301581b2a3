"""Strength in the default run: each level's bot beats the level below, with the timed MCTS
budgets turned into fixed iterations (reproducible and CPU-independent), seats swapped.

The iterations are the level's milliseconds times a small per-game rate, so the samples fit the
default run; a weaker ``hard`` (say ``mcts:3``) becomes a search of one or two iterations and
loses to greedy. The longer ``expert`` against ``hard`` runs under the long mark.
"""
import pytest

from game import registry
from game.bots import LEVELS
from game.bots.factory import fixed_iterations
from game.cli import Table
from game.cli.tournament import tournament

# game: (options, iterations per level millisecond, games per match-up)
GAMES = {
    "octocube": ({}, 0.15, 8),
    "cubitos": ({"card_set": "race1"}, 0.15, 8),
    "otys": ({}, 0.05, 4),
}


def win_rate(name: str, upper: str, lower: str, games: int | None = None, seed: int = 40) -> float:
    """``upper``'s share of the wins against ``lower`` (levels, at fixed iterations)."""
    options, per_ms, default_games = GAMES[name]
    specs = [fixed_iterations(level, per_ms) for level in (upper, lower)]
    r = tournament(Table(registry.get(name), 2, specs, options), games or default_games, seed=seed)
    assert r["errors"] == 0, r["error_messages"]
    return r["bots"][0]["win_rate"]


def test_levels_run_from_weakest_to_strongest():
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]


def test_fixed_iterations_follow_the_level_budget():
    assert fixed_iterations("hard", 0.5) == "mcts:150it"
    assert fixed_iterations("mcts:3", 0.15) == "mcts:1it"
    assert fixed_iterations("mcts:200cpu", 1) == "mcts:200it"
    assert fixed_iterations("mcts:40it", 9) == "mcts:40it"
    assert fixed_iterations("medium", 1) == "greedy"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hard_beats_medium(name):
    assert win_rate(name, "hard", "medium") > 0.5


@pytest.mark.parametrize("name", ["octocube", "cubitos"])
def test_medium_beats_easy(name):
    assert win_rate(name, "medium", "easy", games=4) >= 0.75


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(GAMES))
def test_expert_beats_hard_long(name):
    assert win_rate(name, "expert", "hard") > 0.5
