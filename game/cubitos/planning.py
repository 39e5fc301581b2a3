"""A Cubitos move planned to its end: the step that starts the best whole move.

One ply cannot judge a step: every forward step keeps the projection level, and what a move is
worth shows only where it ends (credits, fans, dice lost or gained on the space, a shortcut
reached). So at a move decision the bots try every way the movement can still be spent, end each
one (the space's reward taken, the dice it owes chosen one ply deep) and judge the end with the
evaluation; the first action of the best wins. Greedy with one-ply steps won 44% of 100 Race 2
deals against ``threshold`` where the same bot with threshold's step rule won 65% (docs/bots.md).
"""
from __future__ import annotations

from typing import Any

from game.core import Action
from game.cubitos.actions import Convert, Effect, EndMove
from game.cubitos.evaluation import evaluate
from game.cubitos.names import Phase, Stage
from game.cubitos.seat import SEAT_INTS
from game.cubitos.state import CubitosState

MAX_ENDS = 4000  # ways to end the move judged at most; past it the best found so far is played
MAX_TASKS = 12  # decisions owed after the move (dice lost or gained) resolved at most


def moving(state: CubitosState) -> bool:
    """Whether the seat to move is spending its movement (the turn's move stage)."""
    return state.phase == Phase.TURN and state._seats[state.current_player].stage == Stage.MOVE


def best_move_action(state: CubitosState) -> Action | None:
    """The first action of the best way to end the seat's move, or None outside a move or when
    the seat has a single choice."""
    if not moving(state):
        return None
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    planner = _kept_planner(state)
    best = _best(planner, state, legal)
    if planner.ends >= MAX_ENDS and planner.kept:  # cut short where a fresh plan might not be
        planner = _Planner(state.current_player)
        best = _best(planner, state, legal)
    _keep(planner, state, best)
    return best


def _best(planner: "_Planner", state: CubitosState, legal: list[Action]) -> Action | None:
    best, best_value = None, float("-inf")
    for action in legal:
        value = planner.value(state, action)
        if value > best_value:
            best, best_value = action, value
    return best


# The last plan and the position its first step leads to. A move is planned afresh at each of its
# steps, and the next step's plan is a part of this one: kept, it answers that step from what it
# has already judged instead of judging it all again (most of greedy's time in a big move). A
# move cannot come back to a position it left (each step spends movement, money or an ability for
# good), so what a plan judged below a step does not depend on the way there: the answer is the
# fresh one.
_kept: tuple[dict[Any, Any], "_Planner"] | None = None


def _kept_planner(state: CubitosState) -> "_Planner":
    global _kept
    if _kept is not None:
        position, planner = _kept
        _kept = None
        if planner.ends < MAX_ENDS and planner.seat == state.current_player and position == state.to_dict():
            planner.kept = True
            return planner
    return _Planner(state.current_player)


def _keep(planner: "_Planner", state: CubitosState, best: Action | None) -> None:
    global _kept
    if best is None or isinstance(best, EndMove) or planner.ends >= MAX_ENDS:
        return
    after = state.clone()
    after.apply(best)
    if moving(after) and after.current_player == planner.seat:
        _kept = (after.to_dict(), planner)


class _Planner:
    """Depth-first over the seat's move; a position met again (same runner, movement, money,
    shortcuts used) is not explored twice, so the work grows with the spaces in reach, not the paths."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen: dict[tuple[Any, ...], float] = {}
        self.ended: dict[tuple[Any, ...], float] = {}  # the same end reached with other movement left unused
        self.ends = 0
        self.kept = False  # answering a later step of the move it was made for

    def value(self, state: CubitosState, action: Action) -> float:
        world = state.clone()
        world.apply(action)
        if isinstance(action, EndMove) or not moving(world) or world.current_player != self.seat:
            return self.end(world)
        key = self.key(world)
        if key in self.seen:
            return self.seen[key]
        self.seen[key] = float("-inf")  # a loop back to here adds nothing
        best = max((self.value(world, a) for a in self.worth_trying(world)), default=float("-inf"))
        self.seen[key] = best
        return best

    def worth_trying(self, world: CubitosState) -> list[Action]:
        """Every move action, but a conversion only once the movement held is spent or a
        jet pack doubles it: converting earlier reaches the same spaces."""
        p = world._seats[self.seat]
        if self.ends >= MAX_ENDS:
            return [a for a in world.legal_actions() if isinstance(a, EndMove)]
        held = p.move + p.wmove
        return [a for a in world.legal_actions()
                if not isinstance(a, Convert) or held == 0 or p.jet_on or Effect() in world.legal_actions()]

    def key(self, world: CubitosState) -> tuple[Any, ...]:
        p = world._seats[self.seat]
        return tuple(getattr(p, name) for name in SEAT_INTS) + (tuple(p.effects_used), len(p.tasks))

    def end(self, world: CubitosState) -> float:
        """The move's end judged after the dice it owes (lose or gain) are chosen one ply deep."""
        key = self.key(world) + (world._seats[self.seat].stage, world.current_player)
        if key not in self.ended:
            self.ended[key] = self.settle(world)
        return self.ended[key]

    def settle(self, world: CubitosState) -> float:
        self.ends += 1
        for _ in range(MAX_TASKS):
            if world.is_over or world.current_player != self.seat or not world._seats[self.seat].tasks:
                break
            options = world.legal_actions()
            scored = []
            for a in options:
                after = world.clone()
                after.apply(a)
                scored.append((evaluate(after, self.seat), a))
            world.apply(max(scored, key=lambda x: x[0])[1] if len(options) > 1 else options[0])
        return evaluate(world, self.seat)
