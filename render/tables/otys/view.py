"""The Otys table in 3D: pieces from a state, motion from one position to the next, pick targets.

Geometry is in :mod:`render.tables.otys.layout`, the printed art in :mod:`render.tables.otys.art`,
which piece stands where in :mod:`render.tables.otys.pieces`. The boards, spaces, tracks and
labels never move and are baked once into the table print; every piece that moves is one
instanced batch per mesh (tiles, cards, tokens, number plates, one per resource shape, glow
rings), so the draw calls per frame do not grow with the pieces.

Between two positions every piece glides from its old place to its new one (pieces of one kind
are interchangeable: a resource sold leaves the level and lands in the Store, a key slides to the
Hacker track, divers shift down the column); pieces that come or go grow or shrink in place.

Contracts in a hand (and those a seat is choosing from) are printed face up only for the viewer
(:meth:`OtysView.set_viewer`): face down for everyone else and for nobody during a hand-over.
"""
from __future__ import annotations

from typing import Callable

import moderngl
import numpy as np

from render.gl.batch import COLOUR, RECT, instance_array, set_matrices
from render.gl.mesh import bevelled_box, box, disc, quad
from render.scene.anim import Step, Timeline, ease_in_out
from render.scene.camera import Camera
from render.scene.tabletop import MODE_GLOW, MODE_TOP_PRINT, Tabletop
from render.scene.xform import translate
from render.tables.otys import art, layout
from render.tables.otys.layout import SEAT_ANGLE
from render.tables.otys.pieces import BATCH_HALF, Piece, flat_targets, pieces, print_items

Target = tuple
HIGHLIGHT, HOVER = 0.55, 1.0
GLOW_COLOUR = (1.0, 0.82, 0.35)
HOVER_COLOUR = (1.0, 1.0, 0.85)
MOVE_S, STAGGER_S = 0.45, 0.025
GONE = np.diag([0.0, 0.0, 0.0, 1.0])  # a piece shrunk to nothing where it stands
LIFT = {"disc": 0.5, "card": 0.6, "res0": 0.6, "res1": 0.6, "res2": 0.6, "res3": 0.6}  # divers and tiles slide


def seat_angle(seat: int, players: int) -> float:
    """Camera yaw that looks across the table from ``seat``'s side (seats 0-3: S, N, W, E)."""
    return SEAT_ANGLE[seat % 4]


def _place(m: np.ndarray) -> bytes:
    """A piece's pose, rounded: two pieces in one place are the same piece staying put."""
    return np.round(m, 4).tobytes()


def _meshes() -> dict:
    return {"tile": bevelled_box(0.5, 0.05, 0.5, 0.03, 2), "card": box(0.5, 0.012, 0.5),
            "disc": disc(0.5, 0.05, 0.015, 20), "plate": quad(0.5),
            "res0": bevelled_box(*BATCH_HALF["res0"], 0.025, 1), "res1": disc(0.15, 0.11, 0.02, 6),
            "res2": disc(0.13, 0.14, 0.02, 20), "res3": disc(0.18, 0.11, 0.02, 3)}


