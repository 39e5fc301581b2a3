"""Helpers that build Octocube positions for rule tests."""
from __future__ import annotations

from game.octocube.components import TILES
from game.octocube.rules import RULES
from game.octocube.state import MAIN, OctocubeState


def tile(obj: str, colour: str, n: int = 0) -> int:
    """The ``n``-th tile showing ``obj`` on ``colour``."""
    return [t.id for t in TILES if t.object == obj and t.colour == colour][n]


def coin(n: int = 0) -> int:
    return [t.id for t in TILES if t.kind == "coin"][n]


def game(players: int = 2, variant: str = "basic", seed: int = 1) -> OctocubeState:
    return RULES.new_game(players=players, seed=seed, variant=variant)


def rig(s: OctocubeState, turn: int = 0, **fields) -> OctocubeState:
    """Overwrite public fields of ``s`` (tiles may then be missing or doubled) and make ``turn`` move."""
    for name, value in fields.items():
        setattr(s, name, value)
    s.turn, s.phase = turn, MAIN
    s._legal = None
    return s


def cube_at(s: OctocubeState, p: int, cell: int, faces: list | None = None, turn: int | None = None) -> OctocubeState:
    s.cube_cell[p] = cell
    s.cube_faces[p] = list(faces) if faces is not None else [None] * 6
    return rig(s, p if turn is None else turn)
