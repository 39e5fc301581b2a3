"""The Cubitos evaluation: where each runner is likely to stand when the race ends.

A seat's projection is its progress, plus what this round still brings (movement held, dice
landed and to be rolled, money it can convert or spend on dice), plus its speed (what the dice it
owns bring in a round, as many as it draws) times the rounds the race still lasts; those rounds
follow from the runner nearest the finish and its speed. The evaluation is one
projection against the best other's, so a die bought is worth much early and nothing in the last
round, and a step is worth the same to everyone.

It only reads, so it reads the state's shared lists (``_seats``, ``_used``, ``_trays``) as the
rules do: the public ones copy a clone's shared parts first, which at every leaf of a search
undid the copy-on-write clone (1,327 -> 1,742 search iterations a CPU second).
"""
from __future__ import annotations

from typing import Any

from game.core import margins
from game.cubitos.dice import FACE_GAIN, miss_chance
from game.cubitos.drawing import BASE_DRAW
from game.cubitos.moving import CONVERT_RATE
from game.cubitos.names import Phase, Stage
from game.cubitos.shop import MAX_BUYS
from game.cubitos.state import CubitosState
from game.cubitos.worth import CREDIT, ability_worth, roll_worth, round_worth
from game.cubitos.zones import ACTIVE, ROLL, USED_RUN

# The members the evaluation compares with for every seat it weighs, bound once (names.py says why).
_ROLL, _TURN = Phase.ROLL, Phase.TURN
_DECIDE, _DONE = Stage.DECIDE, Stage.DONE
_DRAWING, _MOVED = (Stage.DRAW, Stage.DRAWN), (Stage.BUY, Stage.DONE)
WIN = 1000.0
MIN_SPEED = 0.5  # steps a round, so that the rounds left stay finite
# The rounds left are those the runner nearest the finish needs at its speed, halved: dice far in
# the future are worth less than their estimate (greedy against threshold: Race 1, 1.4 won 30%,
# 1.0 63%, 0.5 65%; Race 2, 0.75 23%, 0.5 32.5%; see docs/bots.md).
HORIZON = 0.5


def miss_all(colours: list[str]) -> float:
    """Chance that every die of these colours rolls a blank."""
    chance = 1.0
    for c in colours:
        chance *= miss_chance(c)
    return chance


def bust_chance(state: CubitosState, seat: int, back: tuple[str, ...] = ()) -> float:
    """The exact chance that ``seat`` busts if it pushes now with the dice in its Roll Zone
    (plus the kinds in ``back`` moved back from the Active Zone); saving cards left aside."""
    p = state._seats[seat]
    if p.safe or not (p.risk or len(p.zones[ACTIVE]) >= 3):
        return 0.0
    colours = [state.colour(d) for d in p.zones[ROLL]] + [k.split(":")[0] for k in back]
    return miss_all(colours)


def card_of(state: CubitosState, die: int) -> str:
    return state.setup.card_set.get(state.colour(die), "")


_TABLES: dict[tuple[Any, ...], tuple[list[float], list[tuple[str, int, float]]]] = {}


def tables(state: CubitosState) -> tuple[list[float], list[tuple[str, int, float]]]:
    """Made once per card set: each die's worth in a round it is drawn, by die id (the start
    player die: 0), and the (colour, cost, worth) of every die on sale, cheapest first."""
    setup = state.setup
    key = (tuple(setup.card_set.items()), len(setup.colour))
    found = _TABLES.get(key)
    if found is None:
        table = [round_worth(c, setup.card_set.get(c, "")) for c in setup.colour]
        table[setup.start_die] = 0.0
        offers = sorted((setup.cost(c), c, round_worth(c, setup.card_set[c])) for c in setup.colours())
        found = _TABLES[key] = table, [(c, cost, worth) for cost, c, worth in offers]
    return found


def active_worth(state: CubitosState, seat: int) -> tuple[float, int, int, int]:
    """What the seat's active dice still bring this round: (abilities not yet used, and in the
    Roll Phase the movement, money and credits of faces not yet totalled)."""
    abilities, move, money, credits = 0.0, 0, 0, 0
    rolling = state.phase == _ROLL
    for d in state._seats[seat].zones[ACTIVE]:
        face = state.face_name(d)
        if face in FACE_GAIN:
            if rolling:
                m, v, c = FACE_GAIN[face]
                money, move, credits = money + m, move + v, credits + c
        elif face and not state._used[d] & USED_RUN:
            card = card_of(state, d)
            if card:
                abilities += ability_worth(card, face)
    return abilities, move, money, credits


def push_gain(state: CubitosState, seat: int) -> float:
    """Expected steps the dice in the Roll Zone bring if pushed and not busting."""
    return sum(roll_worth(state.colour(d), card_of(state, d)) for d in state._seats[seat].zones[ROLL])


def pending_loss(state: CubitosState, seat: int) -> float:
    """What a bust would throw away: everything the active dice still bring."""
    abilities, move, money, credits = active_worth(state, seat)
    return abilities + move + money / CONVERT_RATE + CREDIT * credits


