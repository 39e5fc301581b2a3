"""Otys' table kit: diver boards, the Colony, the Store and contracts in 3D; clicks on keys, divers,
Store spaces and cards; private contract hands kept to their owner between people's turns."""
from __future__ import annotations

from render.ui.guide_pages import Page, Shot
from render.tables import by_hand, menu_options
from render.tables.kit import GameTable, Host, Kit
from render.tables.otys.table import OtysTable
from render.tables.otys.view import OtysView, seat_angle
from render.tables.otys.reasons import reason
from render.tables.otys.sounds import cues as sound_cues


def _table(host: Host) -> GameTable:
    return OtysTable(host, OtysView(host.ctx, host.state, anim_speed=host.anim_speed))


KIT = Kit(
    guide_pages=(
        Page("goal", Shot((-1.0, 0.0, 4.5), 7.0, 55.0)),
        Page("turn", Shot((-2.0, 0.0, 4.5), 5.0, 55.0)),
        Page("scoring", Shot((0.0, 0.0, 0.0), 9.0, 55.0)),
        Page("end", Shot((3.5, 0.0, 4.5), 6.0, 50.0)),
        Page("sponsors", Shot((-0.5, 0.0, 0.0), 6.0, 50.0)),
    ),
    game="otys",
    reason=reason,
    sound_cues=sound_cues,
    by_hand=by_hand.perform,
    make_view=OtysView,
    make_table=_table,
    seat_angle=seat_angle,
    menu_options=menu_options.of("otys"),
    auto_forced=True,
)
