"""The `cubetable` command: open the window (start menu, a game, a demo) or render a screenshot.

Bad input (an unknown game, a wrong number of seats, a bad size, a damaged save file) gets one line
on stderr and exit status 2, never a traceback.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence

from game import registry
from game.core import SaveError
from game.core.errors import printable
from game.core.match import HUMAN
from render import i18n, logfile, settings
from render.net_options import REMOTE, add_network_arguments, network_options
from render.options import Options
from render.paths import HOME_VAR, user_dir
from render.tables import registry as kits
from render.usage import UsageError

# --show guide, guide2, ...: the rules guide open at that page; with the panels each game's kit can open
# (render.tables.kit.Kit.screenshot_panels)
SHOW = ("table", "menu", "settings")
DEMO_MIX = ("hard", "medium", "expert", "easy")  # --demo-mix: seat by seat
MAX_ANIM_SPEED = 64  # a film may run fast; past this every move is a blink anyway
GAME_FLAGS = {"card_set": "--card-set", "track": "--track", "laps": "--laps", "spy_variant": "--spy"}  # games' own


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="cubetable", description="Tabletop games on a 3D table. Without --game: the start menu. "
                                              "The headless commands (simulate, tournament, verify, fuzz, speed, "
                                              "balance): cubetable headless --help.")
    p.add_argument("--version", action="store_true", help="print the version (and the libraries') and exit")
    p.add_argument("--install-desktop", action="store_true",
                   help="Linux: add Cubetable to the desktop's menu (a .desktop entry and its icon in "
                        "~/.local/share) and exit")
    p.add_argument("--game", help=f"game to play on screen: {', '.join(kits.games())} "
                                  f"(all games, headless: python -m game)")
    p.add_argument("--players", type=int, default=None,
                   help="number of seats, 2-4 (default: as many as --seats names, else 2)")
    p.add_argument("--seats", help="who plays each seat, comma separated: human, random, greedy, mcts:500, "
                                   "easy, medium, hard, expert (default: human then random bots)")
    p.add_argument("--seed", type=int, help="seed of the game's dice and shuffles (default: random)")
    p.add_argument("--variant", help="rules variant, e.g. basic, kids, advanced")
    p.add_argument("--card-set", help="Cubitos: the cards in play (a named set, random, or colour=card,...)")
    p.add_argument("--track", help="Cubitos: the racetrack")
    p.add_argument("--laps", type=int, help="Cubitos: laps on a lap track")
    p.add_argument("--spy", dest="spy_variant", action="store_true", default=None,
                   help="Otys: the designer's Spy variant")
    p.add_argument("--anim-speed", type=anim_speed, help="animation speed; 0 = instant (default: the settings', 1)")
    p.add_argument("--load", metavar="FILE", help="resume a saved game")
    p.add_argument("--replay", metavar="FILE", help="watch a saved game in the replay viewer (with --screenshot: "
                                                     "the position after --after moves; with --record: film it)")
    p.add_argument("--save", metavar="FILE",
                   help=f"autosave and Ctrl+S go here (default {user_dir('data') / 'autosave.json'})")
    p.add_argument("--home", metavar="DIR", help=f"keep saves, settings, cache and logs under DIR "
                                                 f"(as the environment variable {HOME_VAR} does)")
    p.add_argument("--forced", choices=("ask", "auto"),
                   help="a person's only legal move: ask for a click, or take it at once (default: the game's)")
    p.add_argument("--lang", choices=(*i18n.LANGUAGES, i18n.PSEUDO), metavar="{en,ja}",
                   help="language of the screen: en or ja (default: the last one chosen, else the system's)")
    p.add_argument("--guide", action=argparse.BooleanOptionalAction,
                   help="first-game guide: suggest each person's next sensible move (default: as last chosen)")
    p.add_argument("--show-all-scores", action="store_true", default=None,
                   help="show every seat's VP, not only your own (default: the settings')")
    p.add_argument("--demo", action="store_true", help="bots play each other with captions, game after game "
                                                       "(default seats: every one hard)")
    p.add_argument("--demo-mix", action="store_true", help="with --demo and no --seats: a mix of bot levels")
    p.add_argument("--size", help="window or screenshot size WxH (default: the last window's, 1280x720 "
                                  "for a screenshot)")
    p.add_argument("--screenshot", metavar="OUT.png", help="render a position to a PNG without a display and exit")
    p.add_argument("--after", type=non_negative(int), default=0, help="with --screenshot: random-bot moves before the picture")
    p.add_argument("--mid", type=non_negative(float), metavar="SECONDS",
                   help="with --screenshot: animate the last of the --after moves, the picture SECONDS into it")
    p.add_argument("--frames", type=non_negative(int), default=0, metavar="N",
                   help="quit after N frames of the main loop (smoke tests; runs without a display too)")
    p.add_argument("--first-frame-time", action="store_true", help=argparse.SUPPRESS)  # scripts/bench: startup_ms
    p.add_argument("--first-table-time", action="store_true", help=argparse.SUPPRESS)  # and cold_table_ms
    p.add_argument("--record", metavar="OUT", help="film --replay FILE or --demo headless into OUT.mp4, OUT.gif "
                                                   "or a folder of PNGs, and exit")
    p.add_argument("--fps", type=int, default=30, help="with --record: frames a second of the film (default 30)")
    p.add_argument("--from", dest="start", type=int, metavar="N", help="with --record: film from move N")
    p.add_argument("--to", dest="end", type=int, metavar="M",
                   help="with --record: film up to move M (--demo: of each game)")
    p.add_argument("--games", type=int, default=1, help="with --demo --record: demo games to film (default 1)")
    p.add_argument("--show", default="table",
                   help="with --screenshot: table, menu, settings, guide (the rules guide; guide2... its later "
                        "pages), or a panel of the game (Octocube: score, orient)")
    add_network_arguments(p)
    return p


def non_negative(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    """An argparse type for counts and times: a negative one is refused in one line, not taken as 0."""
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"give a number, not {text!r}") from None
        if value < 0:
            raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
        return value
    return parse


def anim_speed(text: str) -> float:
    """--anim-speed: a number from 0 (instant) to MAX_ANIM_SPEED; nan or inf would freeze the table."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"give a number, not {text!r}") from None
    if not 0 <= value <= MAX_ANIM_SPEED:
        raise argparse.ArgumentTypeError(f"must be 0 (instant) to {MAX_ANIM_SPEED}, not {text}")
    return value


