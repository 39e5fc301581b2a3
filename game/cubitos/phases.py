"""The changes of phase in a round: a round begins (RB:504), the Run Phase starts with the
active dice's gains and the Run abilities before the swords (RB:578), the swords are compared
(RB:684-690), a turn ends, and the round with it: the start player die passes on, or the race
is won."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Action, Event
from game.core.event import event
from game.cubitos import abilities
from game.cubitos.actions import READY
from game.cubitos.dice import FACES
from game.cubitos.drawing import BASE_DRAW
from game.cubitos.effects import GAINS, gain
from game.cubitos.names import SEAT_NAMES, EventKind, Flag, Phase, Stage, Window
from game.cubitos.red_cards import red_card
from game.cubitos.zones import ACTIVE, DISCARD, ROLL

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState, Seat

# Members used on (nearly) every move or every round, bound once (names.py says why).
_RUN4, _DONE, _DISCARDED = Window.RUN4, Stage.DONE, EventKind.DISCARDED
_DRAW, _CHAMPION, _RUN4_STAGE, _RAN, _ABIL = Stage.DRAW, Stage.CHAMPION, Stage.RUN4, Stage.RAN, Stage.ABIL
_ROLL_PHASE, _RUN4_PHASE, _TURN = Phase.ROLL, Phase.RUN4, Phase.TURN
_ROUND, _RUN, _SWORDS, _RETURNED, _START_DIE = EventKind.ROUND, EventKind.RUN, EventKind.SWORDS, EventKind.RETURNED, EventKind.START_DIE
_CHAMPION_FLAG = Flag.CHAMPION

# Seats clockwise from each start player, for each player count: ORDERS[players][start].
ORDERS = {n: tuple(tuple((start + k) % n for k in range(n)) for start in range(n)) for n in range(1, 5)}


def order(s: CubitosState) -> tuple[int, ...]:
    """Seats clockwise from the start player."""
    return ORDERS[s.num_players][s.start]


def begin_round(s: CubitosState, events: list[Event]) -> None:
    lines = [s.line_index(p) for p in range(s.num_players)]
    lead = max(lines)
    for p, seat in enumerate(s.own_seats()):  # every seat changes
        seat.flags, seat.flags_next = seat.flags_next, []
        seat.stage = _CHAMPION if _CHAMPION_FLAG in seat.flags else _DRAW
        seat.draw_amount = BASE_DRAW + seat.tokens + lead - lines[p]
        seat.start_node = seat.node
        seat.money = seat.move = seat.wmove = seat.risk = seat.forced = seat.safe = seat.lost = 0
        seat.got_credit = seat.red_used = seat.jet_on = 0
        seat.effects_used, seat.buys, seat.now = [], [], []
    s.clear_used()
    s.phase, s.actor, s.most = _ROLL_PHASE, -1, -1
    events.append(event(_ROUND, f"Round {s.round}: P{s.start + 1} is the start player",
                        {"round": s.round, "start": s.start, "draw": [x.draw_amount for x in s._seats]}))


def start_run(s: CubitosState, events: list[Event]) -> None:
    s.phase = _RUN4_PHASE
    colour, face = s.setup.colour, s._face
    for p, seat in enumerate(s.own_seats()):  # every seat changes
        money = move = credits = 0  # what the active faces yield, gained at once
        for d in seat.zones[ACTIVE]:
            got = GAINS[colour[d]][face[d]]
            if got:
                m, v, c = got
                money, move, credits = money + m, move + v, credits + c
        if money or move or credits:
            gain(s, p, money, move, credits)
        seat.stage = _RUN4_STAGE
    events.append(event(_RUN, "Run Phase", {"money": [x.money for x in s._seats], "move": [x.move for x in s._seats]}))
    next_run4(s, events)


def next_run4(s: CubitosState, events: list[Event]) -> None:
    """The next seat in turn order still to use Run abilities (RB:578), with its options at once;
    a seat with none is ready without a decision (what ``settle`` would hand back); the swords are
    compared once every seat is."""
    seats = s._seats
    for p in ORDERS[s.num_players][s.start]:
        seat = seats[p]
        if seat.stage == _RUN4_STAGE:
            s.turn = p
            if seat.now or seat.tasks:  # owed choices first: ``settle`` offers them
                return
            acts = run4_stage_options(s, p)
            if len(acts) > 1:
                s._legal, s._decider = acts, p
                return
            (s.own(p) if s._lent else seat).stage = _RAN
    compare_swords(s, events)


def run4_stage_options(s: CubitosState, p: int) -> list[Action]:
    acts = abilities.run_options(s, p, _RUN4)
    acts.append(READY)
    return acts


def on_ready(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    seat.stage = _RAN
    next_run4(s, events)


def compare_swords(s: CubitosState, events: list[Event]) -> None:
    """RB:684-690: swords in the Active Zone (a power sword is 2); the result holds for the round."""
    colour, face, swords = s.setup.colour, s._face, SWORDS
    for p, seat in enumerate(s._seats):
        got = 0
        for d in seat.zones[ACTIVE]:
            if colour[d] == "red":
                got += swords[face[d]]
        s.swords[p] = got
    top = max(s.swords)
    tied = [p for p in order(s) if s.swords[p] == top]
    card = red_card(s)
    s.most = -1 if top == 0 or (len(tied) > 1 and not card.tiebreak) else tied[0]
    events.append(event(_SWORDS, f"Swords {s.swords}; most: {'nobody' if s.most < 0 else f'P{s.most + 1}'}",
                        {"swords": list(s.swords), "most": s.most}))
    s.phase = _TURN
    for seat in s.own_seats():  # every seat changes
        seat.stage = _ABIL
    s.turn = s.start


SWORDS = tuple({"sym": 1, "pow": 2}.get(f, 0) for f in FACES["red"])  # a red die's swords by face index


def end_turn(s: CubitosState, p: int, events: list[Event]) -> None:
    seat = s.own(p) if s._lent else s._seats[p]
    events.append(event(_DISCARDED, f"{SEAT_NAMES[p]} discards the Active Zone", {"seat": p, "dice": list(seat.zones[ACTIVE]),
                                                                        "from": "active"}))
    seat.zones[DISCARD] += seat.zones[ACTIVE]
    seat.zones[ACTIVE] = []
    seat.money = seat.move = seat.wmove = 0
    seat.stage = _DONE
    for q in ORDERS[s.num_players][s.start]:
        if s._seats[q].stage != _DONE:
            s.turn = q
            return
    end_round(s, events)


def end_round(s: CubitosState, events: list[Event]) -> None:
    for d in list(s.temp):
        s.move_die(d, s.own_trays()[s.colour(d)])
        events.append(event(_RETURNED, f"the free {s.colour(d)} die goes back to its tray", {"die": d}))
    s.temp.clear()
    last, s.start = s.start, (s.start + 1) % s.num_players
    s.move_die(s.setup.start_die, s.own(s.start).zones[ROLL], last)
    events.append(event(_START_DIE, f"P{s.start + 1} takes the start player die", {"seat": s.start,
                                                                               "die": s.setup.start_die}))
    done = [p for p in range(s.num_players) if s._seats[p].finished]
    if done:
        best = max(s.beyond(p) for p in done)
        top = [p for p in done if s.beyond(p) == best]
        if len(top) == 1:
            s.phase, s.winner = Phase.OVER, top
            events.append(event(EventKind.WON, f"P{top[0] + 1} wins the race", {"winner": top[0]}))
            return
        s.tiebreak += 1
        events.append(event(EventKind.TIE, f"P{', P'.join(str(p + 1) for p in top)} tie: one more round", {"tied": top}))
    s.round += 1
    begin_round(s, events)
