"""Each game's options in the start menu (variant, card set, track...), apart from its table kit: the
menu's first frame shows one game's options and loads no table for them. Every label and choice is a
catalogue key (the start menu words them); each kit offers the same tuple as its ``menu_options``."""
from __future__ import annotations

import functools
from typing import Iterator, Mapping

from game import registry
from render.i18n import slug
from render.ui.start_menu import MenuOption

CUSTOM = "custom"  # Cubitos: a card set picked one card per colour


def _octocube() -> tuple[MenuOption, ...]:
    return (MenuOption("variant", "octocube.menu.variant",
                       tuple((f"octocube.variant.{v}", v) for v in registry.get("octocube").variants)),)


def _cubitos() -> tuple[MenuOption, ...]:
    """Card set (a named set, random, or a custom pick of one card per colour), track and laps."""
    from game.cubitos import cards
    from game.cubitos.board import track_names
    from game.cubitos.dice import ABILITY_COLOURS
    from game.cubitos.rules import MAX_LAPS, RANDOM_SET

    sets = (*((f"cubitos.set.{slug(name)}", name) for name in cards.SETS), ("cubitos.menu.random", RANDOM_SET),
            ("cubitos.menu.pick", CUSTOM))
    picks = tuple(MenuOption(f"card_{colour}", f"cubitos.colour.{colour}",
                             tuple((f"cubitos.card.{slug(c.name)}", c.name) for c in cards.CARDS if c.colour == colour),
                             shown_when=("card_set", CUSTOM), cycle=True) for colour in ABILITY_COLOURS)
    by_set = ("cubitos.menu.by_set", None)
    return (MenuOption("card_set", "cubitos.menu.card_set", sets), *picks,
            MenuOption("track", "cubitos.menu.track", (by_set, *((f"cubitos.track.{slug(n)}", n) for n in track_names()))),
            MenuOption("laps", "cubitos.menu.laps", (by_set, *((f"cubitos.laps.{n}", n) for n in range(1, MAX_LAPS + 1)))))


def _otys() -> tuple[MenuOption, ...]:
    return (MenuOption("variant", "otys.menu.variant",
                       tuple((f"otys.variant.{v}", v) for v in registry.get("otys").variants)),
            MenuOption("spy_variant", "otys.menu.spy", (("otys.menu.off", False), ("otys.menu.on", True))))


_GAMES = {"octocube": _octocube, "cubitos": _cubitos, "otys": _otys}


@functools.cache
def of(game: str) -> tuple[MenuOption, ...]:
    """``game``'s options."""
    return _GAMES[game]()


class _ByGame(Mapping[str, tuple[MenuOption, ...]]):
    """Every game's options, each game's made when it is first shown."""

    def __getitem__(self, game: str) -> tuple[MenuOption, ...]:
        return of(game)

    def __iter__(self) -> Iterator[str]:
        return iter(_GAMES)

    def __len__(self) -> int:
        return len(_GAMES)


BY_GAME: Mapping[str, tuple[MenuOption, ...]] = _ByGame()  # what the start menu offers
