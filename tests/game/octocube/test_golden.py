"""Golden playthroughs: seeded games must play out byte for byte as they did before the engine
was tuned for speed (same legal actions in the same order, same events, same states)."""
import hashlib
import json

import pytest

from game.bots.factory import make_bot
from game.core import Rng
from game.octocube.rules import RULES

# sha256 prefixes recorded on the engine before the speed work (commit fc61384).
GOLDEN = {
    ("basic", 2): "2d407361e75ed615", ("basic", 3): "69ab27c4773e4157", ("basic", 4): "7ee2d48096f74daa",
    ("kids", 2): "3d9b41c89a9368e0", ("kids", 3): "84530076c714f3b7", ("kids", 4): "016bf61a1ba1c121",
    ("advanced", 2): "0a5c640ccd5660cc", ("advanced", 3): "8a2a92564813f9ea", ("advanced", 4): "7850ac8bb996e59e",
}
BOTS = {"greedy": "c9441469bc4e3bb3", "mcts:30it": "bf4c8264430da696"}


def _feed(h: "hashlib._Hash", value: object) -> None:
    h.update(json.dumps(value, sort_keys=True).encode())


def playthrough(variant: str, players: int) -> str:
    """Two seeded random games: every legal list, event and state, and a determinized world."""
    h = hashlib.sha256()
    for seed in (3, 4):
        s = RULES.new_game(players=players, seed=seed, variant=variant)
        r = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            _feed(h, [a.to_dict() for a in legal])
            _feed(h, s.determinize(s.current_player, Rng(len(legal))).to_dict())
            _feed(h, [RULES.evaluate(s, p) for p in range(players)])
            _feed(h, [(e.kind, e.text, e.data, e.reveal) for e in s.apply(r.choice(legal))])
            _feed(h, s.to_dict())
    return h.hexdigest()[:16]


def bot_game(spec: str) -> str:
    """A few seeded bot moves in every variant."""
    h = hashlib.sha256()
    for variant in RULES.variants:
        s = RULES.new_game(players=3, seed=5, variant=variant)
        bots = [make_bot(spec, RULES, p, seed=p) for p in range(3)]
        r = Rng(6)
        for _ in range(3):
            _feed(h, [(e.kind, e.text, e.data) for e in s.apply(bots[s.current_player].choose(s))])
            for _ in range(4):
                s.apply(r.choice(s.legal_actions()))
            _feed(h, s.to_dict())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("variant,players", list(GOLDEN))
def test_random_games_play_out_as_before(variant: str, players: int) -> None:
    assert playthrough(variant, players) == GOLDEN[variant, players]


@pytest.mark.parametrize("spec", list(BOTS))
def test_bots_choose_as_before(spec: str) -> None:
    assert bot_game(spec) == BOTS[spec]
