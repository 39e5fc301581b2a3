"""``cubetable --record OUT``: a save file (``--replay``) or ``--games`` demo games filmed headless."""
from __future__ import annotations

import argparse
from typing import Callable

from render.options import Options
from render.record.film import print_progress, record_demo, record_replay
from render.record.writers import RecordError, output_kind


def check(args: argparse.Namespace) -> None:
    """Every recording flag, before anything is drawn or replayed."""
    if not (args.replay or args.demo):
        raise RecordError("--record films a saved game (--replay FILE) or the demo (--demo)")
    if args.fps <= 0:
        raise RecordError(f"--fps must be 1 or more, not {args.fps}")
    if args.games <= 0:
        raise RecordError(f"--games must be 1 or more, not {args.games}")
    if args.demo and args.start is not None:
        raise RecordError("--from is for --replay; a demo game is filmed from its start (--to M: up to move M)")
    if args.end is not None and args.end <= 0 or args.start is not None and args.start <= 0:
        raise RecordError("moves count from 1: --from and --to must be 1 or more")
    if args.start is not None and args.end is not None and args.start > args.end:
        raise RecordError(f"--from {args.start} comes after --to {args.end}")
    if args.anim_speed < 0:
        raise RecordError("--anim-speed must be 0 (instant) or more")
    output_kind(args.record)


def record(args: argparse.Namespace, size: tuple[int, int],
           make_options: Callable[[argparse.Namespace], Options]) -> int:
    """Film what the flags name into ``args.record``; the number of frames written."""
    check(args)
    report = print_progress(args.record)
    if args.replay:
        return record_replay(args.replay, args.record, size, args.fps, args.start, args.end, report, args.anim_speed)
    options = make_options(args)
    options.save = None  # a demo never touches the autosaved game
    return record_demo(options, args.record, size, args.fps, args.games, report, moves=args.end)
