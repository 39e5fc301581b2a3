"""Checks that hold after every Cubitos action; the fuzz tests run them."""
from __future__ import annotations

import json
import random

from game.cubitos import invariants
from game.cubitos.rules import RULES
from game.cubitos.state import CubitosState


def check(s: CubitosState, round_trip: bool = True) -> None:
    assert not invariants.problems(s), invariants.problems(s)
    acts = s.legal_actions()
    assert s.is_over or acts, "no legal action before the end"
    assert len(set(acts)) == len(acts), "duplicate actions"
    if round_trip:
        d = s.to_dict()
        again = RULES.from_dict(json.loads(json.dumps(d)))
        assert again.to_dict() == d
        assert again.legal_actions() == acts


def play_random(players: int, seed: int, card_set: str, checks: str = "all", max_actions: int = 200_000):
    """A uniformly random game; returns (final state, actions). ``checks``: "all", "cheap", "none"."""
    s = RULES.new_game(players=players, seed=seed, card_set=card_set)
    rng = random.Random(seed)
    actions = []
    while not s.is_over and len(actions) < max_actions:
        a = rng.choice(s.legal_actions())
        s.apply(a)
        actions.append(a)
        if checks != "none":
            check(s, round_trip=checks == "all")
    return s, actions


def replay(players: int, seed: int, card_set: str, actions) -> CubitosState:
    s = RULES.new_game(players=players, seed=seed, card_set=card_set)
    for a in actions:
        s.apply(RULES.action_from_dict(json.loads(json.dumps(a.to_dict()))))
    return s
