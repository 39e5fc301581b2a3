"""The shop: buying dice after the move (RB:642-660), at most two and of two colours a turn,
money spent before credits; Bob and Batter Beaver's part before the first purchase."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Action, Event
from game.core.event import event
from game.cubitos import abilities
from game.cubitos.actions import END_TURN, Buy, made
from game.cubitos.dice import ABILITY_COLOURS
from game.cubitos.effects import pay
from game.cubitos.names import SEAT_NAMES, EventKind, Window
from game.cubitos.zones import DISCARD

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState

# Members used on (nearly) every move, bound once (names.py says why).
_BUY, _BOUGHT = Window.BUY, EventKind.BOUGHT

MAX_BUYS = 2
BUY = {c: made(Buy, c) for c in ABILITY_COLOURS}


def buy_stage_options(s: CubitosState, p: int) -> list[Action]:
    seat = s._seats[p]
    acts = abilities.run_options(s, p, _BUY) if not seat.buys else []  # none once a die is bought
    if not seat.got_credit or not abilities.blocked(s, p):  # blocked needs a credit gained
        acts += buy_options(s, p)
        acts.append(END_TURN)
    return acts


def buy_options(s: CubitosState, p: int) -> list[Action]:
    seat = s._seats[p]
    if len(seat.buys) >= MAX_BUYS:
        return []
    acts: list[Action] = []
    trays, bought = s._trays, seat.buys
    for c in s.setup.affordable(seat.money + seat.credits):
        if c not in bought and trays[c]:
            acts.append(BUY[c])
    return acts


def buy(s: CubitosState, p: int, colour: str, events: list[Event]) -> None:
    seat = s.own(p) if s._lent else s._seats[p]
    pay(s, p, s.setup.cost(colour))
    seat.buys.append(colour)
    d = s.own_trays()[colour].pop()  # the top die; a die is in one list only
    seat.zones[DISCARD].append(d)
    events.append(event(_BOUGHT, f"{SEAT_NAMES[p]} buys a {colour} die", {"seat": p, "die": d, "colour": colour,
                                                                "cost": s.setup.cost(colour)}))