class OtysView:
    def __init__(self, ctx: moderngl.Context, state, anim_speed: float = 1.0, samples: int = 4) -> None:
        image, self._rects = art.atlas()
        self._players = state.num_players
        ext = layout.extent(self._players)
        self._top = Tabletop(ctx, image, shadow_extent=ext + 1.0, shadow_size=1024, samples=samples)
        self.stats = self._top.stats
        self.camera = Camera(16 / 9)
        self.anim_speed = anim_speed
        self._timeline = Timeline()
        self._highlights: set[Target] = set()
        self._hovered: Target | None = None
        self._viewer: int | None = None
        self._batches = {name: self._top.batch(mesh, MODE_TOP_PRINT, 64) for name, mesh in _meshes().items()}
        self._flat = self._top.batch(quad(0.5), MODE_TOP_PRINT, 512)
        self._glow = self._top.batch(quad(0.5), MODE_GLOW, 32)
        self._flat_targets = flat_targets(self._players)
        self._bake(state)
        far = ext + (3.0 if self._players > 2 else 0.0)  # west and east boards lie the long way from their chairs
        self.camera.set_home(distance=1.9 * far + 4.0, pitch_deg=60.0, target=(0.0, 0.0, 0.8))
        self.sync(state)

    def _bake(self, state) -> None:
        items = print_items(state, self._rects)
        rows = instance_array(len(items))
        set_matrices(rows, np.array([m for m, _, _ in items]))
        rows[:, COLOUR] = [(*c, 0.0) for _, c, _ in items]
        rows[:, RECT] = [r for _, _, r in items]
        self._flat.upload(rows)
        self._top.bake_print([self._flat], layout.extent(self._players), size=4096)

    # ---- state and events --------------------------------------------------------------------
    def set_viewer(self, viewer: int | None) -> None:
        """Whose private contracts are printed face up: a seat, None for everyone's, -1 nobody's."""
        if viewer == self._viewer:
            return
        self._viewer = viewer
        self._final = pieces(self._final_state, viewer, self._rects)
        if not self._timeline.busy:
            self._show(self._final)

    def sync(self, state) -> None:
        """Show ``state`` at once, dropping any animation still queued."""
        self._timeline = Timeline()
        self._final_state = state.clone()
        self._final = pieces(self._final_state, self._viewer, self._rects)
        self._show(self._final)

    def play(self, events: list, state_after) -> None:
        """Every piece glides from the last queued position to ``state_after``'s."""
        before = self._final
        self._final_state = state_after.clone()
        after = self._final = pieces(self._final_state, self._viewer, self._rects)
        frames, duration = self._morph_frames(before, after)
        self._timeline.add(Step(duration, frames, lambda: self._show(after if self._timeline.busy else self._final)))
        if self.anim_speed <= 0:
            self._timeline.update(0.0, 0.0)

    @property
    def busy(self) -> bool:
        return self._timeline.busy

    def update(self, dt: float) -> None:
        self._timeline.update(dt, self.anim_speed)

    def _morph_frames(self, before: list[Piece], after: list[Piece]) -> tuple[Callable[[float], None], float]:
        """Pieces of a kind pair up: those that stay keep their place, the others fly from the old
        places to the new ones in order; the rest grow from or shrink to nothing."""
        olds: dict[tuple, list[Piece]] = {}
        for p in before:
            olds.setdefault(p.group, []).append(p)
        still: list[Piece] = []
        moving: list[tuple[Piece, np.ndarray, np.ndarray, float]] = []  # piece, from, to, lift
        news: dict[tuple, list[Piece]] = {}
        for p in after:
            news.setdefault(p.group, []).append(p)
        for group, new in news.items():
            old = olds.pop(group, [])
            at: dict[bytes, list[Piece]] = {}
            for o in old:
                at.setdefault(_place(o.m), []).append(o)
            left, stayed = [], set()
            for p in new:
                same = at.get(_place(p.m))
                if same:
                    stayed.add(id(same.pop()))
                    still.append(p)
                else:
                    left.append(p)
            old = [o for o in old if id(o) not in stayed]
            for p in left:
                if old:
                    moving.append((p, old.pop(0).m, p.m, LIFT.get(p.batch, 0.0)))
                else:
                    moving.append((p, p.m @ GONE, p.m, 0.0))
            olds[group] = old
        for group in olds.values():
            moving += [(o, o.m, o.m @ GONE, 0.0) for o in group]
        if not moving:
            return (lambda u: None), 0.0
        stagger = min(STAGGER_S, 0.3 / len(moving))
        total = MOVE_S + stagger * (len(moving) - 1)

        def frame(u: float) -> None:
            shown = list(still)
            for k, (p, a, b, lift) in enumerate(moving):
                t = ease_in_out((u * total - k * stagger) / MOVE_S)
                m = a * (1 - t) + b * t
                m[1, 3] += lift * np.sin(np.pi * t)
                shown.append(Piece(p.batch, p.group, m, p.colour, p.rect, p.target))
            self._upload(shown)
        return frame, total

    # ---- uploads -----------------------------------------------------------------------------
    def _show(self, shown: list[Piece]) -> None:
        self._shown = shown
        self._box_cache = None
        self._upload(shown)
        self._upload_glow()

    def _upload(self, shown: list[Piece]) -> None:
        glow = {t: HOVER if t == self._hovered else HIGHLIGHT for t in self._lit()}
        by_batch: dict[str, list[Piece]] = {name: [] for name in self._batches}
        for p in shown:
            by_batch[p.batch].append(p)
        eye = self.camera.eye
        for name, items in by_batch.items():
            items.sort(key=lambda p: float(np.sum((p.m[:3, 3] - eye) ** 2)))  # near first: hidden pixels skip shading
            rows = instance_array(len(items))
            if items:
                set_matrices(rows, np.array([p.m for p in items]))
                rows[:, COLOUR] = [(*p.colour, glow.get(p.target, 0.0)) for p in items]
                rows[:, RECT] = [p.rect for p in items]
            self._batches[name].upload(rows)

    # ---- highlights ----------------------------------------------------------------------------
    def _lit(self) -> set[Target]:
        return self._highlights | ({self._hovered} if self._hovered else set())

    def _upload_glow(self) -> None:
        mats, colours = [], []
        targets, lo, hi, _ = self._boxes()
        index = {}
        for i, t in enumerate(targets):
            index.setdefault(t, i)
        for target in sorted(self._lit(), key=repr):
            i = index.get(target)
            if i is None:
                continue
            (x0, _, z0), (x1, y1, z1) = lo[i], hi[i]
            mats.append(translate((x0 + x1) / 2, y1 + 0.01, (z0 + z1) / 2) @ np.diag([x1 - x0 + 0.16, 1, z1 - z0 + 0.16, 1]))
            hovered = target == self._hovered
            colours.append((*(HOVER_COLOUR if hovered else GLOW_COLOUR), 1.0 if hovered else 0.7))
        rows = instance_array(len(mats))
        if mats:
            set_matrices(rows, np.array(mats))
            rows[:, COLOUR] = colours
            rows[:, RECT.start] = 0.7
        self._glow.upload(rows)

    def set_highlights(self, targets: set[Target], hovered: Target | None = None) -> None:
        """Legal targets glow; the hovered one glows brighter. Cheap when nothing changed."""
        targets = set(targets)
        if targets == self._highlights and hovered == self._hovered:
            return
        self._highlights, self._hovered = targets, hovered
        if not self._timeline.busy:
            self._upload(self._shown)
        self._upload_glow()

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int,
             changes_only: bool = False) -> list | None:
        """One frame into ``fbo`` (cached while still; see Tabletop.draw)."""
        if (self.camera.width, self.camera.height) != (width, height):
            self.camera.set_viewport(width, height)
        return self._top.draw(fbo, width, height, self.camera, changes_only)

    def settle(self) -> None:
        """Draw the next frame with 4x MSAA at once (screenshots; see Tabletop.settle)."""
        self._top.settle()

    def release(self) -> None:
        """Free the view's GL objects; the view cannot draw afterwards."""
        self._top.release()

    # ---- picking --------------------------------------------------------------------------------------
    def _boxes(self) -> tuple[list[Target], np.ndarray, np.ndarray, np.ndarray]:
        """Pick boxes of the shown position: targets, corners, and whether each is a piece."""
        if self._box_cache is not None:
            return self._box_cache
        targets, lows, highs, piece = [], [], [], []
        corners = np.array([[sx, sy, sz, 1.0] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])
        for p in self._shown:
            if p.target is None:
                continue
            half = np.array([*BATCH_HALF[p.batch], 0.0])
            world = (p.m @ (corners * np.where(half > 0, half, 1.0)).T).T[:, :3]
            targets.append(p.target)
            lows.append(world.min(axis=0))
            highs.append(world.max(axis=0))
            piece.append(True)
        for target, lo, hi in self._flat_targets:
            targets.append(target)
            lows.append(lo)
            highs.append(hi)
            piece.append(False)
        self._box_cache = (targets, np.array(lows), np.array(highs), np.array(piece))
        return self._box_cache

    def pick_all(self, x_px: float, y_px: float) -> list[Target]:
        """Every target under window pixel (x, y): pieces nearest first, then the board's places."""
        origin, d = self.camera.ray(x_px, y_px)
        targets, lo, hi, piece = self._boxes()
        with np.errstate(divide="ignore", invalid="ignore"):
            t1, t2 = (lo - origin) / d, (hi - origin) / d
        near = np.nanmax(np.minimum(t1, t2), axis=1).clip(min=0.0)
        far = np.nanmin(np.maximum(t1, t2), axis=1)
        hit = np.flatnonzero(far >= near)
        out: list[Target] = []
        for i in sorted(hit, key=lambda i: (not piece[i], near[i])):
            if targets[i] not in out:
                out.append(targets[i])
        return out

    def pick(self, x_px: float, y_px: float) -> Target | None:
        hits = self.pick_all(x_px, y_px)
        return hits[0] if hits else None

    def target_pos(self, target: Target) -> tuple[float, float]:
        """Window pixels of a visible point of the target where ``pick`` answers with it."""
        targets, lo, hi, _ = self._boxes()
        found = [i for i, t in enumerate(targets) if t == target]
        if not found:
            raise ValueError(f"no {target!r} on the table")
        candidates = []
        for i in found:
            c = (lo[i] + hi[i]) / 2
            top = np.array([c[0], hi[i][1], c[2]])
            dx, dz = (hi[i][0] - lo[i][0]) * 0.3, (hi[i][2] - lo[i][2]) * 0.3
            candidates += [self.camera.project(top + off) for off in
                           ((0, 0, 0), (dx, 0, 0), (-dx, 0, 0), (0, 0, dz), (0, 0, -dz), (dx, 0, dz), (-dx, 0, -dz))]
        for x, y in candidates:
            if self.pick(x, y) == target:
                return x, y
        return candidates[0]