def parse_size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or not (64 <= int(w) <= 8192 and 64 <= int(h) <= 8192):
        raise UsageError(f"bad --size {text!r}: give WIDTHxHEIGHT, e.g. 1280x720 (64 to 8192 pixels each)")
    return int(w), int(h)


# Options that cannot go together: each pair is refused in one line rather than one silently ignored.
# (--game beside --load or --replay must name the file's game: check_saved.)
CONFLICTS = (("load", "replay"), ("load", "demo"), ("replay", "demo"), ("screenshot", "record"), ("host", "join"), ("join", "load"), ("join", "demo"), ("join", "replay"))


def check_conflicts(args: argparse.Namespace) -> None:
    """--load FILE plays that file's game, --replay shows one, --demo plays bots' games: one each."""
    for a, b in CONFLICTS:
        if getattr(args, a) and getattr(args, b):
            raise UsageError(f"--{a} and --{b} do not go together; give one")


def settle_players(args: argparse.Namespace) -> None:
    """No --players: as many as --seats names (it says how many sit at the table), else 2."""
    if args.players is None:
        args.players = len(args.seats.split(",")) if args.seats else 2


def default_seats(args: argparse.Namespace) -> list[str]:
    """Without --seats: a person against random bots; a demo shows good play (or, --demo-mix, a mix of levels)."""
    if getattr(args, "demo", False):
        return [DEMO_MIX[i % len(DEMO_MIX)] for i in range(args.players)] if args.demo_mix else ["hard"] * args.players
    return [HUMAN] + ["random"] * (args.players - 1)


