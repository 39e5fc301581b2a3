"""What each seat may see (issue 8 items 2, 3) and the observation contract over random positions."""
import json
import random

import pytest

from game.core import Rng
from game.octocube.actions import Place, Score
from game.octocube.rules import RULES
from tests.game.octocube.positions import cube_at, game


def _random_position(variant: str, players: int, seed: int) -> "object":
    s = RULES.new_game(players=players, seed=seed, variant=variant)
    r = random.Random(seed)
    for _ in range(r.randrange(120)):
        if s.is_over:
            break
        s.apply(r.choice(s.legal_actions()))
    return s


def test_the_tile_under_a_cube_shows_only_in_the_stack_height():
    s = game(2, "basic", seed=3)
    cell = 0
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Place) and a.cell == cell))
    assert s.cube_cell[s.first_player] == cell and len(s.stacks[cell]) == 4
    obs = s.observation(1 - s.first_player)
    assert obs["stacks"][cell] == {"height": 4, "top": None}
    for seed in range(5):  # the tile under the cube is re-dealt like any unseen tile
        d = s.determinize(1 - s.first_player, Rng(seed))
        if d.stacks[cell][-1] != s.stacks[cell][-1]:
            break
    else:
        pytest.fail("determinize always kept the tile under the cube")


def test_the_top_shows_again_when_the_cube_leaves():
    s = game(2, "basic", seed=3)
    cube_at(s, 0, 5)
    assert s.observation(1)["stacks"][5]["top"] is None
    s.apply(Score(()))
    assert s.observation(1)["stacks"][5]["top"] == s.stacks[5][-1]


def test_every_vp_total_is_public_once_the_game_is_over():
    s, r = game(3, "basic", seed=4), random.Random(4)
    while not s.is_over:
        acts = s.legal_actions()
        scores = [a for a in acts if isinstance(a, Score) and a.faces]
        s.apply(r.choice(scores or acts))
    assert s.observation(0)["vp"] == s.vp


CASES = [(v, n, seed) for v in ("basic", "kids", "advanced") for n in (2, 3, 4) for seed in range(6)]


@pytest.mark.parametrize("variant, players, seed", CASES)
def test_observation_contract(variant, players, seed):
    """No RNG state, determinize keeps every observation, legal actions print and read apart."""
    s = _random_position(variant, players, seed)
    for seat in range(players):
        obs = s.observation(seat)
        assert "rng" not in json.dumps(obs)
        for k in range(3):
            assert s.determinize(seat, Rng(100 * seed + k)).observation(seat) == obs
    legal = s.legal_actions()
    assert len({str(a) for a in legal}) == len(legal)
    assert len({RULES.describe_action(s, a) for a in legal}) == len(legal)
