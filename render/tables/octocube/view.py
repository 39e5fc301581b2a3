"""The Octocube table in 3D: pieces from a state, animations from its events, pick targets.

Geometry and the table frame are documented in :mod:`render.tables.octocube.layout` (grid centred
at the origin, cells 1 unit apart, north = -z; seat 0's area south, 1 north, 2 west, 3 east).

Every piece type is one instanced batch (tiles, cubes, Abyss tiles, glow markers; boards and
their printed spaces are instanced too, but baked once into the table print): a frame costs the
same draw calls however many pieces lie on the table. Instance rows
are rewritten only when the shown position, an animation or the highlights change; an unchanged
frame is copied, not drawn (see :mod:`render.scene.tabletop` for the antialiasing while moving).
Only what players could see is printed: tiles under a stack's top show plain card.

Pick targets (tuples): ("cell", cell) | ("cube", seat) | ("face", seat, face_slot) |
("area", seat) | ("board_tile", seat, tile_id). ``pick`` names a cube's face instead of the cube
only while that face is highlighted (choosing tiles to score); ``pick_all`` lists every target
under the mouse, nearest first.
"""
from __future__ import annotations

import math
from typing import Callable

import moderngl
import numpy as np

from game.octocube.components import ABYSS_TILES, COLOURS, DIRECTIONS, KIDS_BOARD, OBJECTS, TILES
from render.gl.batch import COLOUR, RECT, RECT2, instance_array, set_matrices
from render.gl.mesh import bevelled_box, box, disc, quad
from render.scene.anim import Step, Timeline, ease_in_out
from render.scene.tabletop import MODE_CUBE, MODE_GLOW, MODE_TILE, MODE_TOP_PRINT, Tabletop
from render.scene.xform import blend_rigid, rotate, scale, translate
from render.tables import atlas as atlases
from render.tables.octocube import art
from render.tables.octocube.layout import (ABYSS_R, ABYSS_T, BADGE_HALF, BOARD_HALF, CUBE_BEVEL, CUBE_HALF, CUBE_ROTATIONS,
                                          FACE_TILES, SLOT_DIRS, SPACE_HALF, SPACE_PITCH, TILE_HALF, TILE_T, Y, Layout, Table,
                                          pivot_rotation, roll_rotation, slot_permutation)
from render.tables.picking import PickBoxes, box_table
from render.tables.table_view import TableView

Target = tuple
NUM_ABYSS = len(ABYSS_TILES)
QUIET_EVENTS = {"passed", "declined", "end_triggered", "final_scoring", "game_over", "uncovered"}
CELL_RING, AREA_RING = 0.62, 0.93  # where a glow marker's ring starts, 0 = centre, 1 = rim
# Animation lengths in seconds at speed 1 (DESIGN: 150-400 ms per move).
PLACE_S, ROLL_S, PIVOT_S, FLY_S, FLY_STAGGER_S = 0.4, 0.35, 0.3, 0.4, 0.08


def _rigid_rows(matrices: dict[int, np.ndarray], n: int) -> np.ndarray:
    out = np.zeros((n, 4, 4))
    for i, m in matrices.items():
        out[i] = m
    return out


