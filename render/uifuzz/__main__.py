"""``scripts/uifuzz [--game G] [--games N] [--seed S] [--json]``: the screen-level fuzzer, headless.

Without ``--games`` it sweeps every combination once (a short game from a random mid-game position);
``--games N`` plays N whole games for each game and seat mix. A progress line goes to stderr as it
goes; each failure is one line naming the files that reproduce it (``--repro FILE``)."""
from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from render.uifuzz.combos import Combo

os.environ.setdefault("PYGLET_HEADLESS", "1")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        print(f"uifuzz: {message}", file=sys.stderr)
        raise SystemExit(2)


def _args(argv: list[str] | None) -> argparse.Namespace:
    p = _Parser(prog="scripts/uifuzz", description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--game", help="one game only (octocube, cubitos, otys)")
    p.add_argument("--games", type=int, help="whole games for each game and seat mix (default: one short sweep)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--decisions", type=int, default=8, help="a person's decisions a sweep game plays (default 8)")
    p.add_argument("--json", action="store_true", help="one JSON line of totals at the end")
    p.add_argument("--out", default="uifuzz-failures", help="where failures are kept (default ./uifuzz-failures)")
    p.add_argument("--repro", help="play a failure's gestures file again and check the screen")
    p.add_argument("--only", help="only the combinations whose name holds this text")
    a = p.parse_args(argv)
    if a.games is not None and a.games < 1 or a.decisions < 1:
        p.error("--games and --decisions take a whole number of at least 1")
    return a


def main(argv: list[str] | None = None) -> int:
    a = _args(argv)
    home = tempfile.mkdtemp(prefix="cubetable-uifuzz-")
    os.environ["CUBETABLE_HOME"] = home  # saves, settings and art of the fuzzed tables: never the player's
    from render.uifuzz.combos import MIXES, combos
    from render.uifuzz.run import Fuzzer
    from render.uifuzz.session import headless_app, repro

    try:
        cs = combos(a.game)
    except KeyError as e:
        print(f"uifuzz: {e.args[0]}", file=sys.stderr)
        return 2
    if a.only:
        cs = [c for c in cs if a.only in c.name]
        if not cs:
            print(f"uifuzz: no combination's name holds {a.only!r}", file=sys.stderr)
            return 2
    app = headless_app(home)
    if a.repro:
        found = repro(app, Path(a.repro))
        print(found[0] if found else "uifuzz: the gestures play through with nothing found")
        return 1 if found else 0
    out = Path(a.out)
    fuzzer = Fuzzer(app, out, a.seed, progress=lambda line: print(line, file=sys.stderr))
    def seeded(c: Combo, i: int = 0) -> random.Random:  # the same game for a combo whatever else is played
        return random.Random(f"{a.seed}/{c.name}/{i}")

    if a.games is None:
        plan = [(c, seeded(c).randrange(1, 10 ** 6), a.decisions, seeded(c).randint(0, 60)) for c in cs]
    else:
        by_mix = {(g, m): [c for c in cs if c.game == g and c.mix == m and not c.takeover]
                  for g in dict.fromkeys(c.game for c in cs) for m in MIXES}  # in the menu's order
        plan = [(c, seeded(c, i).randrange(1, 10 ** 6), None, 0)
                for group in by_mix.values() if group
                for i, c in enumerate(itertools.islice(itertools.cycle(group), a.games))]
        plan += [(c, seeded(c).randrange(1, 10 ** 6), None, seeded(c).randint(0, 60)) for c in cs if c.takeover]
    shown = time.monotonic()
    try:
        for i, (combo, seed, decisions, warmup) in enumerate(plan, 1):
            fuzzer.play(combo, seed, decisions, warmup)
            if time.monotonic() - shown > 5 or i == len(plan):
                t = fuzzer.tally
                print(f"uifuzz: {i}/{len(plan)} games, {t.decisions} decisions, {t.gestures} gestures, "
                      f"{len(t.failures)} failures", file=sys.stderr)
                shown = time.monotonic()
    except KeyboardInterrupt:
        print("uifuzz: stopped", file=sys.stderr)
        return 130
    finally:
        fuzzer.close()
        app.close()
    if a.json:
        print(json.dumps(fuzzer.tally.summary()))
    return 1 if fuzzer.tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
