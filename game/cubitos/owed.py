"""Choices a seat owes before anything else: its Now abilities as its dice land, then its tasks
in order (a save from a bust, busting's bonus discard, rewards' dice lost and gained, the push
cards' tasks and picks)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from game.core import Action, Event
from game.core.event import event
from game.cubitos import abilities, push_cards
from game.cubitos.actions import SKIP, Discard, Gain, Lose, Skip, Use, made
from game.cubitos.effects import bust, discardable, gainable, lose, take_free
from game.cubitos.names import SEAT_NAMES, EventKind, Task
from game.cubitos.zones import COLOUR_RANK, DISCARD, ROLL

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState, Seat

# Members compared with on every owed choice, bound once (names.py says why).
_BUST, _BUST_DISCARD, _LOSE, _GAIN, _DISCARDED = Task.BUST, Task.BUST_DISCARD, Task.LOSE, Task.GAIN, EventKind.DISCARDED


def owed(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    """Carry out ``a``, ``p``'s answer to a choice it owes: a Now ability (or none of them) or its
    first task. ``CubitosState.apply`` carries out every action, looking the usual ones up in
    ``flow.DECISIONS``."""
    if seat.now:
        if isinstance(a, Skip):
            seat.now.clear()
        else:
            abilities.use_now(s, p, cast(Use, a), events)  # the only other choice offered
    else:
        do_task(s, p, a, events)


def task_options(s: CubitosState, p: int, task: tuple[Any, ...]) -> list[Action]:
    kind = task[0]
    if kind == _BUST:
        return [*push_cards.bust_options(s, p), SKIP]
    if kind == _BUST_DISCARD:
        return [*(made(Discard, (k,)) for k in sorted(s.kinds(p, ROLL), key=COLOUR_RANK.__getitem__)), SKIP]
    if kind == _LOSE:
        return [*(made(Lose, k) for k in s.any_die(p)), *([] if task[1] else [SKIP])]
    if kind == _GAIN:
        return [*(made(Gain, c) for c in gainable(s, int(task[1]))), SKIP]
    if kind in push_cards.PICKS:
        return push_cards.pick_options(s, p, task)
    return [*push_cards.task_options(s, p, task), SKIP]


def do_task(s: CubitosState, p: int, a: Action, events: list[Event]) -> None:
    seat = s.own(p) if s._lent else s._seats[p]
    task = seat.tasks.pop(0)
    kind = task[0]
    if kind == _BUST:
        if isinstance(a, Skip):
            bust(s, p, events)
        else:
            push_cards.save(s, p, cast(Use, a), task, events)  # the only other choice offered
    elif kind == _BUST_DISCARD and isinstance(a, Discard):
        ids = [s.find(p, ROLL, k) for k in a.dice]
        for d in ids:
            s.move_die(d, seat.zones[DISCARD], p)
        events.append(event(_DISCARDED, f"{SEAT_NAMES[p]} discards {' '.join(a.dice)} from the Roll Zone",
                            {"seat": p, "dice": ids, "from": "roll"}))
        if discardable(s, p):
            seat.tasks.insert(0, task)
    elif kind == _LOSE:
        if isinstance(a, Lose):
            lose(s, p, a.die, events)
    elif kind == _GAIN:
        if isinstance(a, Gain):
            take_free(s, p, a.colour, events)
    elif kind in push_cards.PICKS:
        push_cards.do_pick(s, p, a, task, events)
    elif not isinstance(a, Skip):
        push_cards.do_task(s, p, cast(Use, a), task, events)  # the only other choice offered
