"""Where every Cubitos piece lies on the table: pure geometry, no GL (the view and picking share it).

Table frame: y up, the centre block at the origin, north = -z (away from seat 0). The centre
block holds, north to south: the market (two rows of trays, each ability tray with its card to
its right, the two gray piles last), the racetrack board, the fan track. Seat areas lie around it
as in Octocube: seat 0 south, 1 north, 2 west, 3 east, each facing its player.

Racetrack coordinates. The track data has no drawing coordinates, only the grid its labels name:
- the hex track (Nothing Goes Right) labels spaces "row.x" on a hex grid whose neighbours are
  (row, x±2) and (row±1, x±1): a space is drawn at x·pitch/2, -row·pitch·√3/2; the start/finish
  space merges the "SS" cells and is drawn as one big space over them;
- lane tracks label spaces "step.lane"; the lanes run along a stadium-shaped path (two straights
  joined by half circles, like a real racetrack) with the start and finish side by side at its
  open end. Odd lanes sit half a step ahead (their neighbours are one step ahead), so the lanes form
  a hex grid along the path. In the bends the path advances by a fixed arc of the innermost lane,
  so inner spaces never overlap; the straights grow to fit the track's length.
- the Grand Finale (labels "1:..", "2:..") draws each of its tracks as its own stadium, the
  first north of the second.
"""
from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np

from game.cubitos.board import Board
from game.cubitos.dice import ABILITY_COLOURS, GRAYS
from render.scene.xform import rotate, translate

Y = (0.0, 1.0, 0.0)
SQRT3_2 = math.sqrt(3) / 2
DIE_HALF = 0.16
DIE_BEVEL = 0.035
DIE_PITCH = 0.4
TRAY_FLOOR = 0.04   # height of a tray's floor (dice rest on it)
TRAY_WALL = 0.1     # height of a tray's rim
SEAT_TRAY_CELLS = (4, 4)
MARKET_TRAY_CELLS = (3, 3)
GRAY_TRAY_CELLS = (4, 3)
HEX_PITCH, LANE_PITCH = 0.8, 0.62
SPACE_SCALE = 0.98  # a space's print covers this share of the distance to its neighbours
SEAT_ANGLE = (0.0, math.pi, -math.pi / 2, math.pi / 2)
SEAT_HALF = (4.5, 1.3)      # half extents of a seat's board (along its edge, towards its player)
SEAT_TRAY_X = (-1.95, 0.0, 1.95)  # roll, active, discard trays along the seat's board
BAG_X, TOKENS_X = -3.75, 3.55
CARD_HALF = (0.45, 0.62)
FAN_PITCH = 0.7
GAP = 0.5
RUNNER_OFFSETS = ((-0.14, -0.1), (0.14, -0.1), (-0.14, 0.14), (0.14, 0.14))


@dataclasses.dataclass(frozen=True)
class Tray:
    """A box of dice: centre (x, z), yaw about y, grid cells (cols, rows); extra dice stack in layers."""

    x: float
    z: float
    yaw: float
    cols: int
    rows: int

    @property
    def half(self) -> tuple[float, float]:
        return self.cols * DIE_PITCH / 2 + 0.08, self.rows * DIE_PITCH / 2 + 0.08

    def frame(self) -> np.ndarray:
        return translate(self.x, 0.0, self.z) @ rotate(Y, self.yaw)

    def slot(self, i: int) -> np.ndarray:
        """Centre of the i-th die (row by row, then layer by layer); read-only, as it is shared."""
        return _slot(self, i)

    def box(self) -> tuple[np.ndarray, np.ndarray]:
        hx, hz = self.half
        if abs(math.sin(self.yaw)) > 0.5:
            hx, hz = hz, hx
        return np.array([self.x - hx, 0.0, self.z - hz]), np.array([self.x + hx, TRAY_WALL, self.z + hz])


