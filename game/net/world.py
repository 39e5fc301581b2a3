"""A seat's table rebuilt from what it receives: a world whose every fact the seat can see is the
received observation's, the facts hidden from it filled with stand-ins (another seat's hand, a deck's
order, the tiles under a stack's top). A joined window draws and plays on it; it never learns more
than the observation said, and the host's match stays the only truth."""
from __future__ import annotations

import copy
from typing import Any

from game.core import GameRules, GameState, Rng


def world_from_observation(rules: GameRules, observation: dict[str, Any]) -> GameState:
    """The seat's world for ``observation`` (as ``state.observation(seat)`` gave it). A game whose
    observation hides more than the random-number state says how to fill it in its companion module
    ``seat_world`` (``world(observation) -> dict``: a ``to_dict`` without ``rng``); ValueError when
    the observation is not one of this game's."""
    builder = rules.companion("seat_world")
    try:
        d = copy.deepcopy(observation)
        if builder is not None:
            d = builder.world(d)
        d.pop("seat", None)
        d["rng"] = Rng(0).to_dict()  # not the game's: chance is the host's, and a seat never foresees it
        return rules.from_dict(d)
    except Exception as e:  # noqa: BLE001 - a damaged message is one line, whatever the game raised
        raise ValueError(f"not a {rules.name} position: {type(e).__name__} {e}") from None
