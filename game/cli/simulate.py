"""``simulate``: K headless games with fixed seats; totals as one JSON object or a short text."""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from game.cli.common import Table, table, writable_folder
from game.core.errors import one_line
from game.cli.runner import play
from game.cli.stats import Progress, mean

MAX_ERROR_LINES = 5


def run(args: argparse.Namespace) -> int:
    t = table(args)
    save_dir = writable_folder(Path(args.save_dir), "--save-dir") if args.save_dir else None
    report = simulate(t, args.games, args.seed, save_dir)
    if args.json:
        print(json.dumps(report))
    else:
        print_text(report)
    return 1 if report["errors"] else 0


def simulate(t: Table, games: int, seed: int, save_dir: Path | None = None) -> dict[str, Any]:
    """Play ``games`` games, game i from seed ``seed + i``; the totals as a JSON-safe dict."""
    start = time.perf_counter()
    wins = [0] * t.players
    scores: list[list[float]] = [[] for _ in range(t.players)]
    actions: list[int] = []
    errors: list[str] = []
    progress = Progress(games)
    for i in range(games):
        game_seed = seed + i
        path = save_dir / f"{t.rules.name}-seed{game_seed}.json" if save_dir else None
        try:
            result = play(t.rules, game_seed, t.specs, t.options, path)
        except Exception as e:  # noqa: BLE001 - a broken game is counted and reported, the run goes on
            errors.append(f"seed {game_seed}: {type(e).__name__}: {one_line(e)}")
            continue
        finally:
            progress.update(i + 1)
        for seat in result.winners:
            wins[seat] += 1
        for seat, score in enumerate(result.scores):
            scores[seat].append(score)
        actions.append(result.actions)
    progress.close()
    return {
        "game": t.rules.name, "players": t.players, "seats": t.specs, "options": t.options,
        "seed": seed, "games": games,
        "wins": wins,
        "mean_scores": [round(mean(s), 3) for s in scores],
        "mean_actions": round(mean([float(a) for a in actions]), 2),
        "errors": len(errors),
        "error_messages": errors[:MAX_ERROR_LINES],
        "seconds": round(time.perf_counter() - start, 3),
    }


def print_text(r: dict[str, Any]) -> None:
    print(f"{r['game']}, {r['players']} players, {r['games']} games from seed {r['seed']} "
          f"in {r['seconds']:.1f} s; {r['mean_actions']:.1f} actions a game; {r['errors']} errors")
    for seat, spec in enumerate(r["seats"]):
        print(f"  seat {seat} {spec:>12}: {r['wins'][seat]:>5} wins, mean score {r['mean_scores'][seat]:.2f}")
    for line in r["error_messages"]:
        print(f"  error {line}")
