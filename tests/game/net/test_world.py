"""A seat's world rebuilt from its observation (game/net/world.py) is one the seat cannot tell from
the real game: at every position of random games of every game, variant and seat (a spectator too)
its observation is the one received, and at the seat's turn its legal actions are the host's."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game import registry
from game.net.codes import SPECTATORS
from game.net.world import world_from_observation


def _plain(x: Any) -> Any:
    return json.loads(json.dumps(x))


def _actions(state: Any) -> list[str]:
    return sorted(json.dumps(a.to_dict(), sort_keys=True) for a in state.legal_actions())


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", registry.shipped())
def test_a_world_rebuilt_from_an_observation_shows_and_allows_what_the_real_one_does(game: str) -> None:
    rules = registry.get(game)
    for g, variant in enumerate(rules.variants):
        rng = random.Random(g)
        players = 2 + g % 3
        state = rules.new_game(players=players, seed=g, variant=variant)
        for _ in range(150):
            if state.is_over:
                break
            for seat in [*range(players), SPECTATORS]:
                seen = _plain(state.observation(seat))
                world = world_from_observation(rules, seen)
                assert _plain(world.observation(seat)) == seen, (variant, seat)
                if seat == state.current_player:
                    assert _actions(world) == _actions(state), (variant, seat)
            state.apply(rng.choice(state.legal_actions()))


def test_a_damaged_observation_is_one_line() -> None:
    with pytest.raises(ValueError, match="not a otys position"):
        world_from_observation(registry.get("otys"), {"seat": 0, "table": {"public": []}})
