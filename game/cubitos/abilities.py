"""The 56 cards' effects: when each may be used, the choices it offers, what it does.

Windows: "roll" = at a push/pass decision, "run4" = Run abilities before the swords are
compared, "abil" = your Run turn before moving, "buy" = after moving, before the first purchase
(Bob, and the abilities that count what the Move step can change: LATE).
Now abilities come from ``seat.now`` right after a die lands; ongoing Active abilities trigger
on a push (push_triggers/after_push) or when a push would bust (bust_options).
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from game.core import Action, Event
from game.core.event import event
from game.cubitos import cards, flow
from game.cubitos.actions import RollChosen, Skip, Take, Use, made
from game.cubitos.dice import FACE_GAIN, FACE_KEYS, FACES, GRAYS, SYMBOLS
from game.cubitos.state import ACTIVE, DISCARD, DRAW, KIND_ORDER, ROLL, USED_FAN, USED_NOW, USED_RUN, ZONES, CubitosState

RUN = ("run4", "abil")
ANY = ("roll", "run4", "abil")
# Run abilities counting what the Move step's rewards can change (dice lost, fan count), so also
# usable after it (rulings: "abilities after the Move step").
LATE = (*RUN, "buy")
ROLL_FROM_DRAW = {"Fast Cat": 2, "Muggles": 2, "Dugout": 3, "Batter Beaver": 2}
PUNK_FRUIT_MAX = 9
Options = list[tuple[str, ...]]


def red_card(s: CubitosState) -> cards.Card:
    return cards.BY_NAME[s.setup.card_set.get("red", "")]


def symbols(s: CubitosState, p: int, card: str) -> int:
    """How many of ``p``'s active dice show ``card``'s symbol (plain or power)."""
    return len(s.card_dice(p, card))


def has(s: CubitosState, p: int, colour: str) -> bool:
    return s.count_active(p, colour) > 0


# ---- choosing dice -----------------------------------------------------------------------------
def faces_of(colour: str) -> list[str]:
    return sorted({f or "blank" for f in FACES[colour]})


def tray_faces(s: CubitosState) -> Options:
    """Any tray die on any face: (colour, face)."""
    return [(c, f) for c in (*GRAYS, *s.setup.colours()) if s._trays[c] for f in faces_of(c)]


def draw_picks(s: CubitosState, p: int, n: int) -> Options:
    """Choices of ``n`` dice from the Draw Zone, the Discard Zone moved in when it runs out (RB:702)."""
    draw = s.kinds(p, DRAW)
    have = sum(draw.values())
    if have >= n:
        return flow.multisets(draw, n)
    forced = tuple(k for k, c in draw.items() for _ in range(c))
    rest = s.kinds(p, DISCARD)
    extra = min(n - have, sum(rest.values()))
    return [tuple(sorted(forced + o, key=flow.COLOUR_RANK.__getitem__)) for o in flow.multisets(rest, extra)]


def take_picks(s: CubitosState, p: int, pick: tuple[str, ...], events: list[Event]) -> list[int]:
    """Take the dice ``pick`` names from the Draw Zone (reshuffling when it runs out); their ids."""
    seat = s._seats[p]
    want = Counter(pick)
    ids: list[int] = []
    if sum(s.kinds(p, DRAW).values()) < len(pick):
        ids = [d for d in seat.zones[DRAW] if d != s.setup.start_die]
        want -= Counter(s.colour(d) for d in ids)
        flow.reshuffle(s, p, events)
    for k, n in want.items():
        for _ in range(n):
            ids.append(s.find(p, DRAW, k, tuple(ids)))
    return ids


def pick(s: CubitosState, p: int, key: str, bit: int) -> int:
    """An active die of kind ``key`` whose ``bit`` is unused."""
    colour, face, used = s.setup.colour, s._face, s._used
    for d in s._seats[p].zones[ACTIVE]:
        if FACE_KEYS[colour[d]][face[d]] == key and not used[d] & bit:
            return d
    raise ValueError(f"no unused active {key}")


def place(s: CubitosState, p: int, d: int, face: str, events: list[Event]) -> None:
    """Set ``d`` on ``face`` in the Active Zone (Pinch Eater, Cubasaurus, Broken Cow)."""
    colour = s.colour(d)
    s.own_face()[d] = FACES[colour].index("" if face == "blank" else face)
    s.own_used()[d] = 0
    s.move_die(d, s.own(p).zones[ACTIVE], p)
    events.append(event("placed", f"P{p + 1} sets a {colour} die on {face} in the Active Zone",
                        {"seat": p, "die": d, "colour": colour, "face": face}))
    flow.land(s, p, d)


def lose_other(s: CubitosState, p: int, d: int) -> list[str]:
    """zone/key of every die ``p`` may lose besides ``d``."""
    key = f"active/{s.key(d, ACTIVE)}"
    return [k for k in s.any_die(p) if k != key or s.kinds(p, ACTIVE)[key[7:]] > 1]


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
    events.append(event("ability", f"P{p + 1} uses {a.card} (Now)", {"seat": p, "card": a.card, "die": d,
                                                                  "option": list(a.option)}))
    if a.card in ROLL_FROM_DRAW:
        flow.roll(s, p, take_picks(s, p, a.option, events), a.card, events)
    elif a.card == "Pinch Eater":
        place(s, p, s.find(p, ROLL, a.option[0]), a.option[1], events)
    elif a.card == "Stogie":
        dice = [x for z in (DRAW, ROLL) for x in seat.zones[z] if s.colour(x) in (*GRAYS, "white")]
        flow.roll(s, p, dice, a.card, events)
    elif a.card == "Cubasaurus":
        free = s._trays[a.option[0]][-1]
        s.temp.append(free)
        place(s, p, free, a.option[1], events)


# ---- Run and any-time abilities ---------------------------------------------------------------
@dataclass(frozen=True)
class Spec:
    windows: tuple[str, ...]
    options: Callable[[CubitosState, int, int], Options]
    do: Callable[[CubitosState, int, int, tuple[str, ...], list[Event]], None]
    bit: int = USED_RUN


def once(s: CubitosState, p: int, d: int) -> Options:
    return [()]


# The cards' options and effects are module functions and partials of them, never closures: the
# tables of them ``window_dice`` keeps in ``Setup.tables`` travel with a pickled state.
def _gain_and_lose(money: int, move: int, credits: int, lose: bool,
                   s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    flow.gain(s, p, money, move, credits)
    if lose:
        flow.lose_die(s, p, d, events)


def gains(money: int = 0, move: int = 0, credits: int = 0, lose: bool = False) -> functools.partial[None]:
    """A plain gain, optionally losing the die afterwards."""
    return functools.partial(_gain_and_lose, money, move, credits, lose)


def _once_if(test: Callable[[CubitosState, int, int], bool], s: CubitosState, p: int, d: int) -> Options:
    return [()] if test(s, p, d) else []


def when(test: Callable[[CubitosState, int, int], bool]) -> functools.partial[Options]:
    """The options of a card usable once when ``test`` holds (a module function, for pickling)."""
    return functools.partial(_once_if, test)


def is_power(s: CubitosState, p: int, d: int) -> bool:
    return s.face_name(d) == "pow"


def _cat_tastrophy(s, p, d, o, events):
    flow.take_free(s, p, o[0], events)


def _fat_cat(s, p, d, o, events):
    flow.gain(s, p, move=3)
    if o:
        flow.take_free(s, p, o[0], events)


def _dope_cat(s, p, d, o, events):
    flow.gain(s, p, money=2 * has(s, p, "brown") + 3 * has(s, p, "green"))


def _other_cat(s: CubitosState, p: int, d: int) -> int:
    return next((x for x in s.card_dice(p, "Broken Cow", USED_RUN) if x != d), -1)


def _broken_cow(s, p, d, o, events):
    s.own_used()[_other_cat(s, p, d)] |= USED_RUN
    free = s._trays[o[0]][-1]
    s.temp.append(free)
    place(s, p, free, o[1], events)


def _schmutz(s, p, d, o, events):
    flow.gain(s, p, move=1, credits=3 if s._seats[p].lost else 0)


def _bark_options(s, p, d):
    fan = [("fan",)] if has(s, p, "white") and has(s, p, "red") and not s._used[d] & USED_FAN else []
    return [*fan, ("credits",)]


def _bark(s, p, d, o, events):
    if o == ("fan",):
        used = s.own_used()
        used[d] = (used[d] & ~USED_RUN) | USED_FAN
        flow.fan(s, p, False, events)
    else:
        gains(credits=2, lose=True)(s, p, d, o, events)


def _dapper(s, p, d, o, events):
    for x in s._seats[p].zones[ACTIVE]:
        if s.colour(x) in GRAYS and s.face_name(x) in FACE_GAIN:
            money, move, _ = FACE_GAIN[s.face_name(x)]
            flow.gain(s, p, money, move)
    flow.lose_die(s, p, d, events)


def _lose_roll_die(s, p, d, o, events):
    flow.lose(s, p, f"roll/{o[0]}", events)


def _benchwarmer(s, p, d, o, events):
    zone, key = o[0].split("/")
    other = s.find(p, ZONES.index(zone), key, (d,))
    flow.lose_die(s, p, d, events)
    flow.lose_die(s, p, other, events)


def _batter_options(s, p, d):
    """Only once a credit was gained (it costs nothing else), then compulsory: see ``blocked``."""
    return ([(k,) for k in s.any_die(p)] or [()]) if s._seats[p].got_credit else []


def _batter(s, p, d, o, events):
    if o:
        flow.lose(s, p, o[0], events)


def _bats(s, p, d, o, events):
    if o == ("money",):
        flow.gain(s, p, money=2)
    else:
        flow.gain(s, p, credits=s._seats[p].fans // 2)


def _babe(s, p, d, o, events):
    flow.gain(s, p, money=5)
    if is_power(s, p, d):
        gains(move=1, lose=True)(s, p, d, o, events)


def _big_cheese(s, p, d, o, events):
    flow.gain(s, p, move=max(1, s._seats[p].fans // 2))


def _leder_run(s, p, d, o, events):
    flow.gain(s, p, move=len(s._seats[p].zones[ACTIVE]) // 4)


def _stinky(s, p, d, o, events):
    flow.gain(s, p, move=2)
    if is_power(s, p, d):
        s.own(p).flags_next.append("stinky")


def _bad_cheese(s, p, d, o, events):
    flow.gain(s, p, move=2)
    if is_power(s, p, d):
        gains(money=3, lose=True)(s, p, d, o, events)


def _cheese_boy_options(s, p, d):
    if not (has(s, p, "brown") or has(s, p, "orange")):
        return []
    return [(), *([(k,) for k in s.kinds(p, ROLL)] if has(s, p, "orange") else [])]


def _cheese_boy(s, p, d, o, events):
    if has(s, p, "brown"):
        flow.gain(s, p, move=2)
    if o:
        _lose_roll_die(s, p, d, o, events)


def _pina(s, p, d, o, events):
    s.own(p).safe = 1


def _up_to_11(s, p, d, o, events):
    counted = min(len(s._seats[p].zones[ACTIVE]), cards.UP_TO_11_MAX_DICE)
    flow.gain(s, p, move=counted // cards.UP_TO_11_DICE_PER_MOVE)


def _punk_run(s, p, d, o, events):
    s.own(p).tasks.insert(0, ("Punk Fruit", -1, 0, 0, 0))


def _bob_options(s, p, d):
    seat, b = s._seats[p], s.board
    return [(b.labels[n],) for n in b.near(seat.node, 2) if b.rewards[n]]


def _bob(s, p, d, o, events):
    flow.reward(s, p, s.board.node(o[0]), events)


def _bahama_llama(s, p, d, o, events):
    flow.gain(s, p, money=3)
    s.own(p).wmove = s._seats[p].wmove + 1


def _llama_rama(s, p, d, o, events):
    flow.gain(s, p, money=3)
    if is_power(s, p, d):
        flow.fan(s, p, False, events)


def _shaman(s, p, d, o, events):
    flow.gain(s, p, money=2)
    if s._trays.get("red"):
        flow.take_free(s, p, "red", events)


def _chilly(s, p, d, o, events):
    for _ in range(2):
        flow.roll(s, p, list(s._seats[p].zones[ROLL]), "Chilly McChillster", events)


def _dino_gain(base: int, first: str, first_bonus: int, second: str, second_bonus: int, s, p, d, o, events):
    flow.gain(s, p, move=base + first_bonus * has(s, p, first) + second_bonus * has(s, p, second))


def _dino_combo(base: int, first: str, first_bonus: int, second: str, second_bonus: int) -> functools.partial[None]:
    return functools.partial(_dino_gain, base, first, first_bonus, second, second_bonus)


def _wikiwiki(s, p, d, o, events):
    groups = {"gray" if s.colour(x) in GRAYS else s.colour(x) for x in s._seats[p].zones[ACTIVE]}
    flow.gain(s, p, move=cards.WIKIWIKI_MOVE_PER_COLOUR * len(groups))


def _shimmy(s, p, d, o, events):
    flow.gain(s, p, move=sum(s.colour(x) in (*GRAYS, "white") for x in s._seats[p].zones[ACTIVE]))


def lines_left(s: CubitosState, p: int) -> int:
    """Red lines from ``p``'s runner to the end of this lap or track (Pronto Bronto, RB:966)."""
    node = s._seats[p].node
    return s.board.track_end_line[node] - s.board.line[node]


