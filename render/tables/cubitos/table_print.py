"""The Cubitos table print: the flat things that never move (track board and spaces, red lines,
shortcut arrows, the laps reminder, fan track, market cards, seat mats, zone names and badges),
baked once into one texture under the pieces instead of drawn every frame."""
from __future__ import annotations

import math

import numpy as np

from game.cubitos.tracks import FAN_MAX
from render.scene.xform import rotate, scale, translate
from render.tables.cubitos import art
from render.tables.cubitos.layout import BAG_X, CARD_HALF, FAN_PITCH, SEAT_HALF, SEAT_TRAY_X, Y, Layout

LABEL_Z, LABEL_SIZE = 1.0, (1.6, 1.0, 0.8)  # the zone names printed along a seat board's near edge
NO_PRINT = (0.0, 0.0, 0.0, 0.0)  # the atlas rect of a plain colour
MAT_COLOUR = (0.2, 0.17, 0.16)  # a seat board's mat and its zone names' ground

PrintItem = tuple[np.ndarray, tuple, tuple]  # model matrix, colour, atlas rect


def print_items(lay: Layout, rects: dict, state, side: int) -> list[PrintItem]:
    """Everything printed on the table for ``state``'s set-up, in drawing order; the market's
    cards read upright from the south (``side`` 0) or the north (1)."""
    board, r = lay.board, rects
    items: list[PrintItem] = []

    def add(m: np.ndarray, colour, rect=None) -> None:
        items.append((m, colour, rect or NO_PRINT))
    tr = lay.track
    lo, hi = tr.bounds()
    c = (lo + hi) / 2 + lay.track_offset
    add(translate(c[0], 0.001, c[1]) @ scale(hi[0] - lo[0] + 0.5, 1, hi[1] - lo[1] + 0.5), art.BOARD_COLOUR)
    add(translate(c[0], 0.0005, c[1]) @ scale(hi[0] - lo[0] + 0.7, 1, hi[1] - lo[1] + 0.7), art.INK)
    shortcuts = sorted((n, e) for n, e in enumerate(board.effect) if e and e[0] in ("money", "move"))
    marks: dict = {}
    for _, cut in shortcuts:
        marks.setdefault(cut[2], "ABC"[min(len(marks), 2)])
    for n in range(board.size):
        x, z = lay.space_xz(n)
        if n in tr.big:
            ha, hc = tr.size[n]
            word = "start_finish" if board.lap else ("start" if board.labels[n].endswith("start") else "finish")
            turn = math.pi / 2 if hc > ha and not board.lap else 0.0  # the word runs across a lane track
            m = translate(x, 0.003, z) @ rotate(Y, tr.heading[n] + turn)
            add(m @ (scale(2 * hc, 1, 2 * ha) if turn else scale(2 * ha, 1, 2 * hc)), art.PAPER, r[("big", word)])
            continue
        e: tuple[str, int, int] | None = board.effect[n]
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
        add(translate(xz[0], 0.004, xz[1]) @ rotate(Y, math.pi * side) @ scale(2 * CARD_HALF[0], 1, 2 * CARD_HALF[1]),
            art.PAPER, r[("card", colour)])
    for seat in range(state.num_players):
        frame = lay.area(seat)
        add(frame @ translate(0, 0.001, 0) @ scale(2 * SEAT_HALF[0] + 0.16, 1, 2 * SEAT_HALF[1] + 0.16),
            art.PLAYER_COLOURS[seat])
        add(frame @ translate(0, 0.002, 0) @ scale(2 * SEAT_HALF[0], 1, 2 * SEAT_HALF[1]), MAT_COLOUR)
        for k, x in enumerate((BAG_X, *SEAT_TRAY_X)):
            add(frame @ translate(x, 0.003, LABEL_Z) @ scale(*LABEL_SIZE), MAT_COLOUR, r[("label", art.ZONE_LABELS[k])])
        add(frame @ translate(-SEAT_HALF[0] + 0.3, 0.003, -SEAT_HALF[1] + 0.3) @ scale(0.45), art.PAPER, r[("badge", seat)])
    return items
