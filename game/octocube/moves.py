"""What each Octocube action does: the cube placed, rolled or pivoted, a pass, a decline, a
power, the kids' Retrieve steps; each returns the phase that follows and the events (a ``Step``).

Functions of the state; ``OctocubeState.apply`` looks the action's class up in ``EFFECTS``. The
cube's arrival and departure (``arrive``, ``leave``) stay with the state: the powers use them too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from game.core.event import event
from game.octocube import kids, powers, score_and_end
from game.octocube.actions import Board, Decline, Pass, Pile, Pivot, Place, Power, Retrieve, Roll, Score, Stack
from game.octocube.components import ABYSS_A, DIRECTIONS, SEAT_NAMES, TILE_NAMES
from game.octocube.geometry import CELL_NAMES, DESTINATIONS, PIVOTS, ROLLS, ROTATIONS, rotate
from game.octocube.phases import EXTRA_ROLL, MAIN, POWER, RETRIEVE, Step

if TYPE_CHECKING:
    from game.octocube.state import OctocubeState


def _place(state: OctocubeState, p: int, action: Place) -> Step:
    faces = state.cube_faces[p] = rotate(state.cube_faces[p], ROTATIONS[action.orientation])
    cell = action.cell
    picked, reveal = state.arrive(p, cell)
    return MAIN, [event("placed", f"{SEAT_NAMES[p]} places the cube on {CELL_NAMES[state.size][cell]}"
                        + _picked_text(picked),
                        {"player": p, "cell": cell, "faces": list(faces), "picked": picked}, reveal)]


def _roll(state: OctocubeState, p: int, action: Roll) -> Step:
    """Roll and arrive; the phase that follows (extra Roll, power, forced Retrieve or main)."""
    direction = action.direction
    src = state.cube_cell[p]
    assert src is not None, "only a cube on the table rolls"
    dst = DESTINATIONS[state.size][src][direction]
    faces = rotate(state.cube_faces[p], ROLLS[direction])
    if state.variant == "kids":
        faces = kids.empty_face_down(faces)
    state.cube_faces[p] = faces
    abyss_events = state.leave(p)
    picked, reveal = state.arrive(p, dst)
    events = [event("rolled", f"{SEAT_NAMES[p]} rolls {DIRECTIONS[direction]}" + _picked_text(picked),
                    {"player": p, "src": src, "dst": dst, "direction": direction, "picked": picked,
                     "faces": list(faces)}, reveal)]
    if abyss_events:
        events += abyss_events
    if state.variant == "kids" and None not in faces:
        return RETRIEVE, events
    tile = state.abyss[dst]
    if tile is None or tile < 0:
        return MAIN, events
    if state.variant == "advanced":
        return POWER if powers.actions_for(state, p, dst, tile) else MAIN, events
    return EXTRA_ROLL if tile == ABYSS_A and state.phase == MAIN else MAIN, events


def _pivot(state: OctocubeState, p: int, action: Pivot) -> Step:
    quarter_turns = action.quarter_turns
    faces = state.cube_faces[p] = rotate(state.cube_faces[p], PIVOTS[quarter_turns - 1])
    return MAIN, [event("pivoted", f"{SEAT_NAMES[p]} pivots {90 * quarter_turns}",
                        {"player": p, "cell": state.cube_cell[p], "quarter_turns": quarter_turns,
                         "faces": list(faces)})]


def _score(state: OctocubeState, p: int, action: Score) -> Step:
    return MAIN, score_and_end.score(state, p, action.faces)


def _pass(state: OctocubeState, p: int, action: Pass) -> Step:
    return MAIN, [event("passed", f"{SEAT_NAMES[p]} passes", {"player": p})]


def _decline(state: OctocubeState, p: int, action: Decline) -> Step:
    return MAIN, [event("declined", f"{SEAT_NAMES[p]} declines", {"player": p, "phase": state.phase})]


def _power(state: OctocubeState, p: int, action: Power) -> Step:
    return MAIN, powers.use(state, p, action)


def _picked_text(picked: int | None) -> str:
    return f" and picks up a {TILE_NAMES[picked]}" if picked is not None else ""


# Per action class, its effect: the seat to move and the action -> the phase that follows and the events.
EFFECTS: dict[type, Callable[[OctocubeState, int, Any], Step]] = {
    Place: _place, Roll: _roll, Pivot: _pivot, Score: _score, Pass: _pass, Decline: _decline,
    Retrieve: lambda s, p, action: kids.retrieve(s, p), Board: kids.board, Pile: kids.pile, Stack: kids.stack,
    Power: _power,
}
