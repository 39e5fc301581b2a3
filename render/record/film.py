"""A game filmed on a fixed timeline: every frame advances the table by exactly 1/fps.

The film plays the moves itself, each as soon as the table is still and the last one has been
held ``MOVE_HOLD_S``; no bot thread runs and no clock is read, so the same game at the same fps
gives the same frames however fast the machine renders.
"""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from game.core.action import Action
from game.core.replay import Timeline
from game.core.savefile import SaveData
from render.i18n import t
from render.options import Options
from render.record.writers import RecordError, Writer, open_writer, output_kind

if TYPE_CHECKING:  # the app imports pyglet's window, which must wait for the headless context
    from render.app import App
    from render.screens.game import GameScreen

MOVE_HOLD_S = 0.6  # each move stays on the table this long after its animation, so its caption can be read
END_HOLD_S = 3.0  # the last position (the final scores) stays this long
PROGRESS_S = 3.0  # wall-clock seconds between progress lines


@dataclass
class Progress:
    """How far a recording is: frames written, moves played of the current game, games done."""

    frames: int
    fps: int
    move: int
    moves: int
    game: int = 1
    games: int = 1


Report = Callable[[Progress], None]


def print_progress(out: str, every: float = PROGRESS_S) -> Report:
    """A report that writes one line on stderr at most every ``every`` seconds."""
    last = [time.monotonic()]

    def report(p: Progress) -> None:
        now = time.monotonic()
        if now - last[0] >= every:
            last[0] = now
            print(t("record.progress", out=out, game=p.game, games=p.games, move=p.move, moves=p.moves,
                    frames=p.frames, seconds=f"{p.frames / p.fps:.1f}"), file=sys.stderr, flush=True)
    return report


def hold_frames(seconds: float, fps: int) -> int:
    """A hold in whole frames, at least one: the timeline counts frames, never seconds."""
    return max(1, round(seconds * fps))


def shoot(app: App, screen: GameScreen, actions: Sequence[Action], writer: Writer, report: Report,
          progress: Progress) -> None:
    """Play ``actions`` on the demo ``screen`` (already shown by ``app``) into ``writer``."""
    screen.script()  # the film makes every move itself, in order
    dt = 1 / writer.fps
    move_hold, end_hold = hold_frames(MOVE_HOLD_S, writer.fps), hold_frames(END_HOLD_S, writer.fps)
    still = 0  # frames since the table last moved
    played = 0
    while True:
        if screen.at_rest:
            if played < len(actions) and still >= move_hold:
                screen.submit(actions[played])
                played, still = played + 1, 0
            elif played == len(actions) and still >= end_hold:
                return
        if screen.moves_on_within(dt):
            return  # the demo would go on to its next game
        app.tick(dt)
        screen.settle()  # every frame whole, with 4x MSAA: a film has no "still later"
        writer.write(app.capture())
        still = still + 1 if screen.at_rest else 0
        report(replace(progress, frames=writer.frames, move=played))


def _table_options(data: SaveData, anim_speed: float) -> Options:
    """The table a save file was played at: its game, seats, seed and options."""
    game_options = dict(data.options)
    variant = game_options.pop("variant", None)
    return Options(game=data.game, players=data.players, seats=data.seats, seed=data.seed, variant=variant,
                   game_options=game_options, anim_speed=anim_speed)


@contextmanager
def _filming(gl: tuple | None, options: Options, size: tuple[int, int], out: str,
             fps: int) -> Iterator[tuple[App, Writer]]:
    """An offscreen app on ``gl`` (a caller's (window, context), else the process's headless one)
    and the writer of ``out``: the file is complete at the end, or removed if anything stopped it."""
    if gl is None:
        from render.gl.context import headless_context

        ctx = headless_context()
        gl = ctx.extra, ctx
    window, ctx = gl
    from render.app import App  # after the context: pyglet must choose EGL first

    projection = window.projection  # the app sets its own; a caller's window gets its own back
    writer = open_writer(out, fps)
    app = App(window, ctx, options, size=size)
    try:
        yield app, writer
    except BaseException:
        writer.abort()
        raise
    finally:
        app.close()
        window.projection = projection
    writer.close()


def record_replay(path: str, out: str, size: tuple[int, int] = (1280, 720), fps: int = 30,
                  start: int | None = None, end: int | None = None, progress: Report | None = None,
                  anim_speed: float = 1.0, gl: tuple | None = None) -> int:
    """Film the save file ``path`` (its moves ``start``..``end``, counted from 1; the position
    before ``start`` is where the film opens) into ``out``; the number of frames written.

    For the replay viewer's Record button as for the command line: ``gl`` is a (window, context)
    to draw with (default: a headless one); ``progress`` is called after every frame and may
    raise to stop, which removes the partial file like Ctrl+C does."""
    if fps <= 0:
        raise RecordError(f"--fps must be 1 or more, not {fps}")
    output_kind(out)  # a bad name is told before the save file is replayed
    timeline = Timeline.read(path)
    first, last = start or 1, timeline.moves if end is None else end
    if not 1 <= first <= last <= timeline.moves:
        raise RecordError(f"{path} has moves 1 to {timeline.moves}; --from {first} --to {last} is not a range of them")
    options = _table_options(timeline.data, anim_speed)
    match = timeline.branch(first - 1, timeline.data.seats)  # the film opens on the position before ``first``
    with _filming(gl, options, size, out, fps) as (app, writer):
        from render.screens.demo import DemoScreen

        screen = DemoScreen(app, options, match)  # captioned, every fact shown, nobody acts
        app.show(screen)
        shoot(app, screen, [timeline.action(k) for k in range(first, last + 1)], writer,
              progress or (lambda p: None), Progress(0, fps, 0, last - first + 1))
    return writer.frames


def record_demo(options: Options, out: str, size: tuple[int, int] = (1280, 720), fps: int = 30, games: int = 1,
                progress: Report | None = None, gl: tuple | None = None, moves: int | None = None) -> int:
    """Film ``games`` demo games, as the live demo plays them one after another (the same games,
    seats and deals), into ``out``, each whole or its first ``moves`` moves; the number of frames
    written."""
    if fps <= 0 or games <= 0 or moves is not None and moves <= 0:
        raise RecordError(f"--fps, --games and --to must be 1 or more, not {fps}, {games} and {moves}")
    from render.screens.demo import DemoScreen

    with _filming(gl, options, size, out, fps) as (app, writer):
        for game in range(1, games + 1):
            app.start_demo(options)
            screen = app.screen
            assert isinstance(screen, DemoScreen)
            actions = screen.bots_play_out(moves)
            shoot(app, screen, actions, writer, progress or (lambda p: None),
                  Progress(0, fps, 0, len(actions), game, games))
            options = screen.next_demo()  # the game the live demo would go on to
    return writer.frames
