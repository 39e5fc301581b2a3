"""What the Octocube seat to move may do: the legal actions of each phase, and the check ``apply``
makes of one action without building that list.

Functions of the state, as the kids' steps and the powers are: ``state.py`` keeps the position
and asks these. The actions are shared objects, made once, so a legal list is cheap to build.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.core import Action
from game.octocube import kids, powers
from game.octocube.actions import Decline, Pass, Pivot, Place, Power, Retrieve, Roll, Score
from game.octocube.components import DIRECTIONS, GRID_SIZE
from game.octocube.geometry import (
    DESTINATIONS, PIVOTS, ROTATIONS, distinct_orientations, distinct_pivots, distinct_subsets, faces_pattern, grid,
    subsets,
)
from game.octocube.phases import BOARD, EXTRA_ROLL, MAIN, ORDER, PILE, POWER, RETRIEVE

if TYPE_CHECKING:
    from game.octocube.state import OctocubeState


def compute(state: OctocubeState) -> Sequence[Action]:
    """The legal actions of ``state`` (not over), remembering the faces pattern they were built from."""
    p, phase = state.turn, state.phase
    cell = state.cube_cell[p]
    state._legal_pattern = None
    if phase in _KIDS_STEPS:
        return _KIDS_STEPS[phase](state, p)
    if phase == POWER:
        assert cell is not None, "a power follows a roll: the cube is on the table"
        tile = state.abyss[cell]
        assert tile is not None, "a power is offered on an Abyss tile"
        return [*powers.actions_for(state, p, cell, tile), _DECLINE]
    if cell is None:
        pat = state._legal_pattern = faces_pattern(tuple(state.cube_faces[p]))
        return _placements(state.size, state.cube_cell, pat)
    occupied = state.cube_cell
    acts: list[Action] = []
    for roll, n in _ROLL_TARGETS[state.size][cell]:  # a loop: cheaper than a comprehension for four
        if n not in occupied:
            acts.append(roll)
    if phase == EXTRA_ROLL:
        acts.append(_DECLINE)
    elif state.variant == "kids":
        acts.append(_RETRIEVE)
    else:
        pat = state._legal_pattern = faces_pattern(tuple(state.cube_faces[p]))
        acts += _turns_and_scores(pat)
        if state.variant == "advanced":
            acts += powers.adjacent_actions(state, p, cell)
    return acts


def _allows_place(state: OctocubeState, action: Place) -> bool:
    return (state.phase == MAIN and state.cube_cell[state.turn] is None and action.cell in _EDGES[state.size]
            and action.cell not in state.cube_cell and action.orientation in distinct_orientations(_pattern(state)))


def _allows_roll(state: OctocubeState, action: Roll) -> bool:
    cell = state.cube_cell[state.turn]
    if cell is None or state.phase not in (MAIN, EXTRA_ROLL):
        return False
    dst = DESTINATIONS[state.size][cell].get(action.direction)
    return dst is not None and dst not in state.cube_cell


def _allows_decline(state: OctocubeState, action: Decline) -> bool:
    return state.cube_cell[state.turn] is not None and state.phase in (EXTRA_ROLL, POWER)


def _allows_retrieve(state: OctocubeState, action: Retrieve) -> bool:
    return state.cube_cell[state.turn] is not None and state.variant == "kids" and state.phase in (MAIN, RETRIEVE)


def _allows_power(state: OctocubeState, action: Power) -> bool:
    p, phase = state.turn, state.phase
    return (state.cube_cell[p] is not None and phase in (MAIN, POWER) and state.variant == "advanced"
            and powers.allows(state, p, action, phase == POWER))


def _may_turn(state: OctocubeState) -> bool:
    """Whether the seat to move may pivot, score or pass: its cube on the table, the main phase, not kids."""
    return state.phase == MAIN and state.cube_cell[state.turn] is not None and state.variant != "kids"


def _allows_pivot(state: OctocubeState, action: Pivot) -> bool:
    return _may_turn(state) and action.quarter_turns in distinct_pivots(_pattern(state))


def _allows_score(state: OctocubeState, action: Score) -> bool:
    return _may_turn(state) and action.faces in _score_set(_pattern(state))


def _allows_pass(state: OctocubeState, action: Pass) -> bool:
    return _may_turn(state)


def _pattern(state: OctocubeState) -> tuple[int, ...]:
    """Which faces of the cube to move hold alike tiles: what its distinct moves depend on.

    The legal list's own while it stands (apply's check follows legal_actions, as a rule)."""
    if state._legal is not None and state._legal_pattern is not None:
        return state._legal_pattern
    return faces_pattern(tuple(state.cube_faces[state.turn]))


# Shared action objects: legal_actions builds lists of these instead of new objects.
_PLACES = [[Place(c, o) for o in range(len(ROTATIONS))] for c in range(max(GRID_SIZE.values()) ** 2)]
_ROLLS = [Roll(d) for d in range(len(DIRECTIONS))]
_RETRIEVE, _DECLINE, _PASS = Retrieve(), Decline(), Pass()
_PIVOT_ACTIONS = {q: Pivot(q) for q in range(1, len(PIVOTS) + 1)}
_SCORES = {f: Score(f) for f in subsets(tuple(range(6)))}  # every subset, faces rising as distinct_subsets has them
_KIDS_STEPS: dict[str, Callable[[OctocubeState, int], Sequence[Action]]] = {
    RETRIEVE: lambda s, p: [_RETRIEVE], BOARD: kids.board_actions, PILE: kids.pile_actions, ORDER: kids.stack_actions,
}


def _placements(size: int, blocked: list[int | None], pat: tuple[int, ...]) -> Sequence[Action]:
    """The Places of a cube whose faces follow ``pat`` onto the edge spaces no cube in ``blocked`` holds."""
    every = _every_place(size, pat)
    edges = _EDGES[size]
    if edges.isdisjoint(blocked):
        return every
    # Cut the blocked spaces' runs out of the list: each edge space has one run, as long as any other.
    run = len(every) // len(edges)
    out: list[Action] = []
    start = 0
    for i in sorted({_EDGE_INDEX[size][c] for c in blocked if c in edges}):
        out += every[start:i * run]
        start = (i + 1) * run
    out += every[start:]
    return out


@lru_cache(maxsize=4096)
def _every_place(size: int, pat: tuple[int, ...]) -> tuple[Action, ...]:
    """Every Place of a cube whose faces follow ``pat``, all edge spaces free: per edge space in
    grid order, the space in every distinct orientation of the faces."""
    orients = distinct_orientations(pat)
    return tuple(chain.from_iterable(map(_PLACES[c].__getitem__, orients) for c in grid(size)[1]))


@lru_cache(maxsize=8192)
def _turns_and_scores(pat: tuple[int, ...]) -> tuple[Action, ...]:
    """The Pivots, Scores and the Pass of a cube on the table whose faces follow pattern ``pat``."""
    return (*(_PIVOT_ACTIONS[q] for q in distinct_pivots(pat)), *(_SCORES[f] for f in distinct_subsets(pat)), _PASS)


@lru_cache(maxsize=8192)
def _score_set(pat: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The face subsets a cube whose faces follow ``pat`` may score (Score's legality check)."""
    return frozenset(distinct_subsets(pat))


# Per action class, its legality check (``OctocubeState.allows``).
CHECKS: dict[type[Action], Callable[[OctocubeState, Any], bool]] = {
    Place: _allows_place, Roll: _allows_roll, Pivot: _allows_pivot, Score: _allows_score, Pass: _allows_pass,
    Decline: _allows_decline, Retrieve: _allows_retrieve, Power: _allows_power,
}
# Per grid size: the edge spaces and their order; per space its Rolls with where they lead.
_EDGES = {size: frozenset(grid(size)[1]) for size in set(GRID_SIZE.values())}
_EDGE_INDEX = {size: {c: i for i, c in enumerate(grid(size)[1])} for size in set(GRID_SIZE.values())}
_ROLL_TARGETS = {size: tuple(tuple((_ROLLS[d], n) for d, n in around) for around in grid(size)[0])
                 for size in set(GRID_SIZE.values())}
