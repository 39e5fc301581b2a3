"""The phases of an Octocube turn: what the seat to move is asked, and what an action's effect returns.

Kept apart from ``state.py`` so that the legal moves, the moves' effects and the kids' steps can
name them without importing the state.
"""
from __future__ import annotations

from game.core import Event

MAIN, EXTRA_ROLL, POWER, RETRIEVE = "main", "extra_roll", "power", "retrieve"
BOARD, PILE, ORDER = "board", "pile", "order"  # kids Retrieve steps, the cube at home
PHASES = (MAIN, EXTRA_ROLL, POWER, RETRIEVE, BOARD, PILE, ORDER)
HOME_PHASES = (BOARD, PILE, ORDER)

Step = tuple[str, list[Event]]  # what an action's effect returns: the phase that follows, the events
