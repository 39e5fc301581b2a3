"""Otys pieces in words from the catalogue of the current language: names of divers, resources,
keys, sponsors, reward tokens and contracts, and the tooltip of any piece. A private contract is
named only to the seat whose eyes are on the screen."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from game.core import Event
from game.otys.actions import position_name
from game.otys.contracts import CARDS
from game.otys.data import BUY_COST, MECHANIC_REACH, NEUTRAL_X, OWN_X, REWARDS, SELL_CREDITS, SELL_PRESTIGE
from game.otys.state import OtysState
from render.i18n import t, tn
from render.ui import theme


def diver(d: int) -> str:
    return t(f"otys.diver.{d}")


def colour(c: int) -> str:
    return t(f"otys.colour.{c}")


def token(tk: int) -> str:
    """A key token: its number, X (own) or the neutral X."""
    if tk == OWN_X:
        return t("otys.token.own")
    return t("otys.token.neutral") if tk == NEUTRAL_X else str(tk)


def reward(tk: int) -> str:
    """A reward token: its front and the colour of its back."""
    front, pair, back = REWARDS[tk]
    words = t("otys.front.resource", a=colour(pair[0]), b=colour(pair[1])) if front == "resource" \
        else t(f"otys.front.{front}")
    return t("otys.reward", front=words, back=t(f"otys.back.{back}"))


def effect(sponsor_side: tuple[int, int]) -> str:
    return t(f"otys.sponsor.{sponsor_side[0]}.{sponsor_side[1]}")


def resources(counts: list[int] | tuple[int, ...]) -> str:
    """'1 plant + 2 fuel' from counts per colour."""
    return t("otys.plus").join(t("otys.count", n=n, what=colour(c)) for c, n in enumerate(counts) if n)


# How a caption's fact (game.otys.captions.facts) is worded on the screen.
NAMES: dict[str, Callable[[Any], str]] = {
    "diver": diver, "colour": colour, "src": position_name, "to": position_name, "token": token, "reward": reward,
    "effect": effect, "card": lambda c: str(c + 1), "use": resources, "seat": theme.player_name, "action": str,
}


NEED_PARTS = ("first", "second", "third", "fourth")


def free_need(counts: str) -> str:
    """A contract's need of any different resources in a player's words: "3-2" is "3 of one resource
    and 2 of another", "1-1-1" "3 different resources, one of each"."""
    ns = [int(n) for n in counts.split("-")]
    if all(n == 1 for n in ns):
        return t("otys.need.each", n=len(ns))
    parts = [t(f"otys.need.{NEED_PARTS[i]}", n=n) for i, n in enumerate(ns)]
    return t("otys.need.join").join(parts[:-1]) + t("otys.need.last") + parts[-1]


def card_words(card: int) -> str:
    c = CARDS[card]
    need = resources(c.uses[0]) if c.kind == "specific" else free_need(c.text.split()[0])
    bonus = t("otys.tip.bonus_credit") * c.credits + t("otys.tip.bonus_battery") * c.batteries
    return t("otys.tip.card", card=card + 1, need=need, prestige=c.prestige, bonus=bonus)


def describe(s: OtysState, target: Any, eyes: int | None) -> str:
    """A piece under the pointer, as the seat ``eyes`` may read it (None: everyone, -1: nobody)."""
    kind = target[0]
    tb = s.table
    if kind == "card":
        return _card(s, target[1], eyes)
    if kind == "sponsor":
        sp = tb.sponsors[target[1] - 1]
        side = tb.sides[sp]
        return t("otys.tip.sponsor", sponsor=sp + 1, side=t(f"otys.side.{side}"), level=target[1],
                 effect=effect((sp, side)))
    if kind == "reward":
        return t("otys.tip.reward", level=target[1], reward=reward(tb.display[target[1] - 1][target[2]]))
    if kind == "store":
        return _store(s, target[1], target[2])
    if kind == "deck":
        return t("otys.tip.deck", n=len(tb.deck), gone=len(tb.contract_discard))
    if kind == "pile":
        return t("otys.tip.pile", n=tb.neutral_pile)
    if kind == "first":
        return t("otys.tip.first", who=theme.player_name(s.first))
    return _own(s, target)


