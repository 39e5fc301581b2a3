"""Game knowledge for bots: how good an Otys position is for a seat."""
from __future__ import annotations

from typing import Sequence

from game.core import margins
from game.otys.contracts import CARDS, shortfall, shortfalls
from game.otys.data import CAPACITY, LEVELS
from game.otys.player import Player
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


# A contract's promise by its shortfall on a level and whether that level holds a reward token:
# (prestige + bonus) x closeness squared, closeness being the share of its resources in place.
_NEAR = tuple(tuple(((c.prestige + 0.0) * close * close, (c.prestige + 1.0) * close * close)
                    for close in [1.0 - missing / c.size for missing in range(c.size + 1)]) for c in CARDS)
_ROOM = tuple(tuple(i for i in range(LEVELS) if CAPACITY[i] >= c.size) for c in CARDS)  # levels that fit it


class Prospects:
    """What of a seat's value depends only on its board's resources and reward tokens, kept on
    the board (``Player.prospects``) with copies of them, and by those contents (``_BOARDS``): a
    search judges many positions whose boards differ from their parent's in a few seats or none,
    and meets the same boards again and again in other sampled worlds."""

    __slots__ = ("res", "rewards", "shortfalls", "tokens", "promise", "outlook", "resources", "reward_tokens")

    def __init__(self, p: Player) -> None:
        self.res, self.rewards = [have[:] for have in p.res], p.rewards[:]
        self.shortfalls = [shortfalls(have) for have in p.res]
        self.tokens = [token >= 0 for token in p.rewards]
        self.promise: dict[int, float] = {}  # by card, before its weight
        self.outlook: dict[tuple[int | None, ...], float] = {}  # by (*public contracts, None, *hand): the best prospects' sum
        self.resources = W_RESOURCE * p.resources()
        self.reward_tokens = W_REWARD * sum(self.tokens)

    def contract(self, card: int) -> float:
        """How near ``card`` is to completion on the board's best level for it, before its weight."""
        best = self.promise.get(card)
        if best is None:
            near, best = _NEAR[card], 0.0
            for level in _ROOM[card]:
                missing = self.shortfalls[level][card]
                if missing < 0:
                    missing = shortfall(card, self.res[level])
                v = near[missing][self.tokens[level]]
                if v > best:
                    best = v
            self.promise[card] = best
        return best


BoardKey = tuple[tuple[int, ...] | int, ...]  # a board's resources per level, then its reward tokens
_BOARDS: dict[BoardKey, Prospects] = {}
_BOARDS_KEPT = 20_000  # a few searches' worth; then they start again


def _board(p: Player) -> Prospects:
    board = p.prospects
    if board is None or board.res != p.res or board.rewards != p.rewards:
        key: BoardKey = (*map(tuple, p.res), *p.rewards)
        board = _BOARDS.get(key)
        if board is None:
            if len(_BOARDS) >= _BOARDS_KEPT:
                _BOARDS.clear()
            board = _BOARDS[key] = Prospects(p)
        p.prospects = board
    return board


def value(state: OtysState, seat: int, hand: Sequence[int] | None = None) -> float:
    """Prestige plus what the seat's board promises: contracts in reach, resources, purse, keys;
    with ``hand`` given, as if the seat held those contracts (an empty one: as a seat that cannot
    see its hand judges it)."""
    p = state._players[seat]
    board = _board(p)
    public = state._table.public
    held = p.hand if hand is None else hand
    key = (*public, None, *held)
    outlook = board.outlook.get(key)
    if outlook is None:
        prospects = [board.contract(c) * W_PUBLIC for c in public if c >= 0]
        prospects += [board.contract(c) * W_HAND for c in held]
        prospects.sort(reverse=True)
        outlook = board.outlook[key] = sum(prospects[:CONTRACTS_COUNTED])
    v = float(p.prestige)
    v += outlook
    v += board.resources
    v += W_CREDIT * min(p.credits, 8) + W_BATTERY * min(p.batteries, 4) + W_NEUTRAL_X * p.neutral_x
    v += W_UPGRADE * sum(p.upgraded) + board.reward_tokens
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
