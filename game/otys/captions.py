"""Captions for demo mode and hints: who does what, naming the piece it concerns.

Split in two so the screen words the same facts in its own language: :func:`facts` says which
sentence an action is and with which facts (indexes and counts, no words); :data:`ENGLISH` and
:data:`NAMES` word them for the command line and the game contract.

A caption never names a hidden card: a kept contract is told by its place among the cards drawn,
so two choices never read the same.
"""
from __future__ import annotations

from typing import Any, Callable

from game.core import Action
from game.otys import actions as A
from game.otys.actions import payment_name, position_name, token_name
from game.otys.components import reward_name
from game.otys.contracts import CARDS
from game.otys.data import COLOURS, DIVERS, MECHANIC_REACH, REWARDS, SPONSOR_TEXT, TECH
from game.otys.state import OtysState, Pending

Facts = tuple[str, dict[str, Any]]

# The sentences, after "Seat N"; a fact's name says how it is worded (see NAMES).
ENGLISH = {
    "key": " plays key {level} on the {diver}",
    "xkey_neutral": " spends a neutral X key on level {level}; the sponsors rotate",
    "xkey_own": " spends its own X key on level {level}; the sponsors rotate",
    "propel": " spends a battery: the {diver} swims {src} -> {to}",
    "complete": " completes contract {card} ({need}) on level {level} with {use} for {prestige} prestige",
    "sponsor": " uses sponsor #{sponsor}: {effect}",
    "sponsor_key": " uses sponsor #{sponsor}: {effect} (key {token})",
    "sponsor_upgrade": " uses sponsor #{sponsor}: {effect} (the {diver})",
    "sponsor_move": " uses sponsor #{sponsor}: {effect} ({colour}, level {src_level} -> {dst_level})",
    "sponsor_reward": " uses sponsor #{sponsor}: {effect} (the {reward} token)",
    "resurface": "'s {diver} resurfaces",
    "oxygen": " spends a battery: its {diver} stays down",
    "skip_front": " skips the reward token's front",
    "skip_copy": " skips the copied {diver}",
    "activate": " activates the {diver}",
    "done_with": " is done with the {diver}",
    "sell_credits": " sells {colour} to store row {row} for credits",
    "sell_prestige": " sells {colour} to store row {row} for prestige",
    "buy": " buys {colour} from store row {row} onto level {level}",
    "gather": "'s {diver} finds {colour}",
    "gather_key": "'s {diver} finds {colour} and returns key {token}",
    "gather_bonus": "'s {diver} finds {colour} and takes the upgraded bonus",
    "key_only": "'s {diver} returns key {token}",
    "bonus_only": "'s {diver} takes the upgraded bonus",
    "explore": " explores for the {reward} reward token",
    "copy": "'s spy uses the {diver} of seat {seat}",
    "draw": " draws 4 contracts to keep 1",
    "keep": " keeps drawn contract {index} of {drawn}",
    "improve_hacker": " improves the hacker: keys come back after {free} instead of {was}",
    "improve_mechanic": " improves the mechanic: propellers reach {reach}",
    "front_resource": " takes a {colour} from the token",
    "front_upgrade": " upgrades the {diver} for free",
    "front_battery": " gains a battery",
    "front_prestige": " gains 1 prestige",
    "front_draw": " draws 4 contracts to keep 1",
    "other": ": {action}",
}

# How a fact is worded in English; facts not named here are numbers, printed as they are.
NAMES: dict[str, Callable[[Any], str]] = {
    "diver": lambda d: DIVERS[d], "colour": lambda c: COLOURS[c], "src": position_name, "to": position_name,
    "token": token_name, "reward": reward_name, "effect": lambda e: SPONSOR_TEXT[e[0]][e[1]],
    "card": lambda c: str(c + 1), "need": lambda c: CARDS[c].text, "use": payment_name, "seat": str,
    "action": str,
}


def describe(state: OtysState, action: Action) -> str:
    kind, args = facts(state, action)
    return f"Seat {state.current_player}" + ENGLISH[kind].format(**worded(args, NAMES))


def worded(args: dict[str, Any], names: dict[str, Callable[[Any], str]]) -> dict[str, Any]:
    """``args`` with every fact that ``names`` knows put in words."""
    return {k: names[k](v) if k in names else v for k, v in args.items()}