def make_options(args: argparse.Namespace) -> Options:
    """Check every option against the game before any window opens."""
    settle_players(args)
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    game = args.game or "octocube"
    try:
        rules = registry.get(game)
    except KeyError as e:
        raise UsageError(str(e.args[0])) from None
    try:
        kits.require(game)
    except KeyError as e:
        raise UsageError(str(e.args[0])) from None
    if args.show not in SHOW:  # a guide page or a panel: the game's kit (not loaded before the window) says
        kit = kits.get(game)
        guides = ("guide", *(f"guide{n}" for n in range(2, len(kit.guide_pages) + 1)))  # this game's pages
        if args.show not in (*guides, *kit.screenshot_panels):
            raise UsageError(f"--show {args.show!r} means nothing for {rules.title}; choose "
                             f"{', '.join((*SHOW, *guides, *kit.screenshot_panels))}")
    if not rules.min_players <= args.players <= rules.max_players:
        raise UsageError(f"{rules.title} takes {rules.min_players}-{rules.max_players} players, not {args.players}")
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else default_seats(args)
    if len(seats) != args.players:
        raise UsageError(f"--seats names {len(seats)} seats but --players is {args.players}")
    from game.bots import make_bot

    for i, s in enumerate(seats):
        if s not in (HUMAN, REMOTE):
            try:
                make_bot(s, rules, i, seed)
            except ValueError as e:
                raise UsageError(f"seat {i + 1}: {e}") from None
    prefs = settings.load()
    for name in ("anim_speed", "show_all_scores"):
        if getattr(args, name) is None:
            setattr(args, name, prefs[name])
    forced = prefs["auto_forced"] if args.forced is None else args.forced == "auto"
    if not 0 <= args.anim_speed <= MAX_ANIM_SPEED:  # NaN too: it would freeze every animation
        raise UsageError(f"--anim-speed must be 0 (instant) to {MAX_ANIM_SPEED}, not {args.anim_speed}")
    game_options = {name: getattr(args, name) for name in GAME_FLAGS if getattr(args, name) is not None}
    options = Options(game=game, players=args.players, seats=seats, seed=seed, variant=args.variant,
                      game_options=game_options, anim_speed=args.anim_speed, show_all_scores=args.show_all_scores,
                      save=args.save, guide=prefs["guide"] if args.guide is None else args.guide,
                      auto_forced=forced)
    try:
        rules.new_game(players=args.players, seed=seed, **options.rules_options)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.load:
        check_saved(args.load, "played", args.game)
        options.load = args.load
    if args.replay:
        check_saved(args.replay, "shown", args.game)
    return network_options(args, options)


def check_saved(path: str, doing: str, game: str | None = None) -> None:
    """--load or --replay FILE: the file replays, its game has a table and is the one --game names
    (if it names one), before any window opens."""
    from game.core.savefile import read

    try:
        data, _ = read(path)
    except SaveError as e:
        raise UsageError(str(e)) from None
    if data.game not in kits.games():
        raise UsageError(f"{path} is a {data.game} game, which cannot be {doing} on screen yet")
    if game is not None and game != data.game:
        raise UsageError(f"{path} is a {data.game} game, not {game}: leave out --game")


def screenshot(args: argparse.Namespace, size: tuple[int, int]) -> None:
    """Play ``--after`` random-bot moves, then draw the screen as a person to move would see it."""
    if args.seats is None:
        args.seats = ",".join([HUMAN] * args.players)
    options = make_options(args)
    from render.gl.context import headless_context

    ctx = headless_context()
    logfile.log.info("GL: %s, %s", ctx.info.get("GL_RENDERER"), ctx.info.get("GL_VERSION"))
    from render.app import App
    from render.screens.game import GameScreen
    from render.gl.png import write_png

    options.anim_speed = 0.0
    choose_language(args.lang, remember=False)
    app = App(ctx.extra, ctx, options, size=size)
    if args.show in ("menu", "settings"):
        app.show_menu()
        if args.show == "settings":
            app.toggle_settings()
    elif args.replay:
        from render.replay.screen import ReplayScreen

        app.open_replay(args.replay)
        assert isinstance(app.screen, ReplayScreen)
        app.screen.go(args.after)
    else:
        options.save = options.save or os.devnull
        match = options.new_match()
        match.autosave = None
        from game.bots import make_bot

        bot = make_bot("random", match.rules, 0, options.seed)
        animated = 1 if args.mid is not None and args.after else 0  # the last move plays on the table
        for _ in range(args.after - animated):
            if match.state.is_over:
                break
            match.apply(bot.choose(match.state))
        app.start_game(options, match)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.update(0.0)
        if animated and not match.state.is_over:
            screen.view.anim_speed = 1.0
            screen.submit(bot.choose(match.state))
            for _ in range(round(args.mid * 60)):
                app.tick(1 / 60)
        if args.show in screen.kit.screenshot_panels:
            screen.kit.screenshot_panels[args.show](screen.table)
            if not screen.table.modal():  # never the plain table in the panel's name
                app.close()
                raise UsageError(f"--show {args.show}: that panel cannot open at this position "
                                 f"(try another --after, --seed or --load)")
        screen.dirty = True
        if args.show.startswith("guide"):
            screen.update(0.0)  # the panels under the guide, then the guide over them
            screen.open_guide(page=int(args.show[len("guide"):] or 1) - 1)
    app.tick(0.0)
    try:
        write_png(args.screenshot, app.capture())
    except OSError as e:
        raise UsageError(f"cannot write --screenshot {args.screenshot}: {e.strerror or e}") from None


