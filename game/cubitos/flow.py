"""The round: Roll Phase (draw, roll, push or pass, bust), Run Phase (abilities, swords, move,
rewards, buy, discard) and the end of the game. Card effects are in abilities.py.

The simultaneous Roll Phase is a series of decisions in the rulebook's timing order (RB:556):
the unfinished player with the most dice in the Roll Zone decides next, ties from the start
player clockwise; a player keeps the turn while resolving what a roll gave them. The Run Phase
goes in turns from the start player (RB:612), after everyone's pre-sword abilities (RB:578).
"""
from __future__ import annotations

import functools
from typing import Callable, Sequence, cast

from game.core import Action, Event
from game.core.event import event
from game.cubitos import abilities, cards
from game.cubitos.actions import (CONVERT, EFFECT, END_DRAW, END_MOVE, END_TURN, PASS, PUSH, READY, SKIP, Buy,
                                  Convert, Discard, Draw, Effect, EndDraw, EndMove, EndTurn, Gain, Lose, Pass, Push,
                                  Ready, Skip, Step, Take, Use, made)
from game.cubitos.dice import ABILITY_COLOURS, FACE_GAIN, FACE_KEYS, FACES, GRAYS, START, SYMBOLS
from game.cubitos.state import ACTIVE, DISCARD, DRAW, KIND_ORDER, ROLL, USED_LENT, USED_RUN, ZONES, CubitosState, Seat
from game.cubitos.tracks import FAN_MAX, FAN_SPACES

BASE_DRAW = 9
CONVERT_RATE = 4
MAX_BUYS = 2
ROCK_CARDS = ("Rock On", "Pineapple Rocks", "Up to 11")  # rocks go back to the Roll Zone on a push
CHEESE_PUSH = "The Cheese Stands Alone"  # its cheese forces a push (RB:866)
NOTHING_BACK: tuple[tuple[str, ...]] = ((),)  # a push's only option without rocks: nothing moved back first
EXEMPT = {"punch": ("white", "green"), "stinky": GRAYS}


# ---- whose decision ------------------------------------------------------------------------
# Seats clockwise from each start player, for each player count: ORDERS[players][start].
ORDERS = {n: tuple(tuple((start + k) % n for k in range(n)) for start in range(n)) for n in range(1, 5)}


def order(s: CubitosState) -> tuple[int, ...]:
    """Seats clockwise from the start player."""
    return ORDERS[s.num_players][s.start]


def current(s: CubitosState) -> int:
    phase = s.phase
    if phase == "over":
        return -1
    if phase != "roll":
        return s.turn
    if s.actor >= 0:
        return s.actor
    seats, ordered = s._seats, ORDERS[s.num_players][s.start]
    for p in ordered:
        if seats[p].stage in ("draw", "champion"):
            return p
    best, most = -1, -1  # the most dice in the Roll Zone; ties to the first in turn order
    for p in ordered:
        seat = seats[p]
        if (seat.stage == "decide" or seat.now or seat.tasks) and len(seat.zones[ROLL]) > most:
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
        return task_options(s, p, seat.tasks[0])
    options = STAGE_OPTIONS.get(seat.stage)
    return options(s, p) if options is not None else []


# ---- the options of each stage of a round (``legal`` looks them up by the seat's stage) -----------
def _draw_stage(s: CubitosState, p: int) -> list[Action]:
    return draw_options(s, p, draw_view(s, p))


def _champion_stage(s: CubitosState, p: int) -> list[Action]:
    return [*(Take(k) for k in champion_kinds(s, p)), END_DRAW]


def _run4_stage(s: CubitosState, p: int) -> list[Action]:
    acts = abilities.run_options(s, p, "run4")
    acts.append(READY)
    return acts


def _abil_stage(s: CubitosState, p: int) -> list[Action]:
    acts = abilities.run_options(s, p, "abil")
    acts += move_options(s, p)
    return acts


def _buy_stage(s: CubitosState, p: int) -> list[Action]:
    seat = s._seats[p]
    acts = abilities.run_options(s, p, "buy") if not seat.buys else []  # none once a die is bought
    if not seat.got_credit or not abilities.blocked(s, p):  # blocked needs a credit gained
        acts += buy_options(s, p)
        acts.append(END_TURN)
    return acts


