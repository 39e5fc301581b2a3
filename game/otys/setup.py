"""Setting up a game (R:26-41); every random choice comes from the game's own Rng."""
from __future__ import annotations

from game.core import Rng
from game.otys.components import Table
from game.otys.data import (CONTRACTS, LEVELS, NEUTRAL_X_KEYS, PUBLIC_CONTRACTS, REWARDS, REWARDS_PER_LEVEL,
                            SPONSORS, STORE_ROWS, STORE_SETUP)
from game.otys.player import Player
from game.otys.state import OtysState

SPONSOR_SETTINGS = ("basic", "advanced", "random")


Sponsors = str | tuple[str | int, ...] | list[str | int]  # a setting's name, or five sides ("b"/"a", 0/1)


def sponsor_sides(setting: Sponsors, rng: Rng) -> list[int]:
    """Sides of sponsors #1..#5: a setting name, or five chosen sides ("b"/"a", 0/1)."""
    if setting == "basic":
        return [0] * SPONSORS
    if setting == "advanced":
        return [1] * SPONSORS
    if setting == "random":
        return [rng.randrange(2) for _ in range(SPONSORS)]
    chosen = list(setting) if isinstance(setting, (str, tuple, list)) else []
    sides = [{"b": 0, "a": 1, 0: 0, 1: 1}.get(v, -1) for v in chosen]
    if len(sides) != SPONSORS or -1 in sides:
        raise ValueError(f"sponsors must be one of {', '.join(SPONSOR_SETTINGS)} or five sides like 'babab', "
                         f"got {setting!r}")
    return sides


def new_state(players: int, seed: int, sponsors: Sponsors, spy_variant: bool) -> OtysState:
    rng = Rng(seed)
    table = Table()
    table.sides = sponsor_sides(sponsors, rng)
    table.sponsors = list(range(SPONSORS))
    rng.shuffle(table.sponsors)
    colours = [0, 1, 2, 3]
    rng.shuffle(colours)
    for colour, count in zip(colours, STORE_SETUP):
        table.store[colour] = [row < count for row in range(STORE_ROWS)]  # from the top row
    table.bag = list(range(len(REWARDS)))
    for level in range(1, LEVELS + 1):
        for slot in range(REWARDS_PER_LEVEL):
            table.display[level - 1][slot] = table.draw_reward(rng, [])
    table.deck = list(range(len(CONTRACTS)))
    rng.shuffle(table.deck)
    table.deck_owner = [-1] * len(table.deck)
    table.public = [table.draw_contract(rng, []) for _ in range(PUBLIC_CONTRACTS[players])]
    table.neutral_pile = NEUTRAL_X_KEYS
    boards = []
    for _ in range(players):
        p = Player()
        p.divers = list(range(8))
        rng.shuffle(p.divers)
        rng.shuffle(colours)
        for level, colour in zip(range(2, LEVELS + 1), colours):
            p.res[level - 1][colour] = 1
        boards.append(p)
    first = rng.randrange(players)  # "the greatest lung capacity" (R:51)
    return OtysState(boards, table, rng, first, spy_variant)
