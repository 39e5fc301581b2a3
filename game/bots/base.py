"""What every bot is, and how a finished game is shared out among the seats."""
from __future__ import annotations

import json

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
    hook = rules.expert_move
    action = hook(state, state.current_player, rng) if hook else None
    if action is not None and action not in legal:
        raise ValueError(f"{rules.name}'s expert_move chose {action}, which is not legal here")
    return action


REPEATS = 3  # moves a bot plays from one position before it must try one it has not played there


class Repetitions:
    """The moves a bot played from each position it met this game (as its seat sees them).

    The rules allow endless passing (Octocube), and two bots each waiting for the other to end
    the game would loop forever: Octocube ``hard`` and ``greedy`` passed for thousands of moves in
    two of 200 tournament games. From a position met ``REPEATS`` times a bot plays only moves it
    has not played there yet, as a person tries something else once a game goes round in circles.
    """

    __slots__ = ("played", "_key")

    def __init__(self) -> None:
        self.played: dict[str, list[Action]] = {}
        self._key = ""

    def allowed(self, state: GameState, legal: list[Action]) -> list[Action]:
        """The legal moves the bot may play now (all of them unless the position keeps coming back)."""
        self._key = json.dumps(state.observation(state.current_player), sort_keys=True, default=str)
        done = self.played.setdefault(self._key, [])
        if len(done) < REPEATS:
            return legal
        fresh = [a for a in legal if a not in done]
        if not fresh:
            done.clear()
            return legal
        return fresh

    def record(self, action: Action) -> Action:
        self.played[self._key].append(action)
        return action
