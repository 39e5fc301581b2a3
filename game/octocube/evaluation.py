"""A position evaluation that knows Octocube: what the cube holds, majorities, coins, the end."""
from __future__ import annotations

from functools import lru_cache

from game.core import margins
from game.octocube import kids
from game.octocube.components import ABYSS_SUPPLY, TILE_OBJECT
from game.octocube.scoring import series_vp, tally, tally_with, totals_of
from game.octocube.state import OctocubeState

EMPTY_FACE_VALUE = 1.0  # a free face is worth about one more tile's contribution early on
URGENCY = 1.0  # at the end a lead counts up to twice: enough to outweigh an empty face's promise


def projected_totals(state: OctocubeState) -> list[float]:
    """Final totals if every cube were scored now, plus the promise of empty faces while time is left."""
    time_left = 0.0 if state.end_triggered else len(state.abyss_supply) / ABYSS_SUPPLY[state.num_players]
    tallies, vps, empties = [], [], []
    for f, c, v in zip(state.cube_faces, state.collected, state.vp):  # a loop beats comprehensions for 2-4
        tallied, gained, empty = _seat(tuple(f), tuple(c))
        tallies.append(tallied)
        vps.append(v + gained)
        empties.append(empty)
    return [float(t) + EMPTY_FACE_VALUE * time_left * e for t, e in zip(totals_of(tallies, vps), empties)]


@lru_cache(maxsize=8192)
def _seat(faces: tuple[int | None, ...], collected: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
    """A seat's tally with its cube's tiles, the VP for scoring them all, and its empty faces: cached per
    seat, as a search changes one seat at a time."""
    on_cube = [t for t in faces if t is not None]
    return tally_with(tally(collected), on_cube), series_vp(on_cube), 6 - len(on_cube)


def kids_progress(state: OctocubeState) -> list[float]:
    """Board spaces filled, plus those the cube's tiles would fill, and a little for coins."""
    out = []
    for p in range(state.num_players):
        on_cube = [t for t in state.cube_faces[p] if t is not None and TILE_OBJECT[t] >= 0]
        filled = sum(t is not None for t in state.kids_board[p])
        out.append(filled + 0.8 * len(kids.assign(state.kids_board[p], on_cube)) + 0.01 * len(state.collected[p]))
    return out


def seat_values(state: OctocubeState) -> list[float]:
    """What the evaluation compares: final scores once the game is over, else the projections."""
    if state.is_over:
        return state.scores()
    if state.variant == "kids":
        return kids_progress(state)
    return projected_totals(state)


def evaluate(state: OctocubeState, seat: int) -> float:
    """``seat``'s projected lead over the best other seat (final scores once the game is over)."""
    values = seat_values(state)
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - max(others)


def evaluate_all(state: OctocubeState) -> list[float]:
    """Every seat's :func:`evaluate` at once: the search scores every seat at each leaf, and the
    projections are made once instead of once per seat."""
    return margins(seat_values(state))


def urgency(state: OctocubeState, seat: int) -> float:
    """How much more a lead weighs as the end nears, in (0, URGENCY]: a one-ply bot multiplies
    its evaluation by one plus this, so a leader heads for the end it cannot see and a trailer
    holds it off (else two one-ply bots may pass and pivot forever)."""
    if state.variant == "kids":  # its evaluation already counts the boards that end it
        return 0.0
    return URGENCY / (1.0 + moves_to_end(state, seat))


def urgency_all(state: OctocubeState) -> list[float]:
    """Every seat's :func:`urgency` at once: the search weighs every seat at each leaf, and the
    route to the end (which stacks to empty) is the same for all of them."""
    if state.variant == "kids":
        return [0.0] * state.num_players
    route = _end_route(state)
    return [URGENCY / (1.0 + _moves_on(state, seat, route)) for seat in range(state.num_players)]


def moves_to_end(state: OctocubeState, seat: int) -> int:
    """Moves ``seat`` alone would need to lay the last Abyss tile: take every tile of the lowest
    stacks, leave each emptied space, and roll to the nearest of those stacks first."""
    return _moves_on(state, seat, _end_route(state))


def _end_route(state: OctocubeState) -> tuple[int, list[int]] | None:
    """The moves that empty enough of the lowest stacks to lay the last Abyss tile, and the cells
    of those stacks; None when there is nothing to head for (the end triggered, or a supply
    that cannot run out)."""
    if state.end_triggered:
        return None
    left = len(state.abyss_supply)
    stacks = state.stacks
    open_cells = [c for c, a in enumerate(state.abyss) if a is None]
    heights = sorted([len(stacks[c]) for c in open_cells])
    if not left or len(heights) < left:
        return None
    cutoff = heights[left - 1]
    return sum(heights[:left]) + left, [c for c in open_cells if len(stacks[c]) <= cutoff]


def _moves_on(state: OctocubeState, seat: int, route: tuple[int, list[int]] | None) -> int:
    """The route's moves for ``seat``: from its personal area one more (the placement), from the
    play area the roll to the nearest stack of the route (not the one it stands on, unless empty)."""
    if route is None:
        return 0
    steps, targets = route
    cell = state.cube_cell[seat]
    if cell is None:
        return steps + 1
    size, stacks = state.size, state.stacks
    row, col = divmod(cell, size)
    nearest = None
    for c in targets:
        if c == cell and stacks[c]:
            continue
        d = abs(c // size - row) + abs(c % size - col)
        if nearest is None or d < nearest:
            nearest = d
    return steps + (nearest or 0)
