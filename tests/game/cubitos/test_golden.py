"""Golden playthroughs: seeded random games must play out exactly as they always have.

Speed work on the engine (caches, faster clones) must change no game: the same legal actions in
the same order, the same events and the same states. A digest of every step of a few seeded
games pins that down; a change here means saved games and bot results changed too.
"""
from __future__ import annotations

import hashlib
import json
import random

import pytest

from game.cubitos.rules import RULES

# (players, seed, card set) -> digest of every state, legal-action list and event of the game
GOLDEN = {
    (2, 11, "race1"): "50c76da4768b1c213fdb1ec4",
    (3, 12, "race5"): "21c6f35b9a4cf9032d54d5ac",
    (4, 13, "grand-finale"): "b32092eaa9c883764653aaee",
    (2, 14, "random"): "b227800587ff57ea03884a67",
}


def playthrough(players: int, seed: int, card_set: str) -> str:
    """Random play with a seeded chooser; the digest of everything seen on the way."""
    state, chooser, digest = RULES.new_game(players, seed, card_set=card_set), random.Random(seed), hashlib.sha256()
    while not state.is_over:
        actions = state.legal_actions()
        digest.update(json.dumps([state.to_dict(), [a.to_dict() for a in actions]], sort_keys=True).encode())
        events = state.apply(chooser.choice(actions))
        digest.update(json.dumps([[e.kind, e.text, e.data, e.reveal] for e in events], sort_keys=True).encode())
    digest.update(json.dumps([state.to_dict(), state.winners()], sort_keys=True).encode())
    return digest.hexdigest()[:24]


@pytest.mark.parametrize("game", list(GOLDEN))
def test_seeded_games_play_out_as_they_always_have(game: tuple[int, int, str]) -> None:
    assert playthrough(*game) == GOLDEN[game]
