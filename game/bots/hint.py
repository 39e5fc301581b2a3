"""Hints: the move the strongest bot would make now, with a short reason."""
from __future__ import annotations

from dataclasses import dataclass

from game.bots.mcts import MctsBot, Node, best_child
from game.core import Action, GameRules, GameState


@dataclass(frozen=True)
class Hint:
    action: Action
    text: str  # the game's caption for the move
    reason: str  # why, in a few words


def hint(state: GameState, rules: GameRules, budget_ms: float = 1000.0, seed: int = 0) -> Hint:
    """The move an expert-level search picks for the seat to move.

    The reason is the game's own (``rules.explain(state, action)`` when the rules provide it),
    else the search's view of the seat's chances after the move.
    """
    seat = state.current_player
    legal = state.legal_actions()
    if not legal:
        raise ValueError("the game is over: there is nothing to hint")
    bot = MctsBot(rules, seat, seed, budget_ms=budget_ms)
    expert = bot.expert_move(state, legal) if len(legal) > 1 else None
    if len(legal) == 1:
        action, reason = legal[0], "the only legal move"
    elif expert is not None:
        action, reason = expert, "what the game's rule of thumb says here"
    else:
        action, child = best_child(bot.search(state), legal)
        reason = _search_reason(child)
    explain = getattr(rules, "explain", None)
    game_reason = explain(state, action) if explain else None
    return Hint(action, rules.describe_action(state, action), game_reason or reason)


def _search_reason(child: Node) -> str:
    share = 100.0 * child.reward / child.visits
    return f"expected share of the win {share:.0f}% over {child.visits} simulations"

