"""The pyglet window and its main loop, switching between the screens it shows: the start menu
(render/screens/menu.py), a game or a demo (render/screens/game.py), Continue
(render/screens/resume.py) and the replays (render/replay/).

The app never changes a game's state itself: people's gestures and bots' choices become legal
actions that the :class:`game.core.match.Match` applies; the view animates the events.
"""
from __future__ import annotations

import signal
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Literal

import moderngl
import numpy as np
import pyglet
from pyglet.window import key

from game.core.match import HUMAN, REMOTE, Match
from render import i18n, icon, logfile, memory, settings
from render.audio.player import LateSpeaker, Speaker, open_speaker
from render.i18n import t
from render.options import Options
from render.scene.tabletop import SETTLE_S
from render.screens.base import Screen, prepare_2d
from render.screens.menu import MenuScreen
from render.tables import atlas as atlases
from render.ui import theme
from render.ui.settings_panel import SettingsPanel

DEMO_LEVEL = "hard"  # who sits in a person's seat when the table plays itself
FRAME_S = 1 / 60  # frame pacing while something moves
PAINT_S = 0.02  # painting an atlas between frames (render/tables/atlas.py): about this long a frame
MAX_TICK_S = 0.1  # the first tick after a rest advances at most this far: nothing jumps


class _Waker(pyglet.event.EventDispatcher):
    """Carries "a job is done" from a worker thread into the main loop (pyglet's post_event is
    the thread-safe way in)."""


_Waker.register_event_type("on_wake")


