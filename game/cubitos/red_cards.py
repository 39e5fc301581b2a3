"""The red cards: what the compared swords let a seat do in its Run turn (RB:684-690)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.core import Action, Event
from game.core.event import event
from game.cubitos import cards, effects
from game.cubitos.actions import Use, made
from game.cubitos.names import SEAT_NAMES, EventKind, Flag, Task
from game.cubitos.zones import DISCARD

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState


def red_card(s: CubitosState) -> cards.Card:
    return cards.BY_NAME[s.setup.card_set.get("red", "")]


def fewer(s: CubitosState, p: int) -> int:
    return sum(1 for q in range(s.num_players) if q != p and s.swords[q] < s.swords[p])


def red_options(s: CubitosState, p: int) -> list[Action]:
    card = cards.BY_NAME[s.setup.card_set.get("red", "")]  # ``red_card``, without the call
    if card.swords == "most":
        if s.most != p:
            return []
        if card.name == "Crabby":
            low = min(s.swords[q] for q in range(s.num_players) if q != p)
            targets = [q for q in range(s.num_players) if q != p and s.swords[q] == low]
            return [made(Use, card.name, "", (str(q), k)) for q in targets for k in s.any_die(p)]
        return [made(Use, card.name)]
    return [made(Use, card.name)] if s.swords[p] >= 1 and fewer(s, p) else []


def _crabby(s: CubitosState, p: int, o: tuple[str, ...], events: list[Event]) -> None:
    target = int(o[0])
    d = effects.die_at(s, p, o[1])
    s.move_die(d, s.own(target).zones[DISCARD], p)
    events.append(event(EventKind.GIVEN, f"{SEAT_NAMES[p]} gives a {s.colour(d)} die to P{target + 1}", {"seat": p, "to": target, "die": d}))


def _flag(name: str) -> Callable[[CubitosState, int, tuple[str, ...], list[Event]], None]:
    def do(s: CubitosState, p: int, o: tuple[str, ...], events: list[Event]) -> None:
        s.own(p).flags_next.append(name)
    return do


RED: dict[str, Callable[[CubitosState, int, tuple[str, ...], list[Event]], None]] = {
    "Mr. Soldier": lambda s, p, o, e: effects.gain(s, p, move=2, credits=3),
    "Punch Guy": _flag(Flag.PUNCH),
    "Supah General!": lambda s, p, o, e: effects.gain(s, p, move=s._seats[p].fans),
    "Champion": _flag(Flag.CHAMPION),
    "Crabby": _crabby,
    "El Bandito": lambda s, p, o, e: effects.gain(s, p, credits=fewer(s, p)),
    "Jacques Couteau": lambda s, p, o, e: s.own(p).tasks.append((Task.JACQUES, fewer(s, p))),
}
