"""How the Cubitos pieces move from one shown position to the next: how long each way of moving
takes (the sounds are timed on these lengths, see render/tables/cubitos/sounds.py) and its frames. A
frame hands the poses of every piece that moves (dice, runners, fan markers) to ``upload``."""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from render.scene.anim import ease_in_out
from render.scene.xform import blend_rigid, rotate, translate

# Animation lengths in seconds at speed 1.
TUMBLE_S, TUMBLE_STAGGER_S, SLIDE_S, FLY_S, FLY_STAGGER_S, HOP_S = 0.9, 0.04, 0.35, 0.35, 0.03, 0.22
# The height of the arc and the length of the flight for each way of moving ("slide": hit dice
# into the Active Zone, "sweep": a bust's dice to the discard, "hop": a runner or fan marker).
ARCS = {"slide": (0.25, SLIDE_S), "sweep": (0.5, FLY_S), "hop": (0.45, HOP_S)}
FLY_ARC = (0.6, FLY_S)  # every other move (dice drawn, bought, discarded...)
LAND_AT = 0.6  # share of a die's tumble when its arc ends in the tray (then it bounces and settles)

Poses = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # dice, which dice show, runners, fan markers
Frames = tuple[Callable[[float], None], float]  # a frame at u in [0, 1], and the seconds it all takes
Upload = Callable[[np.ndarray, np.ndarray, np.ndarray, np.ndarray], None]


def tumble_frames(before: Poses, after: Poses, rolled: list[int], faces_after: int, upload: Upload) -> Frames:
    """Dice thrown into the roll tray: an arc, spinning, two small bounces, settling on the
    rolled face (the spin unwinds to exactly the rest pose). ``faces_after`` (the sum of the
    dice's faces after the roll) seeds the spins: same events, same film."""
    dice0, vis0, run0, fan0 = before
    dice1, vis1, _, _ = after
    if not rolled:
        return (lambda u: None), 0.0
    plans = []
    for k, die in enumerate(rolled):
        rng = np.random.default_rng(die * 7919 + faces_after * 31 + k)
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
            fly = min(t / LAND_AT, 1.0)
            pos = start + (end - start) * ease_in_out(fly)
            if t < LAND_AT:
                pos = pos + (0.0, 1.1 * math.sin(math.pi * fly), 0.0)
            else:
                bounce = (t - LAND_AT) / 0.4
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
        upload(dice, vis, run0, fan0)
    return frame, total


def morph_frames(before: Poses, after: Poses, lift: float, fly: float, upload: Upload) -> Frames:
    """Every piece that moves between two positions flies along an arc ``lift`` high for ``fly``
    seconds, one after another."""
    d0, v0, r0, f0 = before
    d1, v1, r1, f1 = after
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
        upload(rows["die"], v0 | v1, rows["runner"], rows["fan"])
    return frame, total
