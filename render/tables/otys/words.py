"""Otys pieces and rules lines in words: tooltips, the log, button labels. A private contract is
named only to the seat whose eyes are on the screen."""
from __future__ import annotations

import re
from typing import Any

from game.otys import actions as A
from game.otys.components import reward_name
from game.otys.contracts import CARDS
from game.otys.data import BUY_COST, COLOURS, DIVERS, MECHANIC_REACH, SELL_CREDITS, SELL_PRESTIGE, SPONSOR_TEXT
from game.otys.state import OtysState
from render.ui import theme

SEAT_IN_TEXT = re.compile(r"\b[Ss]eat ([0-3])\b")
COUNTER_WORDS = ("credits", "batteries", "Prestige")


def plain_text(text: str) -> str:
    """A rules line with seat names for "seat N"."""
    return SEAT_IN_TEXT.sub(lambda m: theme.player_name(int(m.group(1))), text)


def card_words(card: int) -> str:
    c = CARDS[card]
    if c.kind == "specific":
        need = ", ".join(f"{n} {COLOURS[i]}" for i, n in enumerate(c.uses[0]) if n)
    else:
        need = " + ".join(c.text.split()[0].split("-")) + " of different resources"
    bonus = "".join(f" · +{n} {w}" for n, w in ((c.credits, "credit"), (c.batteries, "battery")) if n)
    return f"contract #{card + 1}: needs {need} on one level · {c.prestige} Prestige{bonus}"


def describe(s: OtysState, target: Any, eyes: int | None) -> str:
    """A piece under the pointer, as the seat ``eyes`` may read it (None: everyone, -1: nobody)."""
    kind = target[0]
    t = s.table
    if kind == "card":
        return _card_words(s, target[1], eyes)
    if kind == "sponsor":
        sp = t.sponsors[target[1] - 1]
        side = t.sides[sp]
        return f"sponsor #{sp + 1} ({('basic', 'advanced')[side]}) on level {target[1]}: {SPONSOR_TEXT[sp][side]}"
    if kind == "reward":
        return f"reward token on Colony level {target[1]}: {reward_name(t.display[target[1] - 1][target[2]])}"
    if kind == "store":
        c, row = target[1], target[2]
        held = "holds" if t.store[c][row] else "empty space for"
        sell = f"sells for {SELL_CREDITS[row]} credits" + (f" or {SELL_PRESTIGE[row]} Prestige"
                                                            if SELL_PRESTIGE[row] else "")
        return f"Store row {row + 1}: {held} {COLOURS[c]} · {sell} · buy for {BUY_COST[row]} credits"
    if kind == "deck":
        return f"contract deck: {len(t.deck)} cards, {len(t.contract_discard)} discarded"
    if kind == "pile":
        return f"neutral X keys: {t.neutral_pile} left"
    if kind == "first":
        return f"first player: {theme.player_name(s.first)}"
    seat = target[1]
    name = theme.player_name(seat)
    p = s.players[seat]
    if kind == "diver":
        d = target[2]
        return (f"{name}'s {DIVERS[d]} ({'upgraded' if p.upgraded[d] else 'basic'} side) at "
                f"{A.position_name(p.position_of(d))}")
    if kind == "key":
        token = target[2]
        if token == 0:
            return f"{name}'s neutral X keys: {p.neutral_x}"
        where = "on the Hacker track" if token in p.track else "on its board"
        return f"{name}'s key {A.token_name(token)} {where}"
    if kind in ("level", "res"):
        have = p.res[target[2] - 1]
        inside = ", ".join(f"{n} {COLOURS[c]}" for c, n in enumerate(have) if n) or "no resources"
        return f"{name}'s level {target[2]}: {inside} · the {DIVERS[p.diver_at(target[2])]} works here"
    if kind == "pos":
        return f"{name}'s position {A.position_name(target[2])}: the {DIVERS[p.divers[target[2]]]}"
    if kind == "preward":
        return f"{name}'s reward token on level {target[2]}: {reward_name(p.rewards[target[2] - 1])}"
    if kind == "counter":
        return f"{name}: {(p.credits, p.batteries, p.prestige)[target[2]]} {COUNTER_WORDS[target[2]]}"
    if kind == "track":
        if target[2]:
            return f"{name}'s Hacker track: keys come back after {p.free_spaces} · {len(p.track)} on it"
        return f"{name}'s Mechanic: propellers reach {MECHANIC_REACH[p.mechanic]}"
    return ""


def _card_words(s: OtysState, card: int, eyes: int | None) -> str:
    if card in s.table.public:
        return "public " + card_words(card)
    owner = next((i for i, p in enumerate(s.players) if card in p.hand), None)
    if owner is None:
        owner = next((int(top[1]) for top in s.pending if top[0] == "keep" and card in top[2:]), None)
    if owner is None:
        return "a contract no longer on the table"
    if eyes is None or eyes == owner:
        return f"{theme.player_name(owner)}'s " + card_words(card)
    return f"a contract of {theme.player_name(owner)}'s, face down"
