"""The Roll Phase's draw (RB:504-568): how many dice each seat draws, the choices of kinds while
they are a real choice, the whole Draw Zone taken and the Discard Zone moved in when it runs
short, and Champion's draw from any zone."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Sequence

from game.core import Action, Event
from game.core.event import event
from game.cubitos.actions import END_DRAW, Draw, Take, made
from game.cubitos.dice import GRAYS, START
from game.cubitos.effects import reshuffle
from game.cubitos.names import SEAT_NAMES, EventKind, Flag, Stage
from game.cubitos.zones import ACTIVE, COLOUR_RANK, DISCARD, DRAW, KIND_ORDER, ROLL, ZONES

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState, Seat

# Members used on (nearly) every move, bound once (names.py says why).
_DREW, _DRAWN = EventKind.DREW, Stage.DRAWN

BASE_DRAW = 9
# Colours that do not count toward the draw amount under a flag (Punch Guy, Stinky Cheese).
EXEMPT: dict[str, tuple[str, ...]] = {Flag.PUNCH: ("white", "green"), Flag.STINKY: GRAYS}
DRAW_ONE = {c: made(Draw, (c,)) for c in KIND_ORDER}  # "draw <colour>", offered die by die


# ---- the options of the draw and Champion's draw (flow.legal looks them up by stage) ----------
def draw_stage_options(s: CubitosState, p: int) -> list[Action]:
    return draw_options(s, p, draw_view(s, p))


def champion_stage_options(s: CubitosState, p: int) -> list[Action]:
    return [*(made(Take, k) for k in champion_kinds(s, p)), END_DRAW]


# ---- the decisions of the draw (flow.DECISIONS) ---------------------------------------------
def on_draw(s: CubitosState, p: int, a: Draw, seat: Seat, events: list[Event]) -> None:
    """Dice of the kinds ``a`` names into the Roll Zone; the next draw's choice left at once when
    it is the same seat's."""
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
    events.append(event(_DREW, f"{SEAT_NAMES[p]} draws {' '.join(a.dice)}", {"seat": p, "dice": ids}))
    if done:
        seat.stage = _DRAWN


def on_take(s: CubitosState, p: int, a: Take, seat: Seat, events: list[Event]) -> None:
    zone, key = a.die.split("/")
    d = s.find(p, ZONES.index(zone), key)
    s.move_die(d, seat.zones[ROLL], p)
    events.append(event(_DREW, f"{SEAT_NAMES[p]} takes {a.die} into the Roll Zone", {"seat": p, "dice": [d]}))


def on_end_draw(s: CubitosState, p: int, a: Action, seat: Seat, events: list[Event]) -> None:
    seat.stage = _DRAWN


# ---- how much is drawn, and what is left to choose ---------------------------------------------
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
            events.append(event(_DREW, f"{SEAT_NAMES[p]} draws the whole Draw Zone ({len(took)} dice)", {"seat": p, "dice": took}))
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
