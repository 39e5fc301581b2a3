"""Consistency of an Otys position, and the fuzzer's hooks (game.core.fuzz)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Action
from game.otys.data import CAPACITY, CONTRACTS, NEUTRAL_X, NEUTRAL_X_KEYS, OWN_X, REWARDS, STORE_ROWS

if TYPE_CHECKING:
    from game.otys.state import OtysState

RARE_KINDS = frozenset({"sponsor", "xkey", "upgrade", "take_reward", "draw", "keep", "copy", "improve",
                        "complete", "sell", "buy", "oxygen"})  # sponsors, contracts, the store
DIVERS = 8
CREW_MAX = 3  # the mechanic's and the hacker's highest position
TRACK_MAX = 5


def problems(s: "OtysState") -> list[str]:
    """What is wrong with ``s`` (empty when consistent): every key, contract and reward in one place,
    no resource over capacity or negative."""
    out: list[str] = []
    t = s.table
    in_play = s.key_token if s.stage in ("step1", "step2", "step3", "finish") else -1
    neutral = t.neutral_pile + (in_play == NEUTRAL_X)
    contracts = t.deck + [c for c in t.public if c >= 0] + t.contract_discard
    contracts += [c for top in s.pending if top[0] == "keep" for c in map(int, top[2:])]
    rewards = t.bag + t.reward_discard + [r for row in t.display for r in row if r >= 0]
    for i, p in enumerate(s.players):
        own = [k for k in p.track if k != NEUTRAL_X]
        if len(own) != len(set(own)) or len(p.track) > TRACK_MAX:
            out.append(f"seat {i}'s key track {p.track} is impossible")
        neutral += p.neutral_x + p.track.count(NEUTRAL_X)
        contracts += p.hand
        rewards += [r for r in p.rewards if r >= 0]
        for level, res in enumerate(p.res):
            if min(res) < 0 or sum(res) > CAPACITY[level]:
                out.append(f"seat {i}'s level {level} holds {res}")
        if min(p.credits, p.batteries, p.prestige, p.neutral_x) < 0:
            out.append(f"seat {i} has a negative count")
        if sorted(p.divers) != list(range(DIVERS)) or not (0 <= p.mechanic <= CREW_MAX and 0 <= p.hacker <= CREW_MAX):
            out.append(f"seat {i}'s divers or crew are misplaced")
    if neutral != NEUTRAL_X_KEYS:
        out.append(f"{neutral} neutral X keys, not {NEUTRAL_X_KEYS}")
    if sorted(contracts) != list(range(len(CONTRACTS))):
        out.append("a contract is lost or doubled")
    if sorted(rewards) != list(range(len(REWARDS))):
        out.append("a reward is lost or doubled")
    if len(t.store) != 4 or any(len(column) != STORE_ROWS for column in t.store):
        out.append("the store has the wrong shape")
    if sorted(t.sponsors) != list(range(5)):
        out.append("the sponsors are not the five")
    if in_play in range(1, OWN_X + 1) and in_play in s.players[s.turn].track:
        out.append("the key in play is also on its owner's track")
    return out


def is_rare(action: Action) -> bool:
    return action.kind in RARE_KINDS
