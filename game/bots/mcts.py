"""Information-set MCTS (single observer): one tree over the deciding seat's information set.

Each iteration samples a world the seat cannot tell from the real one (hidden cards re-dealt,
future chance re-seeded from the bot's own generator), walks the tree by UCT over the actions
legal in that world, adds one node, plays ``rollout_plies`` random plies (none by default: these
games' evaluations beat random play-outs) and scores the position with the game's evaluation
squashed into [0, 1]. Children count how often they were available (ISMCTS), so an
action legal in only some worlds is not favoured for being rare.

Optional rules hook: ``expert_move(state, seat, rng) -> Action | None``, game knowledge that beats
search at a decision (Cubitos' push or pass from the exact bust chance, a move planned to its
end); a legal action it returns is played without searching, None leaves the decision to the search.

Optional rules attribute: ``search_prior_visits`` (default 1), how many visits the root seeding's
one-ply value counts as. Where the root actions differ by less than the noise of the chance below
them (Cubitos' draws and steps, then every seat's rolls), a few hundred iterations follow that
noise away from the averaged one-ply view; a heavier prior makes the search overrule it only on
evidence.

Optional rules hook: ``urgency(state, seat) -> float`` (see greedy.py): each seat's evaluation at a
leaf is weighed by one plus it, as greedy weighs its one ply. An end beyond the search's horizon
is otherwise invisible: Octocube ``hard`` against ``greedy`` passed for thousands of moves in two
of 200 tournament games (seeds 68 and 92, 300 ms a move), each waiting for the other to end it.
``urgency_all(state) -> list[float]``, every seat's at once (equal to them), spares a leaf the
work the seats share.

Optional rules hook: ``evaluate_all(state) -> list[float]``, every seat's ``evaluate`` at once
(equal to them, value for value). The search scores every seat at each leaf, and the games'
evaluations each compare one seat with the others, so one pass instead of one per seat saves
most of a leaf's cost.
"""
from __future__ import annotations

import math
import time

from game.bots.base import Repetitions, expert_move, outcome
from game.bots.greedy import CHANCE_SAMPLES
from game.core import Action, GameRules, GameState, Rng

EXPLORATION = 0.25
ROLLOUT_PLIES = 0
SETTLE_EVERY = 8  # iterations between checks whether the move can still change
STOP_MARGIN = 1.5  # a timed search stops early only if the lead beats 1.5x the iterations expected


class Node:
    __slots__ = ("player", "children", "visits", "reward", "avail")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the action leading here
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


