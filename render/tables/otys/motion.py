"""How Otys pieces move during one event: pairing the pieces before and after it, and their tracks.

Pieces of one group are interchangeable (any metal cube, any neutral X key), so a piece that stays
on its place stays still and the others pair with the nearest free place. A piece with no partner
comes from (or goes to) where such pieces live off the boards: resources from the supply beside
the Store, neutral X keys from their pile, contracts from the deck; reward tokens are turned up
where they are drawn. Every track is a row of numpy arrays, so a frame is a few array operations
however many pieces move (no per-piece Python per frame).
"""
from __future__ import annotations

import dataclasses

import numpy as np

from render.scene.xform import translate
from render.tables.otys.layout import DECK_XZ, PILE_XZ
from render.tables.otys.pieces import Piece

SUPPLY = (4.3, 0.06, 1.55)  # where resources come from and go back to: beside the Store, by the X pile
PILE_TOP = (PILE_XZ[0], 0.6, PILE_XZ[1])
DECK_TOP = (DECK_XZ[0], 0.3, DECK_XZ[1])
SLIDE = 0.9  # a shorter move slides along the board; a longer one is lifted over the pieces between
LIFT_PER_UNIT, MAX_LIFT, MAIN_LIFT = 0.22, 1.2, 0.45
STAGGER, STAGGER_SPREAD = 0.12, 0.35  # start offsets of several movers, as parts of the event's time
FLIPS = ("tile", "rtok")  # a diver tile turned to its upgraded side, a reward token turned over
Y_AXIS = np.array([0.0, 1.0, 0.0])


def _place(m: np.ndarray) -> bytes:
    """A piece's pose, rounded: two pieces in one place are the same piece staying put."""
    return np.round(m, 4).tobytes()


def _kind(p: Piece) -> str:
    return "rtok" if p.group[0] == "rtok" else p.batch


@dataclasses.dataclass
class Track:
    """One piece during an event: poses at the start and end, when it moves (parts of the event),
    its arc's height, whether it turns over on the way and a push it takes."""

    piece: Piece
    start: np.ndarray
    end: np.ndarray
    size0: float = 1.0
    size1: float = 1.0
    lift: float = 0.0
    flip: bool = False
    t0: float = 0.0
    t1: float = 1.0
    push: tuple = (0.0, 0.0, 0.0)


def pair(before: list[Piece], after: list[Piece], main: set, centre: np.ndarray | None = None
         ) -> tuple[list[Track], list[Track]]:
    """(still, moving) tracks from ``before`` to ``after``; ``main`` names the groups the event is
    about (always lifted: a diver passing over the others); ``centre``: the centre block's frame."""
    centre = np.eye(4) if centre is None else centre
    olds: dict[tuple, list[Piece]] = {}
    for p in before:
        olds.setdefault(p.group, []).append(p)
    news: dict[tuple, list[Piece]] = {}
    for p in after:
        news.setdefault(p.group, []).append(p)
    still: list[Track] = []
    moving: list[Track] = []
    for group in list(news) + [g for g in olds if g not in news]:
        old, new = olds.get(group, []), news.get(group, [])
        at: dict[bytes, list[Piece]] = {}
        for o in old:
            at.setdefault(_place(o.m), []).append(o)
        left = []
        for p in new:
            same = at.get(_place(p.m))
            if not same:
                left.append(p)
                continue
            o = same.pop()
            if o.rect != p.rect and _kind(p) in FLIPS:
                moving.append(Track(p, o.m, p.m, lift=0.0, flip=True))
            else:
                still.append(Track(p, p.m, p.m))
        gone = [o for places in at.values() for o in places]
        for came, went in _nearest(left, gone):
            if went is None:
                assert came is not None  # _nearest pairs at least one side
                moving.append(_appear(came, centre))
            elif came is None:
                moving.append(_vanish(went, centre))
            else:
                moving.append(_travel(went, came, group in main))
    return still, moving


def _nearest(new: list[Piece], old: list[Piece]) -> list[tuple[Piece | None, Piece | None]]:
    """Greedy pairs by distance (few pieces of a group move at once), then the unpaired ones."""
    out: list[tuple[Piece | None, Piece | None]] = []
    new, old = new[:], old[:]
    while new and old:
        d = np.array([[np.linalg.norm(p.m[:3, 3] - o.m[:3, 3]) for o in old] for p in new])
        i, j = np.unravel_index(int(np.argmin(d)), d.shape)
        out.append((new.pop(int(i)), old.pop(int(j))))
    return out + [(p, None) for p in new] + [(None, o) for o in old]