class OctocubeView(TableView):
    def __init__(self, ctx: moderngl.Context, state, anim_speed: float = 1.0, samples: int = 4) -> None:
        painting = art.sheet()
        self._rects = painting.rects
        super().__init__(Tabletop(ctx, atlases.wanted(painting), shadow_extent=11.0, shadow_size=1024,
                                  samples=samples), anim_speed, painting)
        self._cubes = self._top.batch(bevelled_box(CUBE_HALF, CUBE_HALF, CUBE_HALF, CUBE_BEVEL, 2), MODE_CUBE, 4)
        self._tiles = self._top.batch(box(TILE_HALF, TILE_T / 2, TILE_HALF), MODE_TILE, len(TILES))
        self._abyss = self._top.batch(disc(ABYSS_R, ABYSS_T / 2, 0.012), MODE_TOP_PRINT, NUM_ABYSS + 25)
        self._spaces = self._top.batch(quad(SPACE_HALF), MODE_TOP_PRINT, 84)
        self._boards = self._top.batch(box(*BOARD_HALF), MODE_TOP_PRINT, 9)
        self._glow = self._top.batch(quad(0.5), MODE_GLOW, 32)
        self._tile_rows = self._static_tile_rows()
        self._layout: Layout | None = None
        self.sync(state)

    # ---- building instance rows -------------------------------------------------------------
    def _rect(self, key: tuple) -> tuple[float, float, float, float]:
        return self._rects[key]

    def _static_tile_rows(self) -> np.ndarray:
        rows = instance_array(len(TILES))
        for t in TILES:
            colour = art.COIN_BACKGROUND if t.colour is None else art.TILE_COLOURS[t.colour]
            rows[t.id, COLOUR] = (*colour, 0.0)
            rows[t.id, RECT] = self._rect(("tile", t.object or "coin", t.colour))
            rows[t.id, RECT2] = self._rect(("back",))
        return rows

    def _build_static(self, table: Table) -> None:
        """Boards, frames, the felt mat and board spaces: they change only with the game set-up,
        so they are baked into the table print instead of drawn every frame."""
        lay = self._layout
        assert lay is not None
        mats, colours = [], []  # boards before their frames and the mat: less hidden shading
        for seat in range(table.num_players):
            mats.append(lay.area_frame(seat))
            colours.append(art.BOARD_COLOUR)
        for seat in range(table.num_players):
            mats.append(lay.area_frame(seat) @ translate(0, -0.012, 0) @ scale(1.04, 1.0, 1.05))
            colours.append(art.PLAYER_COLOURS[seat])
        mat_half = (table.size + 0.7) / 2
        mats.append(scale(mat_half / BOARD_HALF[0], 0.12, mat_half / BOARD_HALF[2]))
        colours.append(art.FELT_COLOUR)
        rows = instance_array(len(mats))
        set_matrices(rows, np.array(mats))
        rows[:, COLOUR] = [(*c, 0.0) for c in colours]
        self._boards.upload(rows)
        spaces, rects = [], []
        for seat in range(table.num_players):
            for r in range(lay.board_rows):
                for c in range(lay.board_cols):
                    spaces.append(lay.board_space(seat, r, c, printed=True))
                    rects.append(self._space_rect(r, c))
            spaces.append(lay.badge(seat) @ scale(BADGE_HALF / SPACE_HALF))
            rects.append(self._rect(("badge", seat)))
        rows = instance_array(len(spaces))
        set_matrices(rows, np.array(spaces))
        rows[:, COLOUR] = (*art.BOARD_COLOUR, 0.0)
        rows[:, RECT] = rects
        self._spaces.upload(rows)
        self._bake_print([self._boards, self._spaces], lay.print_extent())

    def _space_rect(self, row: int, col: int) -> tuple[float, float, float, float]:
        if self._layout is not None and self._layout.variant == "kids":
            return self._rect(("space", *KIDS_BOARD[row * 4 + col]))
        return self._rect(("space", OBJECTS[col], COLOURS[row]))

    def _abyss_rect(self, table: Table, abyss_id: int, laid: bool) -> tuple[float, float, float, float]:
        a = ABYSS_TILES[abyss_id]
        if laid and table.variant == "advanced":
            return self._rect(("abyss", a.power))
        return self._rect(("abyss", a.front))

    def _poses(self, table: Table) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(tile, cube, abyss) model matrices of ``table``; zero matrices hide a piece."""
        lay = self._layout
        assert lay is not None
        tiles = _rigid_rows(lay.tile_matrices(table), len(TILES))
        cubes = np.array([lay.cube_matrix(table, s) for s in range(table.num_players)])
        abyss = _rigid_rows(lay.abyss_matrices(table), NUM_ABYSS + table.size ** 2)
        for cell, a in enumerate(table.abyss):
            if a == -1:
                abyss[NUM_ABYSS + cell] = translate(*lay.cell_xz_y(cell, 0.002)) @ scale(1.0, 0.08, 1.0)
        return tiles, cubes, abyss

    def _upload(self, tiles: np.ndarray, cubes: np.ndarray, abyss: np.ndarray) -> None:
        table = self._table
        self._shown = (tiles, cubes, abyss)
        glow = self._glow_levels()
        rows = self._tile_rows.copy()
        set_matrices(rows, tiles)
        hidden = [t for stack in table.stacks for t in stack[:-1]]
        rows[hidden, COLOUR] = (*art.TILE_EDGE, 0.0)  # tiles under a stack's top are unknown:
        rows[hidden, RECT] = 0.0  # print nothing that a glimpse past the tile above could read
        for t, level in glow["tile"].items():
            rows[t, COLOUR.stop - 1] = level  # the colour's alpha is the glow
        near_first = np.argsort(np.linalg.norm(tiles[:, :3, 3] - self.camera.eye, axis=1))
        self._tiles.upload(rows[near_first])  # hidden tiles then fail the depth test unshaded
        crow = instance_array(len(cubes))
        set_matrices(crow, cubes)
        for s in range(len(cubes)):
            crow[s, COLOUR] = (*art.PLAYER_COLOURS[s], glow["cube"].get(s, 0.0))
            crow[s, RECT] = self._rect(("mark", s))
        self._cubes.upload(crow)
        arow = instance_array(len(abyss))
        set_matrices(arow, abyss)
        arow[:, COLOUR] = (*art.ABYSS_COLOUR, 0.0)
        laid = {a for a in table.abyss if a is not None and a >= 0}
        for a in range(NUM_ABYSS):
            arow[a, RECT] = self._abyss_rect(table, a, a in laid)
        arow[NUM_ABYSS:, RECT] = self._rect(("abyss", "hole"))
        self._abyss.upload(arow)

    def _show(self, table: Table) -> None:
        """Make ``table`` the shown position and draw every piece at rest."""
        self._table = table
        self._box_cache = None
        self._base = self._poses(table)
        self._upload(*self._base)
        self._upload_glow()

    # ---- highlights ---------------------------------------------------------------------
    def _glow_levels(self) -> dict[str, dict[int, float]]:
        tiles: dict[int, float] = {}
        cubes: dict[int, float] = {}
        table = self._table
        for target, level in self._glow_of().items():
            kind = target[0]
            if kind == "cube":
                cubes[target[1]] = max(cubes.get(target[1], 0.0), level)
            elif kind == "face":
                t = table.cube_faces[target[1]][target[2]]
                if t is not None:
                    tiles[t] = max(tiles.get(t, 0.0), level)
            elif kind == "board_tile":
                tiles[target[2]] = max(tiles.get(target[2], 0.0), level)
            elif kind == "cell" and table.stacks[target[1]]:
                top = table.stacks[target[1]][-1]
                tiles[top] = max(tiles.get(top, 0.0), level * 0.6)
        return {"tile": tiles, "cube": cubes}

    def _relight(self) -> None:
        self._upload(*self._base)

    def _glow_ring(self, target: Target) -> tuple[np.ndarray, float] | None:
        """Cells, board spaces and personal areas glow in a ring; cubes and tiles glow themselves."""
        lay = self._layout
        assert lay is not None
        if target[0] == "cell":
            x, y, z = lay.cell_xz_y(target[1], 0.006)
            return translate(x, y, z) @ scale(0.98), CELL_RING
        if target[0] == "board_space":
            return lay.board_space(target[1], *divmod(target[2], 4)) @ translate(0, 0.006, 0) @ scale(SPACE_PITCH), CELL_RING
        if target[0] == "area":
            lo, hi = lay.area_box(target[1])
            c, ext = (lo + hi) / 2, hi - lo
            return translate(c[0], 0.006, c[2]) @ scale(ext[0], 1.0, ext[2]), AREA_RING
        return None

    # ---- state and events ----------------------------------------------------------------
    def sync(self, state) -> None:
        """Show ``state`` at once, dropping any animation still queued."""
        self._timeline = Timeline()
        table = Table.of(state)
        if self._layout is None or (self._layout.size, self._layout.num_players, self._layout.variant) != (
                table.size, table.num_players, table.variant):
            self._layout = Layout(table.size, table.num_players, table.variant)
            self._build_static(table)
            self._fit_camera()
        self._pending = table
        self._show(table)

    def _fit_camera(self) -> None:
        lay = self._layout
        assert lay is not None
        reach = lay.area_dist + BOARD_HALF[2]
        self.camera.set_home(distance=2.6 * reach + 1.0, pitch_deg=57.0, target=(0.0, 0.0, 1.0))

    def play(self, events: list, state_after) -> None:
        """Queue one animation per event (they play in order), ending exactly on ``state_after``."""
        table = self._pending
        self.steps_per_event = [1] * len(events)
        for ev in events:
            after = self._advance(table, ev, state_after)
            self._timeline.add(self._step(ev, table, after))
            table = after
        final = Table.of(state_after)
        final.cube_rot = [self._match_rotation(table.cube_faces[s], final.cube_faces[s], table.cube_rot[s])
                          for s in range(final.num_players)]
        self._timeline.add(Step(0.0, lambda u: None, lambda: self._show(final)))
        self._pending = final
        if self.anim_speed <= 0:
            self._timeline.update(0.0, 0.0)

    def _match_rotation(self, before: list, after: list, rot: np.ndarray, hint: np.ndarray | None = None) -> np.ndarray:
        """The cube's new rotation: ``hint`` (the move's own turn) or any turn that carries every
        tile still on the cube to its new face, so tiles never jump to another face."""
        for rel in ([hint] if hint is not None else []) + CUBE_ROTATIONS:
            perm = slot_permutation(rel)
            if all(after[perm[i]] == t for i, t in enumerate(before) if t is not None and t in after):
                return np.round(rel @ rot)
        return np.eye(4)

    def _advance(self, table: Table, ev, state_after) -> Table:
        """The table after one event; events this view does not model jump to ``state_after``."""
        d, kind = ev.data, ev.kind
        a = table.copy()
        if kind in QUIET_EVENTS:
            return a
        if kind in ("placed", "rolled", "pivoted"):
            p = d["player"]
            cell = d.get("dst", d.get("cell"))
            picked = d.get("picked")
            if picked is not None and a.stacks[cell] and a.stacks[cell][-1] == picked:
                a.stacks[cell].pop()
            a.cube_cell[p] = cell
            a.cube_faces[p] = list(d["faces"])
            hint = (roll_rotation(self._direction(d["direction"])) if kind == "rolled"
                    else pivot_rotation(d["quarter_turns"]) if kind == "pivoted" else None)
            without_picked = [None if t == picked else t for t in a.cube_faces[p]]
            a.cube_rot[p] = self._match_rotation(table.cube_faces[p], without_picked, table.cube_rot[p], hint)
            return a
        if kind == "scored":
            p = d["player"]
            a.cube_faces[p] = list(d["faces"])
            a.collected[p].extend(d["tiles"])
            a.cube_cell[p] = None
            return a
        if kind == "abyss_placed":  # one told face down (a joined seat's view) lies as the position has it
            a.abyss[d["cell"]] = d["abyss"] if type(d["abyss"]) is int else state_after.abyss[d["cell"]]
            if d["abyss"] in a.abyss_supply:
                a.abyss_supply.remove(d["abyss"])
            return a
        jump = Table.of(state_after)
        jump.cube_rot = [self._match_rotation(table.cube_faces[s], jump.cube_faces[s], table.cube_rot[s])
                         for s in range(jump.num_players)]
        return jump

    @staticmethod
    def _direction(direction) -> int:
        return direction if isinstance(direction, int) else DIRECTIONS.index(direction)

    # ---- animation steps -------------------------------------------------------------------
    def _step(self, ev, before: Table, after: Table) -> Step:
        done = lambda: self._show(after)  # noqa: E731
        kind, d = ev.kind, ev.data
        if kind == "rolled":
            return Step(ROLL_S, self._roll_frames(before, after, d["player"], self._direction(d["direction"])), done)
        if kind == "pivoted":
            return Step(PIVOT_S, self._pivot_frames(before, d["player"], d["quarter_turns"]), done)
        if kind == "placed":
            return Step(PLACE_S, self._place_frames(before, after, d["player"]), done)
        if kind in QUIET_EVENTS:
            return Step(0.0, lambda u: None, done)
        lift = {"scored": 1.2, "abyss_placed": 0.8}.get(kind, 0.6)
        frames, duration = self._morph_frames(before, after, lift)
        return Step(duration, frames, done)

    def _cube_frames(self, before: Table, seat: int, cube_at: Callable[[float], np.ndarray]) -> Callable[[float], None]:
        """Frames moving one cube (with every tile on it) along ``cube_at(eased u)``."""
        tiles0, cubes0, abyss0 = self._poses(before)  # not the shown poses: steps may be queued
        rot0 = before.cube_rot[seat]
        on_cube = [(slot, t) for slot, t in enumerate(before.cube_faces[seat]) if t is not None]

        def frame(u: float) -> None:
            m = cube_at(ease_in_out(u))
            tiles, cubes = tiles0.copy(), cubes0.copy()
            cubes[seat] = m
            for slot, t in on_cube:
                body = int(np.argmax(SLOT_DIRS @ (rot0[:3, :3].T @ SLOT_DIRS[slot])))
                tiles[t] = m @ FACE_TILES[body]
            self._upload(tiles, cubes, abyss0)
        return frame

    def _roll_frames(self, before: Table, after: Table, seat: int, direction: int) -> Callable[[float], None]:
        """A quarter turn about the bottom edge on the side it rolls to, then settling on the new
        stack's height; the tile under the cube rises with it."""
        lay = self._layout
        assert lay is not None
        c0, c1 = lay.cube_centre(before, seat), lay.cube_centre(after, seat)
        step = np.array([c1[0] - c0[0], 0.0, c1[2] - c0[2]])
        step /= max(np.linalg.norm(step), 1e-9)
        h = CUBE_HALF + TILE_T
        edge = c0 + step * h - (0, h, 0)
        turn = roll_rotation(direction)
        axis = np.cross((0.0, 1.0, 0.0), step)
        rot0 = before.cube_rot[seat]
        end = edge + turn[:3, :3] @ (c0 - edge)

        def cube_at(u: float) -> np.ndarray:
            r = rotate(axis, u * math.pi / 2)
            centre = edge + r[:3, :3] @ (c0 - edge) + (c1 - end) * u
            return translate(*centre) @ r @ rot0
        return self._cube_frames(before, seat, cube_at)

    def _pivot_frames(self, before: Table, seat: int, quarter_turns: int) -> Callable[[float], None]:
        lay = self._layout
        assert lay is not None
        c0 = lay.cube_centre(before, seat)
        rot0 = before.cube_rot[seat]

        def cube_at(u: float) -> np.ndarray:
            lift = 0.18 * math.sin(math.pi * u)
            return translate(*(c0 + (0, lift, 0))) @ rotate(Y, -quarter_turns * math.pi / 2 * u) @ rot0
        return self._cube_frames(before, seat, cube_at)

    def _place_frames(self, before: Table, after: Table, seat: int) -> Callable[[float], None]:
        """Lift the cube from its area, turn it to the chosen orientation on the way, set it down."""
        lay = self._layout
        assert lay is not None
        start, end = lay.cube_matrix(before, seat), lay.cube_matrix(after, seat)
        return self._cube_frames(before, seat, lambda u: blend_rigid(start, end, u, lift=1.0))

    def _morph_frames(self, before: Table, after: Table, lift: float) -> tuple[Callable[[float], None], float]:
        """Every piece that moves between two positions flies along an arc, one after another."""
        tiles0, cubes0, abyss0 = self._poses(before)
        tiles1, cubes1, abyss1 = self._poses(after)
        moving = []
        for kind, a, b in (("tile", tiles0, tiles1), ("cube", cubes0, cubes1), ("abyss", abyss0, abyss1)):
            for i in range(min(len(a), len(b))):
                if not np.allclose(a[i], b[i], atol=1e-5):
                    moving.append((kind, i, a[i], b[i]))
        if not moving:
            return (lambda u: None), 0.0
        stagger = FLY_STAGGER_S * (len(moving) - 1)
        total = FLY_S + stagger

        def frame(u: float) -> None:
            rows = {"tile": tiles0.copy(), "cube": cubes0.copy(), "abyss": abyss0.copy()}
            for k, (kind, i, a, b) in enumerate(moving):
                local = ease_in_out((u * total - k * FLY_STAGGER_S) / FLY_S)
                if not a.any() or not b.any():  # appears or vanishes: show it at its end
                    rows[kind][i] = b if local > 0 else a
                else:
                    rows[kind][i] = blend_rigid(a, b, local, lift)
            self._upload(rows["tile"], rows["cube"], rows["abyss"])
        return frame, total

    # ---- picking ---------------------------------------------------------------------------
    def _shown_boxes(self) -> PickBoxes:
        """Cubes, cells, the tiles and empty spaces on the boards, then the personal areas: all
        pieces but the areas, which answer last."""
        lay, table = self._layout, self._table
        assert lay is not None
        out: list[tuple[Target, np.ndarray, np.ndarray]] = []
        for seat in range(table.num_players):
            out.append((("cube", seat), *lay.cube_box(table, seat)))
        for cell in range(table.size ** 2):
            out.append((("cell", cell), *lay.cell_box(table, cell)))
        ext = np.array([TILE_HALF, TILE_T / 2, TILE_HALF])
        for seat in range(table.num_players):
            tops = {lay.space_of(seat, table, t): (t, m) for t, m in lay.collected_matrices(table, seat).items()}
            for t, m in tops.values():
                p = m[:3, 3]
                out.append((("board_tile", seat, t), p - ext - (0, p[1] - TILE_T / 2, 0), p + ext))
        for seat, board in enumerate(table.kids_board if lay.variant == "kids" else []):
            for slot in (s for s, t in enumerate(board) if t is None):
                p = lay.board_space(seat, *divmod(slot, 4))[:3, 3]
                out.append((("board_space", seat, slot), p - ext - (0, p[1] - TILE_T / 2, 0), p + ext))
        for seat in range(table.num_players):
            out.append((("area", seat), *lay.area_box(seat)))
        return box_table([(t, lo, hi, t[0] != "area") for t, lo, hi in out])

    def _parts_hit(self, target: Target, centre: np.ndarray, point: np.ndarray) -> list:
        """A cube hit names the face the ray meets, right after the cube."""
        if target[0] != "cube":
            return []
        return [("face", target[1], int(np.argmax(SLOT_DIRS @ (point - centre))))]

    def _answers(self, target: Target) -> bool:
        """A face answers only while it is lit (choosing tiles to score), and then the cube does not."""
        if target[0] == "face":
            return target in self._highlights
        if target[0] == "cube":  # while its faces are offered, the cube answers with the face
            return not any(h[0] == "face" and h[1] == target[1] for h in self._highlights)
        return True

    def _target_points(self, target: Target) -> list[np.ndarray]:
        lay, table = self._layout, self._table
        assert lay is not None
        kind = target[0]
        if kind == "cell":
            lo, hi = lay.cell_box(table, target[1])
            c = np.array([(lo[0] + hi[0]) / 2, hi[1], (lo[2] + hi[2]) / 2])
            ring = [c + (dx, 0, dz) for dz in (-0.3, 0.0, 0.3) for dx in (0.0, -0.3, 0.3)]
            return ring + [c + (dx, -hi[1] / 2, 0.47) for dx in (0.0, -0.3, 0.3)]
        if kind == "cube":
            c = lay.cube_centre(table, target[1])
            return [c, c + (0, CUBE_HALF, 0)]
        if kind == "face":
            return [lay.cube_centre(table, target[1]) + SLOT_DIRS[target[2]] * (CUBE_HALF + TILE_T)]
        if kind == "area":
            lo, hi = lay.area_box(target[1])
            return [(lo + hi) / 2, lo + (hi - lo) * (0.15, 1, 0.5), lo + (hi - lo) * (0.85, 1, 0.5)]
        if kind == "board_tile":
            return [lay.collected_matrices(table, target[1])[target[2]][:3, 3] + (0, TILE_T / 2, 0)]
        if kind == "board_space":
            return [lay.board_space(target[1], *divmod(target[2], 4))[:3, 3] + (0, TILE_T / 2, 0)]
        raise ValueError(f"unknown target {target!r}")
