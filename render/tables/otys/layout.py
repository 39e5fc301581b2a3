"""Where every Otys piece lies on the table: pure geometry, no GL (the view and picking share it).

Table frame: y up, north = -z (away from seat 0). The centre block holds, west to east: the
contracts (public cards and the deck in a 2x2 grid), the Colony (levels 1-5 north
to south, each with its sponsor tile and two reward tokens), the Store (a column per resource,
rows top first, each row's prices) with the neutral X pile below it. Seat boards lie around it,
seat 0 south, 1 north, 2 west, 3 east, each facing its player.

A seat board in its own frame (x to the player's right, z towards the player) is the diver
column as on the physical board: three surface positions at the far edge, levels 1-5 towards
the player. Each level row: its label, the diver, the level's key, its resource spaces and its
reward space. Beside the surface rows: the Hacker track, the Mechanic track, the own X key and
held neutral X keys, and the credits, batteries and Prestige counters. The contract hand is a
column at the board's right, each card's header showing above the next; the cards it is choosing from (a draw) are held up
in a row at the board's left. The centre block turns to read upright from the chair deciding
(:func:`centre_frame`): a half turn for the north, a quarter for the west and east. With more than two players every board lies as far from the centre
as the west and east ones must, so a person's close home camera meets each at one distance.
"""
from __future__ import annotations

import math

import numpy as np

from game.otys.data import SURFACE
from render.scene.xform import rotate, translate

Y = (0.0, 1.0, 0.0)
SEAT_ANGLE = (0.0, math.pi, -math.pi / 2, math.pi / 2)
BOARD_HALF = (3.45, 2.1)
ROW_PITCH = 0.5
LABEL_X, DIVER_X, KEY_X, RES_X, RES_PITCH, REWARD_X = -3.17, -2.5, -1.72, -1.25, 0.4, 1.35
DIVER_HALF = (0.4, 0.2)
TRACK_X, TRACK_PITCH, HACKER_SLOTS = -0.35, 0.45, 6
COUNTER_X, PLATE_DX = 2.55, 0.5
NEUTRAL_X0, NEUTRAL_PITCH = -1.25, 0.36
KEY_R, TOKEN_R, REWARD_R = 0.17, 0.2, 0.21
CARD_HALF = (0.4, 0.56)
# The hand: a column just right of the board (the close home camera keeps board and hand in view).
HAND_X, HAND_GAP = BOARD_HALF[0] + 0.12 + CARD_HALF[0], 0.08
# The cards being chosen from: a row at the board's left, held up.
DRAWN_X, DRAWN_Z, DRAWN_PITCH, DRAWN_WIDTH = BOARD_HALF[0] + 0.3 + CARD_HALF[0], 1.0, 0.9, 2.7
FIRST_XZ = (2.8, 1.45)
# The centre block.
COLONY_X0, COLONY_PITCH = -1.6, 0.8  # level 1's row z, then one pitch per level
LEVEL_PLATE_X, SPONSOR_X, SPONSOR_HALF, REWARD_XS = -1.3, -0.3, (0.58, 0.32), (0.72, 1.28)
STORE_X0, STORE_PITCH, STORE_Z0, STORE_ROW_PITCH, PRICE_X = 2.35, 0.5, -0.75, 0.65, 4.6
PILE_XZ = (2.9, 1.55)
CONTRACT_X, CONTRACT_Z = (-2.55, -3.5), (-0.6, 0.65)  # a 2x2 grid: public cards, the deck last
DECK_XZ = (CONTRACT_X[1], CONTRACT_Z[1])
DRAWN_LIFT = 0.35  # the cards a seat is choosing from are held up in a row at its board's left
CENTRE_HALF = (5.2, 2.05)
GAP = 0.35


def centre_side(seat: int) -> int:
    """Which way the centre block is turned for ``seat`` deciding: towards its chair (0 south,
    1 north, 2 west, 3 east), so the Colony, Store and contracts read upright from it."""
    return seat % 4