def record(args: argparse.Namespace, size: tuple[int, int]) -> None:
    """--record: film a save file or demo games headless (render.record)."""
    from render.record import RecordError
    from render.record.command import record as film

    choose_language(args.lang, remember=False)
    if args.anim_speed is None:
        args.anim_speed = settings.load()["anim_speed"]
    try:
        film(args, size, make_options)
    except RecordError as e:
        raise UsageError(str(e)) from None
    except OSError as e:
        raise UsageError(f"cannot write --record {args.record}: {e.strerror or e}") from None


def choose_language(flag: str | None, remember: bool) -> None:
    """--lang, else the language chosen last time, else the system's; a flag given is remembered."""
    if flag in i18n.LANGUAGES and remember:
        settings.save(language=flag)
    wanted = flag or settings.load()["language"]
    i18n.set_language(wanted if wanted in (*i18n.LANGUAGES, i18n.PSEUDO) else i18n.system_language())


def check_output(path: str, flag: str) -> None:
    """A file to be written later (a picture, a film, the autosave): named wrong, it should cost
    one line now, not a traceback, a lost film or a game whose moves are not kept."""
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{flag} {path} is a folder; give a file name")
    if target.parent.exists() and not target.parent.is_dir():
        raise UsageError(f"{flag} {path}: {target.parent} is not a folder")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"cannot make the folder of {flag} {path}: {e.strerror or e}") from None
    try:
        with tempfile.TemporaryFile(dir=target.parent):  # a folder that refuses files says so now
            pass
    except OSError as e:
        raise UsageError(f"cannot write in the folder of {flag} {path}: {e.strerror or e}") from None


def window_size(size: tuple[int, int], given: bool) -> tuple[int, int]:
    """A window no smaller than the smallest every screen is laid out for (theme.MIN_WINDOW): a
    smaller --size is refused, a smaller last window comes back at the least size (pictures and
    films may be smaller: they are not played in)."""
    from render.ui.theme import MIN_WINDOW

    if given and (size[0] < MIN_WINDOW[0] or size[1] < MIN_WINDOW[1]):
        raise UsageError(f"--size {size[0]}x{size[1]} is smaller than the smallest window, "
                         f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]} (a --screenshot or --record may be smaller)")
    return max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1])


def last_window() -> tuple[int, int]:
    """The size the window had when it last closed (settings.json), if it is a sane one."""
    w, h, *_ = settings.load()["window"] + [0, 0]
    ok = all(isinstance(v, int) and 64 <= v <= 8192 for v in (w, h))
    return (w, h) if ok else (1280, 720)


