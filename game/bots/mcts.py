"""Information-set MCTS (single observer): one tree over the deciding seat's information set.

Each iteration samples a world the seat cannot tell from the real one (hidden cards re-dealt,
future chance re-seeded from the bot's own generator), walks the tree by UCT over the actions
legal in that world, adds one node, plays ``rollout_plies`` random plies (none by default: these
games' evaluations beat random play-outs) and scores the position with the game's evaluation
squashed into [0, 1]. Children count how often they were available (ISMCTS), so an
action legal in only some worlds is not favoured for being rare.

Optional rules hook: ``expert_move(state, seat, rng) -> Action | None``, game knowledge that beats
search at a decision (Cubitos' push or pass from the exact bust chance); a legal action it returns
is played without searching, None leaves the decision to the search.
"""
from __future__ import annotations

import math
import time

from game.bots.base import outcome
from game.bots.greedy import CHANCE_SAMPLES
from game.core import Action, GameRules, GameState, Rng

EXPLORATION = 0.25
ROLLOUT_PLIES = 0


class Node:
    __slots__ = ("player", "children", "visits", "reward", "avail")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat that chose the action leading here
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(math.log(self.avail) / self.visits)


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

    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_root = None
            return legal[0]
        expert = self.expert_move(state, legal)
        if expert is not None:
            self.last_root = None
            return expert
        root = self.search(state)
        self.last_root = root
        return best_child(root, legal)[0]

    def expert_move(self, state: GameState, legal: list[Action]) -> Action | None:
        hook = getattr(self.rules, "expert_move", None)
        action = hook(state, state.current_player, self.rng) if hook else None
        if action is not None and action not in legal:
            raise ValueError(f"{self.rules.name}'s expert_move chose {action}, which is not legal here")
        return action

    # ---- search ----------------------------------------------------------------------
    def search(self, state: GameState) -> Node:
        seat = state.current_player
        root = Node(seat)
        self.seed_root(root, state)
        deadline = self.clock() + self.budget_ms / 1000.0
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done and self.clock() >= deadline:
                break
            self.iterate(root, state.determinize(seat, self.rng))
            done += 1
        return root

    def seed_root(self, root: Node, state: GameState) -> None:
        """Give every root action one visit worth its one-ply value (averaged over sampled worlds
        when it resolves chance, as the greedy bot judges it), so that a small budget never
        plays a move it has not looked at and the search starts from greedy's view."""
        seat = state.current_player
        world = state.determinize(seat, self.rng)
        for action in state.legal_actions():
            after = world.clone()
            chance = any(e.reveal for e in after.apply(action))
            reward = self.leaf_reward(after)[seat]
            for _ in range(CHANCE_SAMPLES - 1 if chance else 0):
                after = state.determinize(seat, self.rng)
                after.apply(action)
                reward += self.leaf_reward(after)[seat]
            child = root.children[action] = Node(seat)
            child.visits, child.reward = 1, reward / (CHANCE_SAMPLES if chance else 1)

    def iterate(self, root: Node, world: GameState) -> None:
        node, path = root, [root]
        while not world.is_over:
            legal = world.legal_actions()
            mover = world.current_player
            untried = []
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = self.rng.choice(untried)
                child = node.children[action] = Node(mover)
                world.apply(action)
                path.append(child)
                break
            c = self.exploration
            action = max(legal, key=lambda a: node.children[a].ucb(c))
            node = node.children[action]
            world.apply(action)
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
        return [self.squash(self.rules.evaluate(world, seat)) for seat in range(world.num_players)]

    def squash(self, value: float) -> float:
        """The evaluation mapped to (0, 1) by a logistic whose width is the mean |value| seen so
        far, so one bot fits every game's scale without tuning."""
        self._abs_sum += abs(value)
        self._abs_count += 1
        scale = self._abs_sum / self._abs_count or 1.0
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, value / scale))))


def best_child(root: Node, legal: list[Action]) -> tuple[Action, Node | None]:
    """The most visited legal action (ties: the better mean reward)."""
    def key(action: Action) -> tuple[int, float]:
        child = root.children.get(action)
        return (0, 0.0) if child is None else (child.visits, child.reward / child.visits)
    action = max(legal, key=key)
    return action, root.children.get(action)
