"""Octocube's table kit: the 3D view, gestures, Score and orientation panels, HUD facts."""
from __future__ import annotations

from game.octocube.actions import Place
from render.ui.guide_pages import Page, Shot
from render.tables import menu_options
from render.tables.octocube import by_hand
from render.tables.kit import GameTable, Host, Kit
from render.tables.octocube.layout import SEAT_ANGLE
from render.tables.octocube.table import OctocubeTable
from render.tables.octocube.view import OctocubeView
from render.tables.octocube.reasons import reason
from render.tables.octocube.sounds import cues as sound_cues


def _table(host: Host) -> GameTable:
    view = OctocubeView(host.ctx, host.state, anim_speed=host.anim_speed)
    return OctocubeTable(host, view)


def _open_score(table: GameTable) -> None:
    assert isinstance(table, OctocubeTable)
    table.input.open_score()
    table.input.button("all")


def _open_orientation(table: GameTable) -> None:
    """A cube with tiles has several ways to go down on one space: choose among the last space's."""
    assert isinstance(table, OctocubeTable)
    g = table.input.gestures
    places = g.of_class(Place) if g else []
    if len(places) > len({a.cell for a in places}):
        table.input.activate(("cell", places[-1].cell))


KIT = Kit(
    guide_pages=(
        Page("goal", Shot((0.0, 0.0, 0.0), 9.0, 55.0)),
        Page("turn", Shot((1.5, 0.0, -1.0), 7.0, 40.0, 20.0)),
        Page("scoring", Shot((0.0, 0.0, 4.2), 8.0, 50.0)),
        Page("end", Shot((2.4, 0.0, 0.0), 7.0, 45.0, shared=True)),
        Page("variants", Shot((0.0, 0.0, 1.5), 11.0, 60.0)),
    ),
    game="octocube",
    reason=reason,
    sound_cues=sound_cues,
    by_hand=by_hand.perform,
    make_view=OctocubeView,
    make_table=_table,
    seat_angle=lambda seat, players: SEAT_ANGLE[seat],
    menu_options=menu_options.of("octocube"),
    screenshot_panels={"score": _open_score, "orient": _open_orientation},
)
