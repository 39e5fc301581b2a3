"""What a learned evaluation reads of an Octocube position, each seat from its own point of view.

Every figure comes from what the whole table sees: the tiles on the cubes, the tiles collected,
the VP, how many Abyss tiles are left and the stacks' heights. Nothing below a stack's seen top
(which ``determinize`` re-deals) is read, so two worlds a seat cannot tell apart give it the same
features. The seat-wide figures (the time left) only matter through the seat's own ones: the
model compares seats, so a figure equal for every seat would tell it nothing.
"""
from __future__ import annotations

from game.octocube.components import ABYSS_SUPPLY
from game.octocube.evaluation import _end_route, _moves_on, kids_progress, projected_totals
from game.octocube.state import OctocubeState

NAMES = (
    "projection",  # the totals if every cube were scored now, plus the promise of empty faces
    "lead",  # the projection minus the best other seat's
    "lead_late",  # the lead times the share of the Abyss supply laid: a lead counts more near the end
    "lead_urgent",  # the lead times the seat's urgency (one over one plus its moves to the end)
    "vp",  # VP already scored
    "cube_tiles",  # tiles on the seat's cube, not yet scored
    "collected",  # tiles scored so far
    "urgency",  # one over one plus the moves the seat alone needs to lay the last Abyss tile
    "to_move",  # 1 for the seat that decides now
)


def features_all(state: OctocubeState) -> list[list[float]]:
    """One row of :data:`NAMES` per seat."""
    n = state.num_players
    values = kids_progress(state) if state.variant == "kids" else projected_totals(state)
    late = 1.0 if state.end_triggered else 1.0 - len(state.abyss_supply) / ABYSS_SUPPLY[n]
    route = None if state.variant == "kids" else _end_route(state)
    rows = []
    for seat in range(n):
        value = values[seat]
        lead = value - max(v for i, v in enumerate(values) if i != seat)
        urgency = 1.0 / (1.0 + _moves_on(state, seat, route))
        on_cube = sum(t is not None for t in state.cube_faces[seat])
        rows.append([value, lead, lead * late, lead * urgency, float(state.vp[seat]), float(on_cube),
                     float(len(state.collected[seat])), urgency, float(state.current_player == seat)])
    return rows
