"""Game knowledge for bots: how good an Otys position is for a seat."""
from __future__ import annotations

from game.core import margins
from game.otys.contracts import CARDS, shortfall
from game.otys.data import CAPACITY, LEVELS
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
    p = state._players[seat]
    v = float(p.prestige)
    prospects = [_contract_value(p, c, W_PUBLIC) for c in state._table.public if c >= 0]
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


def evaluate_all(state: OtysState) -> list[float]:
    """Every seat's ``evaluate`` at once: each seat's value is worked out once, not once per seat."""
    if state.is_over:
        return [evaluate(state, seat) for seat in range(state.num_players)]
    return margins([value(state, i) for i in range(state.num_players)])
