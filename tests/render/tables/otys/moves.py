"""Reaching a position where a wanted kind of move is legal, for the Otys table tests."""
from __future__ import annotations

import random


def until(state, wanted, seed=1, limit=3000):
    """Play random moves on ``state`` until a legal action satisfies ``wanted``; return it."""
    rng = random.Random(seed)
    for _ in range(limit):
        found = [a for a in state.legal_actions() if wanted(a)]
        if found:
            return found[0]
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("never legal")