def _store(s: OtysState, c: int, row: int) -> str:
    held = "holds" if s.table.store[c][row] else "empty"
    sell = t("otys.tip.store_sell_or", credits=SELL_CREDITS[row], prestige=SELL_PRESTIGE[row]) \
        if SELL_PRESTIGE[row] else t("otys.tip.store_sell", credits=SELL_CREDITS[row])
    return t("otys.tip.sep").join((t(f"otys.tip.store_{held}", row=row + 1, colour=colour(c)), sell,
                                   t("otys.tip.store_buy", cost=BUY_COST[row])))


def _own(s: OtysState, target: Any) -> str:
    """A piece of a seat's board."""
    kind, seat = target[0], target[1]
    who = theme.player_name(seat)
    p = s.players[seat]
    if kind == "diver":
        d = target[2]
        side = t("otys.tip.upgraded" if p.upgraded[d] else "otys.tip.basic")
        return t("otys.tip.diver", who=who, diver=diver(d), side=side, pos=position_name(p.position_of(d)))
    if kind == "key":
        tk = target[2]
        if tk == NEUTRAL_X:
            return t("otys.tip.neutral_keys", who=who, n=p.neutral_x)
        return t("otys.tip.key_track" if tk in p.track else "otys.tip.key_board", who=who, token=token(tk))
    if kind == "res":
        level, c = target[2], target[3]
        return t("otys.tip.res", who=who, colour=colour(c), level=level, n=p.res[level - 1][c],
                 diver=diver(p.diver_at(level)))
    if kind == "level":
        inside = resources(p.res[target[2] - 1]) or t("otys.tip.empty")
        return t("otys.tip.level", who=who, level=target[2], inside=inside, diver=diver(p.diver_at(target[2])))
    if kind == "pos":
        return t("otys.tip.pos", who=who, pos=position_name(target[2]), diver=diver(p.divers[target[2]]))
    if kind == "preward":
        return t("otys.tip.preward", who=who, level=target[2], reward=reward(p.rewards[target[2] - 1]))
    if kind == "counter":
        return t(f"otys.tip.counter.{target[2]}", who=who, n=(p.credits, p.batteries, p.prestige)[target[2]])
    if kind == "track":
        if target[2]:
            return t("otys.tip.hacker", who=who, free=p.free_spaces, n=len(p.track))
        return t("otys.tip.mechanic", who=who, reach=MECHANIC_REACH[p.mechanic])
    return ""


def holder(s: OtysState, card: int) -> int | None:
    """The seat whose private contract ``card`` is: in its hand, or drawn for it to choose from."""
    owner = next((i for i, p in enumerate(s.players) if card in p.hand), None)
    if owner is None:
        owner = next((int(top[1]) for top in s.pending if top[0] == "keep" and card in top[2:]), None)
    return owner


def _card(s: OtysState, card: int, eyes: int | None) -> str:
    if card in s.table.public:
        return t("otys.tip.public", card=card_words(card))
    owner = holder(s, card)
    if owner is None:
        return t("otys.tip.gone")
    if eyes is None or eyes == owner:
        return t("otys.tip.owned", who=theme.player_name(owner), card=card_words(card))
    return t("otys.tip.hidden", who=theme.player_name(owner))


def signed(key: str, n: int, **args: Any) -> str:
    """A gain or a loss: '+2 credits', '−1 battery'."""
    return tn(key, abs(n), sign="+" if n > 0 else "−", **args)



SOURCES = ("contracts", "keys", "sponsors", "store")  # where prestige comes from, in the table's order
_SOURCE_OF = {("contract", "prestige"): "contracts", ("contract", "reward_prestige"): "keys",
              ("front", "prestige"): "keys", ("sponsor", "prestige"): "sponsors", ("sell", "prestige"): "store"}


def prestige_sources(log: Sequence[Event], players: int) -> list[dict[str, int]]:
    """Per seat, the prestige each source gave over the game, summed from the events that paid it."""
    out = [dict.fromkeys(SOURCES, 0) for _ in range(players)]
    for e in log:
        for field, n in e.data.items():
            source = _SOURCE_OF.get((e.kind, field))
            if source:
                out[e.data["seat"]][source] += n
    return out