def _pronto(s, p, d, o, events):
    if not s.tiebreak:
        flow.gain(s, p, move=lines_left(s, p) // 2)


def _broken_cow_options(s, p, d):
    return tray_faces(s) if _other_cat(s, p, d) >= 0 else []


def _cat_tastrophy_options(s, p, d):
    return [(c,) for c in flow.gainable(s, s._seats[p].fans)]


def _fat_cat_options(s, p, d):
    return [(c,) for c in GRAYS if s._trays[c]] or [()]


def _has_brown_or_green(s, p, d):
    return has(s, p, "brown") or has(s, p, "green")


def _roll_zone_options(s, p, d):
    return [(k,) for k in s.kinds(p, ROLL)]


def _lose_other_options(s, p, d):
    return [(k,) for k in lose_other(s, p, d)]


def _money_or_credits(s, p, d):
    return [("money",), ("credits",)]


def _not_safe(s, p, d):
    return not s._seats[p].safe


def _punk_fruit_cells(s, p, d):
    return bool(pick_cells(s, p, "Punk Fruit"))


def _undercover_fish(s, p, d, o, events):
    s.own(p).wmove = s._seats[p].wmove + 2


def _roll_zone_not_empty(s, p, d):
    return bool(s._seats[p].zones[ROLL])


USES: dict[str, Spec] = {
    "Smelly Cat": Spec(RUN, once, gains(move=2)),
    "Cat Tastrophy": Spec(LATE, _cat_tastrophy_options, _cat_tastrophy),
    "Fat Cat": Spec(RUN, _fat_cat_options, _fat_cat),
    "Dope Cat": Spec(RUN, when(_has_brown_or_green), _dope_cat),
    "Broken Cow": Spec(ANY, _broken_cow_options, _broken_cow),
    "Schmutz": Spec(LATE, once, _schmutz),
    "Rich Dog": Spec(RUN, once, gains(money=3, lose=True)),
    "Captain Bark": Spec(RUN, _bark_options, _bark),
    "Dapper Doggie": Spec(RUN, once, _dapper),
    "Dr. Livingstone": Spec(RUN, once, gains(move=2, lose=True)),
    "Mr. Dog": Spec(RUN, once, gains(credits=2, lose=True)),
    "Muggles": Spec(RUN, once, gains(money=2, lose=True)),
    "Reliever Beaver": Spec(RUN, _roll_zone_options, _lose_roll_die),
    "Benchwarmer": Spec(RUN, _lose_other_options, _benchwarmer),
    "Batter Beaver": Spec(("buy",), _batter_options, _batter),
    "Mr. Bats": Spec(LATE, _money_or_credits, _bats),
    "The Babe": Spec(RUN, once, _babe),
    "The Big Cheese": Spec(RUN, once, _big_cheese),
    "Ledercheesen": Spec(RUN, when(is_power), _leder_run),
    "Stinky Cheese": Spec(RUN, once, _stinky),
    "Bad Cheese": Spec(RUN, once, _bad_cheese),
    "The Cheese Stands Alone": Spec(RUN, once, gains(move=3)),
    "Cheese Boy": Spec(RUN, _cheese_boy_options, _cheese_boy),
    "Piña Cubelada": Spec(("roll",), when(_not_safe), _pina),
    "Up to 11": Spec(RUN, when(is_power), _up_to_11),
    "Punk Fruit": Spec(RUN, when(_punk_fruit_cells), _punk_run),
    "Bob": Spec(("buy",), _bob_options, _bob),
    "Undercover Fish": Spec(RUN, once, _undercover_fish),
    "Llama-Rama": Spec(RUN, once, _llama_rama),
    "Bahama Llama": Spec(RUN, once, _bahama_llama),
    "Llama Shaman": Spec(RUN, once, _shaman),
    "Chilly McChillster": Spec(ANY, when(_roll_zone_not_empty), _chilly),
    "Rollosaurus": Spec(RUN, once, gains(move=4)),
    "Dancing Dino": Spec(RUN, once, _dino_combo(2, "red", 2, "orange", 1)),
    "Wikiwiki Dinosaur": Spec(RUN, once, _wikiwiki),
    "You Bet Jurassican": Spec(RUN, once, _dino_combo(2, "brown", 2, "yellow", 1)),
    "Shimmy Shimmy Dino": Spec(RUN, once, _shimmy),
    "Pronto Bronto": Spec(RUN, once, _pronto),
}


@functools.cache
def window_uses(in_play: tuple[str, ...], window: str) -> dict[str, tuple[str, Spec]]:
    """colour -> (card, its Spec) for the cards of ``in_play`` (``Setup.cards``) usable in ``window``."""
    return {cards.BY_NAME[card].colour: (card, USES[card]) for card in in_play
            if card in USES and window in USES[card].windows}


def window_dice(s: CubitosState, window: str) -> list[tuple[str, str, Spec] | None]:
    """Per die id, (colour, card, its Spec) when the die's card may be used in ``window``, else
    None; empty when no card may. Worked out once a game: the Run abilities' scan of an Active
    Zone then passes over other dice at one look-up each."""
    table = s.setup.tables.get(window)
    if table is None:
        usable = window_uses(s.setup.cards, window)
        table = [(c, *usable[c]) if c in usable else None for c in s.setup.colour] if usable else []
        s.setup.tables[window] = table
    return table


def run_options(s: CubitosState, p: int, window: str) -> list[Action]:
    seat = s._seats[p]
    out: list[Action] = []
    if window == "abil" and not seat.red_used:
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
        events.append(event("ability", f"P{p + 1} uses {a.card}", {"seat": p, "card": a.card, "option": list(a.option)}))
        RED[a.card](s, p, a.option, events)
    else:
        spec = USES[a.card]
        d = pick(s, p, a.die, spec.bit)
        s.own_used()[d] |= spec.bit
        events.append(event("ability", f"P{p + 1} uses {a.card}", {"seat": p, "card": a.card, "die": d,
                                                                "option": list(a.option)}))
        spec.do(s, p, d, a.option, events)
    events.append(event("totals", f"P{p + 1}: {seat.money} money, {seat.move}+{seat.wmove} movement, {seat.credits} credits",
                        {"seat": p, "money": seat.money, "move": seat.move, "wmove": seat.wmove, "credits": seat.credits}))


# ---- red cards: compared swords ---------------------------------------------------------------
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
            return [Use(card.name, "", (str(q), k)) for q in targets for k in s.any_die(p)]
        return [made(Use, card.name)]
    return [made(Use, card.name)] if s.swords[p] >= 1 and fewer(s, p) else []


def _crabby(s, p, o, events):
    target = int(o[0])
    d = flow.die_at(s, p, o[1])
    s.move_die(d, s.own(target).zones[DISCARD], p)
    events.append(event("given", f"P{p + 1} gives a {s.colour(d)} die to P{target + 1}", {"seat": p, "to": target, "die": d}))


def _flag(name: str):
    def do(s, p, o, events):
        s.own(p).flags_next.append(name)
    return do


RED: dict[str, Callable[[CubitosState, int, tuple[str, ...], list[Event]], None]] = {
    "Mr. Soldier": lambda s, p, o, e: flow.gain(s, p, move=2, credits=3),
    "Punch Guy": _flag("punch"),
    "Supah General!": lambda s, p, o, e: flow.gain(s, p, move=s._seats[p].fans),
    "Champion": _flag("champion"),
    "Crabby": _crabby,
    "El Bandito": lambda s, p, o, e: flow.gain(s, p, credits=fewer(s, p)),
    "Jacques Couteau": lambda s, p, o, e: s.own(p).tasks.append(("jacques", fewer(s, p))),
}


# ---- triggers on a push, saves from a bust, forced losses ----------------------------------------
PUSH_TRIGGERS = (WIZARD, RECKLESS, LEDER) = ("Wizard", "Reckless Cheese", "Ledercheesen")


@functools.cache
def triggers_in(in_play: tuple[str, ...]) -> tuple[bool, ...]:
    """Which of PUSH_TRIGGERS are among the cards of ``in_play`` (``Setup.cards``)."""
    return tuple(card in in_play for card in PUSH_TRIGGERS)


def push_triggers(s: CubitosState, p: int) -> tuple[int, ...]:
    """Wizard, Reckless Cheese and Ledercheesen dice active as the push is rolled."""
    present = triggers_in(s.setup.cards)
    if not any(present):
        return (0, 0, 0)
    wizard, reckless, leder = present
    return (symbols(s, p, WIZARD) if wizard else 0, symbols(s, p, RECKLESS) if reckless else 0,
            symbols(s, p, LEDER) if leder else 0)


def after_push(s: CubitosState, p: int, trig: tuple, events: list[Event]) -> None:
    """A push that did not bust: Wizard credits, Reckless Cheese steps, Ledercheesen rolls."""
    wizards, reckless, leder = map(int, trig)
    seat = s.own(p) if s._lent else s._seats[p]
    if wizards:
        flow.gain(s, p, credits=wizards)
        events.append(event("credits", f"P{p + 1} gains {wizards} credits (Wizard)",
                            {"seat": p, "credits": wizards, "card": "Wizard"}))
    if reckless:
        seat.tasks.append(("reckless", reckless * cards.RECKLESS_SPACES_PER_CHEESE))
    if leder:
        seat.tasks.append(("leder", leder))


def task_options(s: CubitosState, p: int, task: tuple) -> list[Action]:
    kind = task[0]
    if kind == "reckless":
        b = s.board
        return [Use("Reckless Cheese", "", (b.labels[n],)) for n in b.steps(s._seats[p].node) if not b.water[n]]
    if kind == "leder":
        return [Use("Ledercheesen", "", o) for o in draw_picks(s, p, 1) if o]
    if kind == "jacques":
        pool: dict[str, int] = {}
        for z in (DRAW, ROLL, ACTIVE, DISCARD):
            for k, n in s.kinds(p, z).items():
                if not k.startswith("red"):
                    pool[f"{ZONES[z]}/{k}"] = n
        return [Use("Jacques Couteau", "", o) for o in flow.multisets(pool, min(2, sum(pool.values()))) if o]
    return []


def do_task(s: CubitosState, p: int, a: Use, task: tuple, events: list[Event]) -> None:
    kind, left = task[0], int(task[1]) - 1
    seat = s.own(p)
    if left > 0:
        seat.tasks.insert(0, (kind, left))
    if kind == "reckless":
        flow.enter(s, p, s.board.node(a.option[0]), events, "runs (Reckless Cheese)", "card", a.card)
    elif kind == "leder":
        flow.roll(s, p, take_picks(s, p, a.option, events), "Ledercheesen", events)
    else:
        dice: list[int] = []
        for spec in a.option:
            zone, key = spec.split("/")
            dice.append(s.find(p, ZONES.index(zone), key, tuple(dice)))
        flow.roll(s, p, dice, "Jacques Couteau", events)


SAVERS = ("Keep On Rollin'", "Rolling Stoned", "Punk Fruit")


def bust_options(s: CubitosState, p: int) -> list[Action]:
    card = s.setup.card("green")
    if card not in SAVERS:
        return []
    keys = sorted({s.key(d, ACTIVE) for d in s.card_dice(p, card, USED_RUN)})
    return [Use(card, k) for k in keys]


def bust_savers(s: CubitosState, p: int) -> bool:
    return bool(bust_options(s, p))


def save(s: CubitosState, p: int, a: Use, task: tuple, events: list[Event]) -> None:
    """A green card acting when a push would bust (RB:874, RB:888, RB:900)."""
    seat = s.own(p)
    d = pick(s, p, a.die, USED_RUN)
    s.own_used()[d] |= USED_RUN
    events.append(event("ability", f"P{p + 1} uses {a.card}", {"seat": p, "card": a.card, "die": d}))
    if a.card == "Keep On Rollin'":
        flow.lose_die(s, p, d, events)
        after_push(s, p, task[1:], events)
    elif a.card == "Punk Fruit":
        flow.bust(s, p, events, keep=("green", *GRAYS))
    else:
        seat.tasks.insert(0, ("Rolling Stoned", -1, *task[1:]))


# ---- choosing which dice to roll: Punk Fruit's Run roll, Rolling Stoned ---------------------------
# A pick task is (card, last, *push triggers, *chosen ids). Kinds are offered in one fixed order,
# each after ``last`` (the rank of the last kind chosen), so one choice has one way to be made.
PICKS = ("Punk Fruit", "Rolling Stoned")


def pick_cells(s: CubitosState, p: int, card: str) -> list[tuple[int, int, str]]:
    """(rank, zone, key) of the kinds ``card`` may roll: Punk Fruit one die per colour group (grays
    one group, the start die its own) from Roll or Draw; Rolling Stoned any gray die anywhere."""
    if card == "Punk Fruit":
        return sorted((KIND_ORDER.index(GRAYS[0] if k in GRAYS else k), z, k)
                      for z in (ROLL, DRAW) for k in s.kinds(p, z, movable=False))
    cells = sorted((z, k) for z in (DRAW, ROLL, ACTIVE, DISCARD) for k in s.kinds(p, z) if k.split(":")[0] in GRAYS)
    return [(i, z, k) for i, (z, k) in enumerate(cells)]


def pick_options(s: CubitosState, p: int, task: tuple) -> list[Action]:
    card, last, ids = task[0], task[1], tuple(task[5:])
    punk = card == "Punk Fruit"
    takes: list[Action] = [] if punk and len(ids) >= PUNK_FRUIT_MAX else [
        Take(f"{ZONES[z]}/{k}") for r, z, k in pick_cells(s, p, card)
        if (r > last if punk else r >= last) and s.find(p, z, k, ids) >= 0]
    return [*takes, RollChosen() if ids else Skip()]


def do_pick(s: CubitosState, p: int, a: Action, task: tuple, events: list[Event]) -> None:
    """Choose one more die, or roll the chosen ones (Rolling Stoned: no hit still busts)."""
    seat = s.own(p)
    card, trig, ids = task[0], task[2:5], list(task[5:])
    if isinstance(a, Take):
        zone, key = a.die.split("/")
        z = ZONES.index(zone)
        rank = next(r for r, zz, k in pick_cells(s, p, card) if (zz, k) == (z, key))
        seat.tasks.insert(0, (card, rank, *trig, *ids, s.find(p, z, key, tuple(ids))))
        return
    hits = flow.roll(s, p, ids, card, events) if ids else []
    if card != "Rolling Stoned":
        return
    if hits:
        after_push(s, p, trig, events)
    elif bust_savers(s, p):
        seat.tasks.insert(0, ("bust", *trig))
    else:
        flow.bust(s, p, events)


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
            flow.lose_die(s, p, d, events)