def _travel(o: Piece, p: Piece, main: bool) -> Track:
    dist = float(np.linalg.norm((p.m[:3, 3] - o.m[:3, 3])[[0, 2]]))
    lift = 0.0 if dist <= SLIDE and not main else min(max(LIFT_PER_UNIT * dist, MAIN_LIFT * main), MAX_LIFT)
    return Track(p, o.m, p.m, lift=lift, flip=_kind(p) == "rtok")


def _source(p: Piece, centre: np.ndarray) -> tuple | None:
    """Where a piece of this group waits off the boards (in the centre block's frame ``centre``),
    or None for one that appears in place."""
    at = {"res": SUPPLY, "nx": PILE_TOP, "card": DECK_TOP}.get(p.group[0])
    return None if at is None else tuple((centre @ np.array([*at, 1.0]))[:3])


def _appear(p: Piece, centre: np.ndarray) -> Track:
    src = _source(p, centre)
    if src is None:
        return Track(p, p.m, p.m, size0=0.0, flip=_kind(p) == "rtok")
    start = translate(*src) @ _linear(p.m)
    return Track(p, start, p.m, size0=0.0 if p.group[0] == "res" else 1.0, lift=0.6)


def _vanish(o: Piece, centre: np.ndarray) -> Track:
    dst = _source(o, centre) if o.group[0] != "card" else None  # a completed contract is put aside
    if dst is None:
        return Track(o, o.m, o.m, size1=0.0, lift=0.3)
    return Track(o, o.m, translate(*dst) @ _linear(o.m), size1=0.0 if o.group[0] == "res" else 1.0, lift=0.6)


def _linear(m: np.ndarray) -> np.ndarray:
    out = m.copy()
    out[:3, 3] = 0.0
    return out


def stagger(moving: list[Track], end: float = 1.0) -> None:
    """Several movers start one after another within ``[0, end]`` of the event's time."""
    n = len(moving)
    step = min(STAGGER, STAGGER_SPREAD / n) if n > 1 else 0.0
    span = end - step * (n - 1)
    for k, tr in enumerate(moving):
        tr.t0, tr.t1 = k * step, k * step + span


class Motion:
    """The tracks of one event as arrays; :meth:`at` gives every piece's matrix at time u."""

    def __init__(self, tracks: list[Track]) -> None:
        self.pieces = [tr.piece for tr in tracks]
        n = len(tracks)
        a = np.array([tr.start for tr in tracks]).reshape(n, 4, 4)
        b = np.array([tr.end for tr in tracks]).reshape(n, 4, 4)
        self.p0, self.p1 = a[:, :3, 3], b[:, :3, 3]
        self.s0, self.s1 = np.linalg.norm(a[:, :3, :3], axis=1), np.linalg.norm(b[:, :3, :3], axis=1)
        self.yaw0 = np.arctan2(-a[:, 2, 0], a[:, 0, 0])
        turn = np.arctan2(-b[:, 2, 0], b[:, 0, 0]) - self.yaw0
        self.turn = (turn + np.pi) % (2 * np.pi) - np.pi  # the short way round
        col = lambda name: np.array([getattr(tr, name) for tr in tracks], float)  # noqa: E731
        self.k0, self.k1, self.lift, self.t0, self.t1 = (col(name) for name in ("size0", "size1", "lift", "t0", "t1"))
        self.push = np.array([tr.push for tr in tracks], float).reshape(n, 3)
        self.flips = np.flatnonzero([tr.flip for tr in tracks])
        self.moving = np.flatnonzero([tr.start is not tr.end for tr in tracks])
        axis = np.cross(Y_AXIS, self.p1 - self.p0)[self.flips]  # a travelling token turns over its leading edge
        length = np.linalg.norm(axis, axis=1)
        own = np.stack([np.cos(self.yaw0), np.zeros(n), -np.sin(self.yaw0)], axis=1)[self.flips]  # in place: long axis
        self.axis = np.where(length[:, None] > 1e-6, axis / np.maximum(length, 1e-9)[:, None], own)

    def at(self, u: float) -> np.ndarray:
        """(n, 4, 4) matrices of every piece at ``u`` (0..1 through the event)."""
        s = np.clip((u - self.t0) / np.maximum(self.t1 - self.t0, 1e-9), 0.0, 1.0)
        e = s * s * (3 - 2 * s)
        pos = self.p0 + (self.p1 - self.p0) * e[:, None]
        pos[:, 1] += self.lift * np.sin(np.pi * e)
        pos += self.push * np.sin(np.pi * s)[:, None]
        size = (self.s0 + (self.s1 - self.s0) * e[:, None]) * (self.k0 + (self.k1 - self.k0) * e)[:, None]
        yaw = self.yaw0 + self.turn * e
        c, sn = np.cos(yaw), np.sin(yaw)
        lin = np.zeros((len(e), 3, 3))
        lin[:, 0, 0], lin[:, 0, 2], lin[:, 1, 1], lin[:, 2, 0], lin[:, 2, 2] = c, sn, 1.0, -sn, c
        lin *= size[:, None, :]
        if len(self.flips):
            angle = np.pi * e[self.flips]
            shown = np.where(angle > np.pi / 2, angle - np.pi, angle)  # past upright: the other face is up
            lin[self.flips] = _rotations(self.axis, shown) @ lin[self.flips]
            pos[self.flips, 1] += 0.5 * size[self.flips][:, [0, 2]].max(axis=1) * np.sin(angle)
        m = np.zeros((len(e), 4, 4))
        m[:, :3, :3], m[:, :3, 3], m[:, 3, 3] = lin, pos, 1.0
        return m