class App:
    """Owns the window and the moderngl context, and passes the window's events to the screen.

    The loop draws only when the picture changes and sleeps at rest: each input event, a worker's
    result or a resize wakes it for one frame (ticked, then drawn if the screen's ``look``
    changed); it keeps ticking every ``FRAME_S`` only while the screen is ``busy``, and draws
    once more ``SETTLE_S`` after the last change, when the view draws its still frame at full
    quality."""

    def __init__(self, window: pyglet.window.Window, ctx: moderngl.Context, options: Options,
                 size: tuple[int, int] | None = None) -> None:
        """``size`` draws offscreen at that size whatever the window's (tests, screenshots, bench)."""
        self.window, self.ctx, self.options = window, ctx, options
        self.fixed_size = size
        width, height = size or window.get_framebuffer_size()
        self.width, self.height = int(width), int(height)
        self._project_2d()
        self.screen: Screen = Screen(self)
        self._capture_fbo: moderngl.Framebuffer | None = None
        self.frames, self.max_frames = 0, 0  # frames drawn by the loop; quit after max_frames (0 = never)
        self.on_quit: Callable[[], None] = pyglet.app.exit
        self.frame_pending = False  # a frame is on pyglet's clock
        self.first_frame_at: float | None = None  # wall clock when the first frame was shown (startup time)
        self.invalid = True  # the next frame draws whatever the look (a new screen, a resize, an expose)
        self._drawn: Any = None  # the screen's look when the last frame was drawn
        self._ticked_at = self._settle_at = pyglet.clock.get_default().time()
        self._settled = True  # the last frame drawn came after the view had settled (see SETTLE_S)
        self._failures: list[float] = []  # when the last unexpected exceptions came (see recover)
        self._said = ""  # the screen's line last logged
        self._waker = _Waker()
        self._waker.push_handlers(on_wake=self.wake)
        self.prefs = settings.load()  # what the settings panel shows and changes
        theme.show_marks(self.prefs["marks"])
        self.panel: SettingsPanel | None = None  # the settings panel, over any screen (F2)
        self.demo_reasons = True  # demo captions say why each move was chosen (R), game after game
        self.speaker: Speaker = open_speaker(self.prefs["volume"], self.prefs["mute"], late=True)
        self._dressed = False  # the window's icon and the audio driver come after the first frame (_dress)
        self._handlers = dict(
            on_resize=self.on_resize, on_close=self.quit, on_expose=self._expose,
            **{name: self._forward(name) for name in ("on_mouse_motion", "on_mouse_press", "on_mouse_release",
                                                        "on_mouse_drag", "on_mouse_scroll", "on_key_press", "on_text")})
        window.push_handlers(**self._handlers)

    def _project_2d(self) -> None:
        """pyglet's 2D projection in the pixels the app draws in (framebuffer pixels, or a fixed size)."""
        self.window.projection = pyglet.math.Mat4.orthogonal_projection(0, self.width, 0, self.height, -255, 255)

    def _forward(self, name: str) -> Callable[..., bool]:
        mouse_event = name.startswith("on_mouse")

        def handler(*args: Any) -> bool:
            if mouse_event and not self.fixed_size:  # window points -> framebuffer pixels (HiDPI screens)
                k = self.width / max(1, self.window.width)
                args = (*(v * k for v in args[:2]), *args[2:]) if name != "on_mouse_drag" else \
                    (*(v * k for v in args[:4]), *args[4:])
            self._guarded(name, self._dispatch, name, args)
            self.wake()
            return True  # handled: keeps pyglet from closing the window on Escape
        return handler

    def _dispatch(self, name: str, args: tuple) -> None:
        if name == "on_key_press" and args[0] in (key.F2, key.F11):
            self.toggle_fullscreen() if args[0] == key.F11 else self.toggle_settings()
        elif self.panel is not None:
            self._panel_event(name, args)
        else:
            getattr(self.screen, name)(*args)

    # ---- the unexpected ------------------------------------------------------------------------
    def _mark(self) -> tuple[Match, int] | None:
        """The screen's match and its length before an action: what a failure goes back to."""
        match = getattr(self.screen, "match", None)
        return (match, len(match.history)) if isinstance(match, Match) else None

    def _guarded(self, where: str, fn: Callable[..., None], *args: Any,
                 mark: tuple[Match, int] | None | Literal[False] = False) -> None:
        """``fn(*args)``; an unexpected exception never closes the window (see :meth:`recover`)."""
        before = self._mark() if mark is False else mark
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - whatever a screen raises, the window stays open (recover)
            self.recover(where, before)

    def recover(self, where: str, mark: tuple[Match, int] | None) -> None:
        """After an unexpected exception in a screen: its traceback to the log, the game saved as it
        was before the failing action, and the start menu saying so in one line (Continue resumes)."""
        logfile.failure(f"unexpected error in {type(self.screen).__name__} ({where})")
        saved = self._keep_game(mark)
        log = logfile.active()
        line = t(("failure.game" if saved else "failure.other") + ("" if log else "_no_log"), log=log)
        print(f"cubetable: {line}", file=sys.stderr)
        failed, self.screen, self.panel = self.screen, Screen(self), None
        try:
            failed.close()
        except Exception:  # noqa: BLE001 - the failed screen may fail again closing; the menu still comes
            logfile.failure("closing the screen that failed")
        now = time.monotonic()
        self._failures = [at for at in self._failures if now - at < 10] + [now]
        try:
            if len(self._failures) > 3:  # the menu itself keeps failing: nothing is left to show
                raise RuntimeError("failures keep coming")
            menu = MenuScreen(self, self.options, quick=True)
            menu.note = line
            menu.layout(self.width, self.height)
        except Exception:  # noqa: BLE001 - the menu failing too: logged, then the program quits cleanly
            logfile.failure("showing the menu after a failure")
            self.quit()
            return
        self._switch(menu)
        self.wake()

    def _keep_game(self, mark: tuple[Match, int] | None) -> bool:
        """Write the match's autosave with the moves it had before the failing action (replayed
        afresh: the live state may be half-changed); True when the game is saved."""
        if mark is None:
            return False
        match, n = mark
        if not match.autosave:
            return False
        try:
            data = match.data
            kept = Match(match.rules, data.players, data.seed, data.seats, **data.options)
            for action in match.history[:n]:
                kept.apply(action)
            kept.save(match.autosave)
        except Exception:  # noqa: BLE001 - a game that cannot be saved again is logged, never a second crash
            logfile.failure("saving the game after a failure")
            return False
        logfile.log.info("saved %s at move %d after the failure", match.autosave, min(n, len(match.history)))
        return True

    def _note_said(self) -> None:
        """Every line a screen shows a person (its message, the menu's note) goes to the log once."""
        said = getattr(self.screen, "message", "") or getattr(self.screen, "note", "")
        if said and said != self._said:
            logfile.said(said)
        self._said = said

    def _switch(self, screen: Screen) -> None:
        self.screen.close()
        if self.screen.holds_table:
            memory.give_back()  # what the table freed goes back to the system, not only to the heap
        self.screen = screen
        self.invalid = True

    # ---- settings ------------------------------------------------------------------------------
    def toggle_settings(self) -> None:
        if self.panel is None:
            self.panel = SettingsPanel()
            self.panel.build(self.width, self.height, self._shown_prefs())
        else:
            self.panel = None
        self.invalid = True

    def _shown_prefs(self) -> dict[str, Any]:
        """The settings as the panel marks them: the language is the one spoken now."""
        return self.prefs | {"language": i18n.language()}

    def _panel_event(self, name: str, args: tuple) -> None:
        """The settings panel owns the pointer and the keys while it is open."""
        panel = self.panel
        assert panel is not None
        if name == "on_mouse_motion":
            panel.hover(*args[:2])
        elif name == "on_mouse_press" and (b := panel.button_at(*args[:2])) is not None:
            if b.value == "close":
                self.toggle_settings()
            else:
                self.change_setting(*b.value[1:])
        elif name == "on_key_press" and args[0] == key.ESCAPE:
            self.toggle_settings()

    def change_setting(self, name: str, value: Any) -> None:
        """Apply one setting now, remember it, and show the panel and the screen with it."""
        if name == "language":
            got = i18n.set_language(value)
            if got != value:
                self.screen_note(t("start.no_japanese_font"))
        elif name == "fullscreen" and not self.fixed_size:
            self.window.set_fullscreen(value)
        elif name == "marks":
            theme.show_marks(value)
        elif name in ("volume", "mute"):
            setattr(self.speaker, name, value)
        self.prefs[name] = value
        settings.save(**{name: value})
        if name in ("anim_speed", "show_all_scores", "auto_forced"):
            self.options = replace(self.options, **{name: value})
        self.screen.apply_setting(name, value)
        if self.panel is not None:
            self.panel.build(self.width, self.height, self._shown_prefs())
        self.screen.layout(self.width, self.height)
        self.invalid = True

    def screen_note(self, text: str) -> None:
        print(f"cubetable: {text}", file=sys.stderr)

    def toggle_fullscreen(self) -> None:
        self.change_setting("fullscreen", not self.prefs["fullscreen"])

    def show(self, screen: Screen) -> None:
        """Any screen made outside (the recorder's film of a saved game)."""
        self._switch(screen)

    def show_menu(self, quick: bool = False) -> None:
        self._switch(MenuScreen(self, self.options, quick))

    # the screens past the menu load when first shown: the program's first frame waits for none of them
    def start_game(self, options: Options, match: Match | None = None) -> None:
        from render.screens.game import GameScreen
        from render.screens.hosted_game import HostScreen

        self.options = options
        # a seat for someone joining hosts the game (Continue of a hosted game hosts it again)
        hosted = options.host or REMOTE in options.seats or match is not None and REMOTE in match.seats
        self._switch((HostScreen if hosted else GameScreen)(self, options, match))

    def show_join_form(self) -> None:
        """The start menu's Join a game: the address and code typed in (render/screens/join_form.py)."""
        from render.screens.join_form import JoinFormScreen

        self._switch(JoinFormScreen(self))

    def join_game(self, address: str, code: str) -> None:
        """A seat of a game hosted elsewhere: its table once the host has answered (render/screens/joining.py)."""
        from render.screens.joining import JoiningScreen

        self._switch(JoiningScreen(self, address, code))

    def show_continue(self) -> None:
        """The unfinished games, latest first (render/screens/resume.py)."""
        from render.screens.resume import ContinueScreen

        self._switch(ContinueScreen(self))

    def show_replays(self) -> None:
        from render.replay.menu import ReplayListScreen

        self._switch(ReplayListScreen(self))

    def open_replay(self, path: str | Path) -> None:
        """The replay viewer on ``path`` (a file that cannot be replayed: the menu, with why)."""
        from render.replay.menu import replay_or_menu

        self._switch(replay_or_menu(self, path))

    def start_demo(self, options: Options) -> None:
        """Bots play each other; the menu's bots keep their seats, a person's goes to a strong bot."""
        from render.screens.demo import DemoScreen

        seats = [s if s not in (HUMAN, REMOTE) else DEMO_LEVEL for s in options.seats]
        self.options = replace(options, seats=seats, load=None)
        self._switch(DemoScreen(self, self.options))

    def tick(self, dt: float) -> None:
        self._guarded("update", self.screen.update, dt)
        self._note_said()

    def render(self, fbo: moderngl.Framebuffer) -> None:
        self.screen.draw(fbo, self.width, self.height)
        if self.panel is not None:
            prepare_2d(self.ctx, fbo)
            self.panel.draw()

    def on_resize(self, width: int, height: int) -> bool:
        size = self.fixed_size or self.window.get_framebuffer_size()
        if 0 in size:  # minimised: nothing shows, and the layout keeps the size it will come back to
            return True
        self.width, self.height = size
        self._project_2d()
        self.screen.layout(self.width, self.height)
        if self.panel is not None:
            self.panel.build(self.width, self.height, self._shown_prefs())
        if not self.fixed_size and not self.window.fullscreen:
            self.prefs["window"] = [self.window.width, self.window.height]  # saved with the next change
        self._expose()
        return True  # the projection above replaces pyglet's (which would be in window points)

    def capture(self) -> np.ndarray:
        """The next frame as an (h, w, 3) image, first row on top, drawn offscreen."""
        size = (self.width, self.height)
        if self._capture_fbo is None or self._capture_fbo.size != size:
            if self._capture_fbo is not None:
                self.ctx.screen.use()  # never leave a released framebuffer bound
                self._capture_fbo.release()
            self._capture_fbo = self.ctx.simple_framebuffer(size)
        self.render(self._capture_fbo)
        pixels = np.frombuffer(self._capture_fbo.read(components=3), np.uint8).reshape(self.height, self.width, 3)
        return pixels[::-1].copy()

    def close(self) -> None:
        """Stop the screen's worker and let go of the window's events (the window stays)."""
        self.screen.close()
        self.screen = Screen(self)  # a last tick or draw of the loop finds nothing to do
        pyglet.clock.unschedule(self._frame)
        self.frame_pending = False
        self.window.remove_handlers(**self._handlers)
        self.speaker.close()
        if self._capture_fbo is not None:
            self.ctx.screen.use()
            self._capture_fbo.release()
            self._capture_fbo = None

    def quit(self) -> None:
        if not self.fixed_size and self.prefs["window"] != settings.load()["window"]:
            settings.save(window=self.prefs["window"])  # the window opens at this size next time
        self.close()
        self.on_quit()

    def run(self) -> None:
        """pyglet's event loop, drawing only on demand (see the class), until the window closes; with
        ``max_frames``, until that many frames are drawn or the screen comes to rest."""
        self.wake()
        signal.signal(signal.SIGTERM, self._terminate)
        pyglet.app.run(interval=None)

    def _terminate(self, _signum: int, _frame: Any) -> None:
        """SIGTERM closes as the window's close button does, autosave and bot child included: from
        the loop, since the signal may land mid-frame, and via a thread, since the loop's queue
        takes a lock the interrupted code may hold."""
        threading.Thread(target=pyglet.app.platform_event_loop.post_event, args=(self.window, "on_close"),
                         daemon=True).start()

    def wake(self) -> None:
        """Something may have changed: a frame as soon as the frame pacing allows."""
        if not self.frame_pending:
            self._schedule(self._ticked_at + FRAME_S)

    def wake_from_thread(self) -> None:
        """``wake`` from any thread (a bot's move is ready)."""
        if pyglet.app.event_loop.is_running:
            pyglet.app.platform_event_loop.post_event(self._waker, "on_wake")

    def _expose(self) -> None:
        self.invalid = True
        self.wake()

    def _schedule(self, at: float) -> None:
        self.frame_pending = True
        pyglet.clock.schedule_once(self._frame, max(0.0, at - pyglet.clock.get_default().time()))

    def _frame(self, _dt: float) -> None:
        """One turn of the loop: tick, draw if the picture changed, and book the next frame if any."""
        self.frame_pending = False
        now = pyglet.clock.get_default().time()
        mark = self._mark()  # a move the tick makes and its first drawing fail together
        self.tick(min(now - self._ticked_at, MAX_TICK_S))
        self._ticked_at = now
        look = self.screen.look()
        changed = self.invalid or look != self._drawn
        if changed or not self._settled and now >= self._settle_at:
            self.invalid, self._drawn, self._settled = False, look, not changed
            self.window.switch_to()
            now_mark = self._mark()
            self._guarded("draw", self.on_draw, mark=mark if mark and now_mark and mark[0] is now_mark[0] else now_mark)
            self.window.flip()
            self.first_frame_at = self.first_frame_at or time.time()
            if not self._dressed:
                self._dress()
            if changed:  # measured after drawing: the view dates its change from its draw
                self._settle_at = pyglet.clock.get_default().time() + SETTLE_S + FRAME_S
            if self.max_frames and self.frames >= self.max_frames:
                self.quit()
                return
        if atlases.pending():  # a table waits for its atlas: painted between frames
            self._guarded("paint", self._paint_atlas)
        if self.screen.busy() or self.invalid or atlases.pending():
            self._schedule(now + FRAME_S)
        elif not self._settled:
            self._schedule(self._settle_at)
        elif self.max_frames and not self.screen.waiting():
            self.quit()  # at rest: nothing more would happen without a person

    def _paint_atlas(self) -> None:
        if atlases.paint_some(PAINT_S):
            self.invalid = True  # it landed: the table wears it in the next frame

    def _dress(self) -> None:
        """Once the first frame is up, which waits for neither (each takes a good part of a second on
        a slow machine): the window's own icon instead of pyglet's, and the audio driver."""
        self._dressed = True
        if isinstance(self.speaker, LateSpeaker):
            self.speaker.open()
        if self.window.visible and not self.fixed_size:
            try:
                self.window.set_icon(*icon.window_images())
            except Exception:  # noqa: BLE001 - a window manager that takes no icon still gets a window
                logfile.failure("the window's icon")

    def on_draw(self) -> None:
        """A frame into the window (pyglet's own redraws, e.g. while it resizes, land here too)."""
        self.render(self.ctx.screen)
        self.frames += 1


def open_window(width: int, height: int, visible: bool = True) -> tuple[pyglet.window.Window, moderngl.Context]:
    """A resizable window and its moderngl context (the view antialiases in its own MSAA target)."""
    window = pyglet.window.Window(width, height, "Cubetable", resizable=True, visible=visible)
    # every screen is laid out to fit MIN_WINDOW (the command line opens none smaller; a test's may be)
    window.set_minimum_size(min(width, theme.MIN_WINDOW[0]), min(height, theme.MIN_WINDOW[1]))
    return window, moderngl.create_context()  # its icon comes with the first frame (App._dress)
