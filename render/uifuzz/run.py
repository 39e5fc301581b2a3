"""The screen-level fuzzer: whole games played through the screen only, headless, the screen
checked after every step.

At each decision of a person's seat a random legal action is chosen — a kind of action first, so
the rare ones (powers, the Spy, rewards, Oxygen, propellers, partial Scores) come up as often as
rolls; a kind that gives up the rest of a phase (the kit's ``forfeits``: ending a Cubitos move
with steps left) less often, as a person spends what they have, or games run thousands of moves —
and carried out the way a person would (the kit's ``by_hand``: a click, drag, wheel, menu
entry, button or key at the projected position of its target). The match must then have applied
exactly that action. Between moves the fuzzer also does what people do: hovers, orbits and zooms,
opens the rules guide, the settings and the log, undoes, saves and reloads, switches the language
and resizes the window. After every step :func:`render.checks.violations` looks at the screen.

A failure is kept as a save of the position it started from and the gestures sent since
(``--repro FILE`` plays them again).
"""
from __future__ import annotations

import json
import logging
import os
import random
import shutil
import tempfile
import traceback
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, Callable

from pyglet.window import key

from game import registry
from game.core import savefile
from game.core.match import Match
from game.core.state import GameState
from render import checks
from render.options import Options
from render.scene import print_pool
from render.tables import registry as kits
from render.ui import theme
from render.uifuzz.combos import Combo
from render.uifuzz.driver import Driver, Unreachable

LOGGERS = ("", "cubetable")  # the root, and the program's own log (which may not pass its records up)
SIZES = ((1280, 720), theme.MIN_WINDOW, (1600, 900))
ANIM_SPEEDS = (0.0, 1.0, 3.0)
FORFEIT_WEIGHT = 0.2  # a kind that gives up the rest of a phase, against 1 for each other kind
PRINTS_KEPT = 1 << 30  # bytes of table prints kept to be worn again (Otys: 4 sides x 2 languages at 4096²)
EXTRAS = ("hover", "hover", "point", "orbit", "zoom", "home", "guide", "settings", "log", "undo", "save",
          "reload", "language", "resize")


@dataclass
class Tally:
    games: int = 0
    decisions: int = 0
    gestures: int = 0
    unreachable: int = 0
    exceptions: int = 0
    layout: int = 0
    failures: list[str] = field(default_factory=list)  # one line each: what, where, the repro file

    def summary(self) -> dict[str, int]:
        return {"games": self.games, "decisions": self.decisions, "gestures": self.gestures,
                "unreachable": self.unreachable, "exceptions": self.exceptions, "layout": self.layout}


class Failure(Exception):
    """One thing the fuzzer found: its kind (a Tally field) and one line."""

    def __init__(self, kind: str, line: str) -> None:
        super().__init__(line)
        self.kind, self.line = kind, line


