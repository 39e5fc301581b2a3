"""The command line's network options: ``--host`` (with ``--port``, ``--bind`` and ``remote`` seats)
hosts the game from this window; ``--join ADDRESS --code C`` takes a seat of a game hosted elsewhere."""
from __future__ import annotations

import argparse
from dataclasses import replace

from game.net.address import DEFAULT_PORT, split
from game.core.match import REMOTE
from render.options import Options
from render.usage import UsageError

__all__ = ["REMOTE", "add_network_arguments", "network_options"]


def add_network_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", action="store_true", help="host the game: each 'remote' seat of --seats is for someone "
                                                       "joining over the network (the screen shows the codes)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"with --host: the port (default {DEFAULT_PORT}; 0: any free)")
    p.add_argument("--bind", metavar="ADDR", help="with --host: the address to listen on (default: this machine's LAN "
                                                  "address; 0.0.0.0 listens everywhere, public addresses too)")
    p.add_argument("--join", metavar="HOST:PORT", help="take a seat of a game hosted elsewhere (with --code)")
    p.add_argument("--code", help="with --join: the seat's (or the spectators') join code the host's screen shows")


def network_options(args: argparse.Namespace, options: Options) -> Options:
    """The table's options with the network's, checked; UsageError (one line) when they do not fit."""
    if bool(args.join) != bool(args.code):
        raise UsageError("--join HOST:PORT and --code C go together")
    if args.join:
        try:
            split(args.join)
        except ValueError as e:
            raise UsageError(f"--join: {e}") from None
    if not 0 <= args.port < 65536:
        raise UsageError(f"--port must be 0 to 65535, not {args.port}")
    remote = REMOTE in options.seats
    if args.host and not remote and not args.load:  # a loaded game's seats are its file's
        raise UsageError("--host needs a seat for someone joining: put 'remote' in --seats (e.g. --seats human,remote)")
    return replace(options, host=args.host or remote, bind=args.bind, port=args.port)
