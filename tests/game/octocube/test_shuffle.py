"""The lane-packed shuffle draws what the game's Rng draws, for every size a re-deal can need."""
import pytest

from game.core import Rng
from game.octocube.state import shuffle

EDGE_SEEDS = [0, 1, 2**63, 2**64 - 1, 2**64 - 0x9E3779B97F4A7C15, 0x123456789ABCDEF]  # wrap-arounds


@pytest.mark.parametrize("n", [*range(12), 30, 59, 60, 61, 83, 84, 200])
def test_lane_shuffle_matches_rng_shuffle(n: int) -> None:
    for seed in [*EDGE_SEEDS, *range(20)]:
        a, b = [f"t{i}" for i in range(n)], [f"t{i}" for i in range(n)]
        ra, rb = Rng(seed), Rng(seed)
        ra.shuffle(a)
        shuffle(rb, b)
        assert a == b and ra.state == rb.state, seed
