"""Cubitos' table kit: racetrack, dice trays and market in 3D, clicks on dice, spaces and trays."""
from __future__ import annotations

from typing import Any

from game.cubitos import cards
from game.cubitos.dice import ABILITY_COLOURS
from game.cubitos.board import track_names
from game.cubitos.rules import MAX_LAPS, RANDOM_SET
from render.tables import by_hand
from render.tables.cubitos.table import CubitosTable
from render.tables.cubitos.view import CubitosView, seat_angle
from render.tables.cubitos.words import slug
from render.ui.guide_pages import Page, Shot
from render.tables.kit import GameTable, Host, Kit
from render.ui.start_menu import MenuOption
from render.tables.cubitos.reasons import reason
from render.tables.cubitos.sounds import cues as sound_cues

CUSTOM = "custom"


def _menu_options() -> tuple[MenuOption, ...]:
    """Card set (a named set, random, or a custom pick of one card per colour), track and laps; every
    label and choice is a catalogue key (the start menu words them)."""
    sets = (*((f"cubitos.set.{slug(name)}", name) for name in cards.SETS), ("cubitos.menu.random", RANDOM_SET),
            ("cubitos.menu.pick", CUSTOM))
    picks = tuple(MenuOption(f"card_{colour}", f"cubitos.colour.{colour}",
                             tuple((f"cubitos.card.{slug(c.name)}", c.name) for c in cards.CARDS if c.colour == colour),
                             shown_when=("card_set", CUSTOM), cycle=True) for colour in ABILITY_COLOURS)
    by_set = ("cubitos.menu.by_set", None)
    return (MenuOption("card_set", "cubitos.menu.card_set", sets), *picks,
            MenuOption("track", "cubitos.menu.track", (by_set, *((f"cubitos.track.{slug(n)}", n) for n in track_names()))),
            MenuOption("laps", "cubitos.menu.laps", (by_set, *((f"cubitos.laps.{n}", n) for n in range(1, MAX_LAPS + 1)))))


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
    menu_options=_menu_options(),
    new_game_options=_new_game_options,
    hidden_info=False,
    auto_forced=True,
)
