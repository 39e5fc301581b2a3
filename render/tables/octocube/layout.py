"""Where every Octocube piece lies on the table: pure geometry, no GL (the view and picking share it).

Table frame: y up, the play grid centred at the origin, cells 1 unit apart; cell ``r*size + c``
lies at x = c - (size-1)/2, z = r - (size-1)/2, so north (row - 1) is -z, away from seat 0.
Personal areas: seat 0 south (+z), seat 1 north, seat 2 west, seat 3 east; each holds the player
board (rows = colours, columns = objects, as the player reads it), the cube's home to the
player's left and the coin pile to the right. The Abyss supply lies east of the grid (off its
north-east corner at 4 players).
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from game.octocube.components import COLOURS, OBJECTS, TILES
from render.scene.xform import rotate, translate

TILE_HALF = 0.31
TILE_T = 0.07
CUBE_HALF = 0.39
CUBE_BEVEL = 0.07
ABYSS_R = 0.4
ABYSS_T = 0.05
SPACE_PITCH = 0.78
SPACE_HALF = 0.355
BOARD_HALF = (2.5, 0.04, 1.8)  # half extents of the player board (the seat's badge on its left)
BADGE_HALF = 0.24
SEAT_ANGLE = (0.0, math.pi, -math.pi / 2, math.pi / 2)  # rotation about y of each personal area

# Unit direction of each face slot (FACES order: top, bottom, north, south, east, west).
SLOT_DIRS = np.array([(0, 1, 0), (0, -1, 0), (0, 0, -1), (0, 0, 1), (1, 0, 0), (-1, 0, 0)], float)
X, Y, Z = (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)
ROLL_AXES = ((X, -1), (X, 1), (Z, -1), (Z, 1))  # per DIRECTIONS index: quarter turn axis, sign


def _canonical_face_tiles() -> np.ndarray:
    """A tile lying on each body face of a cube centred at the origin, print facing out."""
    o = CUBE_HALF + TILE_T / 2
    q = math.pi / 2
    return np.array([
        translate(0, o, 0),
        translate(0, -o, 0) @ rotate(X, math.pi),
        translate(0, 0, -o) @ rotate(X, -q) @ rotate(Y, math.pi),
        translate(0, 0, o) @ rotate(X, q),
        translate(o, 0, 0) @ rotate(Z, -q) @ rotate(Y, q),
        translate(-o, 0, 0) @ rotate(Z, q) @ rotate(Y, -q),
    ])


FACE_TILES = _canonical_face_tiles()


def roll_rotation(direction: int) -> np.ndarray:
    axis, sign = ROLL_AXES[direction]
    return rotate(axis, sign * math.pi / 2)


def pivot_rotation(quarter_turns: int) -> np.ndarray:
    """Clockwise seen from above."""
    return rotate(Y, -quarter_turns * math.pi / 2)


def slot_permutation(rot: np.ndarray) -> tuple[int, ...]:
    """Where each face slot's contents go under rotation ``rot`` (the rules' Perm convention)."""
    moved = SLOT_DIRS @ rot[:3, :3].T
    return tuple(int(np.argmax(SLOT_DIRS @ d)) for d in moved)


def _all_rotations() -> list[np.ndarray]:
    found = [np.eye(4)]
    for r in found:
        for g in (roll_rotation(0), roll_rotation(2), pivot_rotation(1)):
            m = np.round(g @ r)
            if not any(np.allclose(m, f) for f in found):
                found.append(m)
    return found


CUBE_ROTATIONS = _all_rotations()


def _jitter(tile: int) -> tuple[float, float, float]:
    """A small fixed offset and twist per tile, so stacks look hand-built and their edges read."""
    h = (tile * 2654435761) & 0xFFFFFFFF
    return ((h & 0xFF) / 255 - 0.5) * 0.05, ((h >> 8 & 0xFF) / 255 - 0.5) * 0.05, ((h >> 16 & 0xFF) / 255 - 0.5) * 0.09


@dataclasses.dataclass
class Table:
    """What the view shows: a light copy of the state's public fields (never the state itself)."""

    variant: str
    num_players: int
    size: int
    stacks: list[list[int]]
    abyss: list[int | None]
    cube_cell: list[int | None]
    cube_faces: list[list[int | None]]
    collected: list[list[int]]
    kids_board: list[list[int | None]]
    abyss_supply: list[int]
    cube_rot: list[np.ndarray]

    @classmethod
    def of(cls, state) -> "Table":
        n = state.num_players
        return cls(state.variant, n, state.size, [list(s) for s in state.stacks], list(state.abyss),
                   list(state.cube_cell), [list(f) for f in state.cube_faces], [list(c) for c in state.collected],
                   [list(b) for b in getattr(state, "kids_board", [[] for _ in range(n)])],
                   list(state.abyss_supply), [np.eye(4) for _ in range(n)])

    def copy(self) -> "Table":
        return Table(self.variant, self.num_players, self.size, [list(s) for s in self.stacks], list(self.abyss),
                     list(self.cube_cell), [list(f) for f in self.cube_faces], [list(c) for c in self.collected],
                     [list(b) for b in self.kids_board], list(self.abyss_supply), [r.copy() for r in self.cube_rot])


