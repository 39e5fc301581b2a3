"""``tournament``: bots against each other with seats rotated, so each bot plays each position
equally often on the same deals (first-player advantage is real); win rates with 95% intervals."""
from __future__ import annotations

import argparse
import json
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from game.cli import tournament_log
from game.cli.common import Table, UsageError, table
from game.core.errors import one_line
from game.cli.runner import play
from game.cli.stats import Progress, mean, wilson
from game.cli.tournament_log import Outcome
from game.core import cluster

MAX_ERROR_LINES = 5


def seating(bots: int, game: int) -> list[int]:
    """Which bot sits in each seat in game number ``game``: bot k in seat (k + game) mod n."""
    shift = game % bots
    return [(seat - shift) % bots for seat in range(bots)]


def run(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    log = Path(args.log) if args.log else None
    try:
        report = tournament(table(args), args.games, args.seed, args.jobs, log, args.cluster)
    except tournament_log.LogError as e:
        raise UsageError(one_line(e)) from None
    if args.json:
        print(json.dumps(report))
    else:
        print_text(report)
    return 1 if report["errors"] else 0


def tournament(t: Table, games: int, seed: int, jobs: int = 1, log: Path | None = None,
               on: str | None = None) -> dict[str, Any]:
    """Play ``games`` games; game g is deal ``seed + g // n`` with the seating rotated g times.

    A shared win counts 1/k for each of the k winners. With ``jobs`` > 1 the games are played in
    that many processes; each game depends on its number alone and the results are gathered in
    game order, so the report is the one ``jobs=1`` gives (but for the timings); the same on the Dask
    scheduler at address ``on``. With ``log``
    every finished game is kept there, and the games the log already holds are not played again.
    """
    n = t.players
    start = time.perf_counter()
    wins = [0.0] * n
    scores: list[list[float]] = [[] for _ in range(n)]
    think, moves = [0.0] * n, [0] * n
    played = 0
    errors: list[str] = []
    progress = Progress(games)
    name = header(t, seed)
    kept = tournament_log.read(log, name) if log else {}
    missing = [g for g in range(games) if g not in kept]
    units = [(t.rules, seed + g // n, [t.specs[k] for k in seating(n, g)], t.options) for g in missing]
    with ExitStack() as stack:
        out = stack.enter_context(tournament_log.open_for_append(log, name)) if log and missing else None
        fresh = stack.enter_context(cluster.results(play_unit, units, jobs, on))  # the missing games', in order
        for g in range(games):
            result = kept.get(g)
            if result is None:
                result = next(fresh)
                if out:
                    tournament_log.write(out, g, result)
            who = seating(n, g)
            if isinstance(result, str):  # counted and reported; the tournament goes on
                errors.append(f"seed {seed + g // n} seating {who}: {result}")
            else:
                played += 1
                for seat, k in enumerate(who):
                    if seat in result.winners:
                        wins[k] += 1.0 / len(result.winners)
                    scores[k].append(result.scores[seat])
                    think[k] += result.think_seconds[seat]
                    moves[k] += result.moves[seat]
            progress.update(g + 1, _leader_note(t.specs, wins, played))
    progress.close()
    bots = []
    for k, spec in enumerate(t.specs):
        low, high = wilson(wins[k], played)
        bots.append({
            "bot": spec, "wins": round(wins[k], 3), "win_rate": round(wins[k] / played, 4) if played else 0.0,
            "ci95": [round(low, 4), round(high, 4)], "mean_score": round(mean(scores[k]), 3),
            "ms_per_move": round(1000.0 * think[k] / moves[k], 2) if moves[k] else 0.0, "moves": moves[k],
        })
    return {
        "game": t.rules.name, "players": n, "options": t.options, "seed": seed,
        "games": games, "played": played, "bots": bots,
        "errors": len(errors), "error_messages": errors[:MAX_ERROR_LINES],
        "seconds": round(time.perf_counter() - start, 3),
    }


Unit = tuple[Any, ...]  # play's arguments: rules, the game's seed, bots in seat order, options[, save path, facts]


def header(t: Table, seed: int) -> dict[str, Any]:
    """What names this tournament in a log: every game it plays follows from these."""
    return tournament_log.header(t.rules.name, t.players, t.options, t.specs, seed)


def play_unit(unit: Unit) -> Outcome:
    """One game, or what went wrong with it in one line."""
    try:
        return play(*unit)
    except Exception as e:  # noqa: BLE001 - a game that breaks is one line of the report; the others go on
        return f"{type(e).__name__}: {one_line(e)}"


def _leader_note(specs: list[str], wins: list[float], played: int) -> str:
    if not played:
        return ""
    return " ".join(f"{spec} {100 * w / played:.0f}%" for spec, w in zip(specs, wins))


def print_text(r: dict[str, Any]) -> None:
    print(f"{r['game']}, {r['players']} players, {r['played']} of {r['games']} games from seed {r['seed']} "
          f"in {r['seconds']:.1f} s; {r['errors']} errors")
    print(f"  {'bot':>14} {'win rate':>9} {'95% interval':>16} {'mean score':>11} {'ms/move':>9}")
    for b in r["bots"]:
        low, high = b["ci95"]
        print(f"  {b['bot']:>14} {100 * b['win_rate']:>8.1f}% {f'{100 * low:.1f}-{100 * high:.1f}%':>16} "
              f"{b['mean_score']:>11.2f} {b['ms_per_move']:>9.1f}")
    for line in r["error_messages"]:
        print(f"  error {line}")
