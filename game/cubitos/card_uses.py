"""What each card's Run (and any-time) ability offers and does: a Spec per card, in USES.

The options and effects are module functions and functools.partials of them, never closures,
so the tables of them ``abilities.window_dice`` keeps in ``Setup.tables`` pickle and copy like
any other data (a pickled state leaves them out all the same, and makes them again when asked).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from game.core import Event
from game.cubitos import cards, effects
from game.cubitos.dice import FACE_GAIN, GRAYS
from game.cubitos.dice_choices import Options, has, lose_other, place, tray_faces
from game.cubitos.names import Choice, Flag, Task, Window
from game.cubitos.push_cards import pick_cells
from game.cubitos.zones import ACTIVE, ROLL, USED_FAN, USED_RUN, ZONES

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState

RUN = (Window.RUN4, Window.ABIL)
ANY = (Window.ROLL, Window.RUN4, Window.ABIL)
# Run abilities counting what the Move step's rewards can change (dice lost, fan count), so also
# usable after it (rulings: "abilities after the Move step").
LATE = (*RUN, Window.BUY)


@dataclass(frozen=True)
class Spec:
    windows: tuple[Window, ...]
    options: Callable[[CubitosState, int, int], Options]
    do: Callable[[CubitosState, int, int, tuple[str, ...], list[Event]], None]
    bit: int = USED_RUN


def once(s: CubitosState, p: int, d: int) -> Options:
    return [()]


def _gain_and_lose(money: int, move: int, credits: int, lose: bool,
                   s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, money, move, credits)
    if lose:
        effects.lose_die(s, p, d, events)


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


def _cat_tastrophy(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.take_free(s, p, o[0], events)


def _fat_cat(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, move=3)
    if o:
        effects.take_free(s, p, o[0], events)


def _dope_cat(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, money=2 * has(s, p, "brown") + 3 * has(s, p, "green"))


def _other_cat(s: CubitosState, p: int, d: int) -> int:
    return next((x for x in s.card_dice(p, "Broken Cow", USED_RUN) if x != d), -1)


def _broken_cow(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    s.own_used()[_other_cat(s, p, d)] |= USED_RUN
    free = s._trays[o[0]][-1]
    s.temp.append(free)
    place(s, p, free, o[1], events)


def _schmutz(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, move=1, credits=3 if s._seats[p].lost else 0)


def _bark_options(s: CubitosState, p: int, d: int) -> Options:
    fan = [(Choice.FAN,)] if has(s, p, "white") and has(s, p, "red") and not s._used[d] & USED_FAN else []
    return [*fan, (Choice.CREDITS,)]


def _bark(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    if o == (Choice.FAN,):
        used = s.own_used()
        used[d] = (used[d] & ~USED_RUN) | USED_FAN
        effects.fan(s, p, False, events)
    else:
        gains(credits=2, lose=True)(s, p, d, o, events)


def _dapper(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    for x in s._seats[p].zones[ACTIVE]:
        if s.colour(x) in GRAYS and s.face_name(x) in FACE_GAIN:
            money, move, _ = FACE_GAIN[s.face_name(x)]
            effects.gain(s, p, money, move)
    effects.lose_die(s, p, d, events)


def _lose_roll_die(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.lose(s, p, f"roll/{o[0]}", events)


def _benchwarmer(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    zone, key = o[0].split("/")
    other = s.find(p, ZONES.index(zone), key, (d,))
    effects.lose_die(s, p, d, events)
    effects.lose_die(s, p, other, events)


def _batter_options(s: CubitosState, p: int, d: int) -> Options:
    """Only once a credit was gained (it costs nothing else), then compulsory: see ``blocked``."""
    return ([(k,) for k in s.any_die(p)] or [()]) if s._seats[p].got_credit else []


def _batter(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    if o:
        effects.lose(s, p, o[0], events)


def _bats(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    if o == (Choice.MONEY,):
        effects.gain(s, p, money=2)
    else:
        effects.gain(s, p, credits=s._seats[p].fans // 2)


def _babe(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, money=5)
    if is_power(s, p, d):
        gains(move=1, lose=True)(s, p, d, o, events)


def _big_cheese(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, move=max(1, s._seats[p].fans // 2))


def _leder_run(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, move=len(s._seats[p].zones[ACTIVE]) // 4)


def _stinky(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, move=2)
    if is_power(s, p, d):
        s.own(p).flags_next.append(Flag.STINKY)


def _bad_cheese(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, move=2)
    if is_power(s, p, d):
        gains(money=3, lose=True)(s, p, d, o, events)


def _cheese_boy_options(s: CubitosState, p: int, d: int) -> Options:
    if not (has(s, p, "brown") or has(s, p, "orange")):
        return []
    return [(), *([(k,) for k in s.kinds(p, ROLL)] if has(s, p, "orange") else [])]


def _cheese_boy(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    if has(s, p, "brown"):
        effects.gain(s, p, move=2)
    if o:
        _lose_roll_die(s, p, d, o, events)


def _pina(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    s.own(p).safe = 1


def _up_to_11(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    counted = min(len(s._seats[p].zones[ACTIVE]), cards.UP_TO_11_MAX_DICE)
    effects.gain(s, p, move=counted // cards.UP_TO_11_DICE_PER_MOVE)


def _punk_run(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    s.own(p).tasks.insert(0, (Task.PUNK_FRUIT, -1, 0, 0, 0))


def _bob_options(s: CubitosState, p: int, d: int) -> Options:
    seat, b = s._seats[p], s.board
    return [(b.labels[n],) for n in b.near(seat.node, 2) if b.rewards[n]]


def _bob(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.reward(s, p, s.board.node(o[0]), events)


def _bahama_llama(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, money=3)
    s.own(p).wmove = s._seats[p].wmove + 1


def _llama_rama(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, money=3)
    if is_power(s, p, d):
        effects.fan(s, p, False, events)


def _shaman(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, money=2)
    if s._trays.get("red"):
        effects.take_free(s, p, "red", events)


def _chilly(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    for _ in range(2):
        effects.roll(s, p, list(s._seats[p].zones[ROLL]), "Chilly McChillster", events)


def _dino_gain(base: int, first: str, first_bonus: int, second: str, second_bonus: int, s: CubitosState, p: int,
              d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, move=base + first_bonus * has(s, p, first) + second_bonus * has(s, p, second))


def _dino_combo(base: int, first: str, first_bonus: int, second: str, second_bonus: int) -> functools.partial[None]:
    return functools.partial(_dino_gain, base, first, first_bonus, second, second_bonus)


def _wikiwiki(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    groups = {"gray" if s.colour(x) in GRAYS else s.colour(x) for x in s._seats[p].zones[ACTIVE]}
    effects.gain(s, p, move=cards.WIKIWIKI_MOVE_PER_COLOUR * len(groups))


def _shimmy(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    effects.gain(s, p, move=sum(s.colour(x) in (*GRAYS, "white") for x in s._seats[p].zones[ACTIVE]))


def lines_left(s: CubitosState, p: int) -> int:
    """Red lines from ``p``'s runner to the end of this lap or track (Pronto Bronto, RB:966)."""
    node = s._seats[p].node
    return s.board.track_end_line[node] - s.board.line[node]