@functools.lru_cache(maxsize=4096)
def _slot(tray: Tray, i: int) -> np.ndarray:
    """Cached: every shown position asks again for the slot of every die on the table."""
    layer, k = divmod(i, tray.cols * tray.rows)
    r, c = divmod(k, tray.cols)
    lx = (c - (tray.cols - 1) / 2) * DIE_PITCH + (0.06 if layer % 2 else 0.0)
    lz = (r - (tray.rows - 1) / 2) * DIE_PITCH + (0.06 if layer % 2 else 0.0)
    y = TRAY_FLOOR + DIE_HALF + layer * (2 * DIE_HALF + 0.005)
    out = (tray.frame() @ np.array([lx, y, lz, 1.0]))[:3]
    out.flags.writeable = False
    return out


# ---- the racetrack -----------------------------------------------------------------------------
def _stadium(steps: float, lanes: int, pitch: float) -> tuple[float, float, float]:
    """(straight length, centre radius, inner-lane radius) of a stadium holding ``steps`` steps."""
    q = pitch * SQRT3_2
    half_band = (lanes - 1) / 2 * q + pitch / 2
    radius = max(3.3, half_band + 1.3)
    inner = radius - (lanes - 1) / 2 * q
    bend = math.pi * inner  # path length of one half circle, counted on the innermost lane
    straight = max(1.0, (steps * pitch - 2 * bend) / 2)
    return straight, radius, inner


def _path_point(t: float, straight: float, radius: float, inner: float) -> tuple[np.ndarray, np.ndarray]:
    """Position and unit heading at path length ``t`` (counted on the inner lane in the bends).

    The path starts at the south straight's west end heading east, turns north round the east
    bend, runs west along the north straight and comes back round the west bend."""
    bend = math.pi * inner
    legs = (straight, bend, straight, bend)
    t = t % sum(legs)
    x0 = -straight / 2
    if t < straight:
        return np.array([x0 + t, radius]), np.array([1.0, 0.0])
    t -= straight
    if t < bend:
        a = math.pi / 2 - t / inner
        return np.array([-x0 + radius * math.cos(a), radius * math.sin(a)]), np.array([math.sin(a), -math.cos(a)])
    t -= bend
    if t < straight:
        return np.array([-x0 - t, -radius]), np.array([-1.0, 0.0])
    t -= straight
    a = -math.pi / 2 - t / inner
    return np.array([x0 + radius * math.cos(a), radius * math.sin(a)]), np.array([math.sin(a), -math.cos(a)])


@dataclasses.dataclass
class Track:
    """Centre (x, z), heading (radians about y, 0 = east) and print size of every space."""

    xz: np.ndarray         # (n, 2)
    heading: np.ndarray    # (n,)
    size: np.ndarray       # (n, 2) half extents of the print (along, across the heading)
    pitch: float
    big: set[int]          # start / finish spaces (drawn as one large space)
    index: list[int] = dataclasses.field(default_factory=list)  # a lap course's part: its spaces' numbers

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        r = np.max(self.size, axis=1)[:, None]
        return (self.xz - r).min(axis=0), (self.xz + r).max(axis=0)


def _hex_track(board: Board) -> Track:
    n = board.size
    xz = np.zeros((n, 2))
    pitch = HEX_PITCH
    half = np.full((n, 2), pitch * SPACE_SCALE / math.sqrt(3))
    for i, label in enumerate(board.labels):
        if "." in label:
            row, x = (int(v) for v in label.split("."))
            xz[i] = (x * pitch / 2, -row * pitch * SQRT3_2)
    neighbours = [xz[b] for b in board.adj[board.start]]
    ss = np.array(neighbours)
    xz[board.start] = (ss.min(axis=0) + ss.max(axis=0)) / 2
    span = (ss.max(axis=0) - ss.min(axis=0)) / 2
    half[board.start] = (span[0] - pitch * 0.45, span[1] - pitch * 0.4)
    return Track(xz, np.zeros(n), half, pitch, {board.start})


