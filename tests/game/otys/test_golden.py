"""Golden playthroughs: seeded random games must play out exactly as they always have.

The rules engine is tuned for speed (copy-on-write boards, memoised completions); these hashes,
taken before any tuning, pin every legal action list, event and position of a few games, so a
faster engine that plays a different game fails here.
"""
from __future__ import annotations

import hashlib
import json
import random

import pytest

from game.otys.rules import RULES

PLIES = 400
GOLDEN = {
    (2, "basic", False): "7385348c22825c7dfbfb627b013a8edb43679bf6bc61929cbe47ee2437a0adb6",
    (3, "advanced", True): "340a7efa8c84bf114d167e56e418af1b68ed2867e72349dbf3462a97846e61a3",
    (4, "random", False): "98f42a78a29cd5d0105fc8389b3814a4cbdcaf6f394f05c234c4a9ea05a5f138",
}


def playthrough(players: int, sponsors: str, spy_variant: bool) -> str:
    """A hash of every legal action list, event and position of one seeded random game."""
    state = RULES.new_game(players=players, seed=players, sponsors=sponsors, spy_variant=spy_variant)
    pick = random.Random(players)
    digest = hashlib.sha256()
    for _ in range(PLIES):
        if state.is_over:
            break
        legal = state.legal_actions()
        events = state.apply(pick.choice(legal))
        record = [[a.to_dict() for a in legal], [[e.kind, e.text, e.data, e.reveal] for e in events],
                  state.to_dict()]
        digest.update(json.dumps(record, sort_keys=True).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("setting", list(GOLDEN))
def test_seeded_games_play_out_as_they_always_have(setting: tuple[int, str, bool]) -> None:
    assert playthrough(*setting) == GOLDEN[setting]


def test_a_clone_shares_nothing_either_side_changes() -> None:
    """Boards and table are copied on write: changes by hand or by a move stay on their side."""
    state = RULES.new_game(players=3, seed=5, sponsors="advanced")
    pick = random.Random(5)
    for _ in range(60):
        state.apply(pick.choice(state.legal_actions()))
    before = state.to_dict()
    twin = state.clone()
    twin.players[0].res[0][0] += 1
    twin.table.bag.clear()
    twin.apply(twin.legal_actions()[-1])
    assert state.to_dict() == before
    after_twin = twin.to_dict()
    state.apply(state.legal_actions()[0])
    state.players[1].hand.append(0)
    state.table.public[0] = -1
    assert twin.to_dict() == after_twin
