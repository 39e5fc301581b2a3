"""The contract every game meets (issue 8): no RNG state in an observation, determinize keeps what
the seat sees, and every legal action prints differently; over random positions of every card
set, track and player count."""
import random

import pytest

from game.core import Rng
from game.cubitos import cards
from game.cubitos.board import track_names
from game.cubitos.rules import RULES

SETS = [*cards.SETS, "random"]


def positions(card_set: str, track: str | None, players: int, seed: int, every: int = 7):
    """Positions of one random game, one in ``every`` actions."""
    s = RULES.new_game(players=players, seed=seed, card_set=card_set, track=track)
    rng = random.Random(seed)
    k = 0
    while not s.is_over:
        if k % every == 0:
            yield s
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    yield s


def holds_rng(value) -> bool:
    if isinstance(value, dict):
        return "rng" in value or any(holds_rng(v) for v in value.values())
    if isinstance(value, list):
        return any(holds_rng(v) for v in value)
    return False


GAMES = [(card_set, None, 2 + k % 3) for k, card_set in enumerate(SETS)]
GAMES += [("random", track, 2 + k % 3) for k, track in enumerate(track_names())]


@pytest.mark.parametrize("card_set,track,players", GAMES)
def test_observation_hides_chance_and_actions_print_apart(card_set, track, players):
    for seed in range(2):
        for s in positions(card_set, track, players, seed + 31 * players):
            for seat in range(players):
                seen = s.observation(seat)
                assert not holds_rng(seen)
                for k in range(3):
                    assert s.determinize(seat, Rng(1000 * seed + k)).observation(seat) == seen
            acts = s.legal_actions()
            words = [str(a) for a in acts]
            assert len(set(words)) == len(words), sorted(w for w in words if words.count(w) > 1)
            captions = [RULES.describe_action(s, a) for a in acts]
            assert len(set(captions)) == len(captions)
