"""The cards' abilities as the round offers them: Now abilities as a die lands, Run and any-time
abilities in their windows, and the dice a card forces out as the move starts. What each card
does is in card_uses.py (Run abilities), red_cards.py and push_cards.py; the effects they share
in effects.py. No module here imports the round's flow: the flow asks, the cards answer.

Windows (names.Window): ROLL = at a push/pass decision, RUN4 = Run abilities before the swords
are compared, ABIL = your Run turn before moving, BUY = after moving, before the first purchase
(Bob, and the abilities that count what the Move step can change: card_uses.LATE).
Now abilities come from ``seat.now`` right after a die lands; ongoing Active abilities trigger
on a push (push_cards.push_triggers/after_push) or when a push would bust (push_cards.bust_options).
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from game.core import Action, Event
from game.core.event import event
from game.cubitos import cards, effects
from game.cubitos.actions import Use, made
from game.cubitos.card_uses import USES, Spec
from game.cubitos.dice import FACE_KEYS, FACES, GRAYS, SYMBOLS
from game.cubitos.dice_choices import Options, draw_picks, faces_of, pick, place, take_picks, tray_faces
from game.cubitos.names import SEAT_NAMES, EventKind, Window
from game.cubitos.red_cards import RED, red_options
from game.cubitos.zones import ACTIVE, DRAW, ROLL, USED_NOW, USED_RUN

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState

# Members used on (nearly) every move, bound once (names.py says why).
_ABIL, _ABILITY, _TOTALS = Window.ABIL, EventKind.ABILITY, EventKind.TOTALS
ROLL_FROM_DRAW = {"Fast Cat": 2, "Muggles": 2, "Dugout": 3, "Batter Beaver": 2}


# ---- Now abilities --------------------------------------------------------------------------
def now_choices(s: CubitosState, p: int, card: str) -> Options:
    if card in ROLL_FROM_DRAW:
        return draw_picks(s, p, ROLL_FROM_DRAW[card])
    if card == "Pinch Eater":
        return [(k, f) for k in s.kinds(p, ROLL) for f in faces_of(k)]
    if card == "Stogie":
        return [()]
    if card == "Cubasaurus":
        return tray_faces(s)
    return []


def now_options(s: CubitosState, p: int) -> list[Action]:
    out: list[Action] = []
    seen = set()
    for d in s._seats[p].now:
        key = s.key(d, ACTIVE)
        if key not in seen:
            seen.add(key)
            card = s.setup.card(s.colour(d))
            out += [made(Use, card, key, o) for o in now_choices(s, p, card)]
    return out


def use_now(s: CubitosState, p: int, a: Use, events: list[Event]) -> None:
    seat = s.own(p)
    d = next(x for x in seat.now if s.key(x, ACTIVE) == a.die)
    seat.now.remove(d)
    s.own_used()[d] |= USED_NOW
    events.append(event(_ABILITY, f"{SEAT_NAMES[p]} uses {a.card} (Now)", {"seat": p, "card": a.card, "die": d,
                                                                  "option": list(a.option)}))
    if a.card in ROLL_FROM_DRAW:
        effects.roll(s, p, take_picks(s, p, a.option, events), a.card, events)
    elif a.card == "Pinch Eater":
        place(s, p, s.find(p, ROLL, a.option[0]), a.option[1], events)
    elif a.card == "Stogie":
        dice = [x for z in (DRAW, ROLL) for x in seat.zones[z] if s.colour(x) in (*GRAYS, "white")]
        effects.roll(s, p, dice, a.card, events)
    elif a.card == "Cubasaurus":
        free = s._trays[a.option[0]][-1]
        s.temp.append(free)
        place(s, p, free, a.option[1], events)


# ---- Run and any-time abilities ---------------------------------------------------------------
@functools.cache
def window_uses(in_play: tuple[str, ...], window: Window) -> dict[str, tuple[str, Spec]]:
    """colour -> (card, its Spec) for the cards of ``in_play`` (``Setup.cards``) usable in ``window``."""
    return {cards.BY_NAME[card].colour: (card, USES[card]) for card in in_play
            if card in USES and window in USES[card].windows}


def window_dice(s: CubitosState, window: Window) -> list[tuple[str, str, Spec] | None]:
    """Per die id, (colour, card, its Spec) when the die's card may be used in ``window``, else
    None; empty when no card may. Worked out once a game: the Run abilities' scan of an Active
    Zone then passes over other dice at one look-up each."""
    table = s.setup.tables.get(window)
    if table is None:
        usable = window_uses(s.setup.cards, window)
        table = [(c, *usable[c]) if c in usable else None for c in s.setup.colour] if usable else []
        s.setup.tables[window] = table
    return table


def run_options(s: CubitosState, p: int, window: Window) -> list[Action]:
    seat = s._seats[p]
    out: list[Action] = []
    if window == _ABIL and not seat.red_used:
        out += red_options(s, p)
    usable = s.setup.tables.get(window)  # ``window_dice``, its call saved once the table is made
    if usable is None:
        usable = window_dice(s, window)
    if not usable:
        return out
    seen = set()
    face, used = s._face, s._used
    for d in seat.zones[ACTIVE]:
        use = usable[d]
        if use is None:
            continue
        c, card, spec = use
        if FACES[c][face[d]] not in SYMBOLS or used[d] & spec.bit:
            continue
        key = FACE_KEYS[c][face[d]]
        if key not in seen:
            seen.add(key)
            out += [made(Use, card, key, o) for o in spec.options(s, p, d)]
    return out


def use(s: CubitosState, p: int, a: Use, events: list[Event]) -> None:
    seat = s.own(p)
    if not a.die:
        seat.red_used = 1
        events.append(event(_ABILITY, f"{SEAT_NAMES[p]} uses {a.card}", {"seat": p, "card": a.card, "option": list(a.option)}))
        RED[a.card](s, p, a.option, events)
    else:
        spec = USES[a.card]
        d = pick(s, p, a.die, spec.bit)
        s.own_used()[d] |= spec.bit
        events.append(event(_ABILITY, f"{SEAT_NAMES[p]} uses {a.card}", {"seat": p, "card": a.card, "die": d,
                                                                "option": list(a.option)}))
        spec.do(s, p, d, a.option, events)
    events.append(event(_TOTALS, f"{SEAT_NAMES[p]}: {seat.money} money, {seat.move}+{seat.wmove} movement, {seat.credits} credits",
                        {"seat": p, "money": seat.money, "move": seat.move, "wmove": seat.wmove, "credits": seat.credits}))


# ---- dice the cards take out of play ------------------------------------------------------------
def blocked(s: CubitosState, p: int) -> bool:
    """Batter Beaver's Run part is resolved after the Move step, once its rewards are in, and
    before buying when a credit was gained this round (RB:798)."""
    return bool(s._seats[p].got_credit and s.card_dice(p, "Batter Beaver", USED_RUN))


FORCED_LOSS = {"brown": ("sym", "pow"), "The Babe": ("pow",), "Bad Cheese": ("pow",), "Cubasaurus": ("sym", "pow")}


@functools.cache
def forced_losses(in_play: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """colour -> the faces its die is lost on as the move starts, for the cards of ``in_play``."""
    table = {}
    for card in in_play:
        colour = cards.BY_NAME[card].colour
        faces = FORCED_LOSS.get(colour, FORCED_LOSS.get(card, ()))
        if faces:
            table[colour] = faces
    return table


def start_move(s: CubitosState, p: int, events: list[Event]) -> None:
    """Dice whose card says "you must lose the die even if you do not use it" go back now."""
    losing, colour, face = forced_losses(s.setup.cards), s.setup.colour, s._face
    for d in list(s._seats[p].zones[ACTIVE]):
        c = colour[d]
        if c in losing and FACES[c][face[d]] in losing[c]:
            effects.lose_die(s, p, d, events)
