"""Captions for demo mode and hints: who does what, naming the piece it concerns.

A caption never names a hidden card: a kept contract is told by its place among the cards drawn,
so two choices never read the same.
"""
from __future__ import annotations

from game.core import Action
from game.otys import actions as A
from game.otys.actions import payment_name, position_name, token_name
from game.otys.components import reward_name
from game.otys.contracts import CARDS
from game.otys.data import COLOURS, DIVERS, MECHANIC_REACH, REWARDS, SPONSOR_TEXT, TECH
from game.otys.state import OtysState


def describe(state: OtysState, action: Action) -> str:
    return f"Seat {state.current_player}{_what(state, action)}"


def _what(s: OtysState, action: Action) -> str:
    p = s.players[s.turn]
    level = s.key_level
    top = s.pending[-1] if s.pending else None
    if isinstance(action, A.Key):
        return f" plays key {action.level} on the {DIVERS[p.diver_at(action.level)]}"
    if isinstance(action, A.XKey):
        return f" spends {'a neutral' if action.neutral else 'its own'} X key on level {action.level}; the sponsors rotate"
    if isinstance(action, A.Propel):
        src = position_name(p.position_of(action.diver))
        return f" spends a battery: the {DIVERS[action.diver]} swims {src} -> {position_name(action.to)}"
    if isinstance(action, A.Complete):
        c = CARDS[action.card]
        return (f" completes contract {action.card + 1} ({c.text}) on level {action.level} with "
                f"{payment_name(action.use)} for {c.prestige} prestige")
    if top is None and s.stage == "step1" and action != A.DONE:
        sponsor = s.table.sponsors[level - 1]
        return f" uses sponsor #{sponsor + 1}: {SPONSOR_TEXT[sponsor][s.table.sides[sponsor]]}{_sponsor_detail(s, action)}"
    if action in (A.RESURFACE, A.OXYGEN):
        diver = DIVERS[int(top[2]) if top else s.active]
        return f"'s {diver} resurfaces" if action == A.RESURFACE else f" spends a battery: its {diver} stays down"
    if action == A.DONE:
        if top is not None:
            return " skips the reward token's front" if top[0] == "front" else f" skips the copied {DIVERS[top[2]]}"
        return f" activates the {DIVERS[p.diver_at(level)]}" if s.stage == "step1" else f" is done with the {DIVERS[s.active]}"
    return _effect(s, action, level, top)


def _sponsor_detail(s: OtysState, action: Action) -> str:
    if isinstance(action, A.ReturnKey):
        return f" (key {token_name(action.token)})"
    if isinstance(action, A.Upgrade):
        return f" (the {DIVERS[action.diver]})"
    if isinstance(action, A.MoveResource):
        return f" ({COLOURS[action.colour]}, level {action.src} -> {action.dst})"
    if isinstance(action, A.TakeReward):
        return f" (the {reward_name(s.table.display[s.key_level - 1][action.slot])} token)"
    return ""


def _effect(s: OtysState, action: Action, level: int, top: list | None) -> str:
    if isinstance(action, A.Sell):
        gain = "prestige" if action.prestige else "credits"
        return f" sells {COLOURS[action.colour]} to store row {s.table.sale_row(action.colour) + 1} for {gain}"
    if isinstance(action, A.Buy):
        return f" buys {COLOURS[action.colour]} from store row {action.row + 1} onto level {level}"
    if isinstance(action, A.Gather):
        diver = int(top[2]) if top else s.active  # a copied expert or the own
        parts = [f"finds {COLOURS[diver]}"] if action.resource else []
        if action.bonus:
            parts.append(f"returns key {token_name(action.bonus)}" if diver == TECH else "takes the upgraded bonus")
        return f"'s {DIVERS[diver]} " + " and ".join(parts)
    if isinstance(action, A.TakeReward):
        return f" explores for the {reward_name(s.table.display[level - 1][action.slot])} reward token"
    if isinstance(action, A.Copy):
        return f"'s spy uses the {DIVERS[s.players[action.seat].diver_at(level)]} of seat {action.seat}"
    if isinstance(action, A.Draw):
        return " draws 4 contracts to keep 1"
    if isinstance(action, A.Keep) and top is not None:
        drawn = top[2:]
        return f" keeps drawn contract {drawn.index(action.card) + 1} of {len(drawn)}"  # the card stays unnamed
    if isinstance(action, A.Improve):
        p = s.players[s.turn]
        if action.track:
            return f" improves the hacker: keys come back after {p.free_spaces} instead of {p.free_spaces + 1}"
        return f" improves the mechanic: propellers reach {MECHANIC_REACH[p.mechanic + 1]}"
    if isinstance(action, A.Front) and top is not None:
        front = REWARDS[int(top[1])][0]
        if front == "resource":
            return f" takes a {COLOURS[action.choice]} from the token"
        if front == "upgrade":
            return f" upgrades the {DIVERS[action.choice]} for free"
        return {"battery": " gains a battery", "prestige": " gains 1 prestige", "draw": " draws 4 contracts to keep 1"}[
            front]
    return f": {action}"
