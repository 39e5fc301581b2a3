"""Octocube as one seat may see it, rebuilt (game/net/world.py): under each stack's top (and under
a cube) lie tiles the seat sees nowhere, another seat's face-down VP is 0, a face-down Abyss tile
and the Abyss supply are tiles it has not seen turned up."""
from __future__ import annotations

from typing import Any

from game.octocube.components import ABYSS_A, ABYSS_TILES, NUM_TILES
from game.octocube.state import FACE_DOWN, TILE_A


def world(obs: dict[str, Any]) -> dict[str, Any]:
    seen = {s["top"] for s in obs["stacks"] if s["top"] is not None}
    for rows in (obs["cube_faces"], obs["collected"], obs["kids_board"]):
        seen |= {t for row in rows for t in row if t is not None}
    unseen = iter([t for t in range(NUM_TILES) if t not in seen])
    obs["stacks"] = [[next(unseen) for _ in range(s["height"] - (s["top"] is not None))]
                     + ([s["top"]] if s["top"] is not None else []) for s in obs["stacks"]]
    obs["vp"] = [v or 0 for v in obs["vp"]]
    laid = {ABYSS_A if a == TILE_A else a for a in obs["abyss"] if type(a) is int or a == TILE_A}
    hidden = iter([a for a in range(len(ABYSS_TILES)) if a not in laid and a != ABYSS_A])
    obs["abyss"] = [ABYSS_A if a == TILE_A else next(hidden) if a == FACE_DOWN else a for a in obs["abyss"]]
    if not isinstance(obs["abyss_supply"], list):  # tile A among them while it is not laid
        rest = ([] if ABYSS_A in laid else [ABYSS_A]) + list(hidden)
        obs["abyss_supply"] = sorted(rest[:obs["abyss_supply"]])
    return obs
