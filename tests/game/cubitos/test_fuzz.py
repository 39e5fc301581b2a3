"""Random games over every named card set and the random set, checking the invariants after
every action (invariants.py): dice conserved, no negative counts, runners on real spaces,
to_dict/from_dict round trips, exact replays. The default suite plays a few hundred games;
``scripts/test --long`` plays thousands."""
import pytest

from game.cubitos import cards
from tests.game.cubitos.invariants import check, play_random, replay

SETS = [*cards.SETS, "random"]


def fuzz(seeds, checks: str) -> None:
    for seed in seeds:
        card_set, players = SETS[seed % len(SETS)], 2 + seed % 3
        final, actions = play_random(players, seed, card_set, checks)
        assert final.is_over, f"seed {seed} ({card_set}) did not finish"
        check(final)
        assert len(final.winners()) == 1
        if checks == "all":
            assert replay(players, seed, card_set, actions).to_dict() == final.to_dict()


@pytest.mark.parametrize("card_set", SETS)
def test_fully_checked_games_of_every_set(card_set):
    base = SETS.index(card_set)
    fuzz([base + len(SETS) * k for k in range(2)], "all")


@pytest.mark.parametrize("block", range(4))
def test_many_games_with_the_cheap_checks(block):
    fuzz(range(1000 + 44 * block, 1000 + 44 * (block + 1)), "cheap")


@pytest.mark.parametrize("block", range(6))
def test_many_more_games_checked_at_the_end(block):
    fuzz(range(5000 + 25 * block, 5000 + 25 * (block + 1)), "none")


@pytest.mark.long
@pytest.mark.parametrize("block", range(20))
def test_thousands_of_checked_games(block):
    fuzz(range(100_000 + 110 * block, 100_000 + 110 * (block + 1)), "cheap")


@pytest.mark.long
@pytest.mark.parametrize("block", range(10))
def test_round_trip_and_replay_in_hundreds_of_games(block):
    fuzz(range(200_000 + 22 * block, 200_000 + 22 * (block + 1)), "all")
