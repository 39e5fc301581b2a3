"""The cards that act around a push: ongoing abilities triggered by a push (Wizard, Reckless
Cheese, Ledercheesen) and their tasks, Jacques Couteau's rolls, the green cards that save a
push from busting, and the dice chosen one by one for Punk Fruit and Rolling Stoned."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from game.core import Action, Event
from game.core.event import event
from game.cubitos import cards, effects
from game.cubitos.actions import ROLL_CHOSEN, SKIP, Take, Use, made
from game.cubitos.dice import GRAYS
from game.cubitos.dice_choices import draw_picks, pick, symbols, take_picks
from game.cubitos.names import SEAT_NAMES, Entry, EventKind, Task
from game.cubitos.zones import ACTIVE, DISCARD, DRAW, KIND_ORDER, ROLL, USED_RUN, ZONES, multisets

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState

PUNK_FRUIT_MAX = 9
# Members used on every push and its tasks, bound once (names.py says why).
_RECKLESS, _LEDER, _CARD = Task.RECKLESS, Task.LEDER, Entry.CARD


# ---- triggers on a push ---------------------------------------------------------------------------
PUSH_TRIGGERS = (WIZARD, RECKLESS, LEDER) = ("Wizard", "Reckless Cheese", "Ledercheesen")


@functools.cache
def triggers_in(in_play: tuple[str, ...]) -> tuple[bool, ...]:
    """Which of PUSH_TRIGGERS are among the cards of ``in_play`` (``Setup.cards``)."""
    return tuple(card in in_play for card in PUSH_TRIGGERS)


def push_triggers(s: CubitosState, p: int) -> tuple[int, ...]:
    """Wizard, Reckless Cheese and Ledercheesen dice active as the push is rolled."""
    present = triggers_in(s.setup.cards)
    if not any(present):
        return (0, 0, 0)
    wizard, reckless, leder = present
    return (symbols(s, p, WIZARD) if wizard else 0, symbols(s, p, RECKLESS) if reckless else 0,
            symbols(s, p, LEDER) if leder else 0)


def after_push(s: CubitosState, p: int, trig: tuple[Any, ...], events: list[Event]) -> None:
    """A push that did not bust: Wizard credits, Reckless Cheese steps, Ledercheesen rolls."""
    wizards, reckless, leder = map(int, trig)
    seat = s.own(p) if s._lent else s._seats[p]
    if wizards:
        effects.gain(s, p, credits=wizards)
        events.append(event(EventKind.CREDITS, f"{SEAT_NAMES[p]} gains {wizards} credits (Wizard)",
                            {"seat": p, "credits": wizards, "card": "Wizard"}))
    if reckless:
        seat.tasks.append((_RECKLESS, reckless * cards.RECKLESS_SPACES_PER_CHEESE))
    if leder:
        seat.tasks.append((_LEDER, leder))


def task_options(s: CubitosState, p: int, task: tuple[Any, ...]) -> list[Action]:
    kind = task[0]
    if kind == _RECKLESS:
        b = s.board
        return [made(Use, "Reckless Cheese", "", (b.labels[n],)) for n in b.steps(s._seats[p].node) if not b.water[n]]
    if kind == _LEDER:
        return [made(Use, "Ledercheesen", "", o) for o in draw_picks(s, p, 1) if o]
    if kind == Task.JACQUES:
        pool: dict[str, int] = {}
        for z in (DRAW, ROLL, ACTIVE, DISCARD):
            for k, n in s.kinds(p, z).items():
                if not k.startswith("red"):
                    pool[f"{ZONES[z]}/{k}"] = n
        return [made(Use, "Jacques Couteau", "", o) for o in multisets(pool, min(2, sum(pool.values()))) if o]
    return []


def do_task(s: CubitosState, p: int, a: Use, task: tuple[Any, ...], events: list[Event]) -> None:
    kind, left = task[0], int(task[1]) - 1
    seat = s.own(p)
    if left > 0:
        seat.tasks.insert(0, (kind, left))
    if kind == _RECKLESS:
        effects.enter(s, p, s.board.node(a.option[0]), events, "runs (Reckless Cheese)", _CARD, a.card)
    elif kind == _LEDER:
        effects.roll(s, p, take_picks(s, p, a.option, events), "Ledercheesen", events)
    else:
        dice: list[int] = []
        for spec in a.option:
            zone, key = spec.split("/")
            dice.append(s.find(p, ZONES.index(zone), key, tuple(dice)))
        effects.roll(s, p, dice, "Jacques Couteau", events)


# ---- saves from a bust -------------------------------------------------------------------------
SAVERS = ("Keep On Rollin'", "Rolling Stoned", "Punk Fruit")


def bust_options(s: CubitosState, p: int) -> list[Action]:
    card = s.setup.card("green")
    if card not in SAVERS:
        return []
    keys = sorted({s.key(d, ACTIVE) for d in s.card_dice(p, card, USED_RUN)})
    return [made(Use, card, k) for k in keys]


def bust_savers(s: CubitosState, p: int) -> bool:
    return bool(bust_options(s, p))


def save(s: CubitosState, p: int, a: Use, task: tuple[Any, ...], events: list[Event]) -> None:
    """A green card acting when a push would bust (RB:874, RB:888, RB:900)."""
    seat = s.own(p)
    d = pick(s, p, a.die, USED_RUN)
    s.own_used()[d] |= USED_RUN
    events.append(event(EventKind.ABILITY, f"{SEAT_NAMES[p]} uses {a.card}", {"seat": p, "card": a.card, "die": d}))
    if a.card == "Keep On Rollin'":
        effects.lose_die(s, p, d, events)
        after_push(s, p, task[1:], events)
    elif a.card == "Punk Fruit":
        effects.bust(s, p, events, keep=("green", *GRAYS))
    else:
        seat.tasks.insert(0, (Task.ROLLING_STONED, -1, *task[1:]))


# ---- choosing which dice to roll: Punk Fruit's Run roll, Rolling Stoned ---------------------------
# A pick task is (card, last, *push triggers, *chosen ids). Kinds are offered in one fixed order,
# each after ``last`` (the rank of the last kind chosen), so one choice has one way to be made.
PICKS = (Task.PUNK_FRUIT, Task.ROLLING_STONED)


def pick_cells(s: CubitosState, p: int, card: str) -> list[tuple[int, int, str]]:
    """(rank, zone, key) of the kinds ``card`` may roll: Punk Fruit one die per colour group (grays
    one group, the start die its own) from Roll or Draw; Rolling Stoned any gray die anywhere."""
    if card == "Punk Fruit":
        return sorted((KIND_ORDER.index(GRAYS[0] if k in GRAYS else k), z, k)
                      for z in (ROLL, DRAW) for k in s.kinds(p, z, movable=False))
    cells = sorted((z, k) for z in (DRAW, ROLL, ACTIVE, DISCARD) for k in s.kinds(p, z) if k.split(":")[0] in GRAYS)
    return [(i, z, k) for i, (z, k) in enumerate(cells)]


def pick_options(s: CubitosState, p: int, task: tuple[Any, ...]) -> list[Action]:
    card, last, ids = task[0], task[1], tuple(task[5:])
    punk = card == "Punk Fruit"
    takes: list[Action] = [] if punk and len(ids) >= PUNK_FRUIT_MAX else [
        made(Take, f"{ZONES[z]}/{k}") for r, z, k in pick_cells(s, p, card)
        if (r > last if punk else r >= last) and s.find(p, z, k, ids) >= 0]
    return [*takes, ROLL_CHOSEN if ids else SKIP]


def do_pick(s: CubitosState, p: int, a: Action, task: tuple[Any, ...], events: list[Event]) -> None:
    """Choose one more die, or roll the chosen ones (Rolling Stoned: no hit still busts)."""
    seat = s.own(p)
    card, trig, ids = task[0], task[2:5], list(task[5:])
    if isinstance(a, Take):
        zone, key = a.die.split("/")
        z = ZONES.index(zone)
        rank = next(r for r, zz, k in pick_cells(s, p, card) if (zz, k) == (z, key))
        seat.tasks.insert(0, (card, rank, *trig, *ids, s.find(p, z, key, tuple(ids))))
        return
    hits = effects.roll(s, p, ids, card, events) if ids else []
    if card != "Rolling Stoned":
        return
    if hits:
        after_push(s, p, trig, events)
    elif bust_savers(s, p):
        seat.tasks.insert(0, (Task.BUST, *trig))
    else:
        effects.bust(s, p, events)
