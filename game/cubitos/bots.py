"""Cubitos bots of their own: the ``threshold`` rule-of-thumb bot (push while fewer than N dice
are active) and the ``odds`` bot (push from the exact bust chance); the evaluation that greedy and
MCTS read is in evaluation.py.
"""
from __future__ import annotations

from typing import Any

from game.core import Action, Rng
from game.cubitos.actions import Buy, Convert, Discard, Draw, Effect, EndMove, Gain, Lose, Pass, Push, Skip, Step, Take
from game.cubitos.dice import FACE_GAIN, GRAYS, START
from game.cubitos.evaluation import bust_chance, evaluate, pending_loss, push_gain
from game.cubitos.names import ActionKind, SpaceEffect, Stage
from game.cubitos.state import ACTIVE, CubitosState
from game.cubitos.worth import BUST_FAN

DEFAULT_THRESHOLD = 5


def describe(state: CubitosState, action: Action) -> str:
    return f"P{state.current_player + 1}: {action}"


# ---- the threshold bot -----------------------------------------------------------------------------
def kind_value(state: CubitosState, key: str) -> float:
    colour = key.split("/")[-1].split(":")[0]
    if colour in GRAYS:
        return 0.5 if colour == "dgray" else 0.0
    return 1.0 + state.setup.cost(colour) if colour != START else 0.0


class ThresholdBot:
    """Push while fewer than ``n`` dice are active; draw, move and buy by simple rules; everything
    else one ply deep with :func:`evaluate`."""

    def __init__(self, seat: int, seed: int, n: int = DEFAULT_THRESHOLD) -> None:
        self.seat, self.n, self.rng = seat, n, Rng(seed)

    def choose(self, state: CubitosState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me = state.current_player
        p = state.seats[me]
        pushes = [a for a in acts if isinstance(a, Push)]
        if pushes:
            if Pass() not in acts or len(p.zones[ACTIVE]) < self.n:
                return max(pushes, key=lambda a: len(a.back))
            return Pass()
        draws = [a for a in acts if isinstance(a, Draw)]
        if draws:
            return max(draws, key=lambda a: sum(kind_value(state, k) for k in a.dice))
        if any(isinstance(a, Discard) for a in acts):
            return Discard(("lgray",)) if Discard(("lgray",)) in acts else Skip()
        takes = [a for a in acts if isinstance(a, Take)]
        if takes:
            return takes[0]
        loses = [a for a in acts if isinstance(a, Lose)]
        if loses:
            return min(loses, key=lambda a: kind_value(state, a.die) - 0.1 * a.die.startswith("active"))
        gains = [a for a in acts if isinstance(a, Gain)]
        if gains:
            return max(gains, key=lambda a: kind_value(state, a.colour))
        if any(isinstance(a, (Step, EndMove)) for a in acts) and p.stage == Stage.MOVE or \
                all(isinstance(a, (Step, Convert, Effect, EndMove)) for a in acts):
            return self.move(state, me, acts)
        buys = [a for a in acts if isinstance(a, Buy)]
        if buys and p.stage == Stage.BUY and not any(a.kind == ActionKind.USE for a in acts):
            return max(buys, key=lambda a: state.setup.cost(a.colour))
        return self.one_ply(state, me, acts)

    def move(self, state: CubitosState, me: int, acts: list[Action]) -> Action:
        p, b = state.seats[me], state.board
        steps = [a for a in acts if isinstance(a, Step)]
        if Effect() in acts and (effect := b.effect[p.node]) is not None:  # offered only where there is one
            kind, cost, dest = effect
            if kind in (SpaceEffect.JET, SpaceEffect.CROSS) or b.pot_land(dest) + cost < b.pot_land(p.node) - 1:
                return Effect()
        if steps:
            return min(steps, key=lambda a: (b.dist_all[b.node(a.space)], -len(b.rewards[b.node(a.space)])))
        near_end = b.pot_land(p.node) <= 12 or p.finished
        best_buy = max((state.setup.cost(c) for c in state.setup.colours() if state.trays[c]
                        and state.setup.cost(c) <= p.money + p.credits), default=0)
        if Convert() in acts and (near_end or p.money + p.credits - 4 >= best_buy):
            return Convert()
        return EndMove()

    def one_ply(self, state: CubitosState, me: int, acts: list[Action]) -> Action:
        best, best_value = acts[0], -1e18
        for a in acts:
            world = state.clone()
            world.rng = Rng(self.rng.next_u64())
            world.apply(a)
            value = evaluate(world, me) - (0.01 if isinstance(a, Skip) else 0.0)
            if value > best_value:
                best, best_value = a, value
        return best


class OddsBot(ThresholdBot):
    """Pushes when the expected gain of the roll beats the expected loss of busting (what the
    active dice would still bring), with the exact bust chance; ``risk`` > 1 pushes more."""

    def __init__(self, seat: int, seed: int, risk: float = 1.0) -> None:
        super().__init__(seat, seed)
        self.risk = risk

    def choose(self, state: CubitosState) -> Action:
        return odds_push_or_pass(state, self.risk) or super().choose(state)


def finish_in_hand(state: CubitosState, seat: int) -> bool:
    """Whether the movement ``seat`` already holds in the Roll Phase (its own and its active dice's
    faces) carries its runner to the finish: busting would throw the finish away."""
    p, b = state.seats[seat], state.board
    if p.finished:
        return False
    held = p.move + sum(FACE_GAIN[f][1] for f in map(state.face_name, p.zones[ACTIVE]) if f in FACE_GAIN)
    goal = b.finish_distance() * (state.setup.laps if b.lap else 1)
    return held >= goal - state.progress(seat)


def odds_push_or_pass(state: CubitosState, risk: float = 1.0) -> Action | None:
    """At a push-or-pass decision, push (moving back all it can) when the expected gain of the roll
    beats the expected loss of busting, and never at a risk when the finish is already in hand;
    None when the seat to move has no such choice."""
    acts = state.legal_actions()
    pushes = [a for a in acts if isinstance(a, Push)]
    if not pushes or Pass() not in acts:
        return None
    me = state.current_player
    push = max(pushes, key=lambda a: len(a.back))
    chance = bust_chance(state, me, push.back)
    if chance > 0 and finish_in_hand(state, me):
        return Pass()
    loss = pending_loss(state, me) - BUST_FAN
    return push if (1 - chance) * push_gain(state, me) * risk >= chance * loss else Pass()


def odds_bot(rules: Any, seat: int, seed: int, arg: str | None) -> OddsBot:
    try:
        risk = 1.0 if arg is None else float(arg)
    except ValueError:
        risk = -1.0
    if not 0 < risk <= 10:
        raise ValueError(f"bad risk {arg!r}: give a factor such as odds:1.5 (more than 1 pushes more)")
    return OddsBot(seat, seed, risk)


def threshold_bot(rules: Any, seat: int, seed: int, arg: str | None) -> ThresholdBot:
    if arg is None:
        return ThresholdBot(seat, seed)
    if not arg.isdigit() or not 1 <= int(arg) <= 30:
        raise ValueError(f"bad threshold {arg!r}: give the number of active dice to stop at, e.g. threshold:5")
    return ThresholdBot(seat, seed, int(arg))
