"""The headless command line: ``python -m game simulate | tournament | verify | fuzz | speed | balance
| serve | join | train``.

Bad input of any kind ends with a one-line message on stderr and exit status 2.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from game.cli.common import (INTERRUPTED, USAGE_ERROR, Table, UsageError, add_table_arguments, OneLineParser,
                             add_cluster_argument, add_game_argument, add_option_arguments, table, writable_folder)
from game.core.cluster import ClusterError
from game.core.errors import printable

__all__ = ["INTERRUPTED", "USAGE_ERROR", "Table", "UsageError", "add_game_argument", "add_option_arguments",
           "main", "parser", "table", "writable_folder"]


def parser() -> argparse.ArgumentParser:
    from game.cli import balance, fuzz, net, simulate, speed, tournament, train, verify  # each only when asked

    top = OneLineParser(prog="python -m game", description="Cubetable, headless.")
    sub = top.add_subparsers(dest="command", required=True)
    p = sub.add_parser("simulate", help="play games between bots, print totals")
    add_table_arguments(p, "random")
    p.add_argument("--save-dir", help="write each game's save file into this folder")
    p.set_defaults(run=simulate.run)
    p = sub.add_parser("tournament", help="bots against each other, seats rotated between games")
    add_table_arguments(p, "mcts:500,greedy")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="games played at once, each in its own process (default: cores)")
    p.add_argument("--log", help="keep each finished game in this file (one JSON line a game); "
                                 "games it already holds are not played again, so a stopped run resumes")
    add_cluster_argument(p)
    p.set_defaults(run=tournament.run)
    p = sub.add_parser("verify", help="replay a save file; exit 0 when valid, 2 when not")
    p.add_argument("file")
    p.set_defaults(run=verify.run)
    commands = [
        ("fuzz", "random games checked after every action; exit 2 on any failure", fuzz.add_arguments, fuzz.run),
        ("speed", "rules and search speed per game, in CPU time", speed.add_arguments, speed.run),
        ("balance", "bot games measuring seat advantage and what goes with winning; writes a Markdown report",
         balance.add_arguments, balance.run),
        ("serve", "a networked table, headless: prints the join codes, plays to the end",
         net.add_serve_arguments, net.run_serve),
        ("join", "take a seat of a networked table headless, played by a bot", net.add_join_arguments, net.run_join),
        ("train", "a learned evaluation from self-play, reproducible from its seed; writes its weights",
         train.add_arguments, train.run),
    ]
    for name, help_, add_arguments, run in commands:
        p = sub.add_parser(name, help=help_)
        add_arguments(p)
        p.set_defaults(run=run)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = None
    try:
        args = parser().parse_args(argv)
        code: int = args.run(args)
        return code
    except (UsageError, ClusterError) as e:
        print(f"error: {printable(e)}", file=sys.stderr)  # a file name's escapes never reach the terminal
        return USAGE_ERROR
    except KeyboardInterrupt:  # Ctrl-C on a long run: one line, and where its results are
        log = getattr(args, "log", None) if args is not None else None
        kept = f"; the games finished are kept in {log} and the same command resumes" if log else ""
        print(f"stopped{kept}", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (`... | head`): nothing left to say, no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
