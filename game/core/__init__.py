"""The contract every game meets: state, actions, events, RNG, errors, the match."""
from game.core.action import Action, ActionCodec
from game.core.errors import IllegalAction, SaveError
from game.core.event import Event
from game.core.rng import Rng
from game.core.state import GameRules, GameState, margins

__all__ = ["Action", "ActionCodec", "Event", "GameRules", "GameState", "IllegalAction", "Rng", "SaveError", "margins"]
