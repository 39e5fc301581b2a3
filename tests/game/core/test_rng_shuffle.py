"""Rng.shuffle draws its numbers at once, yet shuffles exactly as one ``randrange`` a place would:
seeded games, saves and replays made before stay the same."""
import pytest

from game.core import Rng

EDGE_SEEDS = [0, 1, 2**63, 2**64 - 1, 2**64 - 0x9E3779B97F4A7C15, 0x123456789ABCDEF]  # wrap-arounds


def one_at_a_time(rng: Rng, seq: list) -> None:
    """Fisher-Yates as the generator has always shuffled: the last place first."""
    for i in range(len(seq) - 1, 0, -1):
        j = rng.randrange(i + 1)
        seq[i], seq[j] = seq[j], seq[i]


@pytest.mark.parametrize("n", [*range(12), 30, 59, 60, 61, 83, 84, 200])
def test_shuffle_draws_as_one_randrange_a_place(n: int) -> None:
    for seed in [*EDGE_SEEDS, *range(20)]:
        a, b = [f"t{i}" for i in range(n)], [f"t{i}" for i in range(n)]
        ra, rb = Rng(seed), Rng(seed)
        ra.shuffle(a)
        one_at_a_time(rb, b)
        assert a == b and ra.state == rb.state, seed


def test_a_subclass_changing_randrange_is_asked_each_number() -> None:
    class Last(Rng):
        def randrange(self, n: int) -> int:
            return n - 1  # every place keeps its item

    items = list(range(9))
    Last(5).shuffle(items)
    assert items == list(range(9))
