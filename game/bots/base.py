"""What every bot is, and the sampling helper all searching bots share."""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from game.core import Action, GameState, Rng


@runtime_checkable
class Bot(Protocol):
    """Chooses a move for whoever is to move in ``state``; never mutates ``state``."""

    def choose(self, state: GameState) -> Action: ...


def sample(state: GameState, seat: int, rng: Rng) -> GameState:
    """One world ``seat`` cannot tell apart from ``state``, with chance re-seeded from ``rng``.

    A game that keeps :meth:`GameState.determinize`'s default returns a plain clone whose RNG
    would foretell the real dice; here every :class:`Rng` the clone holds is re-seeded so a bot
    never learns future chance, whatever the game.
    """
    world = state.determinize(seat, rng)
    if type(state).determinize is GameState.determinize:
        slots = getattr(world, "__dict__", {})
        for value in slots.values():
            if isinstance(value, Rng):
                value.state = rng.next_u64()
    return world


def outcome(state: GameState) -> list[float]:
    """Final share of the win per seat: 1 for a sole winner, 1/k each for k tied winners."""
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(state.num_players)]