def _lane_track(board: Board, prefix: str, z_shift: float) -> Track:
    """The spaces whose labels start with ``prefix``, along a stadium; indices as in ``board``."""
    cells = {}
    ends = {}
    for i, label in enumerate(board.labels):
        if not label.startswith(prefix) or (prefix == "" and ":" in label):
            continue
        rest = label[len(prefix):]
        if rest in ("start", "finish"):
            ends[rest] = i
        else:
            s, lane = (int(v) for v in rest.split("."))
            cells[i] = (s, lane)
    lanes = 1 + max(lane for _, lane in cells.values())
    last = max(s for s, _ in cells.values())
    pitch = LANE_PITCH
    q = pitch * SQRT3_2
    straight, radius, inner = _stadium(last + 5, lanes, pitch)
    xz, heading, size = {}, {}, {}
    t0 = 2.0 * pitch  # the start space first, then step 1
    for i, (s, lane) in cells.items():
        p, h = _path_point(t0 + (s - 1 + 0.5 * (lane % 2)) * pitch, straight, radius, inner)
        normal = np.array([-h[1], h[0]])  # to the outside of the stadium (right of the heading)
        xz[i] = p + normal * ((lanes - 1) / 2 - lane) * q
        heading[i] = math.atan2(-h[1], h[0])
        size[i] = (pitch * SPACE_SCALE / math.sqrt(3),) * 2
    band = ((lanes - 1) / 2 * q + pitch / 2) * 0.98
    for name, t in (("start", t0 - 1.2 * pitch), ("finish", t0 + (last + 0.7) * pitch)):
        p, h = _path_point(t, straight, radius, inner)
        i = ends[name]
        xz[i] = p
        heading[i] = math.atan2(-h[1], h[0])
        size[i] = (pitch * 0.55, band)
    idx = sorted(xz)
    out = Track(np.array([xz[i] for i in idx]) + (0.0, z_shift), np.array([heading[i] for i in idx]),
                np.array([size[i] for i in idx]), pitch, {ends["start"], ends["finish"]})
    out.index = idx
    return out


def track_layout(board: Board) -> Track:
    """Every space of ``board`` laid out, centred on the origin."""
    if board.lap:
        tr = _hex_track(board)
    else:
        prefixes = sorted({lab.split(":")[0] + ":" for lab in board.labels if ":" in lab}) or [""]
        parts = []
        z = 0.0
        for prefix in prefixes:
            part = _lane_track(board, prefix, 0.0)
            lo, hi = part.bounds()
            part.xz[:, 1] += z - lo[1]
            z += hi[1] - lo[1] + GAP
            parts.append(part)
        n = board.size
        tr = Track(np.zeros((n, 2)), np.zeros(n), np.zeros((n, 2)), LANE_PITCH, set())
        for part in parts:
            ids = part.index
            tr.xz[ids], tr.heading[ids], tr.size[ids] = part.xz, part.heading, part.size
            tr.big |= part.big
    lo, hi = tr.bounds()
    tr.xz -= (lo + hi) / 2
    return tr


