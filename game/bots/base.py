"""What every bot is, and how a finished game is shared out among the seats."""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from game.core import Action, GameState


@runtime_checkable
class Bot(Protocol):
    """Chooses a move for whoever is to move in ``state``; never mutates ``state``."""

    def choose(self, state: GameState) -> Action: ...


def outcome(state: GameState) -> list[float]:
    """Final share of the win per seat: 1 for a sole winner, 1/k each for k tied winners."""
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(state.num_players)]
