"""What a learned evaluation reads of a Cubitos position, each seat from its own point of view.

Nothing in Cubitos is hidden but the dice still to be rolled (rulings: "hidden information"),
so every seat may read the whole table; the figures are the parts of the hand-written
projection (``evaluation.py``) kept apart, so that the model weighs each of them itself.
"""
from __future__ import annotations

from game.cubitos.evaluation import HORIZON, MIN_SPEED, Seat, money_value, tables
from game.cubitos.state import CubitosState

NAMES = (
    "projection",  # where the hand-written evaluation expects the runner when the race ends
    "lead",  # the projection minus the best other seat's
    "progress",  # steps run so far
    "progress_lead",  # progress minus the best other seat's
    "this_round",  # movement held and what the active dice and the push option still bring
    "money",  # what money and credits bring: steps, dice bought, credits kept
    "speed",  # steps a round the seat's dice bring
    "to_go",  # steps left to the finish after this round's movement
    "lead_late",  # the lead times how far the leading runner has come: a lead counts more near the end
    "to_move",  # 1 for the seat that decides now
)


def features_all(state: CubitosState) -> list[list[float]]:
    """One row of :data:`NAMES` per seat."""
    n = state.num_players
    lead_line = max(state.line_index(q) for q in range(n))
    table, sale = tables(state)
    seats = [Seat(state, q, lead_line, table) for q in range(n)]
    rounds = HORIZON * max(0.0, min(s.remaining() / max(MIN_SPEED, s.speed) for s in seats))
    money = [money_value(state, q, s, rounds, sale) for q, s in enumerate(seats)]
    values = [s.progress + s.held + s.now + m + rounds * s.speed for s, m in zip(seats, money)]
    finish = max(1.0, float(seats[0].finish))
    late = max(s.progress for s in seats) / finish
    rows = []
    for q, s in enumerate(seats):
        lead = values[q] - max(v for i, v in enumerate(values) if i != q)
        ahead = s.progress - max(o.progress for i, o in enumerate(seats) if i != q)
        rows.append([values[q], lead, float(s.progress), float(ahead), float(s.held + s.now), money[q], s.speed,
                     float(s.remaining()), lead * late, float(state.current_player == q)])
    return rows
