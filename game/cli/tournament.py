"""``tournament``: bots against each other with seats rotated, so each bot plays each position
equally often on the same deals (first-player advantage is real); win rates with 95% intervals."""
from __future__ import annotations

import argparse
import json
import time

from game.cli import Table, one_line, table
from game.cli.runner import play
from game.cli.stats import Progress, mean, wilson

MAX_ERROR_LINES = 5


def seating(bots: int, game: int) -> list[int]:
    """Which bot sits in each seat in game number ``game``: bot k in seat (k + game) mod n."""
    shift = game % bots
    return [(seat - shift) % bots for seat in range(bots)]


def run(args: argparse.Namespace) -> int:
    report = tournament(table(args), args.games, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        print_text(report)
    return 1 if report["errors"] else 0


def tournament(t: Table, games: int, seed: int) -> dict:
    """Play ``games`` games; game g is deal ``seed + g // n`` with the seating rotated g times.

    A shared win counts 1/k for each of the k winners.
    """
    n = t.players
    start = time.perf_counter()
    wins = [0.0] * n
    scores: list[list[float]] = [[] for _ in range(n)]
    think, moves = [0.0] * n, [0] * n
    played = 0
    errors: list[str] = []
    progress = Progress(games)
    for g in range(games):
        who = seating(n, g)
        game_seed = seed + g // n
        try:
            result = play(t.rules, game_seed, [t.specs[k] for k in who], t.options)
        except Exception as e:  # counted and reported; the tournament goes on
            errors.append(f"seed {game_seed} seating {who}: {type(e).__name__}: {one_line(e)}")
            continue
        finally:
            progress.update(g + 1, _leader_note(t.specs, wins, played))
        played += 1
        for seat, k in enumerate(who):
            if seat in result.winners:
                wins[k] += 1.0 / len(result.winners)
            scores[k].append(result.scores[seat])
            think[k] += result.think_seconds[seat]
            moves[k] += result.moves[seat]
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


def _leader_note(specs: list[str], wins: list[float], played: int) -> str:
    if not played:
        return ""
    return " ".join(f"{spec} {100 * w / played:.0f}%" for spec, w in zip(specs, wins))


def print_text(r: dict) -> None:
    print(f"{r['game']}, {r['players']} players, {r['played']} of {r['games']} games from seed {r['seed']} "
          f"in {r['seconds']:.1f} s; {r['errors']} errors")
    print(f"  {'bot':>14} {'win rate':>9} {'95% interval':>16} {'mean score':>11} {'ms/move':>9}")
    for b in r["bots"]:
        low, high = b["ci95"]
        print(f"  {b['bot']:>14} {100 * b['win_rate']:>8.1f}% {f'{100 * low:.1f}-{100 * high:.1f}%':>16} "
              f"{b['mean_score']:>11.2f} {b['ms_per_move']:>9.1f}")
    for line in r["error_messages"]:
        print(f"  error {line}")
