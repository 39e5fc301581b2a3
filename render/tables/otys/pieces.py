"""Which piece stands where in an Otys position, and the printed table under them.

A :class:`Piece` names its batch (mesh), its *group* (pieces of one group are interchangeable,
so motion pairs them by place: any metal cube, any neutral X key; a diver, a key, a card is its
own group), its model matrix, colour, atlas print and pick target.

Pick targets (tuples):
- ``("diver", seat, diver)``: a diver tile; ``("pos", seat, pos)``: a diver position (0 = S1);
- ``("key", seat, token)``: a seat's key 1-5 or own X (6) wherever it is, ``token`` 0: a held neutral X;
- ``("level", seat, level)``: a board's level row; ``("res", seat, level, colour)``: resources on it;
- ``("preward", seat, level)``: the reward token on a board's level; ``("counter", seat, k)``:
  credits (0), batteries (1), Prestige (2); ``("track", seat, 0/1)``: the Mechanic / Hacker track;
- ``("sponsor", level)``, ``("reward", level, slot)``: the Colony's sponsor tiles and reward tokens;
- ``("store", colour, row)``: a Store space; ``("card", card)``: a contract (public, in a hand or
  being chosen from); ``("deck",)``, ``("pile",)``, ``("first",)``.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from game.otys.data import CAPACITY, COLOURS, LEVELS, MECHANIC_REACH, NEUTRAL_X, OWN_X, POSITIONS, REWARDS, STORE_ROWS
from render.scene.xform import rotate, scale, translate
from render.tables.otys import art
from render.tables.otys.layout import (BOARD_HALF, CARD_HALF, COUNTER_X, DECK_XZ, DRAWN_LIFT, DIVER_HALF, DIVER_X, FIRST_XZ,
                                       HACKER_SLOTS, KEY_R, KEY_X, LABEL_X, LEVEL_PLATE_X, PILE_XZ, PLATE_DX,
                                       PRICE_X, REWARD_R, REWARD_X, REWARD_XS, SPONSOR_HALF, SPONSOR_X, STORE_Z0,
                                       TOKEN_R, Y, centre_frame, colony_z, counter_xz, drawn_xz, hand_xz, level_z, neutral_x,
                                       public_xz, res_x, row_z, seat_frame, store_xz, track_x)

Target = tuple
BATCH_HALF = {"tile": (0.5, 0.05, 0.5), "card": (0.5, 0.012, 0.5), "disc": (0.5, 0.05, 0.5), "plate": (0.5, 0.0, 0.5),
              "res0": (0.14, 0.14, 0.14), "res1": (0.15, 0.11, 0.15), "res2": (0.15, 0.14, 0.15),
              "res3": (0.18, 0.11, 0.18)}
RES_Y = tuple(h[1] for h in (BATCH_HALF[f"res{c}"] for c in range(4)))
PLAIN = (0.0, 0.0, 0.0, 0.0)
# Each contract in the deck adds this many cards' thickness to its stack: low enough that, seen at the
# shared view's pitch, the stack never hides the public contract behind it (0.6 hid its needs).
DECK_THICK = 0.3
PLAYING = ("step1", "step2", "step3", "finish")  # a key stands against its diver until it goes to the track


@dataclasses.dataclass(eq=False)
class Piece:
    batch: str
    group: tuple
    m: np.ndarray
    colour: tuple
    rect: tuple
    target: Target | None


def _disc(x: float, z: float, r: float, y: float = 0.0) -> np.ndarray:
    return translate(x, 0.05 + y, z) @ scale(2 * r, 1, 2 * r)


def _card(x: float, z: float, y: float = 0.0) -> np.ndarray:
    return translate(x, 0.012 + y, z) @ scale(2 * CARD_HALF[0], 1, 2 * CARD_HALF[1])


def _res(colour: int, x: float, z: float) -> np.ndarray:
    return translate(x, RES_Y[colour], z) @ rotate(Y, 0.3 * colour)


def _key_face(token: int, seat: int) -> tuple:
    return ("key", token, seat) if token else ("key", 0, -1)


def card_visible(card_owner: int, viewer: int | None) -> bool:
    """A private contract shows its face to its owner (or to everyone when nothing is hidden)."""
    return viewer is None or viewer == card_owner


def pieces(state, viewer: int | None, rects: dict, side: int = 0) -> list[Piece]:
    """Every piece of ``state`` where it lies; private cards face up only for ``viewer``; the
    centre block turned to ``side`` (:func:`layout.centre_side`)."""
    out: list[Piece] = []
    for s, p in enumerate(state.players):
        out += _seat_pieces(state, s, p, viewer, rects)
    centre = _centre_pieces(state, viewer, rects)
    if side:
        c = centre_frame(side)
        for p in centre:
            p.m = c @ p.m
    return out + centre + _drawn(state, viewer, rects)


def drawing(state) -> list[tuple[int, list[int]]]:
    """(seat, cards) of each seat choosing which drawn contracts to keep (the Spy's draw, a reward's)."""
    return [(int(top[1]), [int(c) for c in top[2:]]) for top in state.pending if top[0] == "keep"]


def _drawn(state, viewer: int | None, rects: dict) -> list[Piece]:
    """The cards a seat is choosing from, held up in a row at its board's left."""
    out: list[Piece] = []
    for seat, cards in drawing(state):
        for i, card in enumerate(cards):
            face = rects[("card", card)] if card_visible(seat, viewer) else rects[("back",)]
            out.append(Piece("card", ("card", card), seat_frame(seat, state.num_players) @ _card(*drawn_xz(i, len(cards)), y=DRAWN_LIFT), art.PAPER,
                             face, ("card", card)))
    return out


