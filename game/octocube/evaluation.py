"""A position evaluation that knows Octocube: what the cube holds, majorities, coins, the end."""
from __future__ import annotations

from game.octocube import kids
from game.octocube.components import ABYSS_SUPPLY, TILE_OBJECT
from game.octocube.scoring import final_totals, series_vp
from game.octocube.state import OctocubeState

EMPTY_FACE_VALUE = 1.0  # a free face is worth about one more tile's contribution early on


def projected_totals(state: OctocubeState) -> list[float]:
    """Final totals if every cube were scored now, plus the promise of empty faces while time is left."""
    on_cube = [[t for t in f if t is not None] for f in state.cube_faces]
    holdings = [state.collected[p] + on_cube[p] for p in range(state.num_players)]
    tokens = [state.vp[p] + series_vp(on_cube[p]) for p in range(state.num_players)]
    totals = [float(v) for v in final_totals(holdings, tokens)]
    time_left = 0.0 if state.end_triggered else len(state.abyss_supply) / ABYSS_SUPPLY[state.num_players]
    for p in range(state.num_players):
        totals[p] += EMPTY_FACE_VALUE * time_left * (6 - len(on_cube[p]))
    return totals


def kids_progress(state: OctocubeState) -> list[float]:
    """Board spaces filled, plus those the cube's tiles would fill, and a little for coins."""
    out = []
    for p in range(state.num_players):
        on_cube = [t for t in state.cube_faces[p] if t is not None and TILE_OBJECT[t] >= 0]
        filled = sum(t is not None for t in state.kids_board[p])
        out.append(filled + 0.8 * len(kids.assign(state.kids_board[p], on_cube)) + 0.01 * len(state.collected[p]))
    return out


def evaluate(state: OctocubeState, seat: int) -> float:
    """``seat``'s projected lead over the best other seat (final scores once the game is over)."""
    if state.is_over:
        values = state.scores()
    elif state.variant == "kids":
        values = kids_progress(state)
    else:
        values = projected_totals(state)
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - max(others)