def push_option(state: CubitosState, seat: int) -> float:
    """At a push-or-pass decision, what the chance to push again is worth: the expected gain of
    the Roll Zone against the exact risk of losing the active dice, never below passing."""
    p = state._seats[seat]
    if state.phase != _ROLL or p.stage != _DECIDE:
        return 0.0
    chance = bust_chance(state, seat)
    return max(0.0, (1 - chance) * push_gain(state, seat) - chance * pending_loss(state, seat))


class Seat:
    """One seat's figures for the projection."""

    __slots__ = ("progress", "held", "speed", "pool", "size", "draw", "now", "money", "credits", "spend",
                 "convert", "finish")

    def __init__(self, state: CubitosState, q: int, lead: int, table: list[float]) -> None:
        p = state._seats[q]
        b = state.board
        start = state.setup.start_die
        pool, size = 0.0, 0
        for zone in p.zones:
            pool += sum(map(table.__getitem__, zone))
            size += len(zone) - (start in zone)
        for d in state.temp:
            if any(d in zone for zone in p.zones):
                pool, size = pool - table[d], size - 1
        self.pool, self.size = pool, size
        self.draw = BASE_DRAW + p.tokens + lead - state.line_index(q)
        self.speed = self.rate(size, pool)
        self.progress = state.progress(q)
        abilities, move, money, credits = active_worth(state, q)
        phase, stage = state.phase, p.stage
        moved = phase == _TURN and stage in _MOVED
        self.held = 0 if moved else move + p.move + p.wmove
        self.money, self.credits = money + p.money, credits + p.credits
        self.now = abilities
        if phase == _ROLL:
            if stage in _DRAWING:
                self.now += sum(map(table.__getitem__, p.zones[ROLL]))
            elif stage == _DECIDE:
                self.now += push_option(state, q)
        self.spend = not (phase == _TURN and stage == _DONE)
        self.convert = not moved
        self.finish = b.finish_distance() * (state.setup.laps if b.lap else 1)

    def rate(self, size: int, pool: float) -> float:
        """Steps a round from ``size`` dice worth ``pool`` in all: the seat draws ``draw`` of them."""
        return pool * min(self.draw, size) / size if size else 0.0

    def remaining(self) -> float:
        return self.finish - self.progress - self.held


def purchases(state: CubitosState, q: int, seat: Seat, budget: int, rounds: float,
              sale: list[tuple[str, int, float]]) -> list[tuple[int, float]]:
    """(cost, steps it brings over ``rounds``) of every purchase the seat could still make this
    turn with ``budget`` from ``sale``: one die, or two of different colours."""
    p = state._seats[q]
    left = MAX_BUYS - len(p.buys)
    if left <= 0 or rounds <= 0 or not sale or sale[0][1] > budget:
        return []
    offers = [(cost, worth) for c, cost, worth in sale if cost <= budget and c not in p.buys and state._trays[c]]
    base = seat.rate(seat.size, seat.pool)
    out = [(cost, (seat.rate(seat.size + 1, seat.pool + worth) - base) * rounds) for cost, worth in offers]
    if left > 1:
        out += [(cost + cost2, (seat.rate(seat.size + 2, seat.pool + worth + worth2) - base) * rounds)
                for i, (cost, worth) in enumerate(offers) for cost2, worth2 in offers[i + 1:] if cost + cost2 <= budget]
    return out


def money_value(state: CubitosState, q: int, seat: Seat, rounds: float,
                sale: list[tuple[str, int, float]]) -> float:
    """Steps the seat's money and credits bring: converted into movement, spent on dice that
    serve the rounds to come, and credits kept; money left at the end of the turn is lost."""
    money, credits = seat.money, seat.credits
    if not seat.spend:
        return CREDIT * credits
    budget = money + credits
    buys = purchases(state, q, seat, budget, rounds, sale) + [(0, 0.0)]
    best = 0.0
    for steps in range(budget // CONVERT_RATE + 1 if seat.convert else 1):
        rest = budget - CONVERT_RATE * steps
        for cost, value in buys:
            if cost <= rest:
                kept = credits - max(0, CONVERT_RATE * steps + cost - money)
                best = max(best, steps + value + CREDIT * kept)
    return best


def projections(state: CubitosState) -> list[float]:
    """Where each seat's runner is expected to stand when the race ends, in steps."""
    lead = max(state.line_index(q) for q in range(state.num_players))
    table, sale = tables(state)
    seats = [Seat(state, q, lead, table) for q in range(state.num_players)]
    rounds = HORIZON * max(0.0, min(s.remaining() / max(MIN_SPEED, s.speed) for s in seats))
    return [s.progress + s.held + s.now + money_value(state, q, s, rounds, sale) + rounds * s.speed
            for q, s in enumerate(seats)]


def evaluate(state: CubitosState, seat: int) -> float:
    """The seat's projection against the best other's; a won game outweighs everything."""
    if state.is_over:
        return WIN if seat in state.winners() else -WIN
    ahead = projections(state)
    return ahead[seat] - max(v for q, v in enumerate(ahead) if q != seat)


def evaluate_all(state: CubitosState) -> list[float]:
    """Every seat's ``evaluate`` at once, the projections made once."""
    if state.is_over:
        return [evaluate(state, seat) for seat in range(state.num_players)]
    return margins(projections(state))
