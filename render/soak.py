"""scripts/soak: the demo plays game after game headless while memory, GL objects and frame time are watched.

Leaks hide where screens are built and torn down, so every finished game is followed by a new screen:
the next game with a table, in turn, each cycling through its variants (Cubitos: card sets) and 2-4
seats. Greedy bots sit in every seat (a one-ply search: quick, yet games that end), and the animation
runs at ``ANIM_SPEED`` through the app's own main loop, drawing into a hidden window.

The yardstick is taken between games, with no screen open (and its memory given back by the app,
``render.memory``): the resident memory and the live GL objects. The first round (one game of every
table) is left out, as each table makes its art and shaders on its first game and keeps them, as it
should; the second round is compared with the last.
"""
from __future__ import annotations

import argparse
import gc
import itertools
import json
import resource
import statistics
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

if TYPE_CHECKING:
    from render.app import App
    from render.gl.census import Census

BOT = "greedy"
ANIM_SPEED = 4.0  # moves still animate over several frames, and games come four times as fast
SIZE = (640, 360)
FINAL_S = 1.0  # the final scores stay up this long (the demo's own pause is longer), then the next game
POLL_S = 0.1  # how often the soak looks at the table between frames
MEMORY_LIMIT_PCT = 5.0
CARD_SETS = ("race1", "race7", "grand-finale", "random")  # Cubitos: a one-lap, a two-lap, the finale, random


@dataclass
class Table:
    """One game to play: which, how many seats, the variant and the game's own options."""

    game: str
    players: int
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def name(self) -> str:
        extra = self.variant or ",".join(map(str, self.options.values())) or "basic"
        return f"{self.game}/{extra}/{self.players}p"


def tables() -> Iterator[Table]:
    """Endless: one game of each table in turn, each table going round its variants and seat counts."""
    from game import registry
    from render.tables import registry as kits

    rounds = []
    kinds: list[tuple[str | None, dict[str, str]]]
    for game in kits.games():
        rules = registry.get(game)
        players = range(rules.min_players, rules.max_players + 1)
        kinds = [(None, {"card_set": s}) for s in CARD_SETS] if game == "cubitos" else \
            [(v, {}) for v in rules.variants]
        rounds.append(itertools.cycle([Table(game, n, v, o) for v, o in kinds for n in players]))
    while True:
        yield from (next(r) for r in rounds)


def resident_mb() -> float:
    """This process's resident memory now."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * resource.getpagesize() / 2 ** 20


def descendants(pid: str = "self") -> int:
    """Live processes below this one: multiprocessing's forkserver and resource tracker, and the bots'
    worker (a child of the forkserver), one screen's at most if screens let theirs go."""
    kids: list[str] = []
    for listed in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            kids += listed.read_text().split()
        except OSError:
            pass  # that process or thread has just ended
    return len(kids) + sum(descendants(k) for k in kids)


def frame_ms(times: Sequence[float]) -> tuple[float, float]:
    """Median and 95th percentile in milliseconds (0, 0 without frames)."""
    if not times:
        return 0.0, 0.0
    ordered = sorted(times)
    return statistics.median(ordered) * 1e3, ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1e3


@dataclass
class Sample:
    elapsed_s: float
    games: int
    moves: int
    rss_mb: float
    gl: dict[str, int]
    frames: int
    frame_median_ms: float
    frame_p95_ms: float
    threads: int
    processes: int

    def line(self) -> str:
        gl = " ".join(f"{k}={v}" for k, v in self.gl.items() if v)
        return (f"{self.elapsed_s:7.0f}s  games {self.games:4d}  moves {self.moves:5d}  rss {self.rss_mb:7.1f} MB  "
                f"gl {sum(self.gl.values())} ({gl})  frame {self.frame_median_ms:5.1f} ms median "
                f"{self.frame_p95_ms:6.1f} ms p95 ({self.frames} frames)  threads {self.threads}  "
                f"processes {self.processes}")


@dataclass
class Between:
    """The yardstick: measured after a game's screen is gone and before the next one is built."""

    games: int
    rss_mb: float
    gl: dict[str, int]