def centre_frame(side: int) -> np.ndarray:
    """The centre block's frame for a side of :func:`centre_side`, turned about the table's centre
    as that chair's board is. A half turn maps the block onto its own footprint; a quarter turn
    (the west and east chairs, only with more than two players) lays it the long way between the
    south and north boards, which lie far enough out for it (:func:`seat_dist`)."""
    return rotate(Y, SEAT_ANGLE[side])


def seat_dist(players: int) -> float:
    """How far every board's centre lies from the table's: beside the centre block's long side for
    two players, beyond its ends for more (the west and east boards must clear them, and the south
    and north ones sit as far, so one close home camera, turned to any seat, sees its board alike)."""
    return (CENTRE_HALF[1] if players <= 2 else CENTRE_HALF[0]) + GAP + BOARD_HALF[1]


def seat_frame(seat: int, players: int) -> np.ndarray:
    """The seat board's frame: origin at the board's centre, +z towards its player."""
    return rotate(Y, SEAT_ANGLE[seat]) @ translate(0.0, 0.0, seat_dist(players))


def row_z(pos: int) -> float:
    """Board z of diver position ``pos`` (0 = S1 at the far edge ... 7 = level 5)."""
    return -BOARD_HALF[1] + 0.35 + ROW_PITCH * pos


def level_z(level: int) -> float:
    return row_z(SURFACE + level - 1)


def res_x(k: int) -> float:
    return RES_X + RES_PITCH * k


def track_x(k: int) -> float:
    return TRACK_X + TRACK_PITCH * k


def counter_xz(k: int) -> tuple[float, float]:
    """Credits (0), batteries (1), Prestige (2): a token beside the surface rows."""
    return COUNTER_X, row_z(k)


def neutral_x(i: int) -> float:
    return NEUTRAL_X0 + NEUTRAL_PITCH * i


def hand_xz(i: int, n: int) -> tuple[float, float]:
    """The i-th of n hand cards: a column at the board's right, from its far edge towards the
    player, overlapping when many (each lies on the one before, whose header band shows above it)
    but never beyond the board's near edge, so the close camera frames board and hand together."""
    span = 2 * (BOARD_HALF[1] - CARD_HALF[1])
    step = min(2 * CARD_HALF[1] + HAND_GAP, span / max(n - 1, 1))
    return HAND_X, -BOARD_HALF[1] + CARD_HALF[1] + i * step


def colony_z(level: int) -> float:
    return COLONY_X0 + COLONY_PITCH * (level - 1)


def store_xz(colour: int, row: int) -> tuple[float, float]:
    return STORE_X0 + STORE_PITCH * colour, STORE_Z0 + STORE_ROW_PITCH * row


def public_xz(slot: int) -> tuple[float, float]:
    return CONTRACT_X[slot % 2], CONTRACT_Z[slot // 2]


def drawn_xz(i: int, n: int) -> tuple[float, float]:
    """The i-th of the n cards a seat is choosing from (the Spy's draw, a reward's), in its board's
    frame: a free row at the board's left, mirroring the hand, never on the deck or the public
    contracts; the first on the left, as "contract 1 of 4" is read."""
    return -DRAWN_X - DRAWN_PITCH * (n - 1 - i), DRAWN_Z


def on_seat(seat: int, players: int, x: float, y: float, z: float) -> np.ndarray:
    """A point of ``seat``'s board frame in table coordinates."""
    return (seat_frame(seat, players) @ np.array([x, y, z, 1.0]))[:3]


def extent(players: int) -> float:
    """Half size of the square that holds every seat's board and hand."""
    far = [np.abs(on_seat(s, players, sx, 0, sz)).max() for s in range(players)
           for sx in (-DRAWN_X - DRAWN_WIDTH - CARD_HALF[0], HAND_X + CARD_HALF[0]) for sz in (-BOARD_HALF[1], BOARD_HALF[1])]
    return max(max(far), CENTRE_HALF[0]) + 0.3

