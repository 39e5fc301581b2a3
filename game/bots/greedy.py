"""The greedy bot: the move whose result the game's own evaluation likes best, one ply deep.

Moves that resolve chance (a die, a draw) are scored as the mean over a few sampled worlds, so
the bot never peeks at the real dice; ties are broken by the bot's own generator.

Optional rules hook: ``expert_move(state, seat, rng)`` (see mcts.py), game knowledge one ply lacks
(Cubitos: push or pass from the exact bust chance, a move planned to its end); greedy plays it
as the search does.

Optional rules hook: ``urgency(state, seat) -> float`` (>= 0), how much more the evaluation
weighs as the end nears. One ply cannot see an end several moves away: without it, a leader that
loses a little by moving and a trailer that cannot gain may both wait forever.
"""
from __future__ import annotations

from game.bots.base import Repetitions, expert_move, outcome
from game.core import Action, GameRules, GameState, Rng

CHANCE_SAMPLES = 6
WIN_BONUS = 1e6  # a finished game outweighs any evaluation


def value_after(rules: GameRules, world: GameState, seat: int) -> float:
    """The evaluation of ``world`` for ``seat``: a finished game's result on top, else weighed by the
    game's urgency."""
    value = rules.evaluate(world, seat)
    if world.is_over:
        return value + WIN_BONUS * (2 * outcome(world)[seat] - 1)
    urgency = rules.urgency
    return value * (1.0 + urgency(world, seat)) if urgency else value


def action_value(rules: GameRules, state: GameState, world: GameState, action: Action, seat: int,
                 rng: Rng, samples: int = CHANCE_SAMPLES) -> float:
    """The value of playing ``action`` in a clone of the sampled ``world``; averaged over more
    sampled worlds when it resolves chance. Every action first meets the same world, so
    comparisons between them are not blurred by luck."""
    world = world.clone()
    events = world.apply(action)
    value = value_after(rules, world, seat)
    if not any(e.reveal for e in events):
        return value
    for _ in range(samples - 1):
        world = state.determinize(seat, rng)
        world.apply(action)
        value += value_after(rules, world, seat)
    return value / samples


def best_actions(rules: GameRules, state: GameState, seat: int, rng: Rng,
                 legal: list[Action] | None = None) -> tuple[list[Action], float]:
    """Every legal action (of ``legal``, default all) sharing the best one-ply value, and that value."""
    best: list[Action] = []
    best_value = float("-inf")
    world = state.determinize(seat, rng)
    for action in state.legal_actions() if legal is None else legal:
        value = action_value(rules, state, world, action, seat, rng)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best, best_value


class GreedyBot:
    name = "greedy"

    def __init__(self, rules: GameRules, seat: int, seed: int) -> None:
        self.rules, self.seat, self.rng = rules, seat, Rng(seed)
        self.repetitions = Repetitions()

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        allowed = self.repetitions.allowed(state, legal)
        expert = expert_move(self.rules, state, legal, self.rng)
        if expert is not None and expert in allowed:
            return self.repetitions.record(expert)
        best, _ = best_actions(self.rules, state, state.current_player, self.rng,
                               None if allowed is legal else allowed)
        return self.repetitions.record(self.rng.choice(best))
