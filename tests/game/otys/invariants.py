"""Checks that hold after every Otys action, shared by the fuzz tests."""
from __future__ import annotations

import json
import random

from game.otys import invariants
from game.otys.rules import RULES
from game.otys.state import OtysState


def check(s: OtysState, legal: list | None = None) -> None:
    """The invariants of ``s``; ``legal`` is its legal actions when the caller has them already."""
    assert not invariants.problems(s), invariants.problems(s)
    legal = s.legal_actions() if legal is None else legal
    assert len(set(legal)) == len(legal)
    assert bool(legal) != s.is_over


def round_trip(s: OtysState) -> None:
    back = RULES.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.to_dict() == s.to_dict()
    assert back.legal_actions() == s.legal_actions()


def random_game(seed: int, players: int, sponsors: str, spy_variant: bool = False, every: int = 1,
                trip_every: int = 7) -> tuple[OtysState, list]:
    """Play a random game checking the invariants; returns the end state and the actions."""
    s = RULES.new_game(players=players, seed=seed, sponsors=sponsors, spy_variant=spy_variant)
    r = random.Random(seed)
    history = []
    legal = s.legal_actions()
    check(s, legal)
    while not s.is_over:
        a = r.choice(legal)
        events = s.apply(a)
        history.append(a)
        json.dumps([e.data for e in events])  # a view gets plain data
        assert all(e.text and e.kind for e in events)
        legal = s.legal_actions()
        if len(history) % every == 0:
            check(s, legal)
        if len(history) % trip_every == 0:
            round_trip(s)
        assert len(history) < 20000, "game does not end"
    check(s)
    round_trip(s)
    return s, history
