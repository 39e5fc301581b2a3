"""Why a bot's move is sensible, in a few words, for the demo's captions.

Each game's kit reads the move off a copy of the position played forward (once per move shown,
never in a bot's search), so a reason names what the move really gains.
"""
from __future__ import annotations

from typing import Callable

from game.core import Action, Event, GameState
from render.i18n import t

Reason = Callable[[GameState, Action], str]


def played(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """A copy of ``state`` after ``action``, and what the action did there."""
    after = state.clone()
    return after, after.apply(action)


def gain(state: GameState, after: GameState, seat: int) -> float:
    """How far ``seat``'s score moved with the move."""
    return after.scores()[seat] - state.scores()[seat]


def no_reason(state: GameState, action: Action) -> str:
    return ""


def demo_reason(reason: Reason, state: GameState, action: Action) -> str:
    """The game's reason for ``action``; a move with no alternative says so."""
    if len(state.legal_actions()) == 1:
        return t("hint.why.only")
    return reason(state, action)