def _rotations(axis: np.ndarray, angle: np.ndarray) -> np.ndarray:
    """(n, 3, 3) rotations by ``angle`` about unit ``axis`` rows (Rodrigues)."""
    k = np.zeros((len(axis), 3, 3))
    x, y, z = axis.T
    k[:, 0, 1], k[:, 0, 2], k[:, 1, 0], k[:, 1, 2], k[:, 2, 0], k[:, 2, 1] = -z, y, z, -x, -y, x
    s, c = np.sin(angle)[:, None, None], np.cos(angle)[:, None, None]
    return np.eye(3) + s * k + (1 - c) * (k @ k)


# Seconds per event at speed 1 (a move's events share at most MOVE_S between them).
SECONDS = {"key": 0.4, "propel": 0.35, "resurface": 0.4, "sponsors_rotated": 0.4, "sell": 0.4, "buy": 0.4,
           "contract": 0.5, "reward_taken": 0.45, "key_to_track": 0.35, "keys_reset": 0.5}
EVENT_S, MOVE_S = 0.3, 1.2
KEY_END, PUSH_FROM, PUSH = 0.65, 0.55, 0.08  # the key slides until KEY_END, then its diver is pushed


def stage(ev, shown, before: list[Piece], after: list[Piece], centre: np.ndarray | None = None
          ) -> tuple[Motion, float]:
    """The motion of event ``ev`` from ``before`` to ``after`` (``shown``: the position after it),
    and its length in seconds at speed 1 (0 when nothing moves); ``centre``: the centre block's frame."""
    d = ev.data
    seat = d.get("seat", shown.turn)
    main: set = set()
    if ev.kind in ("propel", "resurface"):
        main.add(("diver", seat, d["diver"]))
    elif "order" in d and ev.kind == "sponsor":
        main.add(("diver", seat, d["order"][0]))
    still, moving = pair(before, after, main, centre)
    if ev.kind == "key" and moving:
        stagger(moving, KEY_END)
        diver = ("diver", seat, shown.players[seat].diver_at(d["level"]))
        _push(still, moving, diver)
    else:
        stagger(moving)
    return Motion(still + moving), (SECONDS.get(ev.kind, EVENT_S) if moving else 0.0)


def _push(still: list[Track], moving: list[Track], diver: tuple) -> None:
    """The key that slid up to ``diver`` gives it a little push as it arrives."""
    for i, tr in enumerate(still):
        if tr.piece.group == diver:
            at = tr.end[:3, 3]
            key = min(moving, key=lambda k: float(np.linalg.norm(k.end[:3, 3] - at)))
            way = (at - key.end[:3, 3]) * (1.0, 0.0, 1.0)
            push = tuple(PUSH * way / max(float(np.linalg.norm(way)), 1e-9))
            moving.append(Track(tr.piece, tr.end, tr.end.copy(), t0=PUSH_FROM, t1=1.0, push=push))
            del still[i]
            return
