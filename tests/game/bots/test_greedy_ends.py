"""Greedy bots finish their games (issue 14): the rules allow endless passing, so a one-ply bot
that leads must head for an end it cannot see, or two of them may pass and pivot forever."""
import sys

import pytest

from game import registry
from game.cli import runner
from game.cli.tournament import seating
from game.octocube.evaluation import moves_to_end, urgency

QUICK_LIMIT = 1500  # far above a real game's length (the sweep's longest: docs/bots.md), far below 20,000


def lengths(game: str, players: int, variant: str, opponent: str, games: int, seed: int = 1) -> list[int]:
    """Actions in each of ``games`` games of greedy against ``opponent``, seated as a tournament
    seats them (game g is deal seed + g // players, seats rotated); a stall raises."""
    rules = registry.get(game)
    bots = ["greedy"] + [opponent] * (players - 1)
    return [runner.play(rules, seed + g // players, [bots[k] for k in seating(players, g)],
                        {"variant": variant}).actions for g in range(games)]


@pytest.fixture
def quick_limit(monkeypatch):
    monkeypatch.setattr(runner, "MAX_ACTIONS", QUICK_LIMIT)


def test_the_seed_26_greedy_game_ends(quick_limit):
    """Octocube 2p basic, seed 26: two greedy seats passed and pivoted forever from action 70 on."""
    result = runner.play(registry.get("octocube"), 26, ["greedy", "greedy"], {"variant": "basic"})
    assert result.winners and result.actions < QUICK_LIMIT


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["basic", "kids", "advanced"])
def test_greedy_octocube_games_end(quick_limit, variant, players):
    assert max(lengths("octocube", players, variant, "greedy", games=1, seed=26)) < QUICK_LIMIT


@pytest.mark.long
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["basic", "kids", "advanced"])
@pytest.mark.parametrize("opponent", ["greedy", "random"])
def test_greedy_octocube_sweep_ends(variant, players, opponent):
    assert len(lengths("octocube", players, variant, opponent, games=60)) == 60


def test_a_leader_counts_the_moves_to_the_end_and_values_them():
    rules = registry.get("octocube")
    state = rules.new_game(players=2, seed=26, variant="basic")
    start = moves_to_end(state, 0)
    assert start > len(state.abyss_supply) and urgency(state, 0) == pytest.approx(1.0 / (1 + start))
    state.end_triggered = True
    assert moves_to_end(state, 0) == 0 and urgency(state, 0) == 1.0
    assert urgency(rules.new_game(players=2, seed=26, variant="kids"), 0) == 0.0


if __name__ == "__main__":  # the sweep in docs/bots.md: ... test_greedy_ends GAME VARIANTS GAMES_VS_GREEDY GAMES_VS_RANDOM [SEED]
    game, variants, counts = sys.argv[1], sys.argv[2].split(","), dict(zip(("greedy", "random"), map(int, sys.argv[3:5])))
    first = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    for variant in variants:
        for players in (2, 3, 4):
            for opponent, games in counts.items():
                if games:
                    found = lengths(game, players, variant, opponent, games, first)
                    print(f"{game} {variant} {players}p greedy vs {opponent}: {len(found)} games, "
                          f"longest {max(found)} actions, mean {sum(found) / len(found):.0f}", flush=True)


def test_a_position_met_again_and_again_gets_a_move_not_yet_played_there():
    from game.bots.base import REPEATS, Repetitions
    from tests.game import toy
    state = toy.ToyRules().new_game(players=2, seed=1)
    legal, seen = state.legal_actions(), Repetitions()
    for _ in range(REPEATS):
        assert seen.allowed(state, legal) == legal
        seen.record(legal[0])
    assert seen.allowed(state, legal) == legal[1:]
    seen.record(legal[1])
    seen.record(legal[2])
    assert seen.allowed(state, legal) == legal  # every move tried: the slate is wiped


@pytest.mark.parametrize("spec", ["greedy", "mcts:20it"])
def test_without_the_urgency_hook_the_seed_26_game_still_ends(quick_limit, monkeypatch, spec):
    """The loop guard alone breaks the pass-and-pivot loop that urgency was added for."""
    from game.octocube.rules import OctocubeRules
    monkeypatch.delattr(OctocubeRules, "urgency")
    monkeypatch.delattr(OctocubeRules, "urgency_all")
    result = runner.play(registry.get("octocube"), 26, [spec, spec], {"variant": "basic"})
    assert result.winners and result.actions < QUICK_LIMIT