class MctsBot:
    """``budget_ms`` bounds the thinking time per move, by the wall clock, or with ``cpu_clock``
    by the CPU time of the thinking thread (fair strength measurements on a busy machine);
    ``iterations`` (when given) fixes the number of iterations instead, which makes a seeded bot
    fully reproducible."""

    name = "mcts"

    def __init__(self, rules: GameRules, seat: int, seed: int, budget_ms: float = 500.0,
                 iterations: int | None = None, rollout_plies: int = ROLLOUT_PLIES,
                 exploration: float = EXPLORATION, cpu_clock: bool = False) -> None:
        self.rules, self.seat, self.rng = rules, seat, Rng(seed)
        self.budget_ms, self.iterations = budget_ms, iterations
        self.clock = time.thread_time if cpu_clock else time.perf_counter
        self.rollout_plies, self.exploration = rollout_plies, exploration
        self._abs_sum, self._abs_count = 0.0, 0  # running scale of the evaluation
        self.last_root: Node | None = None
        self._evaluate_all = rules.evaluate_all
        self._urgency = rules.urgency
        self._urgency_all = rules.urgency_all
        self.prior = int(rules.search_prior_visits)
        self.repetitions = Repetitions()

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_root = None
            return legal[0]
        allowed = self.repetitions.allowed(state, legal)
        expert = self.expert_move(state, legal)
        if expert is not None and expert in allowed:
            self.last_root = None
            return self.repetitions.record(expert)
        root = self.search(state)
        self.last_root = root
        return self.repetitions.record(best_child(root, allowed)[0])

    def expert_move(self, state: GameState, legal: list[Action]) -> Action | None:
        return expert_move(self.rules, state, legal, self.rng)

    # ---- search ----------------------------------------------------------------------
    def search(self, state: GameState) -> Node:
        """The tree for the seat to move. A timed budget covers the root seeding too (a move
        takes the budget, not the budget plus the seeding) and ends early once the most visited
        legal action can no longer be overtaken in the time left, at the iteration rate so far
        with a margin. A fixed number of iterations always runs them all: reproducible for a seed."""
        deadline = self.clock() + self.budget_ms / 1000.0
        seat, legal = state.current_player, state.legal_actions()
        root = Node(seat)
        self.seed_root(root, state, legal)
        if self.iterations is not None:
            for _ in range(self.iterations):
                self.iterate(root, state.determinize(seat, self.rng))
            return root
        begun, done = self.clock(), 0
        while True:
            self.iterate(root, state.determinize(seat, self.rng))
            done += 1
            now = self.clock()
            if now >= deadline:
                break
            if done % SETTLE_EVERY == 0:
                rate = done / max(now - begun, 1e-9)
                if settled(root, legal, STOP_MARGIN * rate * (deadline - now)):
                    break
        return root

    def seed_root(self, root: Node, state: GameState, legal: list[Action]) -> None:
        """Give every root action one visit worth its one-ply value (averaged over sampled worlds
        when it resolves chance, as the greedy bot judges it), so that a small budget never
        plays a move it has not looked at and the search starts from greedy's view (weighed as
        ``search_prior_visits`` visits)."""
        seat = state.current_player
        world = state.determinize(seat, self.rng)
        for action in legal:
            after = world.clone()
            chance = any(e.reveal for e in after.apply(action))
            reward = self.leaf_reward(after)[seat]
            for _ in range(CHANCE_SAMPLES - 1 if chance else 0):
                after = state.determinize(seat, self.rng)
                after.apply(action)
                reward += self.leaf_reward(after)[seat]
            child = root.children[action] = Node(seat)
            child.visits, child.reward = self.prior, self.prior * reward / (CHANCE_SAMPLES if chance else 1)

    def iterate(self, root: Node, world: GameState) -> None:
        """One walk from the root: UCT over the children available in ``world`` (each gets its
        availability counted in the same pass), until a new node is added or the game ends."""
        c, log, sqrt = self.exploration, math.log, math.sqrt
        node, path = root, [root]
        while not world.is_over:
            children = node.children
            untried: list[Action] = []
            best, best_value = None, -math.inf
            for action in world.legal_actions():
                child = children.get(action)
                if child is None:
                    untried.append(action)
                    continue
                child.avail += 1
                if not untried:  # UCT only matters while every action so far has a child
                    value = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if value > best_value:
                        best, best_value = action, value
            if untried:
                action = self.rng.choice(untried)
                child = children[action] = Node(world.current_player)
                world.apply(action)
                path.append(child)
                break
            assert best is not None, "a node with no untried move has children"
            node = children[best]
            world.apply(best)
            path.append(node)
        rewards = self.rollout(world)
        for n in path:
            n.visits += 1
            n.reward += rewards[n.player]

    def rollout(self, world: GameState) -> list[float]:
        for _ in range(self.rollout_plies):
            if world.is_over:
                break
            world.apply(self.rng.choice(world.legal_actions()))
        return self.leaf_reward(world)

    def leaf_reward(self, world: GameState) -> list[float]:
        """Each seat's reward in (0, 1): the result of a finished game, else the squashed evaluation."""
        if world.is_over:
            return outcome(world)
        if self._evaluate_all is not None:
            values = self._evaluate_all(world)
        else:
            evaluate = self.rules.evaluate
            values = [evaluate(world, seat) for seat in range(world.num_players)]
        if self._urgency_all is not None:
            values = [value * (1.0 + u) for value, u in zip(values, self._urgency_all(world))]
        elif self._urgency is not None:
            urgency = self._urgency
            values = [value * (1.0 + urgency(world, seat)) for seat, value in enumerate(values)]
        return [self.squash(value) for value in values]

    def squash(self, value: float) -> float:
        """The evaluation mapped to (0, 1) by a logistic whose width is the mean |value| seen so
        far, so one bot fits every game's scale without tuning."""
        self._abs_sum += abs(value)
        self._abs_count += 1
        scale = self._abs_sum / self._abs_count or 1.0
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, value / scale))))


def settled(root: Node, legal: list[Action], remaining: float) -> bool:
    """Whether the most visited legal root action leads every other by more than ``remaining``
    visits: then ``remaining`` more iterations cannot change the move played."""
    first = second = 0
    for action in legal:
        child = root.children.get(action)
        visits = child.visits if child is not None else 0
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > remaining


def best_child(root: Node, legal: list[Action]) -> tuple[Action, Node | None]:
    """The most visited legal action (ties: the better mean reward)."""
    def key(action: Action) -> tuple[int, float]:
        child = root.children.get(action)
        return (0, 0.0) if child is None else (child.visits, child.reward / child.visits)
    action = max(legal, key=key)
    return action, root.children.get(action)
