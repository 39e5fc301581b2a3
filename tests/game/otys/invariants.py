"""Checks that hold after every Otys action, shared by the fuzz tests."""
from __future__ import annotations

import json
import random

from game.otys.data import CAPACITY, CONTRACTS, NEUTRAL_X, NEUTRAL_X_KEYS, OWN_X, REWARDS, STORE_ROWS
from game.otys.rules import RULES
from game.otys.state import OtysState


def check(s: OtysState, legal: list | None = None) -> None:
    """The invariants of ``s``; ``legal`` is its legal actions when the caller has them already."""
    t = s.table
    in_play = s.key_token if s.stage in ("step1", "step2", "step3", "finish") else -1
    neutral = t.neutral_pile + (in_play == NEUTRAL_X)
    contracts = t.deck + [c for c in t.public if c >= 0] + t.contract_discard
    contracts += [c for top in s.pending if top[0] == "keep" for c in top[2:]]
    rewards = t.bag + t.reward_discard + [r for row in t.display for r in row if r >= 0]
    for p in s.players:
        own = [k for k in p.track if k != NEUTRAL_X]
        assert len(own) == len(set(own)), p.track
        assert len(p.track) <= 5
        neutral += p.neutral_x + p.track.count(NEUTRAL_X)
        contracts += p.hand
        rewards += [r for r in p.rewards if r >= 0]
        for level, res in enumerate(p.res):
            assert min(res) >= 0 and sum(res) <= CAPACITY[level], (level, res)
        assert min(p.credits, p.batteries, p.prestige, p.neutral_x) >= 0
        assert sorted(p.divers) == list(range(8)) and 0 <= p.mechanic <= 3 and 0 <= p.hacker <= 3
    assert neutral == NEUTRAL_X_KEYS
    assert sorted(contracts) == list(range(len(CONTRACTS)))
    assert sorted(rewards) == list(range(len(REWARDS)))
    assert len(t.store) == 4 and all(len(column) == STORE_ROWS for column in t.store)
    assert sorted(t.sponsors) == list(range(5))
    legal = s.legal_actions() if legal is None else legal
    assert len(set(legal)) == len(legal)
    assert bool(legal) != s.is_over
    if in_play in range(1, OWN_X + 1):
        assert in_play not in s.players[s.turn].track


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
