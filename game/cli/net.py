"""``serve``: a networked table run headless (a dedicated server), printing its join codes;
``join``: a seat of such a table taken headless and played by a bot (docs/network.md)."""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any

from game.cli.common import UsageError, add_option_arguments, table
from game.core import SaveError
from game.core.errors import one_line
from game.core.match import HUMAN, REMOTE, Match
from game.net import codes as codes_
from game.net.address import DEFAULT_PORT, lan_address, split
from game.net.client import Client
from game.net.remote_bot import play, valid_bot
from game.net.server import Server, result
from game.net.table import NetTable


def add_serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", help="octocube, cubitos or otys (not with --load: the save says)")
    p.add_argument("--seats", default=f"{REMOTE},{REMOTE}",
                   help="comma-separated seat specs: 'remote' (someone joins with a code) or a bot (random, greedy, ...)")
    p.add_argument("--players", type=int, help="number of seats (default: the number of --seats)")
    p.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    p.add_argument("--variant", help="the game's variant (e.g. basic, kids, advanced)")
    p.add_argument("--card-set", dest="card_set", help="Cubitos card set")
    add_option_arguments(p)
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT}; 0: any free)")
    p.add_argument("--bind", help="address to listen on (default: this machine's own LAN address; "
                                  "0.0.0.0 listens everywhere, public addresses too)")
    p.add_argument("--wait", type=float, help="seconds an absent joiner's turn waits before a bot plays the seat "
                                              "until they rejoin (default: wait for ever)")
    p.add_argument("--stand-in", dest="stand_in", default="random", help="the bot that plays for an absent joiner")
    p.add_argument("--autosave", help="keep the game in this file after every move (and its codes beside it)")
    p.add_argument("--load", help="resume the game autosaved in this file, with the same codes")
    p.add_argument("--json", action="store_true", help="first line: address and codes; last line: the result")


def add_join_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("address", help="the server's HOST:PORT")
    p.add_argument("--code", required=True, help="the seat's (or the spectators') join code")
    p.add_argument("--bot", default="random", help="the bot that plays the seat: random, greedy, mcts:300, a level "
                                                  "(easy, medium, hard, expert), from what the seat sees")
    p.add_argument("--seed", type=int, default=0, help="the bot's own seed")
    p.add_argument("--retry", type=float, default=30.0, help="seconds to keep trying a lost server (default 30)")
    p.add_argument("--json", action="store_true", help="print the result as one JSON line")


def _new_match(args: argparse.Namespace) -> tuple[Match, dict[int, str]]:
    specs = [s.strip() for s in args.seats.split(",") if s.strip()]
    remote = [seat for seat, spec in enumerate(specs) if spec == REMOTE]
    checked = argparse.Namespace(**{**vars(args), "games": 1, "seats": ",".join(
        "random" if spec == REMOTE else spec for spec in specs)})
    t = table(checked)
    if len(specs) == 1:
        remote = list(range(t.players)) if remote else []
    seats = [HUMAN if seat in remote else spec for seat, spec in enumerate(t.specs)]
    match = Match(t.rules, t.players, args.seed, seats, autosave=args.autosave, **t.options)
    return match, codes_.new_codes(remote)


def run_serve(args: argparse.Namespace) -> int:
    if args.wait is not None and args.wait < 0:
        raise UsageError("--wait must be at least 0")
    if not args.game and not args.load:
        raise UsageError("serve needs --game, or --load FILE to resume a game (see python -m game serve --help)")
    try:
        if args.load:
            match = Match.resume(args.load)
            if args.game and args.game != match.rules.name:
                raise UsageError(f"--load {args.load} is a game of {match.rules.name}, not {args.game}")
            codes = codes_.load_codes(args.load)
        else:
            match, codes = _new_match(args)
        if match.autosave:
            codes_.save_codes(match.autosave, codes)
            match.save_autosave()
        net = NetTable(match, codes, args.stand_in)
    except (SaveError, ValueError, OSError) as e:
        raise UsageError(one_line(e)) from None
    host = args.bind or lan_address()
    server = Server(net, host, args.port, args.wait)

    def ready(address: str) -> None:
        named = {("spectators" if seat == codes_.SPECTATORS else str(seat)): code for seat, code in codes.items()}
        if args.json:
            print(json.dumps({"address": address, "codes": named}), flush=True)
        else:
            print(f"serving {match.rules.name} at {address}", flush=True)
            for who, code in named.items():
                print(f"  {'seat ' + who if who.isdigit() else who}: {code}", flush=True)
        if not match.autosave:
            print("note: without --autosave a stopped server's game is lost", file=sys.stderr, flush=True)

    try:
        asyncio.run(server.run(ready))
    except OSError as e:
        raise UsageError(f"cannot listen on {host}:{args.port}: {e.strerror or e}") from None
    end = result(net)
    print(json.dumps(end) if args.json else f"game over: scores {end['scores']}, winners {end['winners']}")
    return 0


def run_join(args: argparse.Namespace) -> int:
    if not valid_bot(args.bot):
        raise UsageError(f"unknown bot {args.bot!r} (random, greedy, mcts:300, easy, medium, hard, expert)")
    try:
        split(args.address)
    except ValueError as e:
        raise UsageError(str(e)) from None
    client = Client(args.address, args.code, retry_s=args.retry)
    client.start()
    try:
        played = play(client, args.seed, bot=args.bot)
    finally:
        client.close()
    summary: dict[str, Any] = played.summary()
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"seat {played.seat}: {'over, scores ' + str(played.scores) if played.over else played.reason}")
    return 0 if played.over else 1
