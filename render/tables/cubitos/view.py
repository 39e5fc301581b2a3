"""The Cubitos table in 3D: pieces from a state, animations from its events, pick targets.

Geometry is in :mod:`render.tables.cubitos.layout` (track, market, fan track, seat areas), the
printed art in :mod:`render.tables.cubitos.art`, die orientation in
:mod:`render.tables.cubitos.dice`, what a position shows and how an event changes it in
:mod:`render.tables.cubitos.snap`, how pieces move between positions in
:mod:`render.tables.cubitos.motion`. The flat things that never move (track board and spaces, red
lines, shortcut arrows, fan track, seat mats and labels, market cards) are baked once into the
table print (:mod:`render.tables.cubitos.table_print`); every piece that moves is one instanced
batch per kind (die bodies, die face stickers, runners, fan markers, trays, bags, tokens, number
plates, glow rings), so the draw calls per frame do not grow with the number of dice.

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

import moderngl
import numpy as np

from game.cubitos.board import Board
from game.cubitos.dice import FACES
from game.cubitos.state import ACTIVE, DISCARD, DRAW, ROLL
from render import i18n
from render.gl.batch import COLOUR, RECT, instance_array, set_matrices
from render.gl.mesh import disc, quad
from render.scene.anim import Step, Timeline
from render.scene.tabletop import MODE_CUBE, MODE_GLOW, MODE_TOP_PRINT, Tabletop
from render.scene.xform import rotate, scale, translate
from render.tables import atlas as atlases
from render.tables.cubitos import art
from render.tables.cubitos.dice import bag_mesh, die_mesh, pawn_mesh, rest_rotation, stickers, tray_mesh
from render.tables.cubitos.layout import (DIE_BEVEL, DIE_HALF, SEAT_ANGLE, SEAT_HALF, SEAT_TRAY_X, TRAY_WALL, Y,
                                          BAG_X, CARD_HALF, Layout, Tray)
# The animation lengths are the motion's; render/audio/cubitos.py times its sounds on them from here.
from render.tables.cubitos.motion import (ARCS, FLY_ARC, FLY_S as FLY_S, HOP_S as HOP_S, SLIDE_S as SLIDE_S,
                                          TUMBLE_S as TUMBLE_S, TUMBLE_STAGGER_S as TUMBLE_STAGGER_S,
                                          morph_frames, tumble_frames)
from render.tables.cubitos.snap import Snap, advance
from render.tables.cubitos.table_print import LABEL_SIZE, LABEL_Z, print_items
from render.tables.picking import PickBoxes, box_table
from render.tables.table_view import TableView, still_rows

Target = tuple
TOKEN_ROWS = ("credits", "draw", "laps")
FACE_STICKERS = stickers(DIE_HALF)
POSED_KEPT = 8  # positions whose poses are remembered (one move queues a few)
# The home camera: its distance to a point this far behind the seat's board centre, its pitch.
HOME_DISTANCE, HOME_BEHIND, HOME_PITCH = 11.0, 2.6, 36.0


def seat_angle(seat: int, players: int) -> float:
    """Camera yaw that looks across the table from ``seat``'s side (seats 0-3: S, N, W, E)."""
    return SEAT_ANGLE[seat % max(1, min(players, 4))]


def _jitter(die: int) -> float:
    return ((die * 37) % 11 - 5) * 0.035


