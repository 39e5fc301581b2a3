"""Consistency of a position: every tile in exactly one place. Loading and the fuzz tests use it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.octocube.components import ABYSS_TILES, NUM_TILES

if TYPE_CHECKING:
    from game.core import Action
    from game.octocube.state import OctocubeState


def problems(s: "OctocubeState") -> list[str]:
    """What is wrong with ``s`` (empty when consistent)."""
    out: list[str] = []
    cells = s.size * s.size
    seen: list[int] = [t for st in s.stacks for t in st]
    seen += [t for f in s.cube_faces for t in f if t is not None]
    seen += [t for c in s.collected for t in c]
    seen += [t for b in s.kids_board for t in b if t is not None]
    if sorted(seen) != list(range(NUM_TILES)):
        out.append(f"tiles are not each in exactly one place ({len(seen)} placed, {len(set(seen))} distinct)")
    abyss = [a for a in s.abyss if a is not None and a >= 0] + list(s.abyss_supply)
    if len(set(abyss)) != len(abyss) or any(not 0 <= a < len(ABYSS_TILES) for a in abyss):
        out.append("an Abyss tile is in two places or unknown")
    if any(len(f) != 6 for f in s.cube_faces):
        out.append("a cube does not have six faces")
    on_table = [c for c in s.cube_cell if c is not None]
    if len(set(on_table)) != len(on_table) or any(not 0 <= c < cells for c in on_table):
        out.append("two cubes share a space or a cube is off the table")
    for c in range(cells):
        if s.abyss[c] is not None and s.stacks[c]:
            out.append(f"space {c} holds both an Abyss tile and a stack")
        if s.abyss[c] is None and not s.stacks[c] and c not in on_table and c != s.pile_cell:
            out.append(f"emptied space {c} has no Abyss tile and no cube")
    if not 0 <= s.turn < s.num_players or not 0 <= s.first_player < s.num_players:
        out.append("the seat to move is not a seat")
    elif s.phase != "main" and not s.over:
        cell = s.cube_cell[s.turn]
        home = s.phase in ("board", "pile", "order")  # kids Retrieve steps: the cube is at home
        wanted = "advanced" if s.phase == "power" else "kids" if home or s.phase == "retrieve" else s.variant
        if (cell is None) != home or wanted != s.variant or (s.phase == "power" and cell is not None and not s.has_abyss_tile(cell)):
            out.append(f"phase {s.phase!r} does not fit the position")
    return out


RARE_KINDS = frozenset({"power", "decline", "score", "pass", "retrieve", "pivot"})


def is_rare(action: Action) -> bool:
    """Actions random play seldom picks among the many placements and rolls (the fuzzer's bias)."""
    return action.kind in RARE_KINDS
