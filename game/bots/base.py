"""What every bot is, and how a finished game is shared out among the seats."""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from game.core import Action, GameRules, GameState, Rng


@runtime_checkable
class Bot(Protocol):
    """Chooses a move for whoever is to move in ``state``; never mutates ``state``."""

    def choose(self, state: GameState) -> Action: ...


def outcome(state: GameState) -> list[float]:
    """Final share of the win per seat: 1 for a sole winner, 1/k each for k tied winners."""
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(state.num_players)]


def expert_move(rules: GameRules, state: GameState, legal: list[Action], rng: Rng) -> Action | None:
    """The rules' optional ``expert_move`` hook for the seat to move: game knowledge that beats a
    bot's own judgement at a decision (Cubitos' push or pass from the exact bust chance), or None."""
    hook = getattr(rules, "expert_move", None)
    action = hook(state, state.current_player, rng) if hook else None
    if action is not None and action not in legal:
        raise ValueError(f"{rules.name}'s expert_move chose {action}, which is not legal here")
    return action