def owed(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    """Carry out ``a``, ``p``'s answer to a choice it owes: a Now ability (or none of them) or its
    first task. ``CubitosState.apply`` carries out every action, looking the usual ones up in
    DECISIONS."""
    if seat.now:
        if isinstance(a, Skip):
            seat.now.clear()
        else:
            abilities.use_now(s, p, cast(Use, a), events)  # the only other choice offered
    else:
        do_task(s, p, a, events)


# ---- the decisions of the round, one function per kind of action (``CubitosState.apply`` looks them up) ----
def _draw(s: CubitosState, p: int, a: Draw, seat: Seat, events: list[Event]) -> None:
    if seat.flags or len(a.dice) != 1:
        ids = take_kinds(s, p, DRAW, a.dice)
        done = done_drawing(s, p)
    else:  # the usual draw, a die at a time with every colour counted: ``done_drawing`` inlined
        zones, start, colour, used, key = seat.zones, s.setup.start_die, s.setup.colour, s._used, a.dice[0]
        left, rolling = zones[DRAW], zones[ROLL]
        for d in left:  # ``find``'s usual case inlined: the first unused die of the kind
            if colour[d] == key and not used[d]:
                break
        else:
            d = s.find(p, DRAW, key)
        left.remove(d)
        rolling.append(d)
        ids = [d]
        need, countable = seat.draw_amount - len(rolling) + (start in rolling), len(left) - (start in left)
        done = need <= 0 or countable <= 0
        if not done and need < countable and s.actor < 0:  # p, first to draw, still draws: a choice?
            ranked, draws = kind_draws(frozenset(map(colour.__getitem__, left)))  # ``usual_draw_options``
            if len(ranked) > 1:  # then it is p's decision (a forced draw ``settle`` hands back to ``apply``)
                s._legal, s._decider = draws, p
    events.append(event("drew", f"P{p + 1} draws {' '.join(a.dice)}", {"seat": p, "dice": ids}))
    if done:
        seat.stage = "drawn"


def _take(s: CubitosState, p: int, a: Take, seat: Seat, events: list[Event]) -> None:
    zone, key = a.die.split("/")
    d = s.find(p, ZONES.index(zone), key)
    s.move_die(d, seat.zones[ROLL], p)
    events.append(event("drew", f"P{p + 1} takes {a.die} into the Roll Zone", {"seat": p, "dice": [d]}))


def _end_draw(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    seat.stage = "drawn"


def _push(s: CubitosState, p: int, a: Push, seat: Seat, events: list[Event]) -> None:
    push(s, p, a.back, events)


def _pass(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    seat.stage = "done"
    events.append(event("passed", f"P{p + 1} passes", {"seat": p}))


def _use(s: CubitosState, p: int, a: Use, seat: Seat, events: list[Event]) -> None:
    abilities.use(s, p, a, events)


def _ready(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    seat.stage = "ran"
    next_run4(s, events)


def _move(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    if seat.stage == "abil":
        abilities.start_move(s, p, events)
        seat.stage = "move"
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
        if seat.stage == "move":
            acts, forced = move_options(s, p), END_MOVE
        elif seat.stage == "buy":
            acts, forced = _buy_stage(s, p), END_TURN
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
    Draw: _draw, Take: _take, EndDraw: _end_draw, Push: _push, Pass: _pass, Use: _use, Ready: _ready,
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
        if phase == "roll":
            seats, actor = s._seats, s.actor
            best, most, finished, drawing, owing = -1, -1, 0, False, False
            for q in ORDERS[s.num_players][s.start]:
                seat = seats[q]
                stage = seat.stage  # the stages tested most often (pushes and passes) first
                if stage == "decide":
                    if seat.now or seat.tasks:  # a choice owed
                        owing = True
                elif seat.now or seat.tasks:  # a choice owed: the seat counts as deciding
                    if stage == "draw" or stage == "champion":  # drawing comes first
                        p = actor if actor >= 0 else q
                        break
                    owing = True
                elif stage == "done":
                    finished += 1
                    continue
                elif stage == "draw" or stage == "champion":
                    p = actor if actor >= 0 else q
                    break
                else:
                    drawing = drawing or stage == "drawn"
                    continue
                rolling = len(seat.zones[ROLL])
                if rolling > most:  # the most dice in the Roll Zone; ties to the first in order
                    best, most = q, rolling
            else:
                if drawing and not owing:  # the first roll, in turn order
                    for q in ORDERS[s.num_players][s.start]:
                        if seats[q].stage == "drawn":
                            (s.own(q) if s._lent else seats[q]).stage = "decide"
                            roll(s, q, list(seats[q].zones[ROLL]), "first roll", events)
                    continue
                if finished == len(seats):
                    start_run(s, events)
                    continue
                p = actor if actor >= 0 else best
            seat = seats[p]  # p may be -1 (no one deciding): ``legal`` then offers nothing
        elif phase == "over":
            return None
        else:
            p = s.turn
            seat = s._seats[p]
        acts: Sequence[Action] | None
        if p < 0 or seat.now or seat.tasks:  # owed choices first
            acts = legal(s, p)
        elif seat.stage == "draw":
            acts = draw_turn(s, p, events)
            if acts is None:
                s.own(p).stage = "drawn"
                continue
        else:  # ``legal``'s usual case, without its call
            options = STAGE_OPTIONS.get(seat.stage)
            acts = options(s, p) if options is not None else []
        s._legal, s._decider = acts, p
        return acts[0] if len(acts) == 1 else None
    return None


# ---- Roll Phase -----------------------------------------------------------------------------
def begin_round(s: CubitosState, events: list[Event]) -> None:
    lines = [s.line_index(p) for p in range(s.num_players)]
    lead = max(lines)
    for p, seat in enumerate(s.own_seats()):  # every seat changes
        seat.flags, seat.flags_next = seat.flags_next, []
        seat.stage = "champion" if "champion" in seat.flags else "draw"
        seat.draw_amount = BASE_DRAW + seat.tokens + lead - lines[p]
        seat.start_node = seat.node
        seat.money = seat.move = seat.wmove = seat.risk = seat.forced = seat.safe = seat.lost = 0
        seat.got_credit = seat.red_used = seat.jet_on = 0
        seat.effects_used, seat.buys, seat.now = [], [], []
    s._used, s._lent = [0] * len(s._used), s._lent & ~USED_LENT
    s.phase, s.actor, s.most = "roll", -1, -1
    events.append(event("round", f"Round {s.round}: P{s.start + 1} is the start player",
                        {"round": s.round, "start": s.start, "draw": [x.draw_amount for x in s._seats]}))


def exempt(s: CubitosState, p: int) -> tuple[str, ...]:
    """Colours that do not count toward ``p``'s draw amount this round (Punch Guy, Stinky Cheese)."""
    flags = s._seats[p].flags
    return tuple(c for f in flags for c in EXEMPT.get(f, ())) if flags else ()


def draw_need(s: CubitosState, p: int, skip: tuple[str, ...] | None = None) -> int:
    """Dice still to draw; the start player die and exempt colours (``skip``, found here unless
    the caller has them) do not count (RB:568)."""
    seat, start = s._seats[p], s.setup.start_die
    rolling = seat.zones[ROLL]
    if skip is None:
        skip = exempt(s, p)
    if not skip:
        return seat.draw_amount - len(rolling) + (start in rolling)
    colour, have = s.setup.colour, 0
    for d in rolling:
        if d != start and colour[d] not in skip:
            have += 1
    return seat.draw_amount - have


def prepare_draw(s: CubitosState, p: int, events: list[Event], skip: tuple[str, ...] | None = None) -> int:
    """Draw the whole Draw Zone and reshuffle the Discard Zone in while it cannot cover the need;
    the dice still to draw then."""
    if skip is None:
        skip = exempt(s, p)
    for _ in range(2):
        zones = s._seats[p].zones
        if skip:
            counted, need = sum(s.colour(d) not in skip for d in zones[DRAW]), draw_need(s, p, skip)
        else:  # ``draw_need`` without exempt colours, its call saved
            rolling, start = zones[ROLL], s.setup.start_die
            counted, need = len(zones[DRAW]), s._seats[p].draw_amount - len(rolling) + (start in rolling)
        if need <= counted or not zones[DRAW] and not zones[DISCARD]:
            return need
        seat = s.own(p) if s._lent else s._seats[p]
        took = list(seat.zones[DRAW])
        seat.zones[ROLL] += took
        seat.zones[DRAW].clear()
        if took:
            events.append(event("drew", f"P{p + 1} draws the whole Draw Zone ({len(took)} dice)", {"seat": p, "dice": took}))
        reshuffle(s, p, events)
    return draw_need(s, p, skip)


def draw_turn(s: CubitosState, p: int, events: list[Event]) -> Sequence[Action] | None:
    """``p``'s options as its draw comes round (the whole Draw Zone taken first where it cannot
    cover the need); None once there is nothing left to draw."""
    seat = s._seats[p]
    if not seat.flags:  # the usual round, every colour counted: a real choice of kinds is common
        draw, rolling, start = seat.zones[DRAW], seat.zones[ROLL], s.setup.start_die
        need = seat.draw_amount - len(rolling) + (start in rolling)
        if need <= 0:
            return None
        if need < len(draw) - (start in draw):  # neither a reshuffle nor every die: a choice or one kind
            return usual_draw_options(s, draw, need)
    skip = exempt(s, p) if seat.flags else ()
    need = prepare_draw(s, p, events, skip)
    if not skip:  # every colour counted: the usual options while the dice left cover the need
        draw, start = s._seats[p].zones[DRAW], s.setup.start_die
        left = len(draw) - (start in draw)
        if need <= 0 or not left:
            return None
        if need < left:
            return usual_draw_options(s, draw, need)
    view = s.kinds(p, DRAW), skip, need
    return None if drawn(*view) else draw_options(s, p, view)


def done_drawing(s: CubitosState, p: int) -> bool:
    """``drawn`` for ``p`` now, without counting the kinds in the usual round with no exempt colour:
    nothing left to draw once the need is met or only the start player die is left."""
    if s._seats[p].flags and exempt(s, p):
        return drawn(*draw_view(s, p))
    seat, start = s._seats[p], s.setup.start_die
    left = seat.zones[DRAW]
    return draw_need(s, p, ()) <= 0 or len(left) <= (start in left)


def reshuffle(s: CubitosState, p: int, events: list[Event]) -> None:
    """Discard Zone to Draw Zone (RB:508). Nothing random: the dice are then drawn by choice."""
    seat = s.own(p) if s._lent else s._seats[p]
    if seat.zones[DISCARD]:
        moved = list(seat.zones[DISCARD])
        seat.zones[DRAW] += moved
        seat.zones[DISCARD].clear()
        events.append(event("reshuffled", f"P{p + 1} moves {len(moved)} discarded dice to the Draw Zone",
                            {"seat": p, "dice": moved}))


def multisets(kinds: dict[str, int], size: int | None) -> list[tuple[str, ...]]:
    """Every multiset of ``kinds`` (with their counts as bounds) of ``size`` dice, or of any size;
    built kind by kind in kind order, fewest of each kind first (the order they are offered in)."""
    out: list[tuple[str, ...]] = [()]
    for name in sorted(kinds, key=kind_rank):
        top = kinds[name]
        out = [acc + (name,) * c for acc in out
               for c in range(top + 1 if size is None else min(top, size - len(acc)) + 1)]
    return out if size is None else [acc for acc in out if len(acc) == size]


_RANK = {c: i for i, c in enumerate(KIND_ORDER)}


COLOUR_RANK = {c: (i, c) for c, i in _RANK.items()}  # kind_rank of a colour, for sorting in C
DRAW_ONE = {c: made(Draw, (c,)) for c in KIND_ORDER}  # "draw <colour>", offered die by die
BUY = {c: made(Buy, c) for c in ABILITY_COLOURS}
_KEY_RANK: dict[str, tuple[int, str]] = {}  # a memo: the keys are few and ranked over and over


def kind_rank(key: str) -> tuple[int, str]:
    rank = _KEY_RANK.get(key)
    if rank is None:
        rank = _KEY_RANK[key] = (_RANK.get(key.split("/")[-1].split(":")[0], 99), key)
    return rank


@functools.cache
def kind_draws(colours: frozenset[str]) -> tuple[tuple[str, ...], tuple[Action, ...]]:
    """The kinds a Draw Zone of these colours offers (the start player die left out), in kind
    order, and a one-die draw of each: the options of the usual draw, shared."""
    ranked = tuple(sorted(colours - {START}, key=COLOUR_RANK.__getitem__))
    return ranked, tuple(DRAW_ONE[k] for k in ranked)


def usual_draw_options(s: CubitosState, draw: list[int], need: int) -> tuple[Action, ...]:
    """The usual draw's options (no exempt colours) while fewer dice are needed than ``draw``
    holds: a die of any kind, or every die needed at once when one kind is left."""
    ranked, draws = kind_draws(frozenset(map(s.setup.colour.__getitem__, draw)))
    return draws if len(ranked) > 1 else (made(Draw, ranked * need),)


def draw_view(s: CubitosState, p: int) -> tuple[dict[str, int], tuple[str, ...], int]:
    """What drawing depends on, worked out once a decision: the kinds in ``p``'s Draw Zone, the
    exempt colours and the dice still to draw."""
    return s.kinds(p, DRAW), exempt(s, p), draw_need(s, p)


def draw_options(s: CubitosState, p: int, view: tuple[dict[str, int], tuple[str, ...], int]) -> list[Action]:
    """One die at a time while there is a real choice; the rest at once when it is forced."""
    kinds, skip, still = view
    if skip:
        counted = {k: n for k, n in kinds.items() if k not in skip}
        free = sorted([k for k in kinds if k in skip], key=COLOUR_RANK.__getitem__)  # a Draw Zone's kinds are colours
        acts: list[Action] = [made(Draw, (k,)) for k in free]
    else:  # the usual round: every colour counts
        counted, acts = kinds, []
    total = sum(counted.values())
    need = min(max(still, 0), total)
    if need and (len(counted) == 1 or need == total):  # forced: one kind, or every die
        ranked = sorted(counted, key=COLOUR_RANK.__getitem__)  # a Draw Zone's kinds are colours
        acts.append(made(Draw, tuple(k for k in ranked for _ in range(need if len(ranked) == 1 else counted[k]))))
    elif need:
        for k in sorted(counted, key=COLOUR_RANK.__getitem__):
            acts.append(DRAW_ONE[k])
    else:
        acts.append(END_DRAW)
    return acts


def drawn(kinds: dict[str, int], skip: tuple[str, ...], still: int) -> bool:
    """Done drawing (from ``draw_view``): nothing counted is needed or left, and no free dice
    remain to draw."""
    if not skip:
        return still <= 0 or not kinds
    need = still > 0 and any(k not in skip for k in kinds)
    return not need and not any(k in skip for k in kinds)


def champion_kinds(s: CubitosState, p: int) -> list[str]:
    return [f"{ZONES[z]}/{k}" for z in (DRAW, ACTIVE, DISCARD) for k in s.kinds(p, z)]


def take_kinds(s: CubitosState, p: int, zone: int, keys: tuple[str, ...]) -> list[int]:
    """Move dice of these kinds from ``zone`` to the Roll Zone; their ids."""
    seat = s.own(p) if s._lent else s._seats[p]
    ids: list[int] = []
    for k in keys:
        d = s.find(p, zone, k, tuple(ids))
        ids.append(d)
    for d in ids:
        seat.zones[zone].remove(d)
        seat.zones[ROLL].append(d)
    return ids


def roll(s: CubitosState, p: int, dice: list[int], why: str, events: list[Event]) -> list[int]:
    """Roll ``dice`` into the Roll Zone and move the hits to the Active Zone; the hits."""
    seat = s.own(p) if s._lent else s._seats[p]
    rolling, active = seat.zones[ROLL], seat.zones[ACTIVE]
    colour, face, used = s.setup.colour, s._face, s._used
    if s._lent:
        face, used = s.own_face(), s.own_used()
    running = s.phase != "roll"
    rolled = s.rng.randranges(6, len(dice))
    if running or dice != rolling:  # not the usual roll (the Roll Zone as it is, in the Roll Phase)
        for d in dice:  # ``dice`` are distinct
            if running and d in active:
                gone = FACES[colour[d]][face[d]]
                if gone in FACE_GAIN:  # the face rolled away no longer counts
                    money, move, _ = FACE_GAIN[gone]
                    seat.money -= money
                    seat.move -= move
            if d not in rolling:
                s.move_die(d, rolling, p)
    faces, hits, shown = [], [], []
    table = s.setup.tables.get("rolled") or rolled_table(s)
    for d, i in zip(dice, rolled):
        used[d] = 0
        face[d] = i
        c, f, k = table[d][i]
        faces.append([d, c, f])
        shown.append(k)
        if f:
            hits.append(d)
    if hits:
        if len(hits) == len(rolling):
            rolling.clear()
        else:
            for d in hits:
                rolling.remove(d)
        active += hits
        cheese_push, card_set = False, s.setup.card_set
        for d in hits:  # in the Roll Phase land() does something only for these symbols
            if running or FACES[colour[d]][face[d]] in SYMBOLS and card_set.get(colour[d]) in LANDING_CARDS:
                cheese_push |= land(s, p, d)
        if cheese_push and s.phase == "roll":
            seat.forced += 1
    events.append(event("rolled", f"P{p + 1} {why}: {', '.join(shown) or 'no dice'}",
                        {"seat": p, "why": why, "dice": faces, "hits": hits}, True))
    return hits


# colour -> (colour, face, key) of each face index: what a roll shows.
ROLLED = {c: tuple((c, f, k) for f, k in zip(faces, FACE_KEYS[c])) for c, faces in FACES.items()}


def rolled_table(s: CubitosState) -> list[tuple[tuple[str, str, str], ...]]:
    """ROLLED by die id, made once a game (``Setup.tables``): a roll looks each die up once."""
    table = s.setup.tables["rolled"] = [ROLLED[c] for c in s.setup.colour]
    return table


# colour -> what each face index yields (FACE_GAIN's money, movement, credits), () for nothing.
GAINS = {c: tuple(FACE_GAIN.get(f, ()) for f in faces) for c, faces in FACES.items()}


LANDING_CARDS = cards.NOW_CARDS | {CHEESE_PUSH}  # cards whose symbol acts as its die lands (``land``)


def land(s: CubitosState, p: int, d: int) -> bool:
    """A die arrives in the Active Zone: queue its Now ability, collect its gains in the Run Phase.

    True when it shows The Cheese Stands Alone's cheese (a forced push, RB:866).
    """
    c = s.setup.colour[d]
    f = FACES[c][s._face[d]]
    if s.phase != "roll" and f in FACE_GAIN:
        gain(s, p, *FACE_GAIN[f])
    if f in SYMBOLS:
        card = s.setup.card_set.get(c)
        if card == CHEESE_PUSH:
            return True
        if card in cards.NOW_CARDS:
            s.own(p).now.append(d)
    return False


def gain(s: CubitosState, p: int, money: int = 0, move: int = 0, credits: int = 0) -> None:
    seat = s.own(p) if s._lent else s._seats[p]
    seat.money += money
    seat.move += move
    seat.credits += credits
    if credits > 0:
        seat.got_credit = 1


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
    acts = abilities.run_options(s, p, "roll")
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
    trig = abilities.push_triggers(s, p)
    hits = roll(s, p, list(seat.zones[ROLL]), "pushes", events)
    safe, seat.safe = seat.safe, 0
    if hits or not seat.risk or safe:
        abilities.after_push(s, p, trig, events)
    elif abilities.bust_savers(s, p):
        seat.tasks.append(("bust", *trig))
    else:
        bust(s, p, events)


def bust(s: CubitosState, p: int, events: list[Event], keep: tuple[str, ...] = ()) -> None:
    """RB:546: active dice to Discard (Punk Fruit keeps some), a fan, a bonus discard from Roll."""
    seat, colour = s.own(p), s.setup.colour
    active, discard = seat.zones[ACTIVE], seat.zones[DISCARD]
    if not keep:  # the usual bust: every active die goes
        discard += active
        active.clear()
    else:
        for d in list(active):
            if colour[d] not in keep:
                active.remove(d)
                discard.append(d)
    events.append(event("bust", f"P{p + 1} busts", {"seat": p, "kept": list(seat.zones[ACTIVE])}))
    fan(s, p, True, events)
    seat.stage = "done"
    if discardable(s, p):
        seat.tasks.append(("bustdiscard",))


def discardable(s: CubitosState, p: int) -> bool:
    """Busting's bonus discard has a die to take: one in the Roll Zone besides the start player die
    (``kinds`` not empty, without counting them)."""
    rolling = s._seats[p].zones[ROLL]
    return len(rolling) > (s.setup.start_die in rolling)


def fan(s: CubitosState, p: int, credits: bool, events: list[Event]) -> None:
    """One space on the fan track: its draw tokens, and its credits unless ``credits`` is false."""
    seat = s.own(p)
    seat.fans = min(FAN_MAX, seat.fans + 1)
    tokens, cash = FAN_SPACES[seat.fans]
    seat.tokens += tokens
    if credits:
        gain(s, p, credits=cash)
    events.append(event("fan", f"P{p + 1} gains a fan ({seat.fans})",
                        {"seat": p, "fans": seat.fans, "tokens": tokens, "credits": cash if credits else 0}))


# ---- tasks: choices a player owes before anything else ---------------------------------------
def task_options(s: CubitosState, p: int, task: tuple) -> list[Action]:
    kind = task[0]
    if kind == "bust":
        return [*abilities.bust_options(s, p), SKIP]
    if kind == "bustdiscard":
        return [*(made(Discard, (k,)) for k in sorted(s.kinds(p, ROLL), key=COLOUR_RANK.__getitem__)), SKIP]
    if kind == "lose":
        return [*(made(Lose, k) for k in s.any_die(p)), *([] if task[1] else [SKIP])]
    if kind == "gain":
        return [*(Gain(c) for c in gainable(s, int(task[1]))), SKIP]
    if kind in abilities.PICKS:
        return abilities.pick_options(s, p, task)
    return [*abilities.task_options(s, p, task), SKIP]


def do_task(s: CubitosState, p: int, a: Action, events: list[Event]) -> None:
    seat = s.own(p) if s._lent else s._seats[p]
    task = seat.tasks.pop(0)
    kind = task[0]
    if kind == "bust":
        if isinstance(a, Skip):
            bust(s, p, events)
        else:
            abilities.save(s, p, cast(Use, a), task, events)  # the only other choice offered
    elif kind == "bustdiscard" and isinstance(a, Discard):
        ids = [s.find(p, ROLL, k) for k in a.dice]
        for d in ids:
            s.move_die(d, seat.zones[DISCARD], p)
        events.append(event("discarded", f"P{p + 1} discards {' '.join(a.dice)} from the Roll Zone",
                            {"seat": p, "dice": ids, "from": "roll"}))
        if discardable(s, p):
            seat.tasks.insert(0, task)
    elif kind == "lose":
        if isinstance(a, Lose):
            lose(s, p, a.die, events)
    elif kind == "gain":
        if isinstance(a, Gain):
            take_free(s, p, a.colour, events)
    elif kind in abilities.PICKS:
        abilities.do_pick(s, p, a, task, events)
    elif not isinstance(a, Skip):
        abilities.do_task(s, p, cast(Use, a), task, events)  # the only other choice offered


def gainable(s: CubitosState, max_cost: int) -> list[str]:
    return [c for c in (*GRAYS, *s.setup.colours()) if s._trays[c] and s.setup.cost(c) <= max_cost]


def take_free(s: CubitosState, p: int, colour: str, events: list[Event]) -> int:
    d = s.own_trays()[colour].pop()  # the top die; a die is in one list only
    s.own(p).zones[DISCARD].append(d)
    events.append(event("gained", f"P{p + 1} gains a {colour} die", {"seat": p, "die": d, "colour": colour}))
    return d


def die_at(s: CubitosState, p: int, spec: str) -> int:
    zone, key = spec.split("/")
    return s.find(p, ZONES.index(zone), key)


def lose(s: CubitosState, p: int, spec: str, events: list[Event]) -> None:
    """Return a die (zone/key) to its tray (RB:714)."""
    lose_die(s, p, die_at(s, p, spec), events)


def lose_die(s: CubitosState, p: int, d: int, events: list[Event]) -> None:
    s.move_die(d, s.own_trays()[s.colour(d)], p)
    if d in s.temp:
        s.temp.remove(d)
    s.own(p).lost = 1
    events.append(event("lost", f"P{p + 1} loses a {s.colour(d)} die", {"seat": p, "die": d, "colour": s.colour(d)}))


# ---- Run Phase ------------------------------------------------------------------------------
def start_run(s: CubitosState, events: list[Event]) -> None:
    s.phase = "run4"
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
        seat.stage = "run4"
    events.append(event("run", "Run Phase", {"money": [x.money for x in s._seats], "move": [x.move for x in s._seats]}))
    next_run4(s, events)


def next_run4(s: CubitosState, events: list[Event]) -> None:
    """The next seat in turn order still to use Run abilities (RB:578), with its options at once;
    a seat with none is ready without a decision (what ``settle`` would hand back); the swords are
    compared once every seat is."""
    seats = s._seats
    for p in ORDERS[s.num_players][s.start]:
        seat = seats[p]
        if seat.stage == "run4":
            s.turn = p
            if seat.now or seat.tasks:  # owed choices first: ``settle`` offers them
                return
            acts = _run4_stage(s, p)
            if len(acts) > 1:
                s._legal, s._decider = acts, p
                return
            (s.own(p) if s._lent else seat).stage = "ran"
    compare_swords(s, events)


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
    card = abilities.red_card(s)
    s.most = -1 if top == 0 or (len(tied) > 1 and not card.tiebreak) else tied[0]
    events.append(event("swords", f"Swords {s.swords}; most: {'nobody' if s.most < 0 else f'P{s.most + 1}'}",
                        {"swords": list(s.swords), "most": s.most}))
    s.phase = "turn"
    for seat in s.own_seats():  # every seat changes
        seat.stage = "abil"
    s.turn = s.start


SWORDS = tuple({"sym": 1, "pow": 2}.get(f, 0) for f in FACES["red"])  # a red die's swords by face index


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
        if kind == "jet" or (kind == "move" and seat.move + seat.wmove >= cost) or \
                (kind in ("money", "cross") and seat.money + seat.credits >= cost):
            acts.append(EFFECT)
    acts.append(END_MOVE)
    return acts


def pay(s: CubitosState, p: int, amount: int) -> None:
    """Money first, then credits: money is lost at the end of the round (rulings: "paying")."""
    seat = s.own(p) if s._lent else s._seats[p]
    from_money = min(seat.money, amount)
    seat.money -= from_money
    seat.credits -= amount - from_money


def move(s: CubitosState, p: int, a: Action, events: list[Event]) -> None:
    seat, b = s.own(p) if s._lent else s._seats[p], s.board
    if isinstance(a, Step):
        n = b.node(a.space)
        if b.water[n] or not seat.move:
            seat.wmove -= 1
        else:
            seat.move -= 1
        enter(s, p, n, events, "moves", "step")
    elif isinstance(a, Convert):
        pay(s, p, CONVERT_RATE)
        seat.move += 2 if seat.jet_on else 1
        events.append(event("converted", f"P{p + 1} converts 4 money to movement",
                            {"seat": p, "move": seat.move, "money": seat.money, "credits": seat.credits}))
    elif isinstance(a, Effect):
        here = seat.node
        effect = b.effect[here]
        assert effect is not None, "Effect is offered only on a space that has one"
        kind, cost, dest = effect
        seat.effects_used.append(here)
        if kind == "jet":
            seat.move, seat.wmove, seat.jet_on = seat.move * 2, seat.wmove * 2, 1
            events.append(event("jet", f"P{p + 1} uses a jet pack: movement doubled", {"seat": p, "move": seat.move}))
        else:
            if kind == "move":
                from_move = min(seat.move, cost)
                seat.move -= from_move
                seat.wmove -= cost - from_move
            else:
                pay(s, p, cost)
            enter(s, p, dest, events, f"takes the {kind} shortcut" if kind != "cross" else "crosses to the next track", kind)
    elif isinstance(a, EndMove):
        if seat.finished and not b.lap:
            seat.beyond += seat.move + seat.wmove
        events.append(event("ended-move", f"P{p + 1} ends the move on {b.labels[seat.node]}",
                            {"seat": p, "space": b.labels[seat.node], "unused": seat.move + seat.wmove,
                             "beyond": seat.beyond}))
        seat.move = seat.wmove = 0
        seat.stage = "buy"
        if seat.node != seat.start_node:
            reward(s, p, seat.node, events)


def enter(s: CubitosState, p: int, n: int, events: list[Event], verb: str, how: str, card: str = "") -> None:
    """Put ``p``'s runner on ``n``; count laps and the finish. ``how`` ("step", a shortcut's kind,
    "cross", "card") and ``card`` go into the event's data for the screen to word."""
    seat, b = s.own(p) if s._lent else s._seats[p], s.board
    frm = seat.node
    seat.node, seat.jet_on = n, 0
    data = {"seat": p, "from": b.labels[frm], "to": b.labels[n], "move": seat.move, "wmove": seat.wmove, "how": how}
    if card:
        data["card"] = card
    events.append(event("moved", f"P{p + 1} {verb} to {b.labels[n]}", data))
    if b.lap and n == b.start and frm in b.lap_entries:
        seat.laps += 1
        events.append(event("lap", f"P{p + 1} completes lap {seat.laps}", {"seat": p, "laps": seat.laps}))
    if not seat.finished and ((b.lap and seat.laps >= s.setup.laps) or (not b.lap and n == b.finish)):
        seat.finished = 1
        events.append(event("finished", f"P{p + 1} reaches the finish: the race ends this round", {"seat": p}))


def reward(s: CubitosState, p: int, n: int, events: list[Event]) -> None:
    """A reward space (RB:624-636); credits and fans at once, dice as choices."""
    seat = s.own(p) if s._lent else s._seats[p]
    for kind, amount in s.board.rewards[n]:
        if kind == "credits":
            gain(s, p, credits=amount)
            events.append(event("credits", f"P{p + 1} gains {amount} credits", {"seat": p, "credits": amount}))
        elif kind == "fan":
            fan(s, p, True, events)
        elif kind == "lose":
            seat.tasks += [("lose", 0)] * amount
        else:
            seat.tasks.append(("gain", amount))


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
    events.append(event("bought", f"P{p + 1} buys a {colour} die", {"seat": p, "die": d, "colour": colour,
                                                                "cost": s.setup.cost(colour)}))


def end_turn(s: CubitosState, p: int, events: list[Event]) -> None:
    seat = s.own(p) if s._lent else s._seats[p]
    events.append(event("discarded", f"P{p + 1} discards the Active Zone", {"seat": p, "dice": list(seat.zones[ACTIVE]),
                                                                        "from": "active"}))
    seat.zones[DISCARD] += seat.zones[ACTIVE]
    seat.zones[ACTIVE] = []
    seat.money = seat.move = seat.wmove = 0
    seat.stage = "done"
    for q in ORDERS[s.num_players][s.start]:
        if s._seats[q].stage != "done":
            s.turn = q
            return
    end_round(s, events)


def end_round(s: CubitosState, events: list[Event]) -> None:
    for d in list(s.temp):
        s.move_die(d, s.own_trays()[s.colour(d)])
        events.append(event("returned", f"the free {s.colour(d)} die goes back to its tray", {"die": d}))
    s.temp.clear()
    last, s.start = s.start, (s.start + 1) % s.num_players
    s.move_die(s.setup.start_die, s.own(s.start).zones[ROLL], last)
    events.append(event("start-die", f"P{s.start + 1} takes the start player die", {"seat": s.start,
                                                                               "die": s.setup.start_die}))
    done = [p for p in range(s.num_players) if s._seats[p].finished]
    if done:
        best = max(s.beyond(p) for p in done)
        top = [p for p in done if s.beyond(p) == best]
        if len(top) == 1:
            s.phase, s.winner = "over", top
            events.append(event("won", f"P{top[0] + 1} wins the race", {"winner": top[0]}))
            return
        s.tiebreak += 1
        events.append(event("tie", f"P{', P'.join(str(p + 1) for p in top)} tie: one more round", {"tied": top}))
    s.round += 1
    begin_round(s, events)


STAGE_OPTIONS: dict[str, Callable[[CubitosState, int], list[Action]]] = {
    "draw": _draw_stage, "champion": _champion_stage, "decide": decide_options, "run4": _run4_stage,
    "abil": _abil_stage, "move": move_options, "buy": _buy_stage,
}
