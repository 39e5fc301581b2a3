"""The Cubitos table in 3D: pieces from a state, animations from its events, pick targets.

Geometry is in :mod:`render.tables.cubitos.layout` (track, market, fan track, seat areas), the
printed art in :mod:`render.tables.cubitos.art`, die orientation in
:mod:`render.tables.cubitos.dice`. The flat things that never move (track board and spaces, red
lines, shortcut arrows, fan track, seat mats and labels, market cards) are baked once into the
table print; every piece that moves is one instanced batch per kind (die bodies, die face
stickers, runners, fan markers, trays, bags, tokens, number plates, glow rings), so the draw
calls per frame do not grow with the number of dice.

Pick targets (tuples):
- ``("die", die_id)``: any die on the table (zones, market trays, gray piles);
- ``("space", node)``: a racetrack space (board node index);
- ``("tray", colour)``: a market tray or gray pile (``"lgray"``/``"dgray"``);
- ``("card", colour)``: the market card beside an ability tray;
- ``("zone", seat, zone)``: a seat's Draw (0, the bag), Roll (1), Active (2) or Discard (3) Zone;
- ``("runner", seat)``, ``("fan", seat)``: a seat's pawn on the track, its fan marker;
- ``("token", seat, kind)``: a seat's counter (kind in art.TOKENS: credits, draw, laps, money, move).
``pick`` answers with the nearest piece (die, runner, fan marker, token), else the nearest
container (zone, tray, card), else the space under the pointer; ``pick_all`` lists them all.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Callable

import moderngl
import numpy as np

from game.cubitos.dice import FACES
from game.cubitos.state import ACTIVE, DISCARD, DRAW, ROLL
from game.cubitos.tracks import FAN_MAX
from render import i18n
from render.gl.batch import COLOUR, RECT, instance_array, set_matrices
from render.gl.mesh import disc, quad
from render.scene.anim import Step, Timeline, ease_in_out
from render.scene.camera import Camera
from render.scene.tabletop import MODE_CUBE, MODE_GLOW, MODE_TOP_PRINT, Tabletop
from render.scene.xform import blend_rigid, rotate, scale, translate
from render.tables.cubitos import art
from render.tables.table_view import TableView
from render.tables.cubitos.dice import bag_mesh, die_mesh, pawn_mesh, rest_rotation, stickers, tray_mesh
from render.tables.cubitos.layout import (DIE_BEVEL, DIE_HALF, SEAT_ANGLE, SEAT_HALF, SEAT_TRAY_X, TRAY_WALL, Y,
                                          BAG_X, CARD_HALF, FAN_PITCH, Layout, Tray)

Target = tuple
HIGHLIGHT, HOVER = 0.55, 1.0
GLOW_COLOUR = (1.0, 0.82, 0.35)
HOVER_COLOUR = (1.0, 1.0, 0.85)
# Animation lengths in seconds at speed 1.
TUMBLE_S, TUMBLE_STAGGER_S, SLIDE_S, FLY_S, FLY_STAGGER_S, HOP_S = 0.9, 0.04, 0.35, 0.35, 0.03, 0.22
TOKEN_ROWS = ("credits", "draw", "laps")
FACE_STICKERS = stickers(DIE_HALF)
POSED_KEPT = 8  # positions whose poses are remembered (one move queues a few)
LABEL_Z, LABEL_SIZE = 1.0, (1.6, 1.0, 0.8)  # the zone names printed along a seat board's near edge
# The home camera: its distance to a point this far behind the seat's board centre, its pitch.
HOME_DISTANCE, HOME_BEHIND, HOME_PITCH = 11.0, 2.6, 36.0


def seat_angle(seat: int, players: int) -> float:
    """Camera yaw that looks across the table from ``seat``'s side (seats 0-3: S, N, W, E)."""
    return SEAT_ANGLE[seat % max(1, min(players, 4))]


@dataclasses.dataclass
class Snap:
    """What the table shows: where every die is and how it lies, runners, fans and counters."""

    zones: list[list[list[int]]]
    trays: dict[str, list[int]]
    face: list[int]
    node: list[int]
    fans: list[int]
    counters: list[dict[str, int]]

    @classmethod
    def of(cls, state) -> "Snap":
        return cls([[list(z) for z in p.zones] for p in state.seats], {c: list(v) for c, v in state.trays.items()},
                   list(state.face), [p.node for p in state.seats], [p.fans for p in state.seats],
                   [{"credits": p.credits, "draw": p.tokens, "laps": p.laps, "money": p.money, "move": p.move + p.wmove,
                     "bag": len(p.zones[DRAW])} for p in state.seats])

    def copy(self) -> "Snap":
        return Snap([[list(z) for z in p] for p in self.zones], {c: list(v) for c, v in self.trays.items()},
                    list(self.face), list(self.node), list(self.fans), [dict(c) for c in self.counters])

    def remove(self, die: int) -> None:
        for p in self.zones:
            for z in p:
                if die in z:
                    z.remove(die)
                    return
        for v in self.trays.values():
            if die in v:
                v.remove(die)
                return

    def put(self, die: int, where: tuple) -> None:
        self.remove(die)
        if where[0] == "zone":
            self.zones[where[1]][where[2]].append(die)
        else:
            self.trays[where[1]].append(die)