class _Errors(logging.Handler):
    """Errors the program logs (an exception the shell caught and put in its log) are failures too."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            e = record.exc_info[1]
            self.records.append(f"{type(e).__name__}: {e} ({_where(e)})")
        else:
            self.records.append(record.getMessage().splitlines()[0] if record.getMessage() else record.name)


class Fuzzer:
    """Plays combos on one headless app; ``out`` keeps the failures' files."""

    def __init__(self, app: Any, out: Path, seed: int, progress: Callable[[str], None] | None = None) -> None:
        self.app, self.out, self.seed = app, out, seed
        self.d = Driver(app)
        self.tally = Tally()
        self.progress = progress or (lambda line: None)
        self.errors = _Errors()
        for name in LOGGERS:
            logging.getLogger(name).addHandler(self.errors)
        self.d.after = self._no_error
        print_pool.start(PRINTS_KEPT)  # a table opened again (a reload, a language and back) bakes its print once
        self.scratch = tempfile.mkdtemp(prefix="cubetable-uifuzz-games-")  # the games' autosaves
        # the position the current gestures start from, as its save would say it (written on a failure)
        self._start_save: tuple[savefile.SaveData, GameState] | None = None
        self._start_size, self._start_speed, self._start_lang = (1280, 720), 0.0, "en"
        self._start_log_folded = False
        self._start_camera: dict[str, Any] | None = None  # where the camera looked from at the mark
        self._rng = random.Random(seed)  # the game's own, from play(): a seed gives the same games

    def _no_error(self) -> None:
        """After every event and tick: an exception the shell caught and logged is a failure."""
        if self.errors.records:
            raise Failure("exceptions", self.errors.records[-1])

    def close(self) -> None:
        for name in LOGGERS:
            logging.getLogger(name).removeHandler(self.errors)
        print_pool.stop()
        shutil.rmtree(self.scratch, ignore_errors=True)

    # ---- one game ---------------------------------------------------------------------------------
    def play(self, combo: Combo, game_seed: int, decisions: int | None, warmup: int = 0) -> None:
        """One game of ``combo``: ``warmup`` random moves made at the rules level first (a mid-game
        position at once), then up to ``decisions`` of the people's decisions (None: to the end)."""
        rng = self._rng = random.Random(f"{self.seed}/{combo.name}/{game_seed}")
        self.tally.games += 1
        anim = rng.choice(ANIM_SPEEDS)
        self._resize(SIZES[0])
        try:
            self._start(combo, game_seed, anim, warmup, rng)
            self._mark()
            left = decisions
            while left is None or left > 0:
                if not self._to_next_decision():
                    break
                self._check("at a decision")
                if rng.random() < 0.35:
                    self._extra(rng.choice(EXTRAS), rng, combo)
                    if not self._to_next_decision():
                        break
                self._decide(rng)
                left = None if left is None else left - 1
        except Failure as f:
            self._keep(f, combo, game_seed)
        except Exception as e:  # noqa: BLE001 - every exception at the table is what is looked for
            self._keep(Failure("exceptions", f"{type(e).__name__}: {e} ({_where(e)})"), combo, game_seed)

    def _start(self, combo: Combo, game_seed: int, anim: float, warmup: int, rng: random.Random) -> None:
        save = str(Path(tempfile.mkdtemp(dir=self.scratch)) / "autosave.json")
        rules = registry.get(combo.game)
        options = Options(game=combo.game, players=combo.players, seats=combo.seats, seed=game_seed,
                          variant=combo.options.get("variant"), anim_speed=anim, save=save,
                          game_options={k: v for k, v in combo.options.items() if k != "variant"})
        match = Match(rules, combo.players, game_seed, combo.seats, autosave=save, **options.rules_options)
        for _ in range(warmup):
            if match.state.is_over:
                break
            match.apply(rng.choice(match.state.legal_actions()))
        if combo.takeover:
            match.autosave = None
            match.save(save)
            self.app.open_replay(save)
            self.d.key(key.END)
            self.d.key(key.T)
            self.d.tick()
            self.d.key(key.ENTER)  # Take over with the seats the chooser offers
            self.d.tick()
            if self.app.screen.__class__.__name__ != "GameScreen":
                raise Failure("exceptions", "Take over did not start a game")
            expected = list(match.history)
            if list(self.app.screen.match.history) != expected:
                raise Failure("exceptions", "Take over did not start at the position shown")
        else:
            self.app.start_game(options, match)
        self.d.tick()

    # ---- a person's decision -------------------------------------------------------------------------
    def _to_next_decision(self) -> bool:
        """Let bots play and forced moves go; take the screen at a hand-over. False once over."""
        d = self.d
        for _ in range(400):
            s = d.screen
            if s.__class__.__name__ != "GameScreen":
                raise Failure("exceptions", f"the table closed: {s.__class__.__name__} is showing")
            if self.errors.records:
                raise Failure("exceptions", f"logged: {self.errors.records[-1]}")
            if s.state.is_over:
                d.tick(2)
                self._check("at the end")
                return False
            if s.handover and not s.view.busy:
                self._check("at the hand-over")
                take = [b for b in s.banner.buttons if b.value == "take"]
                d.click(*take[0].centre) if take and self._rng.random() < 0.7 else d.key(key.ENTER)
                d.tick()
                continue
            if s.table.active and not s.view.busy and s._forced() is None and not s.worker.busy \
                    and s.turn_to is None and not s.looking:  # as a person waits for the camera to rest
                return True
            if not d.settle(partial(_at_rest, s), progress=partial(_moves, s)):
                raise Failure("exceptions", "the table never came to rest (a bot or an animation hangs)")
            d.tick()
        raise Failure("exceptions", "no decision came for a person in 400 steps")

    def _decide(self, rng: random.Random) -> None:
        s = self.d.screen
        legal = s.state.legal_actions()
        kinds = sorted({a.kind for a in legal})
        kind = choose_kind(kinds, kits.get(s.match.data.game).forfeits, rng)
        action = rng.choice([a for a in legal if a.kind == kind])
        ply = len(s.match.history)
        self._mark()
        by_hand = kits.get(s.match.data.game).by_hand
        if by_hand is None:
            raise Failure("unreachable", f"{s.match.data.game} declares no gestures")
        try:
            by_hand(self.d, action, rng)
        except Unreachable as e:
            raise Failure("unreachable", f"{action}: {e}") from None
        self.tally.decisions += 1
        done = s.match.history[ply:ply + 1]
        if done != [action]:
            raise Failure("unreachable", f"wanted {action}, the table made {done[0] if done else 'nothing'}")
        self._check(f"after {action}")
        for _ in range(rng.randint(0, 12)):  # the move animates: the screen is looked at mid-way too
            self.d.tick()
            if rng.random() < 0.3:
                self._hover(rng)
            self._check(f"while {action} animates")

    # ---- what else people do ----------------------------------------------------------------------
    def _extra(self, what: str, rng: random.Random, combo: Combo) -> None:
        d, s = self.d, self.d.screen
        w, h = d.size
        if what == "hover":
            self._hover(rng)
        elif what == "point":
            d.move(rng.uniform(0, w), rng.uniform(theme.KEYS_HEIGHT, h - theme.HUD_HEIGHT))
        elif what == "orbit":
            d.orbit(rng.uniform(-120, 120), rng.uniform(-40, 40))
        elif what == "zoom":
            d.wheel(6, theme.KEYS_HEIGHT + 6, rng.choice((-2.0, -1.0, 1.0, 2.0)))
        elif what == "home":
            d.key(key.HOME)
        elif what == "guide":
            d.key(key.F1)
            d.tick()
            self._check("with the rules guide open")
            for _ in range(rng.randint(0, 3)):
                d.key(key.RIGHT)
            d.key(key.ESCAPE)
        elif what == "settings":
            d.key(key.F2)
            d.tick()
            d.key(key.ESCAPE)
        elif what == "log":
            d.key(key.L)
        elif what == "undo":
            d.key(key.U)
        elif what == "save":
            d.key(key.S, key.MOD_CTRL)
        elif what == "reload" and s.match.autosave and Path(s.match.autosave).exists():  # as Continue would
            history = list(s.match.history)
            match = Match.load(s.match.autosave, autosave=s.match.autosave)
            if list(match.history) != history:
                raise Failure("exceptions", f"the autosave holds {len(match.history)} moves, the table {len(history)}")
            self.app.start_game(s.options, match)
            self.d.note("reload")
        elif what == "language":
            self._language(rng)
        elif what == "resize":
            self._resize(rng.choice(SIZES))
        d.tick()
        self._check(f"after {what}")

    def _hover(self, rng: random.Random) -> None:
        """The pointer rests on a random piece of the table (a lit one more often)."""
        d = self.d
        lit = sorted(d.table.lit(), key=repr)
        shown = lit if lit and rng.random() < 0.6 else d.view.shown_targets()
        if shown:
            x, y = d.view.target_pos(rng.choice(shown))
            w, h = d.size
            d.move(min(max(x, 0), w - 1), min(max(y, 0), h - 1))

    def _language(self, rng: random.Random) -> None:
        """The settings panel's language buttons, clicked."""
        d = self.d
        d.key(key.F2)
        d.tick()
        panel = self.app.panel
        choices = [b for b in panel.buttons if isinstance(b.value, tuple) and b.value[1] == "language"
                   and not b.selected] if panel is not None else []
        if choices:
            d.click(*rng.choice(choices).centre)
        d.key(key.ESCAPE)

    def _resize(self, size: tuple[int, int]) -> None:
        if (self.app.width, self.app.height) != size:
            self.app.fixed_size = size
            self.app.on_resize(*size)
            self.d.note("resize", *size)

    # ---- checks and failures ----------------------------------------------------------------------
    def _check(self, when: str) -> None:
        s = self.d.screen
        if s.__class__.__name__ != "GameScreen":
            return
        if self.errors.records:
            raise Failure("exceptions", f"logged {when}: {self.errors.records[-1]}")
        found = checks.violations(s)
        if found:
            raise Failure("layout", f"{when}: {found[0]}" + (f" (+{len(found) - 1} more)" if len(found) > 1 else ""))

    def _mark(self) -> None:
        """The position a failure would be replayed from: a save of it, and no gesture yet."""
        s = self.d.screen
        self._start_save = _position(s.match) if hasattr(s, "match") else None
        self._start_size = (self.app.width, self.app.height)
        self._start_speed = s.view.anim_speed if hasattr(s, "view") else 0.0
        self._start_lang = _language()
        self._start_camera = camera_of(s) if hasattr(s, "view") else None
        self._start_log_folded = bool(getattr(s, "log_folded", False))  # the log's size moves the buttons
        self.tally.gestures += len(self.d.gestures)
        self.d.gestures = []

    def _keep(self, f: Failure, combo: Combo, game_seed: int) -> None:
        setattr(self.tally, f.kind, getattr(self.tally, f.kind) + 1)
        self.tally.gestures += len(self.d.gestures)
        self.errors.records.clear()
        self.out.mkdir(parents=True, exist_ok=True)
        stem = self.out / f"{combo.name}-seed{game_seed}"
        where = ""
        if self._start_save is not None:
            stem.with_suffix(".save.json").write_text(savefile.dumps(*self._start_save), encoding="utf-8")
            script = {"save": stem.with_suffix(".save.json").name, "size": self._start_size,
                      "anim_speed": self._start_speed, "language": self._start_lang,
                      "camera": self._start_camera, "log_folded": self._start_log_folded,
                      "gestures": [[name, list(args)] for name, args in self.d.gestures], "failure": f.line}
            stem.with_suffix(".gestures.json").write_text(json.dumps(script), encoding="utf-8")
            where = f" (scripts/uifuzz --repro {stem.with_suffix('.gestures.json')})"
        line = f"{f.kind}: {combo.name} seed {game_seed}: {f.line}{where}"
        self.tally.failures.append(line)
        self.progress(line)
        self.d.gestures = []


