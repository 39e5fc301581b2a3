"""``python -m game speed``: how fast each rules engine and its search run, in CPU time.

The figures feed ``scripts/bench`` and guide optimisation: random actions a second (one
``legal_actions`` plus one ``apply``), ``clone`` in microseconds on mid-game positions, and MCTS
iterations a second at the ``hard`` level's settings. Everything is seeded and timed with
``time.process_time``, so a loaded machine changes the figures less than the wall clock would.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from game import registry
from game.bots import make_bot
from game.bots.mcts import MctsBot
from game.core import GameRules, GameState

GAMES = 30  # random games a game's throughput is measured on
POSITIONS = 12  # mid-game positions for clone and search
CLONES = 200  # clones of each position
ITERATIONS = 100  # search iterations at each position


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", action="append", help="a game to measure (repeatable; default: all)")
    p.add_argument("--games", type=int, default=GAMES, help=f"random games per game (default {GAMES})")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def random_throughput(rules: GameRules, games: int) -> dict[str, Any]:
    """Random play at 2-4 players: actions a CPU second, and the positions seen on the way."""
    rng, actions, spent = random.Random(1), 0, 0.0
    for g in range(games):
        state = rules.new_game(players=2 + g % 3, seed=g)
        start = time.process_time()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        spent += time.process_time() - start
    return {"actions_per_s": round(actions / spent), "actions_per_game": round(actions / games, 1)}


def mid_game_positions(rules: GameRules, count: int) -> list[GameState]:
    """Positions a third to two thirds into seeded random games, where states are fullest."""
    rng, found = random.Random(2), []
    for g in range(count):
        state = rules.new_game(players=2 + g % 3, seed=100 + g)
        history = []
        while not state.is_over:
            history.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        candidates = [s for s in history[len(history) // 3: 2 * len(history) // 3]
                      if len(s.legal_actions()) > 1] or history[:1]
        found.append(rng.choice(candidates))
    return found


def clone_us(positions: list[GameState]) -> float:
    start = time.process_time()
    for state in positions:
        for _ in range(CLONES):
            state.clone()
    return round(1e6 * (time.process_time() - start) / (CLONES * len(positions)), 2)


def iterations_per_s(rules: GameRules, positions: list[GameState]) -> float:
    """The ``hard`` level's search iterations a CPU second (judging its leaves as the level does),
    root seeding included (it is part of every move)."""
    spent = 0.0
    for i, state in enumerate(positions):
        bot = make_bot(f"hard:{ITERATIONS}it", rules, state.current_player, i)  # the level, as it judges
        assert isinstance(bot, MctsBot)
        start = time.process_time()
        bot.search(state)
        spent += time.process_time() - start
    return round(ITERATIONS * len(positions) / spent)


def measure(name: str, games: int = GAMES) -> dict[str, Any]:
    rules = registry.get(name)
    positions = mid_game_positions(rules, POSITIONS)
    return {**random_throughput(rules, games), "clone_us": clone_us(positions),
            "iterations_per_s": iterations_per_s(rules, positions)}


def run(args: argparse.Namespace) -> int:
    from game.cli.common import UsageError

    names = args.game or registry.names()
    for name in names:
        if name not in registry.names():
            raise UsageError(f"unknown game {name!r}; choose one of {', '.join(registry.names())}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    result = {name: measure(name, args.games) for name in names}
    if args.json:
        print(json.dumps(result))
    else:
        for name, r in result.items():
            print(f"{name}: {r['actions_per_s']} random actions/s ({r['actions_per_game']} a game), "
                  f"clone {r['clone_us']} us, hard {r['iterations_per_s']} search iterations/s (CPU time)")
    return 0
