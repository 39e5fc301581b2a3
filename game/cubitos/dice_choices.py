"""Choosing and handling dice for the cards: which dice a card may take or set, and the die an
ability acts through. Shared by the Now abilities, the Run abilities and the push cards."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Event
from game.core.event import event
from game.cubitos import effects
from game.cubitos.dice import FACE_KEYS, FACES, GRAYS
from game.cubitos.names import SEAT_NAMES, EventKind
from game.cubitos.zones import ACTIVE, COLOUR_RANK, DISCARD, DRAW, multisets

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState

Options = list[tuple[str, ...]]


def symbols(s: CubitosState, p: int, card: str) -> int:
    """How many of ``p``'s active dice show ``card``'s symbol (plain or power)."""
    return len(s.card_dice(p, card))


def has(s: CubitosState, p: int, colour: str) -> bool:
    return s.count_active(p, colour) > 0


def faces_of(colour: str) -> list[str]:
    return sorted({f or "blank" for f in FACES[colour]})


def tray_faces(s: CubitosState) -> Options:
    """Any tray die on any face: (colour, face)."""
    return [(c, f) for c in (*GRAYS, *s.setup.colours()) if s._trays[c] for f in faces_of(c)]


def draw_picks(s: CubitosState, p: int, n: int) -> Options:
    """Choices of ``n`` dice from the Draw Zone, the Discard Zone moved in when it runs out (RB:702)."""
    draw = s.kinds(p, DRAW)
    have = sum(draw.values())
    if have >= n:
        return multisets(draw, n)
    forced = tuple(k for k, c in draw.items() for _ in range(c))
    rest = s.kinds(p, DISCARD)
    extra = min(n - have, sum(rest.values()))
    return [tuple(sorted(forced + o, key=COLOUR_RANK.__getitem__)) for o in multisets(rest, extra)]


def take_picks(s: CubitosState, p: int, pick: tuple[str, ...], events: list[Event]) -> list[int]:
    """Take the dice ``pick`` names from the Draw Zone (reshuffling when it runs out); their ids."""
    draw, start, colour = s._seats[p].zones[DRAW], s.setup.start_die, s.setup.colour
    want: dict[str, int] = {}  # kind -> dice of it still to take, in the order ``pick`` names them
    for k in pick:
        want[k] = want.get(k, 0) + 1
    ids: list[int] = []
    if len(draw) - (start in draw) < len(pick):  # the Draw Zone, all taken, is short: then the Discard Zone
        ids = [d for d in draw if d != start]
        for d in ids:
            if colour[d] in want:
                want[colour[d]] -= 1
        effects.reshuffle(s, p, events)
    for k, n in want.items():
        for _ in range(n):
            ids.append(s.find(p, DRAW, k, tuple(ids)))
    return ids


def pick(s: CubitosState, p: int, key: str, bit: int) -> int:
    """An active die of kind ``key`` whose ``bit`` is unused."""
    colour, face, used = s.setup.colour, s._face, s._used
    for d in s._seats[p].zones[ACTIVE]:
        if FACE_KEYS[colour[d]][face[d]] == key and not used[d] & bit:
            return d
    raise ValueError(f"no unused active {key}")


def place(s: CubitosState, p: int, d: int, face: str, events: list[Event]) -> None:
    """Set ``d`` on ``face`` in the Active Zone (Pinch Eater, Cubasaurus, Broken Cow)."""
    colour = s.colour(d)
    s.own_face()[d] = FACES[colour].index("" if face == "blank" else face)
    s.own_used()[d] = 0
    s.move_die(d, s.own(p).zones[ACTIVE], p)
    events.append(event(EventKind.PLACED, f"{SEAT_NAMES[p]} sets a {colour} die on {face} in the Active Zone",
                        {"seat": p, "die": d, "colour": colour, "face": face}))
    effects.land(s, p, d)


def lose_other(s: CubitosState, p: int, d: int) -> list[str]:
    """zone/key of every die ``p`` may lose besides ``d``."""
    key = f"active/{s.key(d, ACTIVE)}"
    return [k for k in s.any_die(p) if k != key or s.kinds(p, ACTIVE)[key[7:]] > 1]
