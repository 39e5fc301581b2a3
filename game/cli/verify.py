"""``verify FILE``: replay a save file; exit 0 when every move is legal and the end matches."""
from __future__ import annotations

import argparse
import sys

from game.cli.common import USAGE_ERROR
from game.core.errors import one_line
from game.core import SaveError, savefile
from game.core.errors import printable


def run(args: argparse.Namespace) -> int:
    try:
        data, states = savefile.read(args.file)
    except SaveError as e:
        print(f"invalid: {printable(one_line(e))}", file=sys.stderr)
        return USAGE_ERROR
    except Exception as e:  # noqa: BLE001 - a rules bug met while replaying still gets one line
        print(f"invalid: {printable(args.file)}: replay failed with {type(e).__name__}: {printable(one_line(e))}",
              file=sys.stderr)
        return USAGE_ERROR
    final = states[-1]
    end = f"over, winners {final.winners()}" if final.is_over else "not finished"
    print(f"valid: {data.game}, {data.players} players, seed {data.seed}, {len(data.actions)} moves, {end}")
    return 0