class Layout:
    """Positions for one grid size and player count."""

    def __init__(self, size: int, num_players: int, variant: str = "basic") -> None:
        self.size, self.num_players, self.variant = size, num_players, variant
        self.half = size / 2
        self.area_dist = self.half + 0.8 + BOARD_HALF[2]
        self.board_rows, self.board_cols = (4, 4) if variant == "kids" else (len(COLOURS), len(OBJECTS))
        # The Abyss supply lies east of the grid while no seat sits there, else off its NE corner.
        east_free = num_players < 4
        self.supply_pos = np.array([self.half + 1.0, 0.0, 0.0] if east_free else [self.half + 0.6, 0.0, -(self.half + 0.6)])

    # ---- grid --------------------------------------------------------------------------
    def cell_xz(self, cell: int) -> tuple[float, float]:
        r, c = divmod(cell, self.size)
        return c - (self.size - 1) / 2, r - (self.size - 1) / 2

    def stack_tile(self, cell: int, level: int, tile: int) -> np.ndarray:
        x, z = self.cell_xz(cell)
        jx, jz, ja = _jitter(tile)
        return translate(x + jx, TILE_T * (level + 0.5), z + jz) @ rotate(Y, ja)

    def cell_top(self, table: Table, cell: int) -> float:
        if table.stacks[cell]:
            return TILE_T * len(table.stacks[cell])
        abyss = table.abyss[cell]
        return ABYSS_T if abyss is not None and abyss >= 0 else 0.0

    # ---- personal areas ----------------------------------------------------------------
    def area(self, seat: int, x: float, z: float, y: float = 0.0) -> np.ndarray:
        """A point of seat's area given in its own frame (x to the player's right, z towards them)."""
        return rotate(Y, SEAT_ANGLE[seat]) @ np.array([x, y, self.area_dist + z, 1.0])

    def area_frame(self, seat: int) -> np.ndarray:
        return rotate(Y, SEAT_ANGLE[seat]) @ translate(0, 0, self.area_dist)

    def board_space(self, seat: int, row: int, col: int, printed: bool = False) -> np.ndarray:
        """A board space's frame: at table level where tiles lie (the boards are baked into the
        table print), or on top of the board slab when ``printed`` (for the bake itself)."""
        x = (col - (self.board_cols - 1) / 2) * SPACE_PITCH
        z = (row - (self.board_rows - 1) / 2) * SPACE_PITCH
        return self.area_frame(seat) @ translate(x, 2 * BOARD_HALF[1] + 0.004 if printed else 0.0, z)

    def badge(self, seat: int) -> np.ndarray:
        """The seat badge printed on the board's left margin, beside the first row."""
        x = -(BOARD_HALF[0] + (self.board_cols - 1) / 2 * SPACE_PITCH + SPACE_HALF) / 2
        z = -(self.board_rows - 1) / 2 * SPACE_PITCH
        return self.area_frame(seat) @ translate(x, 2 * BOARD_HALF[1] + 0.004, z)

    def space_of(self, seat: int, table: Table, tile: int) -> tuple[int, int] | None:
        """The board space (row, col) a collected tile lies on; None for coins (beside the board)."""
        t = TILES[tile]
        if t.kind == "coin":
            return None
        if self.variant == "kids":
            slot = table.kids_board[seat].index(tile) if tile in table.kids_board[seat] else None
            return None if slot is None else divmod(slot, 4)
        return COLOURS.index(t.colour), OBJECTS.index(t.object)

    def cube_home(self, seat: int) -> np.ndarray:
        return self.area(seat, -(BOARD_HALF[0] + 0.85), -0.5)[:3]

    def coin_pile(self, seat: int) -> np.ndarray:
        return self.area(seat, BOARD_HALF[0] + 0.75, -0.5)[:3]

    # ---- cubes -------------------------------------------------------------------------
    def cube_centre(self, table: Table, seat: int) -> np.ndarray:
        bottom_tile = TILE_T if table.cube_faces[seat][1] is not None else 0.0
        cell = table.cube_cell[seat]
        if cell is None:
            x, _, z = self.cube_home(seat)
            return np.array([x, bottom_tile + CUBE_HALF, z])
        x, z = self.cell_xz(cell)
        return np.array([x, self.cell_top(table, cell) + bottom_tile + CUBE_HALF, z])

    def cube_matrix(self, table: Table, seat: int) -> np.ndarray:
        return translate(*self.cube_centre(table, seat)) @ table.cube_rot[seat]

    def face_tile(self, cube: np.ndarray, rot: np.ndarray, slot: int) -> np.ndarray:
        """The tile on world face ``slot`` of a cube with matrix ``cube`` and rotation ``rot``."""
        body = int(np.argmax(SLOT_DIRS @ (rot[:3, :3].T @ SLOT_DIRS[slot])))
        return cube @ FACE_TILES[body]

    # ---- every piece ---------------------------------------------------------------------
    def tile_matrices(self, table: Table) -> dict[int, np.ndarray]:
        """Tile id -> model matrix of every tile on the table."""
        out: dict[int, np.ndarray] = {}
        for cell, stack in enumerate(table.stacks):
            for level, t in enumerate(stack):
                out[t] = self.stack_tile(cell, level, t)
        for seat in range(table.num_players):
            cube = self.cube_matrix(table, seat)
            for slot, face in enumerate(table.cube_faces[seat]):
                if face is not None:
                    out[face] = self.face_tile(cube, table.cube_rot[seat], slot)
            out.update(self.collected_matrices(table, seat))
        return out

    def collected_matrices(self, table: Table, seat: int) -> dict[int, np.ndarray]:
        out: dict[int, np.ndarray] = {}
        heights: dict[tuple[int, int] | None, int] = {}
        on_board = [t for t in table.kids_board[seat] if t is not None]  # kids: filled board spaces
        for t in table.collected[seat] + on_board:
            space = self.space_of(seat, table, t)
            level = heights.get(space, 0)
            heights[space] = level + 1
            jx, jz, ja = _jitter(t)
            if space is None:
                base = translate(*self.coin_pile(seat)) @ rotate(Y, SEAT_ANGLE[seat])
                out[t] = base @ translate(jx, TILE_T * (level + 0.5), jz) @ rotate(Y, ja)
            else:
                out[t] = (self.board_space(seat, *space) @ translate(jx * 0.5, TILE_T * (level + 0.5), jz * 0.5)
                          @ rotate(Y, ja * 0.5))
        return out

    def abyss_matrices(self, table: Table) -> dict[int, np.ndarray]:
        """Abyss id -> matrix: laid on the grid, or piled in the supply."""
        out = {a: translate(*self.cell_xz_y(cell, ABYSS_T / 2)) for cell, a in enumerate(table.abyss)
               if a is not None and a >= 0}
        for i, a in enumerate(table.abyss_supply):
            out[a] = translate(*(self.supply_pos + (0, ABYSS_T * (i + 0.5), 0)))
        return out

    def cell_xz_y(self, cell: int, y: float) -> tuple[float, float, float]:
        x, z = self.cell_xz(cell)
        return x, y, z

    # ---- boxes for picking ----------------------------------------------------------------
    def cell_box(self, table: Table, cell: int) -> tuple[np.ndarray, np.ndarray]:
        x, z = self.cell_xz(cell)
        top = max(self.cell_top(table, cell), 0.02)
        return np.array([x - 0.48, 0.0, z - 0.48]), np.array([x + 0.48, top, z + 0.48])

    def cube_box(self, table: Table, seat: int) -> tuple[np.ndarray, np.ndarray]:
        c = self.cube_centre(table, seat)
        h = CUBE_HALF + TILE_T
        return c - h, c + h

    def print_extent(self) -> float:
        """Half size of the square the table print must cover: every board and its frame."""
        return self.area_dist + BOARD_HALF[0] + 0.3

    def area_box(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        corners = np.array([self.area(seat, sx * (BOARD_HALF[0] + 1.4), sz * (BOARD_HALF[2] + 0.25))[:3]
                            for sx in (-1, 1) for sz in (-1, 1)])
        lo, hi = corners.min(axis=0), corners.max(axis=0)
        return lo, hi + (0, 0.15, 0)
