"""Game knowledge for bots and captions: how good a position is, and what an action means."""
from __future__ import annotations

from game.core import Action
from game.otys import actions as A
from game.otys.actions import position_name, token_name
from game.otys.components import reward_name
from game.otys.contracts import CARDS, shortfall
from game.otys.data import CAPACITY, COLOURS, DIVERS, LEVELS, SPONSOR_TEXT, TECH
from game.otys.state import OtysState

# What a thing on the board is worth in prestige still to come (tuned by playing greedy bots).
W_RESOURCE = 0.2
W_CREDIT = 0.3
W_BATTERY = 0.3
W_NEUTRAL_X = 0.3
W_UPGRADE = 0.5
W_REWARD = 0.8
W_TECHNICIAN = 0.3
W_PUBLIC = 0.5  # a public contract may be taken first by someone else
W_HAND = 0.8
CONTRACTS_COUNTED = 3
WIN = 1000.0


def _contract_value(p, card: int, weight: float) -> float:
    c = CARDS[card]
    best = 0.0
    for level in range(1, LEVELS + 1):
        if CAPACITY[level - 1] < c.size:
            continue
        missing = shortfall(card, p.res[level - 1])
        closeness = 1.0 - missing / c.size
        bonus = 1.0 if p.rewards[level - 1] >= 0 else 0.0
        best = max(best, (c.prestige + bonus) * closeness * closeness)
    return best * weight


def value(state: OtysState, seat: int) -> float:
    """Prestige plus what the seat's board promises: contracts in reach, resources, purse, keys."""
    p = state.players[seat]
    v = float(p.prestige)
    prospects = [_contract_value(p, c, W_PUBLIC) for c in state.table.public if c >= 0]
    prospects += [_contract_value(p, c, W_HAND) for c in p.hand]
    prospects.sort(reverse=True)
    v += sum(prospects[:CONTRACTS_COUNTED])
    v += W_RESOURCE * p.resources()
    v += W_CREDIT * min(p.credits, 8) + W_BATTERY * min(p.batteries, 4) + W_NEUTRAL_X * p.neutral_x
    v += W_UPGRADE * sum(p.upgraded) + W_REWARD * sum(r >= 0 for r in p.rewards)
    v += W_TECHNICIAN * (p.mechanic + p.hacker)
    return v


def evaluate(state: OtysState, seat: int) -> float:
    """The seat's value minus the best other seat's; a finished game counts as won or lost."""
    if state.is_over:
        winners = state.winners()
        if seat in winners:
            return WIN / len(winners)
        return -WIN
    values = [value(state, i) for i in range(state.num_players)]
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)


def describe(state: OtysState, action: Action) -> str:
    """A caption: who does what, with the piece it concerns."""
    seat = state.current_player
    p = state.players[state.turn]
    who = f"Seat {seat}"
    level = state.key_level
    if isinstance(action, A.Key):
        return f"{who} plays key {action.level} on the {DIVERS[p.diver_at(action.level)]}"
    if isinstance(action, A.XKey):
        return f"{who} spends {'a neutral' if action.neutral else 'its own'} X key on level {action.level}"
    if isinstance(action, A.Propel):
        src = p.position_of(action.diver)
        return f"{who} spends a battery: the {DIVERS[action.diver]} swims {position_name(src)} -> " \
               f"{position_name(action.to)}"
    if isinstance(action, A.Complete):
        c = CARDS[action.card]
        return f"{who} completes contract {action.card + 1} ({c.text}) on level {action.level} for {c.prestige} prestige"
    if level and not state.pending and state.stage == "step1" and not isinstance(action, (A.Done,)):
        sponsor = state.table.sponsors[level - 1]
        side = state.table.sides[sponsor]
        extra = ""
        if isinstance(action, (A.Upgrade, A.ReturnKey, A.MoveResource, A.TakeReward)):
            extra = f": {action}"
        return f"{who} uses sponsor #{sponsor + 1}, {SPONSOR_TEXT[sponsor][side]}{extra}"
    if isinstance(action, A.Sell):
        row = state.table.store[action.colour]
        gain = "prestige" if action.prestige else "credits"
        return f"{who} sells {COLOURS[action.colour]} to store row {row + 1} for {gain}"
    if isinstance(action, A.Buy):
        return f"{who} buys {COLOURS[action.colour]} from the store onto level {level}"
    if isinstance(action, A.Gather):
        diver = int(state.pending[-1][2]) if state.pending else state.active  # a copied expert or the own
        parts = [f"finds {COLOURS[diver]}"] if action.resource else []
        if action.bonus:
            parts.append(f"returns key {token_name(action.bonus)}" if diver == TECH else "takes the upgraded bonus")
        return f"{who}'s {DIVERS[diver]} " + " and ".join(parts)
    if isinstance(action, A.TakeReward):
        return f"{who} takes the {reward_name(state.table.display[level - 1][action.slot])} reward token"
    if isinstance(action, A.Copy):
        return f"{who}'s spy uses the {DIVERS[state.players[action.seat].diver_at(level)]} of seat {action.seat}"
    if isinstance(action, A.Keep):
        return f"{who} keeps a contract"
    if isinstance(action, A.Oxygen):
        return f"{who} spends a battery so the diver stays down"
    return f"{who}: {action}"
