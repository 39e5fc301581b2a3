"""Cubitos' table kit: racetrack, dice trays and market in 3D, clicks on dice, spaces and trays."""
from __future__ import annotations

from game.cubitos import cards
from game.cubitos.board import track_names
from game.cubitos.rules import MAX_LAPS, RANDOM_SET
from render.tables.cubitos.table import CubitosTable
from render.tables.cubitos.view import CubitosView, seat_angle
from render.tables.kit import GameTable, Host, Kit, MenuOption


def _table(host: Host) -> GameTable:
    return CubitosTable(host, CubitosView(host.ctx, host.state, anim_speed=host.anim_speed))


KIT = Kit(
    game="cubitos",
    make_view=CubitosView,
    make_table=_table,
    seat_angle=seat_angle,
    menu_options=(
        MenuOption("card_set", "Card set", (*((name, name) for name in cards.SETS), (RANDOM_SET, RANDOM_SET))),
        MenuOption("track", "Track", (("the set's", None), *((name, name) for name in track_names()))),
        MenuOption("laps", "Laps", (("the set's", None), *((str(n), n) for n in range(1, MAX_LAPS + 1)))),
    ),
    auto_forced=True,
)
