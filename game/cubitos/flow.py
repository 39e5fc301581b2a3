"""Whose decision it is and what it may do: the round's stages, each with its options and each
kind of action with what it does, and ``settle``, which carries a game on to its next decision.

The simultaneous Roll Phase is a series of decisions in the rulebook's timing order (RB:556):
the unfinished player with the most dice in the Roll Zone decides next, ties from the start
player clockwise; a player keeps the turn while resolving what a roll gave them. The Run Phase
goes in turns from the start player (RB:612), after everyone's pre-sword abilities (RB:578).

The steps are in their own modules: drawing.py and pushing.py (the Roll Phase), phases.py (a
phase begins or ends), moving.py and shop.py (a Run turn), owed.py (choices owed first); the
cards in abilities.py and the modules it names; the effects all of them share in effects.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from game.core import Action, Event
from game.cubitos import abilities, owed
from game.cubitos.actions import (END_MOVE, END_TURN, SKIP, Buy, Convert, Draw, Effect, EndDraw, EndMove, EndTurn,
                                  Pass, Push, Ready, Step, Take, Use)
from game.cubitos.drawing import champion_stage_options, draw_stage_options, draw_turn, on_draw, on_end_draw, on_take
from game.cubitos.effects import roll
from game.cubitos.moving import abil_stage_options, move, move_options
from game.cubitos.names import Phase, Stage
from game.cubitos.phases import ORDERS, end_turn, on_ready, run4_stage_options, start_run
from game.cubitos.pushing import decide_options, on_pass, on_push
from game.cubitos.shop import buy, buy_stage_options
from game.cubitos.zones import ROLL

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState, Seat

# The members the loops below compare with on every call, bound once (names.py says why).
_ROLL, _OVER = Phase.ROLL, Phase.OVER
_DRAW, _CHAMPION, _DRAWN, _DECIDE, _DONE = Stage.DRAW, Stage.CHAMPION, Stage.DRAWN, Stage.DECIDE, Stage.DONE
_ABIL, _MOVE, _BUY = Stage.ABIL, Stage.MOVE, Stage.BUY
_DRAWING = (_DRAW, _CHAMPION)


def current(s: CubitosState) -> int:
    """The seat deciding now (-1 once the game is over), found without the cached actions."""
    phase = s.phase
    if phase == _OVER:
        return -1
    if phase != _ROLL:
        return s.turn
    if s.actor >= 0:
        return s.actor
    seats, ordered = s._seats, ORDERS[s.num_players][s.start]
    for p in ordered:
        if seats[p].stage in _DRAWING:
            return p
    best, most = -1, -1  # the most dice in the Roll Zone; ties to the first in turn order
    for p in ordered:
        seat = seats[p]
        if (seat.stage == _DECIDE or seat.now or seat.tasks) and len(seat.zones[ROLL]) > most:
            best, most = p, len(seat.zones[ROLL])
    return best


def legal(s: CubitosState, p: int | None = None) -> list[Action]:
    """The legal actions of ``p``, the seat deciding (found here unless the caller knows it)."""
    if p is None:
        p = current(s)
    if p < 0:
        return []
    seat = s._seats[p]
    if seat.now:
        return [*abilities.now_options(s, p), SKIP]
    if seat.tasks:
        return owed.task_options(s, p, seat.tasks[0])
    options = STAGE_OPTIONS.get(seat.stage)
    return options(s, p) if options is not None else []


# ---- the decisions of a Run turn (the others are in drawing.py, pushing.py and phases.py) ----------
def _use(s: CubitosState, p: int, a: Use, seat: Seat, events: list[Event]) -> None:
    abilities.use(s, p, a, events)


def _move(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    if seat.stage == _ABIL:
        abilities.start_move(s, p, events)
        seat.stage = _MOVE
    move(s, p, a, events)
    turn_goes_on(s, p, seat, events)


def _buy(s: CubitosState, p: int, a: Buy, seat: Seat, events: list[Event]) -> None:
    buy(s, p, a.colour, events)
    turn_goes_on(s, p, seat, events)


def turn_goes_on(s: CubitosState, p: int, seat: Seat, events: list[Event]) -> None:
    """``p``'s next decision in its turn, after a move or a buy, worked out at once instead of by
    ``settle``: a move or turn with nothing else to do is ended here, its one-action list never
    built into ``s._legal``; a choice is left there for ``p``. Owed choices go to ``settle``."""
    while not (seat.now or seat.tasks):
        if seat.stage == _MOVE:
            acts, forced = move_options(s, p), END_MOVE
        elif seat.stage == _BUY:
            acts, forced = buy_stage_options(s, p), END_TURN
        else:
            return
        if len(acts) > 1:
            s._legal, s._decider = acts, p
            return
        if not acts or acts[0] is not forced:  # nothing, or one other action: ``settle`` sees to it
            return
        if forced is END_TURN:
            end_turn(s, p, events)
            return
        move(s, p, END_MOVE, events)


def _end_turn(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    end_turn(s, p, events)


DECISIONS: dict[type, Callable[..., None]] = {
    Draw: on_draw, Take: on_take, EndDraw: on_end_draw, Push: on_push, Pass: on_pass, Use: _use, Ready: on_ready,
    Step: _move, Convert: _move, Effect: _move, EndMove: _move, Buy: _buy, EndTurn: _end_turn,
}


def settle(s: CubitosState, events: list[Event]) -> Action | None:
    """Find the next decision, carrying out the phase changes on the way: it is left in
    ``s._legal`` and ``s._decider``; when it has a single choice, that action is returned for the
    caller to carry out (``CubitosState.apply``, which then settles again). A step that knows the
    next decision already leaves it in ``s._legal`` (a draw that leaves the drawer drawing,
    ``next_run4``, ``turn_goes_on``).

    In the Roll Phase the decider is found in one scan of the seats (``current``, done here to
    save a call a step): the first seat in turn order still drawing, else the actor, else the
    deciding seat with the most dice in the Roll Zone; the first roll is due once everyone has
    drawn, and the Run Phase once everyone is done (neither while someone owes a choice)."""
    while s._legal is None:
        phase = s.phase
        if phase == _ROLL:
            seats, actor = s._seats, s.actor
            best, most, finished, drawing, owing = -1, -1, 0, False, False
            for q in ORDERS[s.num_players][s.start]:
                seat = seats[q]
                stage = seat.stage  # the stages tested most often (pushes and passes) first
                if stage == _DECIDE:
                    if seat.now or seat.tasks:  # a choice owed
                        owing = True
                elif seat.now or seat.tasks:  # a choice owed: the seat counts as deciding
                    if stage == _DRAW or stage == _CHAMPION:  # drawing comes first
                        p = actor if actor >= 0 else q
                        break
                    owing = True
                elif stage == _DONE:
                    finished += 1
                    continue
                elif stage == _DRAW or stage == _CHAMPION:
                    p = actor if actor >= 0 else q
                    break
                else:
                    drawing = drawing or stage == _DRAWN
                    continue
                rolling = len(seat.zones[ROLL])
                if rolling > most:  # the most dice in the Roll Zone; ties to the first in order
                    best, most = q, rolling
            else:
                if drawing and not owing:  # the first roll, in turn order
                    for q in ORDERS[s.num_players][s.start]:
                        if seats[q].stage == _DRAWN:
                            (s.own(q) if s._lent else seats[q]).stage = _DECIDE
                            roll(s, q, list(seats[q].zones[ROLL]), "first roll", events)
                    continue
                if finished == len(seats):
                    start_run(s, events)
                    continue
                p = actor if actor >= 0 else best
            seat = seats[p]  # p may be -1 (no one deciding): ``legal`` then offers nothing
        elif phase == _OVER:
            return None
        else:
            p = s.turn
            seat = s._seats[p]
        acts: Sequence[Action] | None
        if p < 0 or seat.now or seat.tasks:  # owed choices first
            acts = legal(s, p)
        elif seat.stage == _DRAW:
            acts = draw_turn(s, p, events)
            if acts is None:
                s.own(p).stage = _DRAWN
                continue
        else:  # ``legal``'s usual case, without its call
            options = STAGE_OPTIONS.get(seat.stage)
            acts = options(s, p) if options is not None else []
        s._legal, s._decider = acts, p
        return acts[0] if len(acts) == 1 else None
    return None


STAGE_OPTIONS: dict[str, Callable[[CubitosState, int], list[Action]]] = {
    Stage.DRAW: draw_stage_options, Stage.CHAMPION: champion_stage_options, Stage.DECIDE: decide_options,
    Stage.RUN4: run4_stage_options, Stage.ABIL: abil_stage_options, Stage.MOVE: move_options, Stage.BUY: buy_stage_options,
}
