"""scripts/bench's network latency runs (the figures are the bench's, not a test's): both ways are
measured over a hosted and a joined seat on loopback."""
from __future__ import annotations

import pytest

from game.net.latency import measure


@pytest.mark.timeout(120)
def test_the_latency_of_a_move_is_measured_both_ways() -> None:
    out = measure("cubitos", moves=5)
    assert out["moves"] >= 5
    for way in ("host_to_joined_ms", "joined_to_host_ms"):
        assert set(out[way]) == {"median", "p95", "max"} and out[way]["median"] > 0