class Soak:
    """Drives the app's demo from pyglet's clock: a new table after each game, a sample every ``every_s``."""

    def __init__(self, app: "App", census: "Census", seed: int, seconds: float, every_s: float, moves: int | None,
                 json_out: bool) -> None:
        from render.tables import registry as kits

        self.app, self.census, self.seed = app, census, seed
        self.every_s, self.cap = every_s, moves  # cap: a new table after this many moves
        self.out = sys.stderr if json_out else sys.stdout  # the lines as it goes; --json keeps stdout for JSON
        self.tables = tables()
        self.games = 0
        self.moves = 0  # moves of the games whose screens are gone
        self.round = len(kits.games())  # one game of every table
        self.between: list[Between] = []  # after every game
        self.samples: list[Sample] = []
        self.frame_times: list[float] = []
        self.played: list[str] = []
        self.start = time.monotonic()
        self.end = self.start + seconds
        self.next_sample = self.start + every_s

    def begin(self) -> None:
        import pyglet

        self.next_game()
        pyglet.clock.schedule_interval(self.poll, POLL_S)

    def next_game(self) -> None:
        from render.screens.base import Screen
        from render.options import Options

        self.moves += self.ply()
        self.app.show(Screen(self.app))  # the finished game's screen goes before the next is made
        if self.played:
            self.games += 1
            self.measure_between()
        table = next(self.tables)
        self.played.append(table.name())
        options = Options(game=table.game, players=table.players, seats=[BOT] * table.players,
                          seed=self.seed + len(self.played), variant=table.variant, game_options=table.options,
                          anim_speed=ANIM_SPEED)
        self.app.start_demo(options)

    def ply(self) -> int:
        """Moves played on the screen open now."""
        from render.screens.game import GameScreen

        return self.app.screen.ply if isinstance(self.app.screen, GameScreen) else 0

    def measure_between(self) -> None:
        gc.collect()
        b = Between(self.games, round(resident_mb(), 1), self.census.live())
        self.between.append(b)
        print(f"  after game {b.games} ({self.played[-1]}): rss {b.rss_mb:.1f} MB, gl {sum(b.gl.values())}",
              file=self.out, flush=True)

    def poll(self, _dt: float) -> None:
        import pyglet
        from render.screens.game import GameScreen

        screen = self.app.screen
        if isinstance(screen, GameScreen) and (
                screen.state.is_over and screen.over_for >= FINAL_S or self.cap and screen.ply >= self.cap):
            self.next_game()
        now = time.monotonic()
        if now >= self.next_sample or now >= self.end:
            self.sample(now)
            while self.next_sample <= now:  # a slow start or frame skips samples rather than doubling them
                self.next_sample += self.every_s
        if now >= self.end:
            pyglet.clock.unschedule(self.poll)
            self.app.quit()

    def sample(self, now: float) -> None:
        median, p95 = frame_ms(self.frame_times)
        s = Sample(round(now - self.start, 1), self.games, self.moves + self.ply(), round(resident_mb(), 1),
                   self.census.live(), len(self.frame_times), round(median, 2), round(p95, 2),
                   threading.active_count(), descendants())
        self.frame_times = []
        self.samples.append(s)
        print(s.line(), file=self.out, flush=True)

    def summary(self) -> dict[str, Any]:
        """Between games, a round (one game of every table) after the first round against the last round:
        the mean resident memory (a round evens out what each table keeps while it is open) and the
        GL objects after the round's last game."""
        w, between = self.round, self.between
        if len(between) < 2 * w:
            return {"games": self.games, "ok": False,
                    "verdict": f"too short: {self.games} games finished, {2 * w} needed "
                               f"(the first of every table, then one more round)"}
        first, last = between[w:2 * w], between[-w:]
        warm_mb, end_mb = (statistics.fmean(b.rss_mb for b in r) for r in (first, last))
        warm_gl, end_gl = first[-1].gl, last[-1].gl
        growth = 100 * (end_mb - warm_mb) / warm_mb
        grew = {k: [warm_gl[k], end_gl[k]] for k in warm_gl if end_gl[k] > warm_gl[k]}
        ok = growth < MEMORY_LIMIT_PCT and not grew
        verdict = (f"{'PASS' if ok else 'FAIL'}: memory between games {warm_mb:.1f} -> {end_mb:.1f} MB "
                   f"({growth:+.2f}%, limit {MEMORY_LIMIT_PCT:g}%), GL objects {sum(warm_gl.values())} -> "
                   f"{sum(end_gl.values())}" + (f" (grew: {grew})" if grew else ""))
        times = [s.frame_median_ms for s in self.samples if s.frames]
        return {"games": self.games, "ok": ok, "verdict": verdict, "warm_mb": round(warm_mb, 1),
                "end_mb": round(end_mb, 1), "memory_growth_pct": round(growth, 3), "warm_gl": warm_gl,
                "end_gl": end_gl, "gl_grew": grew, "rss_first_game_mb": between[0].rss_mb,
                "rss_end_mb": self.samples[-1].rss_mb if self.samples else None,
                "frame_median_ms": round(statistics.median(times), 2) if times else None,
                "frame_p95_ms": max((s.frame_p95_ms for s in self.samples), default=None)}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="soak", description=__doc__.split("\n")[0])
    p.add_argument("--minutes", type=float, default=60.0, help="how long to play (default 60)")
    p.add_argument("--every", type=float, default=60.0, metavar="S", help="seconds between samples (default 60)")
    p.add_argument("--json", action="store_true", help="print the samples and the summary as one JSON object")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game; each next game adds one")
    p.add_argument("--moves", type=int, metavar="N", help="a new table after N moves, finished or not "
                                                           "(a short soak builds more screens)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    import pyglet

    pyglet.options["headless"] = True
    from render import i18n
    from render.app import App, open_window
    from render.gl.census import Census
    from render.options import Options
    i18n.set_language("en")
    window, ctx = open_window(*SIZE, visible=False)
    census = Census(ctx)

    class TimedApp(App):
        """The app, timing each frame it draws (drawing and the GPU's finishing it)."""

        def on_draw(self) -> None:
            start = time.perf_counter()
            super().on_draw()
            self.ctx.finish()
            soak.frame_times.append(time.perf_counter() - start)

    app = TimedApp(window, ctx, Options())
    app.on_quit = pyglet.app.exit
    soak = Soak(app, census, args.seed, args.minutes * 60, args.every, args.moves, args.json)
    soak.begin()
    app.run()
    summary = soak.summary()
    if args.json:
        print(json.dumps({"command": " ".join(["scripts/soak", *(argv if argv is not None else sys.argv[1:])]),
                          "bot": BOT, "anim_speed": ANIM_SPEED, "size": SIZE, "seed": args.seed,
                          "games_played": soak.played, "samples": [asdict(s) for s in soak.samples],
                          "between_games": [asdict(b) for b in soak.between],
                          "summary": summary}))
    else:
        print(summary["verdict"])
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