def facts(s: OtysState, action: Action) -> Facts:
    """Which sentence ``action`` of the seat to move is, and its facts."""
    p = s.players[s.turn]
    level = s.key_level
    top = s.pending[-1] if s.pending else None
    if isinstance(action, A.Key):
        return "key", {"level": action.level, "diver": p.diver_at(action.level)}
    if isinstance(action, A.XKey):
        return ("xkey_neutral" if action.neutral else "xkey_own"), {"level": action.level}
    if isinstance(action, A.Propel):
        return "propel", {"diver": action.diver, "src": p.position_of(action.diver), "to": action.to}
    if isinstance(action, A.Complete):
        return "complete", {"card": action.card, "need": action.card, "level": action.level, "use": action.use,
                            "prestige": CARDS[action.card].prestige}
    if top is None and s.stage == "step1" and action != A.DONE:
        sponsor = s.table.sponsors[level - 1]
        kind, args = _sponsor_detail(s, action)
        return kind, {"sponsor": sponsor + 1, "effect": (sponsor, s.table.sides[sponsor]), **args}
    if action in (A.RESURFACE, A.OXYGEN):
        diver = int(top[2]) if top else s.active
        return ("resurface" if action == A.RESURFACE else "oxygen"), {"diver": diver}
    if action == A.DONE:
        if top is not None:
            return ("skip_front", {}) if top[0] == "front" else ("skip_copy", {"diver": int(top[2])})
        if s.stage == "step1":
            return "activate", {"diver": p.diver_at(level)}
        return "done_with", {"diver": s.active}
    return _effect(s, action, level, top)


def _sponsor_detail(s: OtysState, action: Action) -> Facts:
    if isinstance(action, A.ReturnKey):
        return "sponsor_key", {"token": action.token}
    if isinstance(action, A.Upgrade):
        return "sponsor_upgrade", {"diver": action.diver}
    if isinstance(action, A.MoveResource):
        return "sponsor_move", {"colour": action.colour, "src_level": action.src, "dst_level": action.dst}
    if isinstance(action, A.TakeReward):
        return "sponsor_reward", {"reward": s.table.display[s.key_level - 1][action.slot]}
    return "sponsor", {}


def _effect(s: OtysState, action: Action, level: int, top: Pending | None) -> Facts:
    if isinstance(action, A.Sell):
        return ("sell_prestige" if action.prestige else "sell_credits"), {
            "colour": action.colour, "row": s.table.sale_row(action.colour) + 1}
    if isinstance(action, A.Buy):
        return "buy", {"colour": action.colour, "row": action.row + 1, "level": level}
    if isinstance(action, A.Gather):
        diver = int(top[2]) if top else s.active  # a copied expert or the own
        args = {"diver": diver, "colour": diver, "token": action.bonus}
        if not action.bonus:
            return "gather", args
        kind = "key" if diver == TECH else "bonus"
        return (f"gather_{kind}" if action.resource else f"{kind}_only"), args
    if isinstance(action, A.TakeReward):
        return "explore", {"reward": s.table.display[level - 1][action.slot]}
    if isinstance(action, A.Copy):
        return "copy", {"diver": s.players[action.seat].diver_at(level), "seat": action.seat}
    if isinstance(action, A.Draw):
        return "draw", {}
    if isinstance(action, A.Keep) and top is not None:
        drawn = top[2:]
        return "keep", {"index": drawn.index(action.card) + 1, "drawn": len(drawn)}  # the card stays unnamed
    if isinstance(action, A.Improve):
        p = s.players[s.turn]
        if action.track:
            return "improve_hacker", {"free": p.free_spaces, "was": p.free_spaces + 1}
        return "improve_mechanic", {"reach": MECHANIC_REACH[p.mechanic + 1]}
    if isinstance(action, A.Front) and top is not None:
        front = REWARDS[int(top[1])][0]
        if front == "resource":
            return "front_resource", {"colour": action.choice}
        if front == "upgrade":
            return "front_upgrade", {"diver": action.choice}
        return f"front_{front}", {}
    return "other", {"action": action}