def run(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.version:
        from render.about import version_line

        print(version_line())
        return 0
    if args.install_desktop:
        from render.icon import install_desktop

        try:
            written = install_desktop()
        except OSError as e:
            raise UsageError(f"cannot install the desktop entry: {e.strerror or e}") from None
        print(f"installed {written[-1]} and its icon in {written[0].parents[2]}")
        return 0
    check_conflicts(args)
    settle_players(args)
    if args.home:
        os.environ[HOME_VAR] = args.home  # before any path is asked for; bot workers inherit it
    logfile.start()
    if args.screenshot or args.record:
        import pyglet

        pyglet.options["headless"] = True  # before anything imports pyglet's GL: they never touch a display
    for flag, path in (("--screenshot", args.screenshot), ("--record", args.record), ("--save", args.save)):
        if path:
            check_output(path, flag)
    size = parse_size(args.size) if args.size else (1280, 720) if args.screenshot or args.record else last_window()
    if not (args.screenshot or args.record):
        size = window_size(size, given=bool(args.size))
    if args.record:
        record(args, size)
        return 0
    if args.screenshot:
        screenshot(args, size)
        return 0
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or \
        bool(os.environ.get("PYGLET_HEADLESS"))
    options = make_options(args)  # a wrong flag is named before any missing display
    if headless and not (args.frames or args.first_frame_time or args.first_table_time):
        raise UsageError("no display to open a window on (try --screenshot OUT.png)")
    if headless:
        import pyglet

        pyglet.options["headless"] = True
    from render.app import App
    from render.tables.atlas import painting_later

    choose_language(args.lang, remember=True)
    window, ctx = open_window_or_say(size, visible=not headless)
    logfile.log.info("GL: %s, %s", ctx.info.get("GL_RENDERER"), ctx.info.get("GL_VERSION"))
    with painting_later():  # a table comes before its art: atlases are painted between the window's frames
        app = App(window, ctx, options)
        if app.prefs["fullscreen"] and not headless:
            window.set_fullscreen(True)
        app.max_frames = 1 if args.first_frame_time else args.frames
        if args.demo:
            app.start_demo(options)
        elif args.replay:
            app.open_replay(args.replay)
        elif args.join:
            app.join_game(args.join, args.code)
        elif (args.game or args.load) and not args.first_table_time:
            app.start_game(options)
        else:
            app.show_menu(quick=True)
        pressed = press_start_when_shown(app) if args.first_table_time else {}
        app.run()
    if args.first_frame_time:
        print(f"first frame at {app.first_frame_at:.6f}", flush=True)  # wall clock, as the parent spawned us
    if pressed:
        print(f"start at {pressed['at']:.6f}\ntable at {app.first_frame_at:.6f}", flush=True)
    return 0


def press_start_when_shown(app: Any) -> dict[str, float]:
    """--first-table-time (scripts/bench: cold_table_ms): Start pressed once the menu shows its table, the
    program ending after the game table's first frame; {"at": the press's wall clock}, filled then."""
    import pyglet

    from render.screens.menu import MenuScreen

    pressed: dict[str, float] = {}

    def press(_dt: float) -> None:
        menu = app.screen
        if not isinstance(menu, MenuScreen) or menu.backdrop is None or app.frames < 2:  # not shown yet
            pyglet.clock.schedule_once(press, 0.002)
            return
        pressed["at"], app.first_frame_at = time.time(), None  # first_frame_at: the table's, from now
        app.max_frames = app.frames + 1
        menu.click("start")  # as a click on Start: the table is built here, then drawn in the next frame
        app.wake()
    pyglet.clock.schedule_once(press, 0)
    return pressed


def open_window_or_say(size: tuple[int, int], visible: bool) -> tuple[Any, Any]:
    """The window, or one line when no display answers (a closed X server, a wrong DISPLAY number)."""
    from render.app import open_window

    try:
        return open_window(*size, visible=visible)
    except Exception as e:
        if "Display" not in type(e).__name__ and not str(e).startswith("Cannot connect"):
            raise
        where = os.environ.get("WAYLAND_DISPLAY") or os.environ.get("DISPLAY") or "none set"
        logfile.log.warning("no display: %s", e)
        raise UsageError(f"cannot open a display (DISPLAY={where}): is the desktop session running? "
                         f"--screenshot and --record need none") from None


def main(argv: Sequence[str] | None = None) -> int:
    """The program: one line and exit 2 for bad input, one line and exit 1 (the traceback in the
    log) for anything unexpected, 130 for Ctrl+C. ``cubetable headless ...`` is the headless
    command line (``python -m game``), reachable from an installed program too."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["headless"]:
        from game.cli import main as headless

        return headless(argv[1:])
    logfile.tee_stderr()  # every "cubetable: ..." line on stderr is kept in the log too
    try:
        return run(argv)
    except (UsageError, SaveError) as e:
        print(f"cubetable: {printable(e)}", file=sys.stderr)  # a file name's escapes never reach the terminal
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as e:
        if logfile.active() is None:
            raise  # no log to keep the traceback: it goes to the terminal
        logfile.failure("unexpected error")
        print(f"cubetable: unexpected error ({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}); "
              f"the details are in {logfile.active()}", file=sys.stderr)
        return 1
    finally:
        logfile.untee_stderr()


if __name__ == "__main__":
    sys.exit(main())
