"""``balance``: bot-against-bot games that measure what players argue about, written as a Markdown
report with plots: who wins from which seat, how long games last, and (from the game's own
``game/<game>/balance.py`` hook) which card, set, sponsor side or upgrade goes with winning.

Game g of each player count is deal ``seed + g`` with the seats rotated g times, so mixed bots
take every position equally; it uses the options setting number ``(g // players) mod settings``.
"""
from __future__ import annotations

import argparse
import itertools
import os
import platform
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from types import ModuleType
from typing import Any

from game.cli.common import (Table, UsageError, add_cluster_argument, add_game_argument, add_option_arguments, table,
                             writable_folder)
from game.cli.balance_report import sections, write
from game.cli.runner import Facts
from game.cli.tournament import Unit, play_unit, seating
from game.core import cluster
from game.core import GameRules

ALL = "all"
ROTATED = ("variant", "card_set")  # options that take a comma-separated list (or "all") here


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_argument(p)
    p.add_argument("--players", default="2,3,4", help="player counts, comma-separated (default 2,3,4)")
    p.add_argument("--games", type=int, default=20, help="games per player count (default 20)")
    p.add_argument("--seats", default="greedy", help="bots as in tournament; one spec fills every seat")
    p.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="games played at once (default: cores)")
    add_cluster_argument(p)
    p.add_argument("--out", default="docs/balance", help="folder for <game>.md and its plots")
    p.add_argument("--variant", help="variants played in turn, comma-separated, or all")
    p.add_argument("--card-set", dest="card_set", help="Cubitos card sets played in turn, comma-separated, or all")
    add_option_arguments(p)


@dataclass
class Played:
    """One finished game as the report counts it."""

    players: int
    first: int  # the seat that played first
    winners: list[int]
    scores: list[float]
    actions: int
    facts: dict[str, Any] = field(default_factory=dict)


def run(args: argparse.Namespace) -> int:
    tables = plan(args)
    out = writable_folder(Path(args.out), "--out")
    start = time.perf_counter()
    games, errors = play_all(tables, args.games, args.seed, args.jobs, args.cluster)
    found = sections(games)
    header = header_lines(args, tables[0].rules, len(games), errors, time.perf_counter() - start)
    try:
        path, note = write(out, tables[0].rules, header, found, errors)
    except OSError as e:
        raise UsageError(f"cannot write the report in {out}: {e.strerror or e}") from None
    print(f"wrote {path} ({note})")
    return 1 if errors else 0


def plan(args: argparse.Namespace) -> list[Table]:
    """Every (player count, setting) to play, checked before anything is played."""
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    try:
        counts = [int(n) for n in args.players.split(",")]
    except ValueError:
        raise UsageError(f"--players takes counts separated by commas, like 2,3,4, not {args.players!r}") from None
    first = table(_namespace(args, counts[0], dict.fromkeys(ROTATED)))  # game, seats, --games: once
    hook = hooks(first.rules)
    choices = [[(name, v) for v in _values(args, name, first.rules, hook)] for name in ROTATED]
    settings = [dict(c) for c in itertools.product(*choices)]
    return [table(_namespace(args, n, s)) for n in counts for s in settings]


def _values(args: argparse.Namespace, name: str, rules: GameRules, hook: ModuleType | None) -> list[Any]:
    raw = getattr(args, name)
    if raw is None:
        return [None]
    if raw != ALL:
        return [v.strip() for v in raw.split(",") if v.strip()]
    rotations = getattr(hook, "ROTATIONS", {}) if hook else {}
    values = rotations.get(name) or (rules.variants if name == "variant" else ())
    if not values:
        raise UsageError(f"{rules.name} has no list of {name.replace('_', '-')}s to play all of")
    return list(values)


def _namespace(args: argparse.Namespace, players: int, setting: dict[str, Any]) -> argparse.Namespace:
    return argparse.Namespace(**{**vars(args), "players": players, **setting})


def hooks(rules: GameRules) -> ModuleType | None:
    """The game's ``balance`` module (what a seat bought, which sponsor side...), or None."""
    return rules.companion("balance")


def units(tables: list[Table], games: int, seed: int) -> list[Unit]:
    """play's arguments for every game, player count by player count."""
    hook = hooks(tables[0].rules)
    facts: Facts | None = hook.facts if hook else None
    by_count: dict[int, list[Table]] = {}
    for t in tables:
        by_count.setdefault(t.players, []).append(t)
    out: list[Unit] = []
    for n, settings in by_count.items():
        for g in range(games):
            t = settings[(g // n) % len(settings)]
            out.append((t.rules, seed + g, [t.specs[k] for k in seating(n, g)], t.options, None, facts))
    return out


def play_all(tables: list[Table], games: int, seed: int, jobs: int,
             on: str | None = None) -> tuple[list[Played], list[str]]:
    """The finished games in order, and a line for each game that failed (played over ``jobs``
    processes, or on the Dask scheduler at ``on``)."""
    done: list[Played] = []
    errors: list[str] = []
    todo = units(tables, games, seed)
    with cluster.results(play_unit, todo, jobs, on) as results:
        for unit, result in zip(todo, results):
            n = len(unit[2])
            if isinstance(result, str):
                errors.append(f"{n} players, seed {unit[1]}: {result}")
                continue
            done.append(Played(n, result.facts.get("first", 0), result.winners, result.scores,
                               result.actions, result.facts))
    return done, errors


def header_lines(args: argparse.Namespace, rules: GameRules, played: int, errors: list[str],
                 seconds: float) -> list[str]:
    """Date, machine, command and bots: what a reader needs to weigh the figures."""
    flags = [f"--game {rules.name}", f"--players {args.players}", f"--games {args.games}",
             f"--seats {args.seats}", f"--seed {args.seed}", f"--jobs {args.jobs}", f"--out {args.out}"]
    flags += [f"--{k.replace('_', '-')} {getattr(args, k)}" for k in (*ROTATED, "track") if getattr(args, k)]
    flags += [f"--option {k}={v}" for k, v in args.extra]
    machine = f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}, Python {platform.python_version()}"
    return [
        f"- Date: {date.today().isoformat()}",
        f"- Machine: {machine}",
        f"- Command: `python -m game balance {' '.join(flags)}`",
        f"- Played: {played} games in {seconds:.0f} s, {len(errors)} failed",
        f"- Bots: `{args.seats}`. The bots' own habits are part of what is measured: a card a bot "
        "never values is rarely bought, and a seat advantage may belong to how the bot plays it.",
    ]

