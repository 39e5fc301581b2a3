"""The Otys table in 3D: pieces from a state, motion from one position to the next, pick targets.

Geometry is in :mod:`render.tables.otys.layout`, the printed art in :mod:`render.tables.otys.art`,
which piece stands where in :mod:`render.tables.otys.pieces`. The boards, spaces, tracks and
labels never move and are baked once into the table print; every piece that moves is one
instanced batch per mesh (tiles, cards, tokens, number plates, one per resource shape, glow
rings), so the draw calls per frame do not grow with the pieces.

A move plays event by event (:mod:`render.tables.otys.staging` follows the position through its
events, :mod:`render.tables.otys.motion` pairs the pieces and moves them): the chosen key slides
to its diver and pushes it, divers shift, resources travel between boards, Store and supply, reward
tokens turn over on their way, keys fly to the Hacker track and back. Each frame is a few numpy
operations over the moving rows, whatever the number of pieces.

Contracts in a hand (and those a seat is choosing from) are printed face up only for the viewer
(:meth:`OtysView.set_viewer`): face down for everyone else and for nobody during a hand-over.
"""
from __future__ import annotations

from typing import Callable

import moderngl
import numpy as np

from render.gl.batch import COLOUR, RECT, instance_array, set_matrices
from render.gl.mesh import bevelled_box, box, disc, quad
from game.core import Event
from render.scene.anim import Step, Timeline
from render.scene.tabletop import MODE_GLOW, MODE_TOP_PRINT, Tabletop
from render.scene.xform import translate
from render import i18n
from render.tables import atlas as atlases
from render.tables.otys import art, layout
from render.tables.otys.layout import SEAT_ANGLE, centre_frame, centre_side
from render.tables.otys.motion import MOVE_S, Motion, stage
from render.tables.otys.pieces import BATCH_HALF, Piece, flat_targets, pieces, print_items
from render.tables.otys.staging import advance
from render.tables.picking import PickBoxes, box_index
from render.tables.table_view import TableView, still_rows

Target = tuple
# A person's home camera: its distance and pitch over the own board (sized so the own resources
# are 28 px across at 1024x600), looking at the middle of the board and the hand beside it, that
# point brought this much towards the player so a strip under the board is left for the buttons.
HOME_DISTANCE, HOME_PITCH, HOME_NEAR = 7.75, 70.0, 0.5
HOME_RIGHT = (layout.HAND_X + layout.CARD_HALF[0] - layout.BOARD_HALF[0]) / 2
SETTLE = Event("settle", "", {})  # the last step of a move: onto the real position, should the events leave a gap


def seat_angle(seat: int, players: int) -> float:
    """Camera yaw that looks across the table from ``seat``'s side (seats 0-3: S, N, W, E)."""
    return SEAT_ANGLE[seat % 4]


def _meshes() -> dict:
    return {"tile": bevelled_box(0.5, 0.05, 0.5, 0.03, 2), "card": box(0.5, 0.012, 0.5),
            "disc": disc(0.5, 0.05, 0.015, 20), "plate": quad(0.5),
            "res0": bevelled_box(*BATCH_HALF["res0"], 0.025, 1), "res1": disc(0.15, 0.11, 0.02, 6),
            "res2": disc(*BATCH_HALF["res2"][:2], 0.02, 20), "res3": disc(0.18, 0.11, 0.02, 3)}


