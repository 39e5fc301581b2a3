"""The replay screen: a saved game on its table, stepped both ways.

A step forward plays the move again on a copy of the position before it and animates its events;
a step back, the slider and "go to move N" cut cleanly to the saved position, so the table never
shows anything but a position of the file. The game's table kit draws it with this screen as its
host; no person acts on it (its gestures stay off).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import moderngl
from pyglet.window import key, mouse

from game import registry
from game.bots import LEVELS
from game.core import Action, Event, GameState
from game.core.match import HUMAN
from game.core.replay import Timeline
from render.i18n import t
from render.options import Options
from render.replay import library
from render.replay.controls import LOG_ROWS, MoveLog, SeatChooser, TransportBar
from render.scene.camera import face_seat
from render.screens.base import Screen
from render.tables import registry as kits
from render.ui import theme
from render.ui.composer import FrameComposer
from render.ui.hud import HudBar
from render.ui.start_menu import MenuChoice
from render.ui.widgets import layer_generation
from render.record.writers import has_av
from render.replay.recording import BackgroundFilm, film_path

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_S = 1.0  # seconds a position stays at speed 1 while the replay plays, once its move has played
SPEED_KEYS = {"PLUS": 1, "EQUAL": 1, "NUM_ADD": 1, "MINUS": -1, "NUM_SUBTRACT": -1}
MOVE_KEYS = {"HOME": "start", "END": "end", "LEFT": "back", "RIGHT": "forward", "SPACE": "play",
             "V": "eyes", "T": "take", "L": "log", "R": "record"}


class Seen:
    """What the table kit may ask of the match behind a replay: rules, seats, and the log of the
    moves up to the position shown."""

    def __init__(self, screen: "ReplayScreen") -> None:
        self._screen = screen
        self.rules = registry.get(screen.timeline.data.game)
        self.data = screen.timeline.data

    @property
    def seats(self) -> list[str]:
        return self.data.seats

    @property
    def log(self) -> list[Event]:
        timeline = self._screen.timeline
        return [e for k in range(1, self._screen.k + 1) for e in timeline.events(k)]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN


class ReplayScreen(Screen):
    """The host of the game's table kit for a replay: the position shown is ``k`` moves in."""

    holds_table = True

    def __init__(self, app: Any, options: Options, timeline: Timeline, path: str | None = None) -> None:
        super().__init__(app)
        self.options, self.timeline, self.path = options, timeline, path
        self.film: BackgroundFilm | None = None  # the Record button's film while it is made
        data = timeline.data
        self.ctx, self.anim_speed = app.ctx, options.anim_speed
        self.demo = True  # as in a demo, nobody acts at this screen
        self.k = 0
        self.position: GameState = timeline.positions[0]
        self.kit = kits.get(data.game)
        humans = [s for s, who in enumerate(data.seats) if who == HUMAN]
        self.seat = humans[0] if humans else 0  # whose eyes the replay uses when it does not show all
        self.show_all = timeline.finished  # default: everything only once the game is over
        self.match = Seen(self)
        self.table = self.kit.make_table(self)
        self.view = self.table.view
        self._reset_for: tuple[int, int | None] | None = None  # (move, eyes) the table was last reset for
        self.hud, self.log, self.bar, self.chooser = HudBar(), MoveLog(), TransportBar(), SeatChooser()
        self.composer = FrameComposer(app.ctx)
        self.playing, self.speed, self.wait = False, 1.0, 0.0
        self.digits = ""  # "go to move N" typed so far
        self.log_folded = False
        self.taking: MenuChoice | None = None  # the seat chooser of "take over", while it is open
        self.message = ""
        self.sliding = False
        self.dirty = True
        self.face()
        self.layout(app.width, app.height)

    # ---- the host of the table kit ---------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.position

    def submit(self, action: Action) -> None:
        """Nobody moves in a replay."""

    def describe(self, action: Action) -> str:
        return self.table.describe_action(action)

    def eyes(self) -> int | None:
        """Everything (None) when "show all" is on, else the chosen seat's hidden facts only."""
        return None if self.show_all or not self.kit.hidden_info else self.seat

    def face(self) -> None:
        """The view from the side of the seat whose eyes are used."""
        face_seat(self.view.camera, self.kit.seat_angle(self.seat, self.timeline.data.players))

    # ---- moving through the game ---------------------------------------------------------------
    def go(self, k: int) -> None:
        """Cut to position ``k`` (no animation: a clean cut never desynchronises)."""
        self.k = self.timeline.clamp(k)
        self.position = self.timeline.positions[self.k]
        self.view.sync(self.position)
        self.dirty = True

    def forward(self) -> None:
        """Play the next move again on a copy of this position and animate what it did."""
        if self.k >= self.timeline.moves:
            self.playing = False
            return
        if self.view.busy:
            self.view.sync(self.position)  # the last step's animation ends at once
        events, after = self.timeline.step(self.k + 1)
        self.k += 1
        self.position = after
        self.view.play(events, after)
        self.dirty = True

    def command(self, what: str) -> None:
        """A transport button or its key."""
        if what == "start":
            self.go(0)
        elif what == "end":
            self.go(self.timeline.moves)
        elif what == "back":
            self.go(self.k - 1)
        elif what == "forward":
            self.forward()
        elif what == "play":
            self.playing = not self.playing and self.k < self.timeline.moves
            self.wait = 0.0
        elif what == "eyes":  # each seat in turn, then everything
            if self.show_all:
                self.show_all, self.seat = False, 0
            elif self.seat + 1 < self.timeline.data.players:
                self.seat += 1
            else:
                self.show_all = True
            if not self.show_all:  # the table turns to the seat whose eyes are used
                self.face()
        elif what == "take" and not self.position.is_over:
            level_of = {bot: level for level, bot in LEVELS.items()}
            data = self.timeline.data
            self.taking = MenuChoice([data.game], [HUMAN, *LEVELS], {data.game: []}, game=data.game,
                                     players=data.players, seats=[level_of.get(s, s) for s in data.seats])
            self.playing = False
        elif what == "log":
            self.log_folded = not self.log_folded
        elif what == "record" and self.path is not None and self.film is None and not has_av():
            self.message = t("replay.record_needs_av")  # the film would fail in its process: say so now
        elif what == "record" and self.path is not None and self.film is None:
            self.film = BackgroundFilm(self.path, film_path(self.path))
            self.message = t("replay.recording", path=self.film.out)
        elif what == "menu":
            self.app.show_menu()
            return
        self.dirty = True

    def set_speed(self, step: int) -> None:
        i = SPEEDS.index(self.speed) + step
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i))]
        self.view.anim_speed = self.anim_speed * self.speed
        self.dirty = True

    def take_over(self) -> None:
        """Start a new game from this position with the chosen seats, autosaving to a new file of
        the saves folder (the replayed file is never written)."""
        assert self.taking is not None
        data, seats = self.timeline.data, self.taking.seats[:self.timeline.data.players]
        match = self.timeline.branch(self.k, seats)
        path = library.new_save_path(data.game, "branch")
        try:
            match.save(path)
        except OSError as e:
            self.message, self.taking, self.dirty = t("msg.save_failed", path=path, why=e.strerror or e), None, True
            return
        match.autosave = str(path)
        options = replace(self.options, game=data.game, players=data.players, seats=seats, seed=data.seed,
                          variant=data.options.get("variant"), load=None,
                          game_options={n: v for n, v in data.options.items() if n != "variant"})
        self.app.start_game(options, match)

    def apply_setting(self, name: str, value: Any) -> None:
        if name == "language":
            self.view.reprint(self.position)  # the board's print and the cards in the language spoken
        self.dirty = True

    # ---- per frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.view.update(dt)
        if self.film is not None and (done := self.film.poll()) is not None:
            worked, why = done
            self.message = t("replay.recorded", path=self.film.out) if worked else t("replay.record_failed", why=why)
            self.film, self.dirty = None, True
        if self.playing and not self.view.busy:
            self.wait -= dt
            if self.wait <= 0:
                self.forward()
                self.wait = STEP_S / self.speed
        if self.dirty:
            self.refresh()

    def busy(self) -> bool:
        return self.dirty or self.view.busy or self.playing or self.film is not None

    def look(self) -> Any:
        camera = self.view.camera
        return (camera.view_matrix().tobytes(), camera.proj_matrix().tobytes(), self.view.stats.uploads,
                layer_generation())

    # ---- what the screen shows ------------------------------------------------------------------
    def refresh(self) -> None:
        self.dirty = False
        w, h = self.app.width, self.app.height
        eyes = self.eyes()
        if self._reset_for != (self.k, eyes):  # a new position or other eyes: nobody may act on it
            self._reset_for = (self.k, eyes)
            self.table.reset(False)
        self.table.build(w, h, None)
        self.hud.build(w, h, t("replay.turn", k=self.k, n=self.timeline.moves), self._status(),
                       self.table.scores(eyes), t("replay.keys"), self.table.table_news())
        self.log.build(w, h, self._log_rows(eyes), self.k, self.log_folded)
        self.bar.build(w, h, self.k, self.timeline.moves, self._bar_items(), self._bar_status())
        if self.taking is None:
            self.chooser.clear()
        else:
            self.chooser.build(w, h, t("replay.take_title", k=self.k),
                               [t("start.seat_label", player=theme.player_label(s), kind=theme.bot_label(kind))
                                for s, kind in enumerate(self.taking.seats[:self.timeline.data.players])])

    def _status(self) -> str:
        if self.message:
            return self.message
        if self.position.is_over:
            return t("turn.over")
        return t("replay.to_move", who=theme.player_label(self.position.current_player))

    def _log_rows(self, eyes: int | None) -> list[tuple[int, str]]:
        """The moves around the current one, each worded as ``eyes`` may read it."""
        first = max(0, min(self.k - LOG_ROWS // 2, self.timeline.moves - LOG_ROWS + 1))
        rows = []
        for n in range(first, min(self.timeline.moves, first + LOG_ROWS - 1) + 1):
            text = t("replay.start_of_game") if n == 0 else t("replay.join").join(
                line for e in self.timeline.events(n) if (line := self.table.log_text(e, eyes)))
            rows.append((n, t("replay.log_line", n=n, text=text)))
        return rows

    def _bar_items(self) -> list[tuple[str, Any, bool]]:
        n, k = self.timeline.moves, self.k
        return [(t("replay.start"), "start", k > 0), (t("replay.back"), "back", k > 0),
                (t("replay.pause" if self.playing else "replay.play"), "play", k < n or self.playing),
                (t("replay.forward"), "forward", k < n), (t("replay.end"), "end", k < n),
                (t("replay.speed", speed=f"{self.speed:g}"), "speed", True),
                (t("replay.eyes", who=t("replay.eyes_all") if self.eyes() is None else theme.player_label(self.seat)),
                 "eyes", True),
                (t("replay.take"), "take", not self.position.is_over),
                (t("replay.record"), "record", self.path is not None and self.film is None),
                (t("replay.menu"), "menu", True)]

    def _bar_status(self) -> str:
        if self.digits:
            return t("replay.goto", digits=self.digits)
        return t("replay.move_of", k=self.k, n=self.timeline.moves)

    def overlays(self) -> list:
        """Top first: the order clicks are offered in."""
        return [self.chooser, self.bar, self.log]

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None:
        self.composer.draw(fbo, width, height, self.view, [self.hud, *reversed(self.overlays())])

    def layout(self, width: int, height: int) -> None:
        self.view.camera.set_viewport(width, height)
        self.dirty = True

    def close(self) -> None:
        if self.film is not None:
            self.film.cancel()
        self.table.release_view()
        self.composer.release()

    # ---- events ---------------------------------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        for o in self.overlays():
            o.hover(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button != mouse.LEFT:
            return
        for o in self.overlays() if self.taking is None else [self.chooser]:
            b = o.button_at(x, y)
            if b is not None:
                self.click(b.value, x)
                return

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.sliding = False

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        if buttons & (mouse.RIGHT | mouse.MIDDLE):
            self.view.camera.orbit(dx, dy)
        elif buttons & mouse.LEFT and self.sliding:
            self._slide(x)

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None:
        self.view.camera.zoom(scroll_y)

    def click(self, value: Any, x: float = 0.0) -> None:
        if value == "slider":
            self.sliding = True
            self._slide(x)
        elif value == "speed":
            self.set_speed(1 if self.speed < SPEEDS[-1] else -len(SPEEDS))
        elif isinstance(value, tuple) and self.taking is not None:
            self.taking.click(value)
            self.dirty = True
        elif value == "take_start":
            self.take_over()
        elif value == "take_cancel":
            self.taking, self.dirty = None, True
        else:
            self.command(value)

    def _slide(self, x: float) -> None:
        k = self.bar.move_at(x)
        if k != self.k:
            self.go(k)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        name = key.symbol_string(symbol)
        digit = name.lstrip("_").removeprefix("NUM_")
        if self.taking is not None:
            if name in ("ENTER", "RETURN"):
                self.take_over()
            elif name == "ESCAPE":
                self.taking, self.dirty = None, True
        elif len(digit) == 1 and digit.isdigit():
            self.digits = (self.digits + digit)[-6:]
            self.dirty = True
        elif name in ("ENTER", "RETURN", "NUM_ENTER") and self.digits:
            self.go(int(self.digits))
            self.digits = ""
        elif name == "BACKSPACE":
            self.digits, self.dirty = self.digits[:-1], True
        elif name == "ESCAPE" and self.digits:
            self.digits, self.dirty = "", True
        elif name in SPEED_KEYS:
            self.set_speed(SPEED_KEYS[name])
        elif name in MOVE_KEYS:
            self.command(MOVE_KEYS[name])
        elif name == "ESCAPE":
            self.app.show_menu()