def _face_index(colour: str, name: str, hint: int) -> int:
    faces = FACES[colour]
    return hint if faces[hint] == name else faces.index(name)


def _jitter(die: int) -> float:
    return ((die * 37) % 11 - 5) * 0.035


class CubitosView(TableView):
    def __init__(self, ctx: moderngl.Context, state, anim_speed: float = 1.0, samples: int = 4) -> None:
        setup = state.setup
        self._card_set = tuple((c, setup.card_set[c]) for c in setup.colours())
        image, self._rects = art.atlas(self._card_set, i18n.language())
        self._colours = list(setup.colour)
        self._n = len(self._colours)
        self._layout = Layout(setup.board, setup.colours(), state.num_players)
        ext = self._layout.print_extent()
        self._top = Tabletop(ctx, image, shadow_extent=ext + 1.0, shadow_size=1024, samples=samples)
        self.stats = self._top.stats
        self.camera = Camera(16 / 9)
        self.anim_speed = anim_speed
        self._timeline = Timeline()
        self._highlights: set[Target] = set()
        self._hovered: Target | None = None
        top = self._top
        self._dice = top.batch(die_mesh(DIE_HALF, DIE_BEVEL), MODE_CUBE, self._n)
        self._stickers = top.batch(quad(0.5), MODE_TOP_PRINT, 6 * self._n)
        self._pawns = top.batch(pawn_mesh(), MODE_TOP_PRINT, 4)
        self._fans = top.batch(disc(0.13, 0.04, 0.012, 18), MODE_TOP_PRINT, 4)
        self._trays = top.batch(tray_mesh(0.5, 0.5, 0.04, TRAY_WALL), MODE_CUBE, 24)
        self._bags = top.batch(bag_mesh(), MODE_TOP_PRINT, 4)
        self._tokens = top.batch(disc(0.2, 0.03, 0.01, 20), MODE_TOP_PRINT, 16)
        self._plates = top.batch(quad(0.5), MODE_TOP_PRINT, 32)
        self._flat = top.batch(quad(0.5), MODE_TOP_PRINT, 1024)
        self._glow = top.batch(quad(0.5), MODE_GLOW, 32)
        self._counters_shown: dict = {}
        self._posed: dict[int, tuple[Snap, tuple]] = {}
        self._side = 0  # the market cards read upright from the south (0) or the north (1)
        self._build_static(state)
        self._counter_pieces(state.num_players)
        self._fit_camera()
        self.sync(state)

    # ---- the printed table (baked once) ------------------------------------------------------
    def _flat_row(self, mats: list, rows: list, m: np.ndarray, colour, rect=None) -> None:
        mats.append(m)
        rows.append(((*colour, 0.0), rect or (0.0, 0.0, 0.0, 0.0)))

    def _build_static(self, state) -> None:
        lay, board, r = self._layout, self._layout.board, self._rects
        mats: list[np.ndarray] = []
        rows: list = []
        add = lambda m, colour, rect=None: self._flat_row(mats, rows, m, colour, rect)  # noqa: E731
        tr = lay.track
        lo, hi = tr.bounds()
        c = (lo + hi) / 2 + lay.track_offset
        add(translate(c[0], 0.001, c[1]) @ scale(hi[0] - lo[0] + 0.5, 1, hi[1] - lo[1] + 0.5), art.BOARD_COLOUR)
        add(translate(c[0], 0.0005, c[1]) @ scale(hi[0] - lo[0] + 0.7, 1, hi[1] - lo[1] + 0.7), art.INK)
        shortcuts = sorted((n, e) for n, e in enumerate(board.effect) if e and e[0] in ("money", "move"))
        marks = {}
        for _, e in shortcuts:
            marks.setdefault(e[2], "ABC"[min(len(marks), 2)])
        for n in range(board.size):
            x, z = lay.space_xz(n)
            if n in tr.big:
                ha, hc = tr.size[n]
                word = "start_finish" if board.lap else ("start" if board.labels[n].endswith("start") else "finish")
                turn = math.pi / 2 if hc > ha and not board.lap else 0.0  # the word runs across a lane track
                m = translate(x, 0.003, z) @ rotate(Y, tr.heading[n] + turn)
                add(m @ (scale(2 * hc, 1, 2 * ha) if turn else scale(2 * ha, 1, 2 * hc)), art.PAPER, r[("big", word)])
                continue
            e = board.effect[n]
            key = art.space_key(board.rewards[n], e, marks.get(e[2]) if e and e[0] in ("money", "move") else marks.get(n),
                                board.water[n])
            yaw = (tr.heading[n] + math.pi / 6) % (math.pi / 3) - math.pi / 6
            s = 2 * tr.size[n][0]
            add(translate(x, 0.003, z) @ rotate(Y, yaw) @ scale(s, 1, s), art.LAND, r[key])
        edge = tr.pitch / math.sqrt(3)
        for a in range(board.size):
            for b in board.adj[a]:
                if b > a and board.line[a] != board.line[b] and not {a, b} & tr.big:
                    pa, pb = lay.space_xz(a), lay.space_xz(b)
                    mid, d = (pa + pb) / 2, pb - pa
                    add(translate(mid[0], 0.005, mid[1]) @ rotate(Y, math.atan2(-d[1], d[0])) @ scale(0.07, 1, edge * 1.05),
                        art.RED_LINE)
        for n, e in shortcuts:
            pa, pb = lay.space_xz(n), lay.space_xz(e[2])
            d = pb - pa
            length = float(np.linalg.norm(d))
            mid = (pa + pb) / 2
            add(translate(mid[0], 0.006, mid[1]) @ rotate(Y, math.atan2(-d[1], d[0])) @ scale(length - 0.45, 1, 0.3),
                art.PAPER, r[("arrow",)])
        if board.lap:
            p = lay.space_xz(board.start) + (0.0, tr.size[board.start][1] + 0.5)
            add(translate(p[0] - 0.3, 0.006, p[1]) @ scale(0.5), art.PAPER, r[("token", "laps")])
            add(translate(p[0] + 0.3, 0.006, p[1]) @ scale(0.5, 1, 0.34), art.PAPER, r[("num", state.setup.laps)])
        for i in range(FAN_MAX + 1):
            x, z = lay.fan_xz(i)
            add(translate(x, 0.003, z) @ scale(FAN_PITCH * 0.96), art.PAPER, r[("fan", i)])
        for colour, xz in lay.cards.items():
            add(translate(xz[0], 0.004, xz[1]) @ rotate(Y, math.pi * self._side) @ scale(2 * CARD_HALF[0], 1, 2 * CARD_HALF[1]),
                art.PAPER, r[("card", colour)])
        for seat in range(state.num_players):
            frame = lay.area(seat)
            add(frame @ translate(0, 0.001, 0) @ scale(2 * SEAT_HALF[0] + 0.16, 1, 2 * SEAT_HALF[1] + 0.16),
                art.PLAYER_COLOURS[seat])
            add(frame @ translate(0, 0.002, 0) @ scale(2 * SEAT_HALF[0], 1, 2 * SEAT_HALF[1]), (0.2, 0.17, 0.16))
            for k, x in enumerate((BAG_X, *SEAT_TRAY_X)):
                add(frame @ translate(x, 0.003, LABEL_Z) @ scale(*LABEL_SIZE), (0.2, 0.17, 0.16), r[("label", art.ZONE_LABELS[k])])
            add(frame @ translate(-SEAT_HALF[0] + 0.3, 0.003, -SEAT_HALF[1] + 0.3) @ scale(0.45), art.PAPER, r[("badge", seat)])
        table = np.array(mats)
        inst = instance_array(len(mats))
        set_matrices(inst, table)
        inst[:, COLOUR] = [row[0] for row in rows]
        inst[:, RECT] = [row[1] for row in rows]
        self._flat.upload(inst)
        self._top.bake_print([self._flat], lay.print_extent(), key=self._side)
        self._static_state = state
        self._upload_trays(state.num_players)

    def label_area(self, seat: int, k: int) -> list:
        """The window area of the k-th word printed under a seat's zones (DRAW, ROLL, ACTIVE, DISCARD)."""
        x, (w, _, d) = (BAG_X, *SEAT_TRAY_X)[k], LABEL_SIZE
        frame = self._layout.area(seat)
        return self.world_area([(frame @ np.array([x + dx * w / 2, 0.003, LABEL_Z + dz * d / 2, 1.0]))[:3]
                                for dx in (-1, 1) for dz in (-1, 1)])

    def face_reader(self, seat: int | None) -> None:
        """The market's cards read upright from the side of ``seat`` (the person the screen
        faces; None: the south, as a film or a demo shows it). West and east read them sideways
        either way and keep the south's. Each side's print is baked once, when it is first met."""
        side = 1 if seat == 1 else 0
        if side == self._side:
            return
        self._side = side
        if not self._top.show_print(side, self._layout.print_extent()):
            self._build_static(self._static_state)

    def reprint(self, state) -> None:
        """Cards, labels and board spaces print words: the atlas and the table print made anew in
        the language spoken, the pieces shown from the new atlas."""
        image, self._rects = art.atlas(self._card_set, i18n.language())
        self._top.replace_atlas(image)
        self._build_static(self._static_state)
        del self._sticker_rects  # the stickers' and counters' rects are read again from the new atlas
        self._counters_shown.clear()
        self._posed.clear()
        self._counter_pieces(state.num_players)
        self.sync(state)

    def _tray_list(self, players: int) -> list[tuple[Target, Tray]]:
        lay = self._layout
        out: list[tuple[Target, Tray]] = [(("tray", c), t) for c, t in lay.trays.items()]
        out += [(("zone", s, z), lay.seat_tray(s, z)) for s in range(players) for z in (ROLL, ACTIVE, DISCARD)]
        return out

    def _upload_trays(self, players: int) -> None:
        trays = self._tray_list(players)
        self._tray_targets = [t for t, _ in trays]
        mats = [tray.frame() @ scale(2 * tray.half[0], 1, 2 * tray.half[1]) for _, tray in trays]
        rows = instance_array(len(mats))
        set_matrices(rows, np.array(mats))
        rows[:, COLOUR] = (*art.TRAY_COLOUR, 0.0)
        self._tray_rows = rows

    def _fit_camera(self) -> None:
        """Home sees the whole table (films, screenshots, replays, bots' demos)."""
        lay = self._layout
        reach = max(lay.width, lay.depth) / 2 + 2 * SEAT_HALF[1] + 0.6
        self.camera.set_home(distance=2.45 * reach + 1.0, pitch_deg=58.0, target=(0.0, 0.0, 0.9))

    def seat_home(self) -> None:
        """A person's home looks over seat 0's own board from close by, the shared board behind
        it: its dice must read from the chair (28 px across in the smallest window). The shell
        turns the home about the table centre to each seat's side and backs it off as far as the
        decision's lit pieces need."""
        z = self._layout.seat_dist[0] - HOME_BEHIND
        self.camera.set_home(distance=HOME_DISTANCE, pitch_deg=HOME_PITCH, target=(0.0, 0.0, z))

    # ---- poses --------------------------------------------------------------------------------
    def _poses(self, snap: Snap) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(dice, visible, runners, fan markers): model matrices of everything that moves.

        Read-only and remembered for the last few positions: a queued position is posed as the
        end of one step, the start of the next and once shown (positions never change once made)."""
        hit = self._posed.get(id(snap))
        if hit is not None and hit[0] is snap:
            return hit[1]
        poses = self._pose(snap)
        for a in poses:
            a.flags.writeable = False
        if len(self._posed) >= POSED_KEPT:
            del self._posed[next(iter(self._posed))]
        self._posed[id(snap)] = (snap, poses)
        return poses

    def _pose(self, snap: Snap) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        lay = self._layout
        dice = np.zeros((self._n, 4, 4))
        visible = np.zeros(self._n, bool)

        def pose(d: int, at: np.ndarray, yaw: float) -> None:  # rotations carry no translation: set it
            dice[d] = rest_rotation(snap.face[d], yaw)
            dice[d, :3, 3] = at
        for seat, zones in enumerate(snap.zones):
            yaw = SEAT_ANGLE[seat]
            bag = lay.bag(seat) + (0.0, 0.25, 0.0)
            for d in zones[DRAW]:
                pose(d, bag, yaw)
            for z in (ROLL, ACTIVE, DISCARD):
                tray = lay.seat_tray(seat, z)
                for i, d in enumerate(zones[z]):
                    pose(d, tray.slot(i), yaw + _jitter(d))
                    visible[d] = True
        for colour, ids in snap.trays.items():
            tray = lay.trays[colour]
            for i, d in enumerate(ids):
                pose(d, tray.slot(i), _jitter(d))
                visible[d] = True
        count = {}
        for n in snap.node:
            count[n] = count.get(n, 0) + 1
        runners = np.array([lay.runner_matrix(n, s, count[n]) for s, n in enumerate(snap.node)])
        fans = np.array([lay.fan_marker(f, s) for s, f in enumerate(snap.fans)])
        return dice, visible, runners, fans

    def _upload(self, dice: np.ndarray, visible: np.ndarray, runners: np.ndarray, fans: np.ndarray) -> None:
        self._shown = (dice, visible, runners, fans)
        glow = self._glow_levels()
        shown = np.where(visible[:, None, None], dice, 0.0)
        rows = instance_array(self._n)
        set_matrices(rows, shown)
        rows[:, COLOUR] = [(*art.DIE_COLOURS[c], glow.get(("die", d), 0.0)) for d, c in enumerate(self._colours)]
        near_first = np.argsort(np.linalg.norm(dice[:, :3, 3] - self.camera.eye, axis=1))
        self._dice.upload(rows[near_first])
        sticks = shown[:, None] @ FACE_STICKERS[None]  # (n, 6, 4, 4)
        srows = instance_array(6 * self._n)
        set_matrices(srows, sticks.reshape(-1, 4, 4))
        srows[:, COLOUR] = np.repeat(rows[:, COLOUR], 6, axis=0)
        srows[:, RECT] = self._sticker_rects
        keep = self._sticker_printed & np.repeat(visible, 6)
        self._stickers.upload(srows[keep])
        prow = instance_array(len(runners))
        set_matrices(prow, runners)
        frow = instance_array(len(fans))
        set_matrices(frow, fans)
        for s in range(len(runners)):
            prow[s, COLOUR] = frow[s, COLOUR] = (*art.PLAYER_COLOURS[s], glow.get(("runner", s), 0.0))
            frow[s, COLOUR.stop - 1] = glow.get(("fan", s), 0.0)
            prow[s, RECT] = frow[s, RECT] = self._rects[("mark", s)]
        self._pawns.upload(prow)
        self._fans.upload(frow)

    def _sticker_table(self, snap: Snap) -> None:
        """Atlas rect of each die's six stickers (faces never change their print)."""
        rects = np.zeros((self._n, 6, 4), np.float32)
        printed = np.zeros((self._n, 6), bool)
        for d, colour in enumerate(self._colours):
            for f, name in enumerate(FACES[colour]):
                if name:
                    rects[d, f] = self._rects[("face", colour, name)]
                    printed[d, f] = True
        self._sticker_rects = rects.reshape(-1, 4)
        self._sticker_printed = printed.reshape(-1)

    def _counter_pieces(self, players: int) -> None:
        """Bags, counters and their number plates never move: their rows are built once, and
        each position only writes the printed numbers (and a bag's glow)."""
        lay, r = self._layout, self._rects
        kinds = TOKEN_ROWS if lay.board.lap else TOKEN_ROWS[:2]
        bags, tokens, plates = [], [], []
        self._plate_keys = [(seat, kind) for seat in range(players) for kind in kinds]
        for seat in range(players):
            yaw = rotate(Y, SEAT_ANGLE[seat])
            bags.append((translate(*lay.bag(seat)) @ yaw, art.PLAYER_COLOURS[seat], (0.0, 0.0, 0.0, 0.0)))
            for k, kind in enumerate(kinds):
                p = lay.token(seat, k)
                tokens.append((translate(*p) @ yaw, art.PAPER, r[("token", kind)]))
                plate = p + yaw[:3, :3] @ np.array([0.5, 0.0, 0.0])
                plates.append((translate(*plate) @ yaw @ translate(0, 0.01, 0) @ scale(0.46, 1, 0.3), art.PAPER,
                               (0.0, 0.0, 0.0, 0.0)))
        self._counter_rows = {}
        for batch, items in ((self._bags, bags), (self._tokens, tokens), (self._plates, plates)):
            rows = instance_array(len(items))
            set_matrices(rows, np.array([m for m, _, _ in items]))
            rows[:, COLOUR] = [(*col, 0.0) for _, col, _ in items]
            rows[:, RECT] = [rect for _, _, rect in items]
            self._counter_rows[batch] = rows
        self._tokens.upload(self._counter_rows[self._tokens])

    def _upload_counters(self, snap: Snap) -> None:
        """The numbers on the bags and plates; uploaded only when one of them (or a bag's glow) changed."""
        r = self._rects
        glow = self._glow_levels()
        bags = self._counter_rows[self._bags].copy()
        bags[:, RECT] = [r[("num", min(c["bag"], 99))] for c in snap.counters]
        bags[:, COLOUR.stop - 1] = [glow.get(("zone", seat, DRAW), 0.0) for seat in range(len(snap.counters))]
        plates = self._counter_rows[self._plates].copy()
        plates[:, RECT] = [r[("num", min(snap.counters[seat][kind], 99))] for seat, kind in self._plate_keys]
        for batch, rows in ((self._bags, bags), (self._plates, plates)):
            if batch.count != len(rows) or not np.array_equal(self._counters_shown.get(batch), rows):
                batch.upload(rows)
                self._counters_shown[batch] = rows

    def _show(self, snap: Snap) -> None:
        """Make ``snap`` the shown position with every piece at rest."""
        self._snap = snap
        self._box_cache = None
        self._base = self._poses(snap)
        self._upload(*self._base)
        self._upload_counters(snap)
        self._upload_glow()

    # ---- highlights ------------------------------------------------------------------------------
    def _lit(self) -> set[Target]:
        return self._highlights | ({self._hovered} if self._hovered else set())

    def _glow_levels(self) -> dict[Target, float]:
        return {t: HOVER if t == self._hovered else HIGHLIGHT for t in self._lit()}

    def _ring(self, target: Target) -> tuple[np.ndarray, float] | None:
        """A glow ring's matrix and inner edge for flat targets (pieces glow themselves)."""
        lay, kind = self._layout, target[0]
        if kind == "space":
            x, z = lay.space_xz(target[1])
            ha, hc = lay.track.size[target[1]]
            m = translate(x, 0.012, z) @ rotate(Y, lay.track.heading[target[1]]) @ scale(2.1 * ha, 1, 2.1 * hc)
            return m, 0.55
        if kind in ("tray", "zone"):
            if kind == "zone" and target[2] == DRAW:
                return translate(*lay.bag(target[1])) @ scale(1.4), 0.6
            tray = lay.trays[target[1]] if kind == "tray" else lay.seat_tray(target[1], target[2])
            return tray.frame() @ translate(0, 0.012, 0) @ scale(2 * tray.half[0] + 0.3, 1, 2 * tray.half[1] + 0.3), 0.8
        if kind == "card":
            x, z = lay.cards[target[1]]
            return translate(x, 0.012, z) @ scale(2 * CARD_HALF[0] + 0.25, 1, 2 * CARD_HALF[1] + 0.25), 0.8
        if kind == "token":
            return None
        return None

    def _upload_glow(self) -> None:
        mats, colours, rings = [], [], []
        for target in sorted(self._lit(), key=repr):
            ring = self._ring(target)
            if ring is None:
                continue
            mats.append(ring[0])
            rings.append(ring[1])
            hovered = target == self._hovered
            colours.append((*(HOVER_COLOUR if hovered else GLOW_COLOUR), 1.0 if hovered else 0.7))
        rows = instance_array(len(mats))
        if mats:
            set_matrices(rows, np.array(mats))
            rows[:, COLOUR] = colours
            rows[:, RECT.start] = rings
        self._glow.upload(rows)

    def set_highlights(self, targets: set[Target], hovered: Target | None = None) -> None:
        """Legal targets glow; the hovered one glows brighter. Cheap when nothing changed."""
        targets = set(targets)
        if targets == self._highlights and hovered == self._hovered:
            return
        self._highlights, self._hovered = targets, hovered
        if not self._timeline.busy:
            self._upload(*self._base)
            self._upload_counters(self._snap)
        self._upload_glow()

    # ---- state and events --------------------------------------------------------------------------
    def sync(self, state) -> None:
        """Show ``state`` at once, dropping any animation still queued."""
        self._timeline = Timeline()
        snap = Snap.of(state)
        if not hasattr(self, "_sticker_rects"):
            self._sticker_table(snap)
        self._pending = snap
        self._show(snap)

    def play(self, events: list, state_after) -> None:
        """Queue one animation per event (they play in order), ending exactly on ``state_after``."""
        snap = self._pending
        final = Snap.of(state_after)
        for ev in events:
            for after, kind in self._advance(snap, ev, state_after):
                self._timeline.add(self._step(kind, snap, after, ev))
                snap = after
        self._timeline.add(self._step("settle", snap, final, None))
        self._pending = final
        if self.anim_speed <= 0:
            self._timeline.update(0.0, 0.0)

    @property
    def busy(self) -> bool:
        return self._timeline.busy

    def update(self, dt: float) -> None:
        self._timeline.update(dt, self.anim_speed)

    def _advance(self, snap: Snap, ev, state_after) -> list[tuple[Snap, str]]:
        """The shown positions one event passes through, each with the way to animate into it."""
        d, kind = ev.data, ev.kind
        a = snap.copy()
        seat = d.get("seat", -1)
        if kind == "rolled":
            for die, colour, name in d["dice"]:
                a.face[die] = _face_index(colour, name, state_after.face[die])
                a.put(die, ("zone", seat, ROLL))
            b = a.copy()
            for die in d["hits"]:
                b.put(die, ("zone", seat, ACTIVE))
            return [(a, "tumble"), (b, "slide")]
        if kind == "bust":
            for die in list(a.zones[seat][ACTIVE]):
                if die not in d["kept"]:
                    a.put(die, ("zone", seat, DISCARD))
            return [(a, "sweep")]
        if kind == "fan":
            a.fans[seat] = d["fans"]
            return [(a, "hop")]
        if kind == "moved":
            a.node[seat] = self._layout.board.node(d["to"])
            return [(a, "hop")]
        dest = {"drew": ("zone", seat, ROLL), "discarded": ("zone", seat, DISCARD),
                "reshuffled": ("zone", seat, DRAW), "start-die": ("zone", seat, ROLL),
                "bought": ("zone", seat, DISCARD), "gained": ("zone", seat, DISCARD),
                "given": ("zone", d.get("to", seat), DISCARD), "placed": ("zone", seat, ACTIVE)}.get(kind)
        dice = d.get("dice", [d["die"]] if "die" in d else [])
        if kind in ("lost", "returned"):
            for die in dice:
                a.put(die, ("tray", self._colours[die]))
        elif dest is not None:
            for die in dice:
                a.put(die, dest)
                if kind == "placed":
                    a.face[die] = state_after.face[die]
        else:
            return [(a, "quiet")]
        return [(a, "fly")]

    # ---- animation steps ---------------------------------------------------------------------------
    def _step(self, kind: str, before: Snap, after: Snap, ev) -> Step:
        done = lambda: self._show(after)  # noqa: E731
        if kind == "quiet":
            return Step(0.0, lambda u: None, done)
        if kind == "tumble":
            frames, duration = self._tumble_frames(before, after, ev)
            return Step(duration, frames, done)
        lift, fly = {"slide": (0.25, SLIDE_S), "sweep": (0.5, FLY_S), "hop": (0.45, HOP_S)}.get(kind, (0.6, FLY_S))
        frames, duration = self._morph_frames(before, after, lift, fly)
        return Step(duration, frames, done)

    def _tumble_frames(self, before: Snap, after: Snap, ev) -> tuple[Callable[[float], None], float]:
        """Dice thrown into the roll tray: an arc, spinning, two small bounces, settling on the
        rolled face (the spin unwinds to exactly the rest pose). Same events, same film."""
        dice0, vis0, run0, fan0 = self._poses(before)
        dice1, vis1, _, _ = self._poses(after)
        rolled = [die for die, _, _ in ev.data["dice"]]
        if not rolled:
            return (lambda u: None), 0.0
        plans = []
        for k, die in enumerate(rolled):
            rng = np.random.default_rng(die * 7919 + sum(after.face) * 31 + k)
            axis = rng.normal(size=3)
            axis /= np.linalg.norm(axis)
            plans.append((die, k * TUMBLE_STAGGER_S, axis, rng.uniform(3.0, 5.0) * math.pi))
        total = TUMBLE_S + TUMBLE_STAGGER_S * (len(rolled) - 1)

        def frame(u: float) -> None:
            dice, vis = dice0.copy(), vis0 | vis1
            for die, delay, axis, spin in plans:
                t = min(max((u * total - delay) / TUMBLE_S, 0.0), 1.0)
                a, b = dice0[die], dice1[die]
                end = b[:3, 3]
                start = a[:3, 3] + (0.0, 0.4, 0.0)
                fly = min(t / 0.6, 1.0)
                pos = start + (end - start) * ease_in_out(fly)
                if t < 0.6:
                    pos = pos + (0.0, 1.1 * math.sin(math.pi * fly), 0.0)
                else:
                    bounce = (t - 0.6) / 0.4
                    pos = pos + (0.0, 0.18 * abs(math.sin(2 * math.pi * bounce)) * (1 - bounce), 0.0)
                unwind = (1.0 - ease_in_out(t)) * spin
                rest = b.copy()
                rest[:3, 3] = 0.0
                rot = rotate(axis, unwind) @ rest
                if t < 0.12:  # leave the starting pose smoothly
                    rot = blend_rigid(a, rot, t / 0.12)
                    rot[:3, 3] = 0.0
                m = translate(*pos) @ rot
                dice[die] = m
            self._upload(dice, vis, run0, fan0)
        return frame, total

    def _morph_frames(self, before: Snap, after: Snap, lift: float, fly: float) -> tuple[Callable[[float], None], float]:
        """Every piece that moves between two positions flies along an arc, one after another."""
        d0, v0, r0, f0 = self._poses(before)
        d1, v1, r1, f1 = self._poses(after)
        moving = []
        for kind, a, b in (("die", d0, d1), ("runner", r0, r1), ("fan", f0, f1)):
            moved = np.flatnonzero(np.abs(a - b).max(axis=(1, 2)) > 1e-5)  # one test for all pieces
            moving += [(kind, int(i), a[i], b[i]) for i in moved]
        if not moving:
            return (lambda u: None), 0.0
        stagger = min(FLY_STAGGER_S, 0.4 / len(moving))
        total = fly + stagger * (len(moving) - 1)

        def frame(u: float) -> None:
            rows = {"die": d0.copy(), "runner": r0.copy(), "fan": f0.copy()}
            for k, (kind, i, a, b) in enumerate(moving):
                local = ease_in_out((u * total - k * stagger) / fly)
                rows[kind][i] = blend_rigid(a, b, local, lift)
            self._upload(rows["die"], v0 | v1, rows["runner"], rows["fan"])
        return frame, total

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int,
             changes_only: bool = False, also: tuple | None = None) -> list | None:
        if self._trays.count == 0:
            self._trays.upload(self._tray_rows)
        return super().draw(fbo, width, height, changes_only, also)

    # ---- picking --------------------------------------------------------------------------------------
    def _boxes(self) -> tuple[list[Target], np.ndarray, np.ndarray, np.ndarray]:
        """Pick boxes of the shown position: targets, corners and whether each is a piece."""
        if self._box_cache is not None:
            return self._box_cache
        lay, snap = self._layout, self._snap
        dice, visible, runners, fans = self._base
        out: list[tuple[Target, np.ndarray, np.ndarray, bool]] = []
        h = np.array([DIE_HALF, DIE_HALF, DIE_HALF]) * 1.1
        for d in np.flatnonzero(visible):
            c = dice[d][:3, 3]
            out.append((("die", int(d)), c - h, c + h, True))
        for s, m in enumerate(runners):
            c = m[:3, 3]
            out.append((("runner", s), c - (0.17, 0, 0.17), c + (0.17, 0.45, 0.17), True))
        for s, m in enumerate(fans):
            c = m[:3, 3]
            out.append((("fan", s), c - (0.13, 0, 0.13), c + (0.13, 0.08, 0.13), True))
        kinds = TOKEN_ROWS if lay.board.lap else TOKEN_ROWS[:2]
        for s in range(len(snap.zones)):
            for k, kind in enumerate(kinds):
                c = lay.token(s, k)
                out.append((("token", s, kind), c - (0.2, 0, 0.2), c + (0.2, 0.06, 0.2), True))
            c = lay.bag(s)
            out.append((("zone", s, DRAW), c - (0.5, 0, 0.5), c + (0.5, 0.7, 0.5), False))
        for target, tray in self._tray_list(len(snap.zones)):
            out.append((target, *tray.box(), False))
        for colour, (x, z) in lay.cards.items():
            out.append((("card", colour), np.array([x - CARD_HALF[0], 0, z - CARD_HALF[1]]),
                        np.array([x + CARD_HALF[0], 0.01, z + CARD_HALF[1]]), False))
        self._box_cache = ([t for t, *_ in out], np.array([o[1] for o in out]), np.array([o[2] for o in out]),
                           np.array([o[3] for o in out]))
        return self._box_cache

    def pick_all(self, x_px: float, y_px: float) -> list[Target]:
        """Every target under window pixel (x, y): pieces nearest first, then containers, then
        the track space under the pointer."""
        origin, d = self.camera.ray(x_px, y_px)
        targets, lo, hi, piece = self._boxes()
        with np.errstate(divide="ignore", invalid="ignore"):
            t1, t2 = (lo - origin) / d, (hi - origin) / d
        near = np.nanmax(np.minimum(t1, t2), axis=1).clip(min=0.0)
        far = np.nanmin(np.maximum(t1, t2), axis=1)
        hit = np.flatnonzero(far >= near)
        order = sorted(hit, key=lambda i: (not piece[i], near[i]))
        out = [targets[i] for i in order]
        if d[1] < 0:
            t = -origin[1] / d[1]
            p = origin + t * d
            node = self._layout.node_at(p[0], p[2])
            if node is not None:
                out.append(("space", node))
        return out

    def pick(self, x_px: float, y_px: float) -> Target | None:
        """What is under the mouse: the nearest piece, else a container, else a space, else None."""
        hits = self.pick_all(x_px, y_px)
        return hits[0] if hits else None

    def target_pos(self, target: Target) -> tuple[float, float]:
        """Window pixels of a visible point of the target where ``pick`` answers with it."""
        candidates = [self.camera.project(p) for p in self._target_points(target)]
        for x, y in candidates:
            if self.pick(x, y) == target:
                return x, y
        return candidates[0]

    def _target_points(self, target: Target) -> list[np.ndarray]:
        lay = self._layout
        kind = target[0]
        if kind == "die":
            c = self._base[0][target[1]][:3, 3]
            return [c + (0, DIE_HALF, 0), c, c + (0, 0, DIE_HALF), c + (DIE_HALF * 0.8, 0, 0)]
        if kind == "runner":
            c = self._base[2][target[1]][:3, 3]
            return [c + (0, 0.44, 0), c + (0, 0.2, 0.1)]
        if kind == "fan":
            c = self._base[3][target[1]][:3, 3]
            return [c + (0, 0.08, 0), c + (0.08, 0.08, 0.08), c + (-0.08, 0.08, 0.08)]
        if kind == "token":
            k = (TOKEN_ROWS if lay.board.lap else TOKEN_ROWS[:2]).index(target[2])
            c = lay.token(target[1], k)
            return [c + (0, 0.06, 0)] + [c + (dx, 0.06, dz) for dx in (-0.1, 0.1) for dz in (-0.1, 0.1)]
        if kind == "space":
            x, z = lay.space_xz(target[1])
            r = lay.track.pitch * 0.2
            return [np.array([x + dx, 0.0, z + dz]) for dx, dz in ((0, 0), (r, r), (-r, r), (r, -r), (-r, -r))]
        if kind == "zone" and target[2] == DRAW:
            c = lay.bag(target[1])
            return [c + (0, 0.66, 0), c + (0, 0.3, 0.4), c + (0.4, 0.3, 0)]
        if kind in ("zone", "tray"):
            tray = lay.trays[target[1]] if kind == "tray" else lay.seat_tray(target[1], target[2])
            hx, hz = tray.half
            pts = [(sx * (hx - 0.06), sz * (hz - 0.06)) for sx in (-1, 1, 0) for sz in (-1, 1, 0)]
            return [(tray.frame() @ np.array([px, TRAY_WALL, pz, 1.0]))[:3] for px, pz in pts]
        if kind == "card":
            x, z = lay.cards[target[1]]
            return [np.array([x, 0.0, z]), np.array([x, 0.0, z + 0.4]), np.array([x, 0.0, z - 0.4])]
        raise ValueError(f"unknown target {target!r}")