class CubitosView(TableView):
    def __init__(self, ctx: moderngl.Context, state, anim_speed: float = 1.0, samples: int = 4) -> None:
        setup = state.setup
        self._card_set = tuple((c, setup.card_set[c]) for c in setup.colours())
        painting = art.sheet(self._card_set, i18n.language())
        self._rects = painting.rects
        self._colours = list(setup.colour)
        self._n = len(self._colours)
        self._layout = Layout(setup.board, setup.colours(), state.num_players)
        ext = self._layout.print_extent()
        super().__init__(Tabletop(ctx, atlases.wanted(painting), shadow_extent=ext + 1.0, shadow_size=1024,
                                  samples=samples), anim_speed, painting)
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
        self._counters_shown: dict[object, np.ndarray] = {}  # per counter batch, the rows it shows
        self._posed: dict[int, tuple[Snap, tuple]] = {}
        self._side = 0  # the market cards read upright from the south (0) or the north (1)
        self._build_static(state)
        self._counter_pieces(state.num_players)
        self._fit_camera()
        self.sync(state)

    # ---- the printed table (baked once) ------------------------------------------------------
    def _build_static(self, state) -> None:
        """Bake the table print (the market's cards turned to ``self._side``) and the trays' rows."""
        self._flat.upload(still_rows(print_items(self._layout, self._rects, state, self._side)))
        self._bake_print([self._flat], self._layout.print_extent(), key=self._side)
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
        painting = art.sheet(self._card_set, i18n.language())
        self._rects = painting.rects
        self._new_atlas(painting)
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
        count: dict[int, int] = {}
        for n in snap.node:
            count[n] = count.get(n, 0) + 1
        runners = np.array([lay.runner_matrix(n, s, count[n]) for s, n in enumerate(snap.node)])
        fans = np.array([lay.fan_marker(f, s) for s, f in enumerate(snap.fans)])
        return dice, visible, runners, fans

    def _upload(self, dice: np.ndarray, visible: np.ndarray, runners: np.ndarray, fans: np.ndarray) -> None:
        self._shown = (dice, visible, runners, fans)
        glow = self._glow_of()
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
            self._counter_rows[batch] = still_rows(items)
        self._tokens.upload(self._counter_rows[self._tokens])

    def _upload_counters(self, snap: Snap) -> None:
        """The numbers on the bags and plates; uploaded only when one of them (or a bag's glow) changed."""
        r = self._rects
        glow = self._glow_of()
        bags = self._counter_rows[self._bags].copy()
        bags[:, RECT] = [r[("num", min(c["bag"], 99))] for c in snap.counters]
        bags[:, COLOUR.stop - 1] = [glow.get(("zone", seat, DRAW), 0.0) for seat in range(len(snap.counters))]
        plates = self._counter_rows[self._plates].copy()
        plates[:, RECT] = [r[("num", min(snap.counters[seat][kind], 99))] for seat, kind in self._plate_keys]
        for batch, rows in ((self._bags, bags), (self._plates, plates)):
            shown = self._counters_shown.get(batch)
            if batch.count != len(rows) or shown is None or not np.array_equal(shown, rows):
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
    def _relight(self) -> None:
        self._upload(*self._base)
        self._upload_counters(self._snap)

    def _glow_ring(self, target: Target) -> tuple[np.ndarray, float] | None:
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
        return None

    # ---- state and events --------------------------------------------------------------------------
    def sync(self, state) -> None:
        """Show ``state`` at once, dropping any animation still queued."""
        self._timeline = Timeline()
        snap = Snap.of(state)
        if not hasattr(self, "_sticker_rects"):
            self._sticker_table(snap)
        self._pending = snap
        self._show(snap)

    @property
    def board(self) -> Board:
        """The race track the table shows."""
        return self._layout.board

    def runner_spaces(self) -> tuple[int, ...]:
        """Each seat's runner's space once what is queued has played (a kit's sounds time the
        runners' hops by it)."""
        return tuple(self._pending.node)

    def play(self, events: list, state_after) -> None:
        """Queue one animation per event (they play in order), ending exactly on ``state_after``."""
        snap = self._pending
        final = Snap.of(state_after)
        self.steps_per_event = []
        for ev in events:
            self.steps_per_event.append(0)
            for after, kind in advance(snap, ev, state_after, self._layout.board, self._colours):
                self._timeline.add(self._step(kind, snap, after, ev))
                self.steps_per_event[-1] += 1
                snap = after
        self._timeline.add(self._step("settle", snap, final, None))
        self._pending = final
        if self.anim_speed <= 0:
            self._timeline.update(0.0, 0.0)

    # ---- animation steps ---------------------------------------------------------------------------
    def _step(self, kind: str, before: Snap, after: Snap, ev) -> Step:
        done = lambda: self._show(after)  # noqa: E731
        if kind == "quiet":
            return Step(0.0, lambda u: None, done)
        if kind == "tumble":
            rolled = [die for die, _, _ in ev.data["dice"]]
            frames, duration = tumble_frames(self._poses(before), self._poses(after), rolled, sum(after.face), self._upload)
            return Step(duration, frames, done)
        lift, fly = ARCS.get(kind, FLY_ARC)
        frames, duration = morph_frames(self._poses(before), self._poses(after), lift, fly, self._upload)
        return Step(duration, frames, done)

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int,
             changes_only: bool = False, also: tuple | None = None) -> list | None:
        if self._trays.count == 0:
            self._trays.upload(self._tray_rows)
        return super().draw(fbo, width, height, changes_only, also)

    # ---- picking --------------------------------------------------------------------------------------
    def _shown_boxes(self) -> PickBoxes:
        """Dice, runners, fan markers and counters (pieces), then bags, trays and cards (places)."""
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
        return box_table(out)

    def _place_on_table(self, point: np.ndarray) -> Target | None:
        """The track space under the pointer (spaces have no box: they are printed)."""
        node = self._layout.node_at(point[0], point[2])
        return None if node is None else ("space", node)

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

