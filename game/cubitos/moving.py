"""The Move step of a Run turn (RB:612-640): steps (water needs swim movement), money converted
to movement, a space's shortcut, jet pack or track crossing, and the end of the move with the
reward of the space reached."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Action, Event
from game.core.event import event
from game.cubitos import abilities
from game.cubitos.actions import CONVERT, EFFECT, END_MOVE, Convert, Effect, EndMove, Step
from game.cubitos.effects import enter, pay, reward
from game.cubitos.names import SEAT_NAMES, Entry, EventKind, SpaceEffect, Stage, Window

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState

# Members used on (nearly) every move, bound once (names.py says why).
_ABIL, _BUY, _STEP, _ENDED_MOVE = Window.ABIL, Stage.BUY, Entry.STEP, EventKind.ENDED_MOVE
_CONVERTED = EventKind.CONVERTED

CONVERT_RATE = 4


def abil_stage_options(s: CubitosState, p: int) -> list[Action]:
    acts = abilities.run_options(s, p, _ABIL)
    acts += move_options(s, p)
    return acts


def move_options(s: CubitosState, p: int) -> list[Action]:
    seat, b = s._seats[p], s.board
    acts: list[Action] = []
    if seat.move + seat.wmove > 0:
        water, steps, swim = b.water, s.setup.steps, seat.wmove > 0
        for n in b.ahead[seat.node]:
            if swim or not water[n]:
                acts.append(steps[n])
    if seat.money + seat.credits >= CONVERT_RATE:
        acts.append(CONVERT)
    eff = b.effect[seat.node]
    if eff and seat.node not in seat.effects_used:
        kind, cost, _ = eff
        if kind == SpaceEffect.JET or (kind == SpaceEffect.MOVE and seat.move + seat.wmove >= cost) or \
                (kind in (SpaceEffect.MONEY, SpaceEffect.CROSS) and seat.money + seat.credits >= cost):
            acts.append(EFFECT)
    acts.append(END_MOVE)
    return acts


def move(s: CubitosState, p: int, a: Action, events: list[Event]) -> None:
    seat, b = s.own(p) if s._lent else s._seats[p], s.board
    if isinstance(a, Step):
        n = b.node(a.space)
        if b.water[n] or not seat.move:
            seat.wmove -= 1
        else:
            seat.move -= 1
        enter(s, p, n, events, "moves", _STEP)
    elif isinstance(a, Convert):
        pay(s, p, CONVERT_RATE)
        seat.move += 2 if seat.jet_on else 1
        events.append(event(_CONVERTED, f"{SEAT_NAMES[p]} converts 4 money to movement",
                            {"seat": p, "move": seat.move, "money": seat.money, "credits": seat.credits}))
    elif isinstance(a, Effect):
        here = seat.node
        effect = b.effect[here]
        assert effect is not None, "Effect is offered only on a space that has one"
        kind, cost, dest = effect
        seat.effects_used.append(here)
        if kind == SpaceEffect.JET:
            seat.move, seat.wmove, seat.jet_on = seat.move * 2, seat.wmove * 2, 1
            events.append(event(EventKind.JET, f"{SEAT_NAMES[p]} uses a jet pack: movement doubled", {"seat": p, "move": seat.move}))
        else:
            if kind == SpaceEffect.MOVE:
                from_move = min(seat.move, cost)
                seat.move -= from_move
                seat.wmove -= cost - from_move
            else:
                pay(s, p, cost)
            enter(s, p, dest, events, f"takes the {kind} shortcut" if kind != SpaceEffect.CROSS else "crosses to the next track", kind)
    elif isinstance(a, EndMove):
        if seat.finished and not b.lap:
            seat.beyond += seat.move + seat.wmove
        events.append(event(_ENDED_MOVE, f"{SEAT_NAMES[p]} ends the move on {b.labels[seat.node]}",
                            {"seat": p, "space": b.labels[seat.node], "unused": seat.move + seat.wmove,
                             "beyond": seat.beyond}))
        seat.move = seat.wmove = 0
        seat.stage = _BUY
        if seat.node != seat.start_node:
            reward(s, p, seat.node, events)
