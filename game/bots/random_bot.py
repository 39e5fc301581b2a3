"""The random bot: any legal move, from its own seeded generator."""
from __future__ import annotations

from game.core import Action, GameRules, GameState, Rng


class RandomBot:
    name = "random"

    def __init__(self, rules: GameRules, seat: int, seed: int) -> None:
        self.rules, self.seat, self.rng = rules, seat, Rng(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(state.legal_actions())