# ---- the whole table -----------------------------------------------------------------------------
class Layout:
    """Positions for one game set-up: the track, the market, the fan track and each seat's area."""

    def __init__(self, board: Board, colours: list[str], num_players: int) -> None:
        self.board, self.num_players = board, num_players
        self.colours = list(colours)
        self.track = track_layout(board)
        lo, hi = self.track.bounds()
        track_w, track_d = hi - lo
        slot_w = 2 * MARKET_TRAY_CELLS[0] * DIE_PITCH / 2 + 0.16 + 2 * CARD_HALF[0] + 0.35
        per_row = 5
        market_w = per_row * slot_w
        market_d = 2 * (MARKET_TRAY_CELLS[1] * DIE_PITCH + 0.16) + 0.3
        fan_d = FAN_PITCH + 0.2
        self.width = max(track_w, market_w, 2 * SEAT_HALF[0] + 0.5)
        self.depth = max(market_d + GAP + track_d + GAP + fan_d, 2 * SEAT_HALF[0] + 0.5)
        top = -self.depth / 2
        self.track_offset = np.array([0.0, top + market_d + GAP + track_d / 2 - (lo[1] + hi[1]) / 2])
        self.fan_z = top + market_d + GAP + track_d + GAP + fan_d / 2
        self.trays: dict[str, Tray] = {}
        self._seat_trays: dict[tuple[int, int], Tray] = {}
        self.cards: dict[str, np.ndarray] = {}
        kinds = [c for c in ABILITY_COLOURS if c in colours] + list(GRAYS)
        for k, colour in enumerate(kinds):
            row, col = divmod(k, per_row)
            x = -market_w / 2 + (col + 0.5) * slot_w
            z = top + (row + 0.5) * (market_d / 2)
            cells = GRAY_TRAY_CELLS if colour in GRAYS else MARKET_TRAY_CELLS
            if colour in GRAYS:
                self.trays[colour] = Tray(x, z, 0.0, *cells)
            else:
                tray = Tray(x - CARD_HALF[0] - 0.1, z, 0.0, *cells)
                self.trays[colour] = tray
                self.cards[colour] = np.array([tray.x + tray.half[0] + 0.1 + CARD_HALF[0], z])
        # Every seat sits as far from the centre as the others, so the home camera, turned to any
        # seat's side, meets that seat's board at the same distance (its dice the same size).
        reach = max(self.width, self.depth) / 2 + GAP + SEAT_HALF[1]
        self.seat_dist = {seat: reach for seat in range(4)}

    # -- track
    def space_xz(self, node: int) -> np.ndarray:
        return self.track.xz[node] + self.track_offset

    def runner_matrix(self, node: int, seat: int, sharing: int) -> np.ndarray:
        """Runner ``seat`` on ``node``; runners sharing a space stand apart."""
        x, z = self.space_xz(node)
        if sharing > 1:
            dx, dz = RUNNER_OFFSETS[seat]
            k = 1.6 if node in self.track.big else 1.0
            x, z = x + dx * k, z + dz * k
        return translate(x, 0.0, z)

    def node_at(self, x: float, z: float) -> int | None:
        """The space under table point (x, z), if any."""
        local = np.array([x, z]) - self.track_offset
        for node in self.track.big:
            c, (ha, hc) = self.track.xz[node], self.track.size[node]
            h = self.track.heading[node]
            d = local - c
            along = d[0] * math.cos(h) - d[1] * math.sin(h)
            across = d[0] * math.sin(h) + d[1] * math.cos(h)
            if abs(along) <= ha and abs(across) <= hc:
                return node
        dist = np.linalg.norm(self.track.xz - local, axis=1)
        node = int(np.argmin(dist))
        return node if dist[node] <= self.track.pitch * 0.52 and node not in self.track.big else None

    # -- fan track
    def fan_xz(self, space: int) -> np.ndarray:
        return np.array([(space - 6.5) * FAN_PITCH, self.fan_z])

    def fan_marker(self, space: int, seat: int) -> np.ndarray:
        x, z = self.fan_xz(space)
        dx, dz = RUNNER_OFFSETS[seat]
        return translate(x + dx * 1.1, 0.0, z + dz * 1.1)

    # -- seat areas
    def area(self, seat: int) -> np.ndarray:
        """A seat's frame: local x along its edge (the player's right), local z towards the player."""
        return rotate(Y, SEAT_ANGLE[seat]) @ translate(0.0, 0.0, self.seat_dist[seat])

    def area_point(self, seat: int, x: float, z: float, y: float = 0.0) -> np.ndarray:
        return (self.area(seat) @ np.array([x, y, z, 1.0]))[:3]

    def seat_tray(self, seat: int, zone: int) -> Tray:
        """Trays of the Roll (1), Active (2) and Discard (3) Zones; the Draw Zone (0) is a bag."""
        tray = self._seat_trays.get((seat, zone))
        if tray is None:
            p = self.area_point(seat, SEAT_TRAY_X[zone - 1], -0.12)
            tray = self._seat_trays[(seat, zone)] = Tray(float(p[0]), float(p[2]), SEAT_ANGLE[seat], *SEAT_TRAY_CELLS)
        return tray

    def bag(self, seat: int) -> np.ndarray:
        return self.area_point(seat, BAG_X, -0.12)

    def token(self, seat: int, k: int) -> np.ndarray:
        """The k-th counter of a seat (credits, draw tokens, laps), top to bottom of its column."""
        return self.area_point(seat, TOKENS_X - 0.2, -0.75 + k * 0.62)

    def area_box(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        pts = np.array([self.area_point(seat, sx * SEAT_HALF[0], sz * SEAT_HALF[1]) for sx in (-1, 1) for sz in (-1, 1)])
        return pts.min(axis=0), pts.max(axis=0) + (0, 0.05, 0)

    def print_extent(self) -> float:
        reach = max(self.width / 2, self.depth / 2) + GAP + 2 * SEAT_HALF[1] + 0.3
        return reach