def _centre_pieces(state, viewer: int | None, rects: dict) -> list[Piece]:
    """The Colony's, Store's and contracts' pieces in the centre block's own frame."""
    out: list[Piece] = []
    t = state.table
    for level in range(1, LEVELS + 1):
        sponsor = t.sponsors[level - 1]
        m = translate(SPONSOR_X, 0.05, colony_z(level)) @ scale(2 * SPONSOR_HALF[0], 1, 2 * SPONSOR_HALF[1])
        out.append(Piece("tile", ("sponsor", sponsor), m, art.PAPER, rects[("sponsor", sponsor, t.sides[sponsor])],
                         ("sponsor", level)))
        for slot, token in enumerate(t.display[level - 1]):
            if token >= 0:
                out.append(Piece("disc", ("rtok", REWARDS[token]), _disc(REWARD_XS[slot], colony_z(level), REWARD_R),
                                 art.PAPER, rects[("reward", REWARDS[token])], ("reward", level, slot)))
    for c in range(len(COLOURS)):
        for row in range(STORE_ROWS):
            if t.store[c][row]:
                x, z = store_xz(c, row)
                out.append(Piece(f"res{c}", ("res", c), _res(c, x, z), art.RES_COLOURS[c], PLAIN, ("store", c, row)))
    for slot, card in enumerate(t.public):
        if card >= 0:
            out.append(Piece("card", ("card", card), _card(*public_xz(slot)), art.PAPER, rects[("card", card)],
                             ("card", card)))
    deck = len(t.deck)
    if deck:
        m = translate(DECK_XZ[0], 0.0, DECK_XZ[1]) @ scale(2 * CARD_HALF[0], 1 + DECK_THICK * deck, 2 * CARD_HALF[1]) \
            @ translate(0, 0.012, 0)
        out.append(Piece("card", ("deck",), m, art.CARD_BACK, rects[("back",)], ("deck",)))
    out.append(_plate(("deckn",), DECK_XZ[0], DECK_XZ[1] + 0.75, deck, rects, ("deck",)))
    for i in range(t.neutral_pile):
        out.append(Piece("disc", ("nx",), _disc(PILE_XZ[0], PILE_XZ[1], KEY_R, 0.1 * i), art.NEUTRAL,
                         rects[("key", 0, -1)], ("pile",)))
    out.append(_plate(("pilen",), PILE_XZ[0] + 0.55, PILE_XZ[1], t.neutral_pile, rects, ("pile",)))
    return out


def _plate(group: tuple, x: float, z: float, n: int, rects: dict, target: Target, frame=None) -> Piece:
    m = translate(x, 0.004, z) @ scale(0.5, 1, 0.32)
    return Piece("plate", group, m if frame is None else frame @ m, art.PAPER, rects[("num", min(max(n, 0), 99))], target)


def in_play(state, seat: int) -> int:
    """The key ``seat`` is playing this turn (a token, 0 = a neutral X), -1 if none: it stands
    against the activated diver from the choice of key until it goes to the Hacker track."""
    if seat != state.turn or state.stage not in PLAYING:
        return -1
    return state.key_token