def _pronto(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    if not s.tiebreak:
        effects.gain(s, p, move=lines_left(s, p) // 2)


def _broken_cow_options(s: CubitosState, p: int, d: int) -> Options:
    return tray_faces(s) if _other_cat(s, p, d) >= 0 else []


def _cat_tastrophy_options(s: CubitosState, p: int, d: int) -> Options:
    return [(c,) for c in effects.gainable(s, s._seats[p].fans)]


def _fat_cat_options(s: CubitosState, p: int, d: int) -> Options:
    return [(c,) for c in GRAYS if s._trays[c]] or [()]


def _has_brown_or_green(s: CubitosState, p: int, d: int) -> bool:
    return has(s, p, "brown") or has(s, p, "green")


def _roll_zone_options(s: CubitosState, p: int, d: int) -> Options:
    return [(k,) for k in s.kinds(p, ROLL)]


def _lose_other_options(s: CubitosState, p: int, d: int) -> Options:
    return [(k,) for k in lose_other(s, p, d)]


def _money_or_credits(s: CubitosState, p: int, d: int) -> Options:
    return [(Choice.MONEY,), (Choice.CREDITS,)]


def _not_safe(s: CubitosState, p: int, d: int) -> bool:
    return not s._seats[p].safe


def _punk_fruit_cells(s: CubitosState, p: int, d: int) -> bool:
    return bool(pick_cells(s, p, "Punk Fruit"))


def _undercover_fish(s: CubitosState, p: int, d: int, o: tuple[str, ...], events: list[Event]) -> None:
    s.own(p).wmove = s._seats[p].wmove + 2


def _roll_zone_not_empty(s: CubitosState, p: int, d: int) -> bool:
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
    "Batter Beaver": Spec((Window.BUY,), _batter_options, _batter),
    "Mr. Bats": Spec(LATE, _money_or_credits, _bats),
    "The Babe": Spec(RUN, once, _babe),
    "The Big Cheese": Spec(RUN, once, _big_cheese),
    "Ledercheesen": Spec(RUN, when(is_power), _leder_run),
    "Stinky Cheese": Spec(RUN, once, _stinky),
    "Bad Cheese": Spec(RUN, once, _bad_cheese),
    "The Cheese Stands Alone": Spec(RUN, once, gains(move=3)),
    "Cheese Boy": Spec(RUN, _cheese_boy_options, _cheese_boy),
    "Piña Cubelada": Spec((Window.ROLL,), when(_not_safe), _pina),
    "Up to 11": Spec(RUN, when(is_power), _up_to_11),
    "Punk Fruit": Spec(RUN, when(_punk_fruit_cells), _punk_run),
    "Bob": Spec((Window.BUY,), _bob_options, _bob),
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
