"""MCTS whose leaves are judged by a learned value (issue 41): ``learned:300``, ``learned:200it``.

The search is :class:`~game.bots.mcts.MctsBot`'s (the rules' ``expert_move``, the repetition
guard, the root seeding, the budgets), but a leaf's reward for each seat is the share of the
win the model gives it from the rules' ``features_all``, which is in [0, 1] already and needs
no squashing. The urgency weighing of the hand-written evaluation has no place on a probability:
the games that have it give the model the same figures (moves to the end, the lead near the end)
as features, and the model learns how much they weigh.
"""
from __future__ import annotations

from pathlib import Path

from game.bots.base import outcome
from game.bots.mcts import MctsBot, Node
from game.bots.value_model import ModelError, ValueModel, load
from game.bots.weights import FOR_LEVELS
from game.core import GameRules, GameState


class LearnedBot(MctsBot):
    """``model`` is the value to search with, or None for the weights shipped for the number of
    players of the first position the bot is asked about (a bot is made before it sees a game);
    ``path`` names a weights file to read instead of the shipped ones. With ``fallback`` (the
    levels a person picks) the shipped weights serve only where the levels are to use them
    (``game.bots.weights.FOR_LEVELS``), and elsewhere the search judges by the hand-written
    evaluation instead of failing: a level always plays."""

    name = "learned"

    def __init__(self, rules: GameRules, seat: int, seed: int, model: ValueModel | None = None,
                 path: Path | None = None, budget_ms: float = 500.0, iterations: int | None = None,
                 cpu_clock: bool = False, fallback: bool = False) -> None:
        super().__init__(rules, seat, seed, budget_ms=budget_ms, iterations=iterations, cpu_clock=cpu_clock)
        features = rules.features_all
        if features is None and not fallback:
            raise ValueError(f"{rules.name} gives no features for a learned evaluation")
        self._features = features
        self.model, self.path, self.fallback = model, path, fallback

    def search(self, state: GameState) -> Node:
        if self._features is not None and (self.model is None or self.model.players != state.num_players):
            self.model = None
            if self.path is not None or not self.fallback or (self.rules.name, state.num_players) in FOR_LEVELS:
                try:
                    self.model = model_for(self.rules, state.num_players, self.path)
                except ModelError:
                    if not self.fallback:
                        raise
        return super().search(state)

    def leaf_reward(self, world: GameState) -> list[float]:
        """Each seat's reward in [0, 1]: the result of a finished game, else the model's share
        (the hand-written evaluation's, squashed, where a level has no model)."""
        if self.model is None or self._features is None:
            return super().leaf_reward(world)
        if world.is_over:
            return outcome(world)
        return self.model.shares(self._features(world))


def model_for(rules: GameRules, players: int | None, path: Path | None = None) -> ValueModel:
    """The shipped weights of ``rules`` at ``players`` (or the file at ``path``, for any number of
    players when ``players`` is None); ModelError if there are none or they cannot serve."""
    if rules.features_all is None:
        raise ValueError(f"{rules.name} gives no features for a learned evaluation")
    return load(rules.name, players, rules.feature_names, path)