class OtysView(TableView):
    def __init__(self, ctx: moderngl.Context, state, anim_speed: float = 1.0, samples: int = 4) -> None:
        painting = art.sheet(i18n.language())
        self._rects = painting.rects
        self._players = state.num_players
        ext = layout.extent(self._players)
        super().__init__(Tabletop(ctx, atlases.wanted(painting), shadow_extent=ext + 1.0, shadow_size=1024,
                                  samples=samples), anim_speed, painting)
        self._viewer: int | None = None
        self._side = 0  # which way the centre block is turned (layout.centre_side of the deciding seat)
        self._batches = {name: self._top.batch(mesh, MODE_TOP_PRINT, 64) for name, mesh in _meshes().items()}
        self._flat = self._top.batch(quad(0.5), MODE_TOP_PRINT, 512)
        self._glow = self._top.batch(quad(0.5), MODE_GLOW, 32)
        self._flat_targets = flat_targets(self._players)
        self._bake(state)
        far = ext + (3.0 if self._players > 2 else 0.0)  # west and east boards lie the long way from their chairs
        self.camera.set_home(distance=1.9 * far + 4.0, pitch_deg=60.0, target=(0.0, 0.0, 0.8))
        self.sync(state)

    def seat_home(self) -> None:
        """A person's home looks over seat 0's own board and hand from close by, the Colony behind
        it: its resources and diver names must read from the chair (issue 35). The shell turns the
        home about the table centre to each seat's side (every board lies as far from it) and backs
        it off as far as the decision's lit pieces need."""
        self.camera.set_home(distance=HOME_DISTANCE, pitch_deg=HOME_PITCH,
                             target=(HOME_RIGHT, 0.0, layout.seat_dist(self._players) + HOME_NEAR))

    def centre_area(self) -> list[tuple[float, float]]:
        """The centre block (Colony, Store, contracts) on the screen, as it is turned now."""
        hx, hz = layout.CENTRE_HALF
        frame = centre_frame(self._side)
        return self.world_area([(frame @ np.array([x, y, z, 1.0]))[:3]
                                for x in (-hx, hx) for y in (0.0, 0.1) for z in (-hz, hz)])

    def _bake(self, state) -> None:
        """The table print with the centre block turned to ``self._side``: baked when that side first
        decides and kept (its mipmaps take seconds on a software renderer), never per frame."""
        if self._top.show_print(self._side, layout.extent(self._players)):
            return
        self._flat.upload(still_rows(print_items(state, self._rects, self._side)))
        self._bake_print([self._flat], layout.extent(self._players), size=4096, key=self._side)

    def reprint(self, state) -> None:
        """Sponsor tiles, contracts and boards print words: the atlas and the table print made anew
        in the language spoken (each side's print baked again when it is next met)."""
        painting = art.sheet(i18n.language())
        self._rects = painting.rects
        self._new_atlas(painting)
        self._bake(state)
        self.sync(state)

    def _pieces(self, state) -> list[Piece]:
        return pieces(state, self._viewer, self._rects, self._side)

    def _turn_centre(self, viewer: int | None) -> None:
        """The centre block reads upright from the seat whose eyes the screen has (a demo's and a
        finished game's from the south); unchanged while the screen is passed on."""
        side = self._side if viewer == -1 else centre_side(viewer) if viewer is not None else 0
        if side == self._side:
            return
        self._side = side
        self._flat_targets = flat_targets(self._players, side)
        self._bake(self._final_state)

    # ---- state and events --------------------------------------------------------------------
    def set_viewer(self, viewer: int | None) -> None:
        """Whose private contracts are printed face up: a seat, None for everyone's, -1 nobody's."""
        if viewer == self._viewer:
            return
        self._viewer = viewer
        turned = self._side
        self._turn_centre(viewer)
        self._final = self._pieces(self._final_state)
        self._final_boxes: PickBoxes | None = None
        if turned != self._side:
            self._timeline = Timeline()  # the centre's pieces change sides: show the position at once
        if not self._timeline.busy:
            self._show(self._final)

    def sync(self, state) -> None:
        """Show ``state`` at once, dropping any animation still queued."""
        self._timeline = Timeline()
        self._final_state = state.clone()
        self._final = self._pieces(self._final_state)
        self._show(self._final)

    def play(self, events: list, state_after) -> None:
        """One short step per event, in order (the key slides to its diver, the divers shift,
        resources travel...), ending exactly on ``state_after``; instant at speed 0."""
        shown, before = self._final_state, self._final
        self.steps_per_event = [1] * len(events)
        self._final_state = state_after.clone()
        self._final = self._pieces(self._final_state)
        self._final_boxes = None
        if self.anim_speed <= 0:
            self._timeline = Timeline()
            self._show(self._final)
            return
        staged: list[tuple[Motion, float, list[Piece]]] = []
        for ev in events:
            advance(shown, ev)
            after = self._pieces(shown)
            staged.append((*stage(ev, shown, before, after, centre_frame(self._side)), after))
            before = after
        staged.append((*stage(SETTLE, shown, before, self._final, centre_frame(self._side)), self._final))  # whatever the events left unsaid
        total = sum(seconds for _, seconds, _ in staged)
        fit = min(1.0, MOVE_S / total) if total else 1.0
        for motion, seconds, after in staged:
            self._timeline.add(Step(seconds * fit, self._frames(motion), self._done(after)))

    def _done(self, after: list[Piece]) -> Callable[[], None]:
        return lambda: self._show(after if self._timeline.busy else self._final)

    def _frames(self, motion: Motion) -> Callable[[float], None]:
        """Frames of one event: the batches whose pieces all stand still are uploaded once."""
        plan = self._plan(motion.pieces)
        moving = {b for b, (idx, _) in plan.items() if np.isin(idx, motion.moving).any()}
        first = [True]

        def frame(u: float) -> None:
            mats = motion.at(u)
            self._poses = (motion.pieces, mats)
            self._write(plan, mats, None if first[0] else moving)
            first[0] = False
        return frame

    # ---- uploads -----------------------------------------------------------------------------
    def _show(self, shown: list[Piece]) -> None:
        self._shown = shown
        self._box_cache = None
        self._final_boxes = None
        self._upload(shown)
        self._upload_glow()

    def _upload(self, shown: list[Piece]) -> None:
        mats = np.array([p.m for p in shown]).reshape(len(shown), 4, 4)
        self._poses = (shown, mats)  # what the batches hold now: pieces and their matrices
        self._write(self._plan(shown), mats, None)

    def _plan(self, shown: list[Piece]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """Per batch: which of ``shown`` it draws and their instance rows but the matrices."""
        glow = self._glow_of()
        plan = {}
        for name in self._batches:
            idx = np.array([i for i, p in enumerate(shown) if p.batch == name], int)
            rows = instance_array(len(idx))
            if len(idx):
                rows[:, COLOUR] = [(*shown[i].colour, glow.get(shown[i].target, 0.0)) for i in idx]
                rows[:, RECT] = [shown[i].rect for i in idx]
            plan[name] = (idx, rows)
        return plan

    def _write(self, plan: dict, mats: np.ndarray, only: set | None) -> None:
        """Upload the batches (``only`` those, if given) with pieces at ``mats``, near ones first
        (hidden pixels then skip shading)."""
        eye = self.camera.eye
        for name, (idx, rows) in plan.items():
            if only is not None and name not in only:
                continue
            m = mats[idx]
            order = np.argsort(np.sum((m[:, :3, 3] - eye) ** 2, axis=1), kind="stable")
            out = rows[order]
            set_matrices(out, m[order])
            self._batches[name].upload(out)

    # ---- highlights ----------------------------------------------------------------------------
    def _relight(self) -> None:
        self._upload(self._shown)

    def _glow_ring(self, target: Target) -> tuple[np.ndarray, float] | None:
        """A ring just above the pick box of every lit target (a piece glows itself as well)."""
        boxes = self._boxes()
        found = box_index(boxes).get(target)
        if not found:
            return None
        (x0, _, z0), (x1, y1, z1) = boxes[1][found[0]], boxes[2][found[0]]
        return translate((x0 + x1) / 2, y1 + 0.01, (z0 + z1) / 2) @ np.diag([x1 - x0 + 0.16, 1, z1 - z0 + 0.16, 1]), 0.7

    # ---- picking --------------------------------------------------------------------------------------
    def _shown_boxes(self) -> PickBoxes:
        return self._boxes_of(self._shown)

    def _settled_boxes(self) -> PickBoxes:
        """Pick boxes of the position the move ends on (where its new pieces will lie)."""
        if self._final_boxes is None:
            self._final_boxes = self._boxes_of(self._final)
        return self._final_boxes

    def _boxes_of(self, pieces_: list[Piece]) -> PickBoxes:
        """Each piece's box (its batch's half size turned by its matrix), then the board's places."""
        shown = [p for p in pieces_ if p.target is not None]
        corners = np.array([[sx, sy, sz, 1.0] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])
        lows, highs = np.zeros((0, 3)), np.zeros((0, 3))
        if shown:  # every piece's box at once: its batch's half size, its matrix
            half = np.array([BATCH_HALF[p.batch] for p in shown], float)
            local = corners[None] * np.concatenate([np.where(half > 0, half, 1.0), np.ones((len(shown), 1))], axis=1)[:, None]
            world = np.einsum("nij,nkj->nki", np.array([p.m for p in shown]), local)[..., :3]
            lows, highs = world.min(axis=1), world.max(axis=1)
        flat = self._flat_targets
        targets = [p.target for p in shown] + [t for t, _, _ in flat]
        if flat:
            lows = np.concatenate([lows, np.array([lo for _, lo, _ in flat], float).reshape(-1, 3)])
            highs = np.concatenate([highs, np.array([hi for _, _, hi in flat], float).reshape(-1, 3)])
        piece = np.array([True] * len(shown) + [False] * len(flat))
        return targets, lows, highs, piece

    def _target_points(self, target: Target) -> list[np.ndarray]:
        """The top of each of the target's boxes, its middle and six points about it; a piece the
        move under way has not laid yet (a contract being drawn) is found where it will lie."""
        targets, lo, hi, _ = self._boxes()
        found = [i for i, t in enumerate(targets) if t == target]
        if not found:
            targets, lo, hi, _ = self._settled_boxes()
            found = [i for i, t in enumerate(targets) if t == target]
        if not found:
            raise ValueError(f"no {target!r} on the table")
        points = []
        for i in found:
            c = (lo[i] + hi[i]) / 2
            top = np.array([c[0], hi[i][1], c[2]])
            dx, dz = (hi[i][0] - lo[i][0]) * 0.3, (hi[i][2] - lo[i][2]) * 0.3
            points += [top + off for off in
                       ((0, 0, 0), (dx, 0, 0), (-dx, 0, 0), (0, 0, dz), (0, 0, -dz), (dx, 0, dz), (-dx, 0, -dz))]
        return points
