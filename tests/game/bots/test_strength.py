"""Bots against each other on the real games, seats rotated: greedy must clearly beat random.

The full tournaments (mcts against greedy and game bots) are measured by `python -m game
tournament` and written in docs/bots.md; the long mark runs a larger sample here.
"""
import pytest

from game import registry
from game.cli import Table
from game.cli.tournament import tournament

GAMES = {"octocube": {}, "cubitos": {"card_set": "race1"}, "otys": {}}


def win_rate(name, specs, games, options):
    r = tournament(Table(registry.get(name), len(specs), list(specs), options), games, seed=40)
    assert r["errors"] == 0, r["error_messages"]
    return r["bots"][0]["win_rate"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_greedy_beats_random(name):
    assert win_rate(name, ["greedy", "random"], 6, GAMES[name]) >= 5 / 6


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(GAMES))
def test_greedy_beats_random_long(name):
    assert win_rate(name, ["greedy", "random"], 40, GAMES[name]) >= 0.8


@pytest.mark.long
def test_mcts_beats_greedy_on_octocube_long():
    assert win_rate("octocube", ["mcts:200cpu", "greedy"], 20, {}) > 0.5
