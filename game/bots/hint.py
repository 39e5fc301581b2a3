"""Hints: the move the strongest bot would make now, with a short reason."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.bots.learned import LearnedBot
from game.bots.mcts import best_child
from game.core import Action, GameRules, GameState


@dataclass(frozen=True)
class Hint:
    action: Action
    text: str  # the game's caption for the move (English, for the command line)
    reason: str  # why, in a few English words
    why: str = "search"  # the reason's kind for a screen to word: only, rule, search (or the game's own)
    why_args: dict[str, int] = field(default_factory=dict)  # its facts: share (percent) and visits for a search


def hint(state: GameState, rules: GameRules, budget_ms: float = 1000.0, seed: int = 0) -> Hint:
    """The move an expert-level search picks for the seat to move.

    The reason is the game's own (``rules.explain(state, action)`` when the rules provide it),
    else the search's view of the seat's chances after the move.
    """
    seat = state.current_player
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over: there is nothing to hint")
    bot = LearnedBot(rules, seat, seed, budget_ms=budget_ms, fallback=True)  # the expert level's search
    expert = bot.expert_move(state, legal) if len(legal) > 1 else None
    why_args: dict[str, int] = {}
    if len(legal) == 1:
        action, why, reason = legal[0], "only", "the only legal move"
    elif expert is not None:
        action, why, reason = expert, "rule", "what the game's rule of thumb says here"
    else:
        action, child = best_child(bot.search(state), legal)
        visits = child.visits if child is not None else 0  # a search too short to try this move: no odds
        why, why_args = "search", {"share": round(100.0 * child.reward / visits) if child and visits else 0, "visits": visits}
        reason = "expected share of the win {share}% over {visits} simulations".format(**why_args)
    explain = rules.explain
    game_reason = explain(state, action) if explain else None
    return Hint(action, rules.describe_action(state, action), game_reason or reason, why, why_args)