def choose_kind(kinds: list[str], forfeits: frozenset[str], rng: random.Random) -> str:
    """A kind of action to play: each alike, but one that gives up the rest of a phase a fifth as
    often (unless it is all there is)."""
    return rng.choices(kinds, [FORFEIT_WEIGHT if k in forfeits and len(kinds) > 1 else 1.0 for k in kinds])[0]


def _at_rest(screen: Any) -> bool:
    """Nothing moves and no bot thinks, or the game is over."""
    return not screen.view.busy and not screen.worker.busy or screen.state.is_over


def _moves(screen: Any) -> int:
    return len(screen.match.history)


def _position(match: Match) -> tuple[savefile.SaveData, GameState]:
    """What the match's save file would hold now (seed, options, seats, the moves so far and the
    position), kept as it is: written out only on a failure, not at every step (its text grows
    with the game)."""
    data = match.data
    return replace(data, options=dict(data.options), seats=list(data.seats), actions=list(data.actions)), match.state.clone()


def camera_of(screen: Any) -> dict[str, Any]:
    """The camera's pose, the seat it turns to and whether the person has moved it (an orbit or a
    zoom the table leaves alone): the script puts them back before its gestures."""
    cam = screen.view.camera
    return {"pose": [cam.yaw, cam.pitch, cam.distance, *map(float, cam.target)], "turn_to": screen.turn_to,
            "homed": screen.homed}


def put_camera(screen: Any, saved: dict[str, Any]) -> None:
    """The camera as :func:`camera_of` wrote it down."""
    cam, pose = screen.view.camera, saved["pose"]
    cam.yaw, cam.pitch, cam.distance = pose[:3]
    cam.target[:] = pose[3:6]
    screen.turn_to = saved["turn_to"]
    screen.homed = saved.get("homed", True)
    screen.dirty = True


def _language() -> str:
    from render import i18n

    return i18n.language()


def _where(e: BaseException) -> str:
    """The innermost frame of the project's own code that raised ``e``."""
    frames = [f for f in traceback.extract_tb(e.__traceback__)
              if ("/render/" in f.filename or "/game/" in f.filename) and "/tests/" not in f.filename]
    f = frames[-1] if frames else traceback.extract_tb(e.__traceback__)[-1]
    return f"{os.path.relpath(f.filename)}:{f.lineno} in {f.name}"
