"""Cubitos' table kit: racetrack, dice trays and market in 3D, clicks on dice, spaces and trays."""
from __future__ import annotations

from typing import Any

from game.cubitos.dice import ABILITY_COLOURS
from render.tables import by_hand, menu_options
from render.tables.menu_options import CUSTOM
from render.tables.cubitos.table import CubitosTable
from render.tables.cubitos.view import CubitosView, seat_angle
from render.ui.guide_pages import Page, Shot
from render.tables.kit import GameTable, Host, Kit
from render.tables.cubitos.reasons import reason
from render.tables.cubitos.sounds import cues as sound_cues


def _new_game_options(chosen: dict[str, Any]) -> dict[str, Any]:
    """A custom pick becomes the card names ``new_game`` takes as ``card_set``."""
    out = {k: v for k, v in chosen.items() if k == "card_set" or not k.startswith("card_")}
    if chosen.get("card_set") == CUSTOM:
        out["card_set"] = [chosen[f"card_{colour}"] for colour in ABILITY_COLOURS]
    return out


def _table(host: Host) -> GameTable:
    return CubitosTable(host, CubitosView(host.ctx, host.state, anim_speed=host.anim_speed))


KIT = Kit(
    guide_pages=(
        Page("goal", Shot((0.0, 0.0, 2.0), 8.0, 45.0)),
        Page("turn", Shot((0.0, 0.0, 8.0), 7.0, 50.0)),
        Page("scoring", Shot((-2.0, 0.0, -6.5), 7.0, 45.0)),
        Page("end", Shot((0.0, 0.0, 1.0), 6.0, 50.0)),
        Page("tracks", Shot((5.5, 0.0, 5.0), 7.0, 45.0)),
    ),
    game="cubitos",
    reason=reason,
    sound_cues=sound_cues,
    by_hand=by_hand.perform,
    forfeits=frozenset({"end-move", "end-turn"}),
    make_view=CubitosView,
    make_table=_table,
    seat_angle=seat_angle,
    menu_options=menu_options.of("cubitos"),
    new_game_options=_new_game_options,
    hidden_info=False,
    auto_forced=True,
)