def _seat_pieces(state, s: int, p, viewer: int | None, rects: dict) -> list[Piece]:
    f = seat_frame(s, state.num_players)
    out: list[Piece] = []
    playing = in_play(state, s)
    at_diver = (DIVER_X + DIVER_HALF[0] + KEY_R + 0.01, level_z(state.key_level) if playing >= 0 else 0.0)
    add = lambda batch, group, m, colour, rect, target: out.append(  # noqa: E731
        Piece(batch, group, f @ m, colour, rect, target))
    for pos, d in enumerate(p.divers):
        m = translate(DIVER_X, 0.05, row_z(pos)) @ scale(2 * DIVER_HALF[0], 1, 2 * DIVER_HALF[1])
        add("tile", ("diver", s, d), m, art.PAPER, rects[("diver", d, p.upgraded[d])], ("diver", s, d))
    for token in range(1, OWN_X + 1):
        if token in p.track:
            x, z = track_x(p.track.index(token)), row_z(0)
        elif token == playing:
            x, z = at_diver
        else:
            x, z = KEY_X, (level_z(token) if token < OWN_X else row_z(2))
        add("disc", ("key", s, token), _disc(x, z, KEY_R), art.PLAYER_COLOURS[s], rects[_key_face(token, s)],
            ("key", s, token))
    for slot, token in enumerate(p.track):
        if token == 0:
            add("disc", ("nx",), _disc(track_x(slot), row_z(0), KEY_R), art.NEUTRAL, rects[("key", 0, -1)],
                ("track", s, 1))
    for i in range(p.neutral_x):
        add("disc", ("nx",), _disc(neutral_x(i), row_z(2), KEY_R), art.NEUTRAL, rects[("key", 0, -1)], ("key", s, 0))
    if playing == NEUTRAL_X:
        add("disc", ("nx",), _disc(*at_diver, KEY_R), art.NEUTRAL, rects[("key", 0, -1)], None)
    hacker = translate(track_x(p.free_spaces), 0.09, row_z(0)) @ scale(0.3, 1.8, 0.42)
    add("tile", ("hacker", s), hacker, (0.62, 0.36, 0.66), PLAIN, ("track", s, 1))
    add("disc", ("mechanic", s), _disc(track_x(p.mechanic), row_z(1), 0.12, 0.06), (0.85, 0.85, 0.4), PLAIN,
        ("track", s, 0))
    for k, value in enumerate((p.credits, p.batteries, p.prestige)):
        x, z = counter_xz(k)
        add("disc", ("counter", s, k), _disc(x, z, TOKEN_R), art.PAPER, rects[("counter", art.COUNTERS[k])],
            ("counter", s, k))
        out.append(_plate(("countern", s, k), x + PLATE_DX, z, value, rects, ("counter", s, k), f))
    for level in range(1, LEVELS + 1):
        k = 0
        for c in range(len(COLOURS)):
            for _ in range(p.res[level - 1][c]):
                add(f"res{c}", ("res", c), _res(c, res_x(k), level_z(level)), art.RES_COLOURS[c], PLAIN,
                    ("res", s, level, c))
                k += 1
        token = p.rewards[level - 1]
        if token >= 0:
            add("disc", ("rtok", REWARDS[token]), _disc(REWARD_X, level_z(level), REWARD_R), art.PAPER,
                rects[("reward", REWARDS[token])], ("preward", s, level))
    n = len(p.hand)
    for i, card in enumerate(p.hand):
        face = rects[("card", card)] if card_visible(s, viewer) else rects[("back",)]
        add("card", ("card", card), _card(*hand_xz(i, n), 0.002 * i), art.PAPER, face,
            ("card", card))
    if state.first == s:
        add("disc", ("first",), _disc(*FIRST_XZ, TOKEN_R), art.PAPER, rects[("first",)], ("first",))
    return out


def _box(frame: np.ndarray, x0: float, z0: float, x1: float, z1: float) -> tuple[np.ndarray, np.ndarray]:
    """The table-frame box of a board rectangle (boards turn by quarter turns)."""
    pts = np.array([(frame @ np.array([x, 0.0, z, 1.0]))[:3] for x in (x0, x1) for z in (z0, z1)])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    hi[1] = 0.01
    return lo, hi


def flat_targets(players: int, side: int = 0) -> list[tuple[Target, np.ndarray, np.ndarray]]:
    """The places printed on the boards that clicks can mean: level rows, diver positions, tracks,
    Store spaces (the centre block turned to ``side``)."""
    out = []
    for s in range(players):
        f = seat_frame(s, players)
        for pos in range(POSITIONS):
            z = row_z(pos)
            out.append((("pos", s, pos), *_box(f, DIVER_X - DIVER_HALF[0] - 0.05, z - 0.24, DIVER_X + DIVER_HALF[0] + 0.05,
                                                z + 0.24)))
        for level in range(1, LEVELS + 1):
            z = level_z(level)
            out.append((("level", s, level), *_box(f, KEY_X - 0.25, z - 0.24, REWARD_X + 0.3, z + 0.24)))
        for track in (0, 1):
            z = row_z(1 - track)
            out.append((("track", s, track), *_box(f, track_x(0) - 0.25, z - 0.22, track_x(HACKER_SLOTS - 1) + 0.25,
                                                    z + 0.22)))
    for c in range(len(COLOURS)):
        for row in range(STORE_ROWS):
            x, z = store_xz(c, row)
            out.append((("store", c, row), *_box(centre_frame(side), x - 0.25, z - 0.28, x + 0.25, z + 0.28)))
    return out


