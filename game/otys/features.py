"""What a learned evaluation reads of an Otys position, each seat from its own point of view.

A seat sees its own hand but only the number of contracts in another's (``observation``), so
the others are judged by their boards and the public contracts alone, and each seat's own row
adds what its hand promises apart: two worlds that differ only in the others' hands, the deck or
the bag (which ``determinize`` re-deals) give a seat the same features.
"""
from __future__ import annotations

from game.otys.data import GOAL
from game.otys.evaluate import value
from game.otys.state import OtysState

NAMES = (
    "prestige",  # prestige scored
    "prestige_lead",  # prestige minus the best other seat's
    "board",  # the hand-written value without the hand: prestige, the board, the purse, public contracts
    "board_lead",  # the board value minus the best other seat's
    "hand_promise",  # what the seat's own hand adds to its value
    "hand_size",  # contracts in hand
    "lead_late",  # the board lead times the leader's share of the goal: a lead counts more near the end
    "to_move",  # 1 for the seat that decides now
)


def features_all(state: OtysState) -> list[list[float]]:
    """One row of :data:`NAMES` per seat."""
    n = state.num_players
    players = state._players
    boards = [value(state, seat, ()) for seat in range(n)]
    prestige = [p.prestige for p in players]
    late = min(1.0, max(prestige) / GOAL)
    rows = []
    for seat, p in enumerate(players):
        lead = boards[seat] - max(v for i, v in enumerate(boards) if i != seat)
        ahead = prestige[seat] - max(v for i, v in enumerate(prestige) if i != seat)
        rows.append([float(prestige[seat]), float(ahead), boards[seat], lead, value(state, seat) - boards[seat],
                     float(len(p.hand)), lead * late, float(state.current_player == seat)])
    return rows
