"""``fuzz``: random games of every game, variant and player count, checked after every action.

Prints each setting's totals and actions/s; every failure as one line plus a save file that
``python -m game verify`` replays (the moves up to the failure, from the seed).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game import registry
from game.cli.common import USAGE_ERROR, UsageError, add_cluster_argument
from game.core import fuzz


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    p.add_argument("--actions", type=int, default=2000,
                   help="checked actions per game x variant x player count (default 2000)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: cores)")
    add_cluster_argument(p)
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--deep-every", type=int, default=1, metavar="K",
                   help="the deep checks (round trip, clones, refusals, observations) on one action in K "
                        "(default 1: every action)")
    p.add_argument("--out", default="fuzz-failures", help="folder for failing games' save files")


def _check_out(folder: Path) -> None:
    """--out names a folder (made only when a failure is saved): a file there, or above it, is one
    line now, before the games, not a failure that cannot be kept after them."""
    for place in (folder, *folder.parents):
        if place.exists():
            if not place.is_dir():
                raise UsageError(f"--out {folder}: {place} is a file, not a folder")
            return


def run(args: argparse.Namespace) -> int:
    for name in args.game or ():
        if name not in registry.names():
            raise UsageError(f"unknown game {name!r}; choose one of {', '.join(registry.names())}")
    if min(args.actions, args.jobs, args.deep_every) < 1:
        raise UsageError("--actions, --jobs and --deep-every must be at least 1")
    _check_out(Path(args.out))
    selected = fuzz.cases(args.game)

    def report(case: fuzz.Case, t: fuzz.Tally) -> None:
        rate = t.actions / t.cpu_seconds if t.cpu_seconds else 0.0
        print(f"{case.label:28} {t.actions:9} actions {t.games:6} games {len(t.failures)} failures "
              f"{rate:8.0f} actions/s (CPU)", flush=True)

    results = fuzz.run(selected, args.actions, args.seed, args.jobs, args.deep_every, on_unit=report, on=args.cluster)
    total = fuzz.Tally()
    for t in results.values():
        total.add(t)
    for failure in total.failures:
        path = Path(args.out) / f"{failure.case.game}-{failure.case.variant}-{failure.case.players}p-{failure.seed}.json"
        try:
            failure.save(path)
            where = f"replay: python -m game verify {path}"
        except OSError as e:  # the failure itself must still be reported
            where = f"no replay saved: cannot write {path}: {e.strerror or e}"
        print(f"FAILED {failure.line()}\n  {where}", file=sys.stderr)
    rate = total.actions / total.cpu_seconds if total.cpu_seconds else 0.0
    print(f"total: {total.actions} actions, {total.games} games, {len(total.failures)} failures, "
          f"{rate:.0f} actions/s per core")
    return USAGE_ERROR if total.failures else 0