def print_items(state, rects: dict, side: int = 0) -> list[tuple[np.ndarray, tuple, tuple]]:
    """The printed table: (matrix, colour, atlas rect) of every flat print baked under the pieces,
    the centre block's turned to ``side`` so that it reads upright from the deciding chair."""
    out: list[tuple[np.ndarray, tuple, tuple]] = []
    centre = centre_frame(side)
    flat = lambda x, z, w, d, colour, rect=PLAIN, frame=None, y=0.002: out.append(  # noqa: E731
        ((frame if frame is not None else centre) @ translate(x, y, z) @ scale(w, 1, d), colour, rect))
    for s in range(state.num_players):
        f = seat_frame(s, state.num_players)
        hx, hz = BOARD_HALF
        flat(0, 0, 2 * hx + 0.16, 2 * hz + 0.16, art.PLAYER_COLOURS[s], frame=f, y=0.001)
        flat(0, 0, 2 * hx, 2 * hz, art.BOARD, frame=f)
        top = row_z(2) + 0.25
        flat(0, (top + hz) / 2, 2 * hx, hz - top, art.DEEP, frame=f, y=0.0025)
        flat(0, (-hz + top) / 2, 2 * hx, top + hz, art.SEA, frame=f, y=0.0025)
        for pos in range(POSITIONS):
            flat(LABEL_X, row_z(pos), 0.4, 0.4, art.PAPER, rects[("plate", ("S1", "S2", "S3", "L1", "L2", "L3", "L4",
                                                                           "L5")[pos])], frame=f, y=0.003)
        for level in range(1, LEVELS + 1):
            z = level_z(level)
            flat(KEY_X, z, 0.42, 0.42, art.PAPER, rects[("space", "key", level)], frame=f, y=0.003)
            for k in range(CAPACITY[level - 1]):
                flat(res_x(k), z, 0.36, 0.36, art.PAPER, rects[("space", "res")], frame=f, y=0.003)
            flat(REWARD_X, z, 0.5, 0.5, art.PAPER, rects[("space", "reward")], frame=f, y=0.003)
        flat(KEY_X, row_z(2), 0.42, 0.42, art.PAPER, rects[("plate", "X")], frame=f, y=0.003)
        for k in range(HACKER_SLOTS):
            flat(track_x(k), row_z(0), 0.4, 0.4, art.PAPER, rects[("space", "hacker")], frame=f, y=0.003)
        for k, reach in enumerate(MECHANIC_REACH):
            flat(track_x(k), row_z(1), 0.4, 0.4, art.PAPER, rects[("space", "reach", reach)], frame=f, y=0.003)
        flat(-1.0, row_z(0), 0.9, 0.9, art.SEA, rects[("label", "HACKER")], frame=f, y=0.0026)
        flat(-1.0, row_z(1), 0.9, 0.9, art.SEA, rects[("label", "MECHANIC")], frame=f, y=0.0027)
        flat(COUNTER_X + 0.25, level_z(2), 0.7, 0.7, art.PAPER, rects[("badge", s)], frame=f, y=0.003)
    flat(0.0, 0.0, 3.5, 4.1, art.DEEP)
    for level in range(1, LEVELS + 1):
        flat(LEVEL_PLATE_X, colony_z(level), 0.45, 0.45, art.PAPER, rects[("plate", f"L{level}")], y=0.003)
    flat(3.45, -0.2, 3.3, 3.1, art.DEEP)
    for c in range(len(COLOURS)):
        x, _ = store_xz(c, 0)
        flat(x, STORE_Z0 - 0.55, 0.4, 0.4, art.PAPER, rects[("res", c)], y=0.003)
        for row in range(STORE_ROWS):
            flat(*store_xz(c, row), 0.46, 0.5, art.PAPER, rects[("space", "store")], y=0.003)
    for row in range(STORE_ROWS):
        flat(PRICE_X, store_xz(0, row)[1], 1.0, 0.5, art.DEEP, rects[("price", row)], y=0.004)
    flat(3.3, -1.72, 0.9, 0.9, art.DEEP, rects[("label", "STORE")], y=0.0025)
    flat(-3.02, 0.0, 2.25, 4.1, art.DEEP)
    flat(-3.02, -1.68, 1.1, 1.1, art.DEEP, rects[("label", "CONTRACTS")], y=0.0025)
    return out

