"""The primitive effects of Cubitos: roll dice, land them, gain, bust, fans, lose and gain dice,
move a runner, rewards, paying. The round's flow and the cards both carry out their steps with
these; they decide nothing and call back into neither (a card's effect never walks back through
the flow that offered it)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Event
from game.core.event import event
from game.cubitos import cards
from game.cubitos.dice import FACE_GAIN, FACE_KEYS, FACES, GRAYS, SYMBOLS
from game.cubitos.names import SEAT_NAMES, EventKind, Phase, Reward, Stage, Task
from game.cubitos.tracks import FAN_MAX, FAN_SPACES
from game.cubitos.zones import ACTIVE, DISCARD, DRAW, ROLL, ZONES

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState

CHEESE_PUSH = "The Cheese Stands Alone"  # its cheese forces a push (RB:866)
LANDING_CARDS = cards.NOW_CARDS | {CHEESE_PUSH}  # cards whose symbol acts as its die lands (``land``)
# colour -> (colour, face, key) of each face index: what a roll shows.
ROLLED = {c: tuple((c, f, k) for f, k in zip(faces, FACE_KEYS[c])) for c, faces in FACES.items()}
# colour -> what each face index yields (FACE_GAIN's money, movement, credits), () for nothing.
GAINS = {c: tuple(FACE_GAIN.get(f, ()) for f in faces) for c, faces in FACES.items()}
# Members used on (nearly) every move, bound once (names.py says why).
_ROLL, _ROLLED, _MOVED = Phase.ROLL, EventKind.ROLLED, EventKind.MOVED
_BUST, _FAN, _LOST, _RESHUFFLED, _CREDITS = EventKind.BUST, EventKind.FAN, EventKind.LOST, EventKind.RESHUFFLED, EventKind.CREDITS
_DONE, _BUST_DISCARD, _LOSE, _GAIN = Stage.DONE, Task.BUST_DISCARD, Task.LOSE, Task.GAIN
_CREDITS_REWARD, _FAN_REWARD, _LOSE_REWARD = Reward.CREDITS, Reward.FAN, Reward.LOSE


# ---- dice rolled and landing ----------------------------------------------------------------------
def roll(s: CubitosState, p: int, dice: list[int], why: str, events: list[Event]) -> list[int]:
    """Roll ``dice`` into the Roll Zone and move the hits to the Active Zone; the hits."""
    seat = s.own(p) if s._lent else s._seats[p]
    rolling, active = seat.zones[ROLL], seat.zones[ACTIVE]
    colour, face, used = s.setup.colour, s._face, s._used
    if s._lent:
        face, used = s.own_face(), s.own_used()
    running = s.phase != _ROLL
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
    faces, hits, shown, landing = [], [], [], []
    table = s.setup.tables.get("rolled") or rolled_table(s)
    for d, i in zip(dice, rolled):
        used[d] = 0
        face[d] = i
        c, f, k, lands = table[d][i]
        faces.append([d, c, f])
        shown.append(k)
        if f:
            hits.append(d)
            if lands:
                landing.append(d)
    if hits:
        if len(hits) == len(rolling):
            rolling.clear()
        else:
            for d in hits:
                rolling.remove(d)
        active += hits
        cheese_push = False
        for d in hits if running else landing:  # in the Roll Phase land() does something only for these
            cheese_push |= land(s, p, d)
        if cheese_push and s.phase == _ROLL:
            seat.forced += 1
    events.append(event(_ROLLED, f"{SEAT_NAMES[p]} {why}: {', '.join(shown) or 'no dice'}",
                        {"seat": p, "why": why, "dice": faces, "hits": hits}, True))
    return hits


def rolled_table(s: CubitosState) -> list[tuple[tuple[str, str, str, bool], ...]]:
    """ROLLED by die id, each face with whether ``land`` acts on it in the Roll Phase (a symbol of
    one of LANDING_CARDS), made once a game (``Setup.tables``): a roll looks each die up once."""
    card_set = s.setup.card_set
    by_colour = {c: tuple((c, f, k, f in SYMBOLS and card_set.get(c) in LANDING_CARDS) for c, f, k in ROLLED[c])
                 for c in set(s.setup.colour)}
    table = s.setup.tables["rolled"] = [by_colour[c] for c in s.setup.colour]
    return table


def land(s: CubitosState, p: int, d: int) -> bool:
    """A die arrives in the Active Zone: queue its Now ability, collect its gains in the Run Phase.

    True when it shows The Cheese Stands Alone's cheese (a forced push, RB:866).
    """
    c = s.setup.colour[d]
    f = FACES[c][s._face[d]]
    if s.phase != _ROLL and f in FACE_GAIN:
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


# ---- busting and fans ------------------------------------------------------------------------
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
    events.append(event(_BUST, f"{SEAT_NAMES[p]} busts", {"seat": p, "kept": list(seat.zones[ACTIVE])}))
    fan(s, p, True, events)
    seat.stage = _DONE
    if discardable(s, p):
        seat.tasks.append((_BUST_DISCARD,))


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
    events.append(event(_FAN, f"{SEAT_NAMES[p]} gains a fan ({seat.fans})",
                        {"seat": p, "fans": seat.fans, "tokens": tokens, "credits": cash if credits else 0}))


# ---- dice gained and lost, the Draw Zone refilled ----------------------------------------------
def gainable(s: CubitosState, max_cost: int) -> list[str]:
    return [c for c in (*GRAYS, *s.setup.colours()) if s._trays[c] and s.setup.cost(c) <= max_cost]


def take_free(s: CubitosState, p: int, colour: str, events: list[Event]) -> int:
    d = s.own_trays()[colour].pop()  # the top die; a die is in one list only
    s.own(p).zones[DISCARD].append(d)
    events.append(event(EventKind.GAINED, f"{SEAT_NAMES[p]} gains a {colour} die", {"seat": p, "die": d, "colour": colour}))
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
    events.append(event(_LOST, f"{SEAT_NAMES[p]} loses a {s.colour(d)} die", {"seat": p, "die": d, "colour": s.colour(d)}))


def reshuffle(s: CubitosState, p: int, events: list[Event]) -> None:
    """Discard Zone to Draw Zone (RB:508). Nothing random: the dice are then drawn by choice."""
    seat = s.own(p) if s._lent else s._seats[p]
    if seat.zones[DISCARD]:
        moved = list(seat.zones[DISCARD])
        seat.zones[DRAW] += moved
        seat.zones[DISCARD].clear()
        events.append(event(_RESHUFFLED, f"{SEAT_NAMES[p]} moves {len(moved)} discarded dice to the Draw Zone",
                            {"seat": p, "dice": moved}))


# ---- the runner and what its spaces give ---------------------------------------------------------
def pay(s: CubitosState, p: int, amount: int) -> None:
    """Money first, then credits: money is lost at the end of the round (rulings: "paying")."""
    seat = s.own(p) if s._lent else s._seats[p]
    from_money = min(seat.money, amount)
    seat.money -= from_money
    seat.credits -= amount - from_money


def enter(s: CubitosState, p: int, n: int, events: list[Event], verb: str, how: str, card: str = "") -> None:
    """Put ``p``'s runner on ``n``; count laps and the finish. ``how`` (an Entry or the
    SpaceEffect of a shortcut or crossing) and ``card`` go into the event's data for the screen to word."""
    seat, b = s.own(p) if s._lent else s._seats[p], s.board
    frm = seat.node
    seat.node, seat.jet_on = n, 0
    data = {"seat": p, "from": b.labels[frm], "to": b.labels[n], "move": seat.move, "wmove": seat.wmove, "how": how}
    if card:
        data["card"] = card
    events.append(event(_MOVED, f"{SEAT_NAMES[p]} {verb} to {b.labels[n]}", data))
    if b.lap and n == b.start and frm in b.lap_entries:
        seat.laps += 1
        events.append(event(EventKind.LAP, f"{SEAT_NAMES[p]} completes lap {seat.laps}", {"seat": p, "laps": seat.laps}))
    if not seat.finished and ((b.lap and seat.laps >= s.setup.laps) or (not b.lap and n == b.finish)):
        seat.finished = 1
        events.append(event(EventKind.FINISHED, f"{SEAT_NAMES[p]} reaches the finish: the race ends this round", {"seat": p}))


def reward(s: CubitosState, p: int, n: int, events: list[Event]) -> None:
    """A reward space (RB:624-636); credits and fans at once, dice as choices."""
    seat = s.own(p) if s._lent else s._seats[p]
    for kind, amount in s.board.rewards[n]:
        if kind == _CREDITS_REWARD:
            gain(s, p, credits=amount)
            events.append(event(_CREDITS, f"{SEAT_NAMES[p]} gains {amount} credits", {"seat": p, "credits": amount}))
        elif kind == _FAN_REWARD:
            fan(s, p, True, events)
        elif kind == _LOSE_REWARD:
            seat.tasks += [(_LOSE, 0)] * amount
        else:
            seat.tasks.append((_GAIN, amount))
