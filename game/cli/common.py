"""What every headless command shares: the table of a run (game, players, seats, options), its
arguments, and the one-line usage error. Apart from ``game/cli/__init__.py``, which dispatches to
the commands, so that no command imports the dispatcher that imports it."""
from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from game import registry
from game.bots import make_bot
from game.core import GameRules
from game.core.errors import one_line

USAGE_ERROR = 2
INTERRUPTED = 130  # the shell's status for a run stopped by Ctrl-C (128 + SIGINT)


class UsageError(ValueError):
    """Input the command cannot run with; shown as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what is wrong, and where --help is), exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


@dataclass
class Table:
    """What simulate and tournament both need: the game, its options and the seat specs."""

    rules: GameRules
    players: int
    specs: list[str]
    options: dict[str, Any]


def _option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    try:
        return key.replace("-", "_"), json.loads(raw)
    except json.JSONDecodeError:
        return key.replace("-", "_"), raw


def add_cluster_argument(p: argparse.ArgumentParser) -> None:
    """``--cluster``: the games go to a Dask scheduler instead of local processes (game.core.cluster)."""
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play the games on the Dask scheduler at ADDRESS (tcp://host:8786) instead of "
                        "--jobs local processes; the workers must run this same version (docs/bots.md)")


def add_game_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", required=True, help="octocube, cubitos or otys")


def add_option_arguments(p: argparse.ArgumentParser) -> None:
    """The new_game options besides the variant and card set."""
    p.add_argument("--track", help="Cubitos track")
    p.add_argument("--option", dest="extra", type=_option, action="append", default=[],
                   metavar="KEY=VALUE", help="any other new_game option (repeatable), e.g. sponsors=random")


def add_table_arguments(p: argparse.ArgumentParser, default_seats: str) -> None:
    add_game_argument(p)
    p.add_argument("--players", type=int,
                   help="number of seats (default: the number of --seats; 2 when one spec fills every seat)")
    p.add_argument("--seats", default=default_seats,
                   help="comma-separated bots, one per seat (random, greedy, mcts:500, a level, "
                        "or a game's own bot such as threshold:5); one spec fills every seat")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--variant", help="the game's variant (e.g. basic, kids, advanced)")
    p.add_argument("--card-set", dest="card_set", help="Cubitos card set (race1 ... grandfinale, random)")
    add_option_arguments(p)


def writable_folder(folder: Path, flag: str) -> Path:
    """``folder`` made and checked before any game is played: a bad folder should cost one
    line, not the games played before their results failed to save."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{flag} {folder} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot make the folder {flag} {folder}: {e.strerror or e}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write in the folder {flag} {folder}")
    return folder


def table(args: argparse.Namespace) -> Table:
    """Check the game, options and seats before anything is played."""
    try:
        rules = registry.get(args.game)
    except KeyError as e:
        raise UsageError(e.args[0]) from None
    except ModuleNotFoundError as e:
        raise UsageError(f"cannot load the game {args.game!r} ({one_line(e)})") from None
    specs = [s.strip() for s in args.seats.split(",") if s.strip()]
    players = args.players or (len(specs) if len(specs) > 1 else 2)  # every game here seats 2
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise UsageError(f"{players} players need {players} seats, got {len(specs)} in --seats {args.seats}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    options = {k: v for k, v in (("variant", args.variant), ("card_set", args.card_set),
                                 ("track", args.track)) if v is not None}
    options.update(dict(args.extra))
    try:
        rules.new_game(players=players, seed=args.seed, **options)
        for seat, spec in enumerate(specs):
            make_bot(spec, rules, seat, 0)
    except TypeError as e:
        raise UsageError(f"{rules.name} does not take these options: {one_line(e)}") from None
    except ValueError as e:
        raise UsageError(one_line(e)) from None
    return Table(rules, players, specs, options)


