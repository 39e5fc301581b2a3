"""The Roll Phase's decision after a roll: push (rocks moved back first where the green card
allows) or pass, and what a push does: triggers, a roll, and a bust when nothing hit (RB:530-556)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.core import Action, Event
from game.core.event import event
from game.cubitos import abilities, push_cards
from game.cubitos.actions import PASS, PUSH, Push, made
from game.cubitos.dice import FACES
from game.cubitos.effects import bust, roll
from game.cubitos.names import SEAT_NAMES, EventKind, Stage, Task, Window
from game.cubitos.zones import ACTIVE, ROLL, USED_RUN, kind_rank, multisets

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState, Seat

# Members used on (nearly) every move, bound once (names.py says why).
_ROLL, _DONE, _PASSED = Window.ROLL, Stage.DONE, EventKind.PASSED

ROCK_CARDS = ("Rock On", "Pineapple Rocks", "Up to 11")  # rocks go back to the Roll Zone on a push
NOTHING_BACK: tuple[tuple[str, ...]] = ((),)  # a push's only option without rocks: nothing moved back first


def push_options(s: CubitosState, p: int, card: str) -> Sequence[tuple[str, ...]]:
    """What may go back to the Roll Zone first when ``card``, the green card, is one of ROCK_CARDS:
    rocks (Rock On, Pineapple Rocks, Up to 11) and Pineapple Rocks' extra die per power rock."""
    plain = power = 0  # the rocks: green dice on their symbol or power symbol
    faces, face = FACES["green"], s._face
    for d in s.card_dice(p, card, USED_RUN):
        if faces[face[d]] == "pow":
            power += 1
        else:
            plain += 1
    if not plain and not power:
        return NOTHING_BACK
    out = []
    for i in range(plain + 1):
        for j in range(power + 1):
            back = ("green:sym",) * i + ("green:pow",) * j
            if card != "Pineapple Rocks" or j == 0:
                out.append(back)
                continue
            rest = s.kinds(p, ACTIVE)
            for k in back:
                rest[k] -= 1
            rest = {k: n for k, n in rest.items() if n > 0}
            extra = min(j, sum(rest.values()))
            out += [back + e for e in multisets(rest, extra)]
    return sorted({tuple(sorted(b, key=kind_rank)) for b in out}, key=lambda b: (len(b), b))


def decide_options(s: CubitosState, p: int) -> list[Action]:
    seat = s._seats[p]
    acts = abilities.run_options(s, p, _ROLL)
    pushes, card = 0, s.setup.card_set.get("green", "")
    for back in push_options(s, p, card) if card in ROCK_CARDS else NOTHING_BACK:
        if back or seat.zones[ROLL]:
            acts.append(made(Push, back) if back else PUSH)
            pushes += 1
    if not seat.forced or not pushes:
        acts.append(PASS)
    return acts


def push(s: CubitosState, p: int, back: tuple[str, ...], events: list[Event]) -> None:
    seat = s.own(p) if s._lent else s._seats[p]
    seat.forced = max(0, seat.forced - 1)
    if len(seat.zones[ACTIVE]) >= 3:
        seat.risk = 1
    moved: list[int] = []
    for k in back:
        d = s.find(p, ACTIVE, k, tuple(moved))
        moved.append(d)
        s.move_die(d, seat.zones[ROLL], p)
    trig = push_cards.push_triggers(s, p)
    hits = roll(s, p, list(seat.zones[ROLL]), "pushes", events)
    safe, seat.safe = seat.safe, 0
    if hits or not seat.risk or safe:
        push_cards.after_push(s, p, trig, events)
    elif push_cards.bust_savers(s, p):
        seat.tasks.append((Task.BUST, *trig))
    else:
        bust(s, p, events)


def on_push(s: CubitosState, p: int, a: Push, seat: Seat, events: list[Event]) -> None:
    push(s, p, a.back, events)


def on_pass(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    seat.stage = _DONE
    events.append(event(_PASSED, f"{SEAT_NAMES[p]} passes", {"seat": p}))
