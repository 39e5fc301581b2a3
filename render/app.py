"""The pyglet window and its main loop, with three screens: the start menu, a game, a demo.

The app never changes a game's state itself: people's gestures and bots' choices become legal
actions that the :class:`game.core.match.Match` applies; the view animates the events.
"""
from __future__ import annotations

import math
import signal
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import moderngl
import numpy as np
import pyglet
from pyglet.window import key, mouse

from game import registry
from game.bots import LEVELS, make_bot
from game.bots.jobs import HintJob, MoveJob
from game.core import Action
from game.core.match import HUMAN, Match
from render.tables import registry as kits
from render.tables.reasons import demo_reason
from render.input.bot_worker import BotWorker
from render.options import Options
from render.scene.camera import Camera, fit_areas, frame_areas
from render.scene.tabletop import FOG_COLOUR, SETTLE_S
from render.audio.cues import CHIME_END, CHIME_TURN, TableSounds
from render.audio.player import Speaker, open_speaker
from render import about, i18n, icon, logfile, memory, saves, settings
from render.i18n import t
from render.ui import theme
from render.ui.areas import mostly_hidden, overlaps, rect_area
from render.ui.composer import FrameComposer
from render.ui.guide_pictures import paint
from render.ui.hud import LOG_LINES, TAG_HEIGHT, Banner, HudBar, LogPanel, Tooltip
from render.ui.preview import Preview
from render.ui.rules_guide import OPEN as GUIDE_OPEN, RulesGuide
from render.ui.score_table import LOOK, SHOW, ScoreTable
from render.ui.start_menu import MenuChoice, StartMenu
from render.ui.settings_panel import SettingsPanel
from render.ui.dialogs import ABOUT_CLOSE, QUIT_NO, QUIT_YES, Dialog
from render.ui.widgets import layer_generation

FOLLOW_RATE = 4.0  # per second: how fast the camera swings to the seat in play (eased) ...
TURN_SPEED = 1.5  # radians a second: ... and no slower than this, so a swing is over in under 0.8 s
TURN_DONE = 0.01  # radians: close enough, the camera stops turning
MANUAL_CAMERA_S = 6.0  # after the user orbits, the demo camera stays put this long
MENU_TURN_S = 8.0  # the table behind the start menu turns this long, then rests
DEMO_PAUSE_S = 4.0  # the final scores stay up this long before the demo starts a new game
READ_S, READ_PER_CHAR_S = 1.2, 0.04  # a demo caption stays up this long (at speed 1) before the next move
DEMO_LEVEL = "hard"  # who sits in a person's seat when the table plays itself
HINT_MS = 800
FRAME_S = 1 / 60  # frame pacing while something moves
MAX_TICK_S = 0.1  # the first tick after a rest advances at most this far: nothing jumps
NOWHERE = (-1.0, -1.0)  # the pointer before it first moves over a screen
FRAME_MARGIN = 4  # pixels between a seat's own pieces and the window's bars
# Steps framing may back the camera off: from the nearest distance to the farthest, so a lit piece
# across the table from a close home (Otys: a diver of the opposite seat to copy) comes into view.
FRAME_STEPS = 48


class Screen:
    """One screen of the window; handlers default to doing nothing."""

    holds_table = False  # a 3D table: much memory, given back when the screen goes

    def __init__(self, app: "App") -> None:
        self.app = app

    def update(self, dt: float) -> None: ...
    def busy(self) -> bool:
        """The next tick may change the picture without any input (an animation, a pending move)."""
        return False
    def waiting(self) -> bool:
        """Something is being worked out elsewhere (a bot's move) and will wake the loop when done."""
        return False
    def look(self) -> Any:
        """What the picture depends on, cheaply compared: a frame is drawn only when it changes."""
        return None
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None: ...
    def layout(self, width: int, height: int) -> None: ...
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None: ...
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None: ...
    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None: ...
    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None: ...
    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None: ...
    def on_key_press(self, symbol: int, modifiers: int) -> None: ...
    def apply_setting(self, name: str, value: Any) -> None:
        """A setting changed on the panel: show it now where the screen can."""
    def close(self) -> None: ...


def reading_time(caption: str, speed: float) -> float:
    """Seconds a demo caption stays up before the next move: faster animation, shorter; instant, none."""
    return (READ_S + READ_PER_CHAR_S * len(caption)) / speed if speed > 0 else 0.0


def bot_spec(seat: str, prefs: dict[str, Any]) -> str:
    """The bot a seat's level means, with the thinking time the settings give the searching levels."""
    ms = prefs.get(f"{seat}_ms")
    return f"mcts:{ms}" if ms and LEVELS.get(seat, "").startswith("mcts") else seat


def face_seat(camera: Camera, angle: float) -> None:
    """The home view, from the side of the table at yaw ``angle`` (people on one screen each get
    their side)."""
    camera.reset()
    _turn_camera(camera, angle - camera.yaw)


def _turn_camera(camera: Camera, angle: float) -> None:
    """Orbit yaw and the look-at point together about the table centre."""
    camera.yaw += angle
    c, s = math.cos(angle), math.sin(angle)
    x, y, z = camera.target
    camera.target = np.array([x * c + z * s, y, -x * s + z * c])


def follow_seat(camera: Camera, angle: float, dt: float) -> float:
    """Ease the camera round toward the side at yaw ``angle`` (the demo follows whoever moves);
    the angle still to go."""
    gap = (angle - camera.yaw + math.pi) % (2 * math.pi) - math.pi
    step = math.copysign(min(abs(gap), max(abs(gap) * dt * FOLLOW_RATE, dt * TURN_SPEED)), gap) \
        if abs(gap) > TURN_DONE else gap
    _turn_camera(camera, step)
    return gap - step


def _prepare_2d(ctx: moderngl.Context, fbo: moderngl.Framebuffer) -> None:
    """GL state pyglet's 2D drawing expects after moderngl's 3D pass."""
    fbo.use()
    ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
    ctx.enable(moderngl.BLEND)


class GameScreen(Screen):
    """A match on the table: people play through the game's table kit, bots in the worker process.

    Everything game-specific (view, gestures, panels, HUD facts, words) comes from the kit."""

    holds_table = True

    def __init__(self, app: "App", options: Options, match: Match | None = None, demo: bool = False) -> None:
        super().__init__(app)
        self.options = options
        self.match = match or options.new_match()
        if demo and options.save is None:
            self.match.autosave = None  # a demo never overwrites the person's autosaved game
        self.rules = self.match.rules
        self.demo = demo
        self.ctx, self.anim_speed = app.ctx, options.anim_speed
        self.kit = kits.get(self.match.data.game)
        self.auto_forced = self.kit.auto_forced if options.auto_forced is None else options.auto_forced
        self.table = self.kit.make_table(self)
        self.view = self.table.view
        if not demo and any(s == HUMAN for s in self.match.seats):
            self.view.seat_home()  # a person plays: the home looks over their own board
        self.worker = BotWorker(on_done=app.wake_from_thread)
        self.bot_specs = [None if s == HUMAN else bot_spec(s, app.prefs) for s in self.match.seats]
        self.bots = [spec and make_bot(spec, self.rules, i, self._bot_seed(i)) for i, spec in enumerate(self.bot_specs)]
        self.hud, self.log_panel, self.banner, self.tooltip = HudBar(), LogPanel(), Banner(), Tooltip()
        self.preview = Preview()  # the tooltip's piece shown large (a Cubitos market card, an Otys sponsor or contract)
        self.score_table, self.scores_hidden = ScoreTable(), False  # the final scores; T hides them
        self.guide = RulesGuide()
        self.composer = FrameComposer(app.ctx)
        self.pointing: Any = None  # the piece under the pointer (its tooltip)
        self.pointer = NOWHERE  # where the pointer last moved to over this screen
        self.log_folded = demo
        self.viewer: int | None = None  # the person whose eyes the screen uses (hidden facts)
        self.handover = False  # waiting for the next person to take the screen
        self.turn_to: int | None = None  # the seat the camera is turning to face
        self._frame_due = False  # the own pieces are to be framed once they come to rest
        self.caption = ""  # demo caption or hint text
        self.what, self.reason = "", ""  # demo: the last move and why the bot chose it
        self.reading = 0.0  # demo: seconds the caption still needs to be read before the next move
        self.held: tuple[int, Action] | None = None  # demo: (ply, the bot's move) waiting for the reading
        self.hint_action: Action | None = None
        self.paused = False
        self.steps = 0  # demo: moves allowed while paused (Right arrow)
        self.over_for = 0.0
        self.manual_camera = 0.0  # seconds the demo camera leaves the user's orbit alone
        self.following = False  # the demo camera is still swinging round to the seat in play
        self.homed = True  # the camera is where the table put it (no orbit or zoom since)
        self._was_modal = False  # the table had a panel up at the last refresh
        self._unframed: tuple | None = None  # the camera before a panel that asks framed the own pieces
        self._message, self._message_until = "", 0  # a status line and the ply whose action clears it
        self._input_key: tuple[int, int] | None = None  # the position the table's input was set up for
        self._guided: tuple[int, int] | None = None  # the position the first-game guide last asked about
        self._forced_at: tuple[Any, Action | None] = (None, None)  # (position, its only legal action)
        self.sound = TableSounds(self.match.data.game, app.speaker)
        self._chimed_for = self.state.current_player  # the seat to move when the chimes last looked
        self.dirty = True
        self.layout(app.width, app.height)

    # ---- the match --------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def ply(self) -> int:
        return len(self.match.history)

    def humans(self) -> list[int]:
        return [] if self.demo else [i for i in range(self.state.num_players) if self.match.is_human(i)]

    @property
    def message(self) -> str:
        """A status line ("cannot undo: …"); it lasts until the next action is made."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message, self._message_until = text, self.ply

    def _say_of_next_move(self, text: str) -> None:
        """A status line about the move about to be made (a bot's fallback): it outlasts that move."""
        self._message, self._message_until = text, self.ply + 1

    def submit(self, action: Action) -> None:
        """Hand one legal action to the match and animate what it did."""
        if self._message and self._message_until <= self.ply:
            self._message = ""
        if self.demo:
            self.what, self.reason = self.describe(action), demo_reason(self.kit.reason, self.state, action)
            self.caption = self._demo_caption()
            self.reading = reading_time(self.caption, self.view.anim_speed)
        shown = self.match.autosave_error
        events = self.match.apply(action)
        if self.match.autosave_error and self.match.autosave_error != shown:  # once, not every move
            self.message = t("msg.autosave_failed", path=self.match.autosave, why=self.match.autosave_error)
        self.view.play(events, self.state)
        self.sound.hear(events, self.view)
        self.hint_action = None
        if not self.demo:
            self.caption = ""
        self.refresh()  # at once: no pointer event may meet the gestures of the position before

    def describe(self, action: Action) -> str:
        return self.table.describe_action(action)

    def _demo_caption(self) -> str:
        """What the bot did, and why when reasons are shown (R)."""
        return t("demo.caption", what=self.what, why=self.reason) if self.reason and self.app.demo_reasons \
            else self.what

    def eyes(self) -> int | None:
        """Whose hidden facts the screen may show: None for everyone's (a demo, bots only, the game
        over, --show-all-scores), -1 for nobody's (the screen is being passed on), else that person's."""
        if self.options.show_all_scores or self.demo or self.state.is_over or not self.humans() \
                or not self.kit.hidden_info:
            return None
        return -1 if self.handover or self.viewer is None else self.viewer

    def undo(self) -> None:
        """Take back the last person's decision (and the bot moves after it), unless that would
        hide again what the table has already seen."""
        if self.demo:
            self.message = t("msg.demo_no_undo")
        elif self.match.undo():
            while self._forced() is not None and self.match.undo():
                pass  # a forced move would come straight back: undo the decision before it too
            self.worker.cancel()
            self.view.sync(self.state)
            self.message = t("msg.undone")
        else:
            self.message = t("msg.undo_hidden") if self.match.history else t("msg.nothing_to_undo")
        self.dirty = True

    def save(self) -> None:
        """To the game's own autosave (a demo's: a new file of the saves folder), and for a --save
        file outside that folder a copy in it, named by game and time (the Replays list)."""
        game = self.match.data.game
        path = target = self.match.autosave or str(saves.new_save_path(game))
        try:
            for target in [path] + ([] if saves.in_saves(path) else [str(saves.new_save_path(game))]):
                self.match.save(target)
            self.message = t("msg.saved", path=path)
        except OSError as e:
            self.message = t("msg.save_failed", path=target, why=e.strerror or e)
        self.dirty = True

    # ---- per frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.guide.shown:  # the game waits while its rules are read
            return
        moving = self.view.busy or self.turn_to is not None or self.following  # the table under the pointer
        self.view.update(dt)
        self.sound.update(dt, self.view)
        self.manual_camera = max(0.0, self.manual_camera - dt)
        self.reading = max(0.0, self.reading - dt)
        self.following = self.demo and not self.manual_camera and not self.state.is_over
        if self.following:
            self.following = bool(follow_seat(self.view.camera, self.kit.seat_angle(self.state.current_player,
                                                                                    self.state.num_players), dt))
        elif self.turn_to is not None and not self.manual_camera:
            if not follow_seat(self.view.camera, self.kit.seat_angle(self.turn_to, self.state.num_players), dt):
                self.turn_to = None
                self._frame_own()
            self.dirty = True  # buttons beside the pieces follow them round
        if self._frame_due and not self.view.busy:
            self._frame_due = False
            self._frame_own()
            self.dirty = True  # the camera moved: buttons and panels are laid out again
        if moving:
            self._repoint()
        self._poll_worker()
        self._guide()
        if self.state.is_over:
            self.over_for += dt
            if self.demo and self.over_for > DEMO_PAUSE_S:
                self.app.start_demo(self._next_demo())
                return
        elif (self.demo or not self.view.busy) and self.bots[self.state.current_player] is not None:
            self._drive_bot()  # a demo bot thinks while the last move animates and its caption is read
        elif not self.view.busy and (forced := self._forced()) is not None:
            self.submit(forced)
        if self.dirty:
            self.refresh()

    def busy(self) -> bool:
        if self.guide.shown:
            return False
        if self.dirty or self.view.busy or self.sound.busy or self.turn_to is not None or self.following or \
                self.demo and self.manual_camera:
            return True
        if self.state.is_over:
            return self.demo  # the final scores stay up a while, then the next demo game
        if self.bots[self.state.current_player] is not None:  # the worker wakes the loop when it is done
            return self.demo and self.reading > 0 or not self.worker.busy and not self._paused()
        return self._forced() is not None

    def waiting(self) -> bool:
        return self.worker.busy

    def look(self) -> Any:
        camera = self.view.camera
        return (camera.view_matrix().tobytes(), camera.proj_matrix().tobytes(), self.view.stats.uploads,
                layer_generation(), *map(id, self.overlays()))

    def _next_demo(self) -> Options:
        """The demo's next game: the next game with a table, in the menu's order, with a new deal."""
        games = kits.games()
        game = games[(games.index(self.match.data.game) + 1) % len(games)]
        same = game == self.options.game
        return replace(self.options, game=game, seed=self.options.seed + 1,
                       variant=self.options.variant if same else None,
                       game_options=self.options.game_options if same else {})

    def _forced(self) -> Action | None:
        """The only legal action of the person at the screen, when the table takes such moves itself."""
        state = self.state
        if not self.auto_forced or self.handover or state.is_over or state.current_player not in self.humans():
            return None
        key = (id(state), self.ply)
        if self._forced_at[0] != key:  # asked every frame: the rules are asked once a position
            legal = state.legal_actions()
            self._forced_at = (key, legal[0] if len(legal) == 1 else None)
        return self._forced_at[1]

    def _paused(self) -> bool:
        """The demo waits for Space or a step (Right)."""
        return self.demo and self.paused and self.steps == 0

    def _drive_bot(self) -> None:
        if self.held is not None:
            self._play_held()
            return
        if self.worker.busy or self._paused():
            return
        seat = self.state.current_player
        self.worker.start(MoveJob(self.match.data.game, self.state.to_dict(), self.bot_specs[seat], seat,
                                  self._bot_seed(seat)), ("move", self.ply))
        self.dirty = True  # the HUD says the bot is thinking

    def _play_held(self) -> None:
        """The bot's move, once the last one has finished moving and its caption has been read."""
        assert self.held is not None
        ply, action = self.held
        if ply != self.ply:
            self.held = None
        elif not (self.view.busy or self.reading > 0 or self._paused()):
            self.held = None
            self.steps = max(0, self.steps - 1)
            self.submit(action)

    def _bot_seed(self, seat: int) -> int:
        return self.match.data.seed + 101 * seat

    def _poll_worker(self) -> None:
        result = self.worker.poll()
        if result is None:
            return
        (kind, ply), answer = result
        if ply != self.ply or self.state.is_over:
            return
        if self.worker.fault is not None:  # said on stderr for the record, here for the table
            self._say_of_next_move(t(f"fault.{kind}.{self.worker.fault}", who=theme.player_label(self.state.current_player)))
            self.dirty = True
        if answer is None:  # the hint's thinking failed
            self.caption, self.dirty = "", True
            return
        if kind == "move":
            self.held = (ply, answer)
            self._play_held()
        else:
            self.hint_action = answer.action
            self.table.suggest(answer.action)
            why = demo_reason(self.kit.reason, self.state, answer.action) or t(f"hint.why.{answer.why}", **answer.why_args)
            self.caption = t("hint.guide" if self.options.guide else "hint.caption", text=self.describe(answer.action),
                             why=why)  # what the move gains, in the game's words; the search's odds only if none
            self.dirty = True

    def _guide(self) -> None:
        """The first-game guide asks for a hint once in each position a person decides in (when the
        worker is free: a hint still thinking about the position before is let finish first)."""
        if self.options.guide and not self.demo and self.table.active and self.hint_action is None \
                and not self.worker.busy and self._guided != self._input_key:
            self._guided = self._input_key
            self.ask_hint()

    def ask_hint(self) -> None:
        if not self.table.active or self.worker.busy:
            return
        self.worker.start(HintJob(self.match.data.game, self.state.to_dict(), HINT_MS, self.ply), ("hint", self.ply))
        self.caption, self.dirty = t("hint.thinking"), True

    # ---- what the screen shows ----------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild input and panels for the current position (after a move, a mode change, a resize)."""
        self.dirty = False
        self._chime()
        state = self.state
        seat = state.current_player
        humans = self.humans()
        person = not state.is_over and seat in humans
        if person and self.viewer != seat and len(humans) > 1 and self.viewer is not None:
            if self.kit.hidden_info:
                self.handover = True
            elif self.view.anim_speed <= 0:  # nothing to hide and nothing animates: the camera is there
                self.viewer = seat
                self.face(seat)
            else:  # nothing to hide: no hand-over, the camera turns to the person deciding, at once
                self.viewer = self.turn_to = seat  # (the last person's orbit holds the camera no longer)
                self.manual_camera = 0.0
        elif person and self.viewer is None:
            self.viewer = seat
            self.face(seat)
        self.view.face_reader(self.viewer)
        key = (id(state), self.ply) if person and not self.handover else None
        if key != self._input_key:
            self._input_key = key
            self.table.reset(key is not None)
            self._unframed = None  # a panel's camera from the position before is never put back over this one
            self._frame_own()
        self.table.changed = False
        self._build_panels()
        self._after_table_input()

    def _chime(self) -> None:
        """A soft chime when a person's turn begins after a bot's or another person's, and when the
        game ends (once the table is still)."""
        seat = self.state.current_player
        last, self._chimed_for = self._chimed_for, seat
        if last == seat:
            return
        if self.state.is_over:
            self.sound.chime(CHIME_END)
        elif seat in self.humans():
            self.sound.chime(CHIME_TURN)

    def toggle_mute(self) -> None:
        """M: sound off or on, remembered in settings.json."""
        self.app.change_setting("mute", not self.app.prefs["mute"])
        self.message = t("sound.muted" if self.app.prefs["mute"] else "sound.unmuted")

    def face(self, seat: int) -> None:
        face_seat(self.view.camera, self.kit.seat_angle(seat, self.state.num_players))
        self.homed = True
        self._frame_own()

    def _frame_own(self) -> None:
        """The deciding person's own pieces wholly in view, between the HUD bar and the key line
        (unless the person has turned the camera away themselves). Not while the camera still
        turns to the seat: framed from the last seat's side, the pieces would seem far off screen
        and the camera back off for nothing; the turn's end frames them. Nor while pieces fly:
        one in the air is where it will not stay, so the framing waits until they land."""
        if self.view.busy:
            self._frame_due = True
        elif self.table.active and self.homed and self.turn_to is None:
            w, h = self.app.width, self.app.height
            y0, y1 = theme.KEYS_HEIGHT + FRAME_MARGIN, h - theme.HUD_HEIGHT - FRAME_MARGIN
            if self.table.modal():  # a panel asks (Score: tiles here or on the cube): the part it leaves,
                framed = self.table.framed()  # if it covers what is framed (a small menu stands clear of it)
                for o in self.table.overlays():
                    b = o.bounds
                    if b is not None and b[3] - b[1] < (y1 - y0) * 0.8 and any(overlaps(b, a) for a in framed):
                        y0, y1 = (max(y0, b[3] + FRAME_MARGIN), y1) if b[1] + b[3] < h else \
                            (y0, min(y1, b[1] - FRAME_MARGIN))
            else:  # from the home distance: a camera backed off for the last decision comes close again
                camera = self.view.camera
                if self.table.shared_pitch is not None:  # the look-at point too: shared framing moves it
                    face_seat(camera, camera.yaw)
                    if self.table.shared_framed():
                        camera.pitch = math.radians(self.table.shared_pitch)
                        fit_areas(camera, self.table.shared_framed, (FRAME_MARGIN, y0, w - FRAME_MARGIN, y1 - TAG_HEIGHT))
                        return
                camera.distance, camera.pitch = camera.home[2], camera.home[1]
            frame_areas(self.view.camera, self.table.framed, (FRAME_MARGIN, y0, w - FRAME_MARGIN, y1),
                        steps=FRAME_STEPS, slide=self.table.modal())

    def _after_table_input(self) -> None:
        """A panel opened at the table: the own pieces framed in what it leaves (the camera slides
        over the table), and put back where they were when it closes."""
        if self.table.modal() == self._was_modal:
            return
        self._was_modal = self.table.modal()
        camera = self.view.camera
        if self._was_modal and self.homed:
            self._unframed = (camera.yaw, camera.pitch, camera.distance, camera.target.copy())
            self._frame_own()
        elif self._unframed is not None and self.homed:
            camera.yaw, camera.pitch, camera.distance, camera.target = self._unframed
        else:
            return
        self._unframed = None if not self._was_modal else self._unframed
        self.dirty = True  # the lit pieces moved on screen: the panels are laid out again

    def _build_panels(self) -> None:
        w, h = self.app.width, self.app.height
        self.table.build(w, h, self.hint_action)
        self._build_hud()
        self._build_log()
        self._build_banner(w, h)
        if self.pointer != NOWHERE:  # what lies under a still pointer now (the table and panels may have changed)
            self.pointing = self._pick(*self.pointer)
            if self._log_hides(self.pointing):  # the log was laid out for the piece pointed at before
                self._build_log()
        self._build_tooltip()
        self._build_guide()

    def _build_guide(self) -> None:
        self.guide.build(self.app.width, self.app.height)

    def open_guide(self, page: int | None = None) -> None:
        """The rules guide over the table; its pictures are this view's, from the reader's side."""
        yaw = self.kit.seat_angle(self.viewer or 0, self.state.num_players)
        self.guide.open(self.match.data.game, lambda shot, size: paint(self.view, yaw, shot, size), self.ply, page)
        self._build_guide()
        self._build_tooltip()  # the table under the guide says nothing of the piece last pointed at

    def _guide_input(self) -> None:
        """After a key or click of the open guide: closed, the table takes the pointer back."""
        self._build_guide()
        if not self.guide.shown:
            self.dirty = True

    def _build_log(self) -> None:
        """The last events, each as the person at the screen may read it."""
        eyes = self.eyes()
        lines = [self.table.log_text(e, eyes) for e in self.match.log[-LOG_LINES:]]
        keep = self._kept_clear()  # the log never hides what is being decided: fewer lines instead,
        keep += [rect_area(o.bounds) for o in self.table.overlays() if o.bounds is not None]  # nor a button
        pieces = [self.view.target_area(t) for t in self.view.shown_targets()]
        pointed = self.view.target_area(self.pointing) if self.pointing is not None else []
        if pointed:  # the piece whose tooltip shows: given way for as what is decided
            keep = [*keep, pointed]
        self.log_panel.build(self.app.width, self.app.height, lines, self.log_folded, avoid=keep,
                             spare=[a for a in pieces if a])

    def _kept_clear(self) -> list:
        """The screen areas no panel may cover: the lit targets while a person decides here, and
        the deciding seat's own zones; at a decision about the shared table, the shared boards it
        is framed with too (Otys: a log open over the Store's corner hid its prices)."""
        keep = [area for area in (self.view.target_area(t) for t in sorted(self.table.lit(), key=repr)) if area] \
            if self.table.active else []
        shared = self.table.shared_framed() if self.table.active and self.table.shared_pitch is not None else []
        return keep + [a for _, a in self.table.zones_kept_clear(self.app.width, self.app.height)] + [a for a in shared if a]

    def _build_tooltip(self) -> None:
        text = self.table.describe_target(self.pointing) if self.pointing and not self._modal() else ""
        self.tooltip.build(*self.pointer, self.app.width, text)
        picture = self.table.preview(self.pointing) if text else None
        if picture is None:
            self.preview.build(None, [], self.app.width, self.app.height)
        else:  # beside its piece, clear of the tooltip and of what is being decided
            self.preview.build(picture, self.view.target_area(self.pointing), self.app.width, self.app.height,
                               self._kept_clear(), self.tooltip.bounds)

    def _repoint(self) -> None:
        """The piece under a still pointer after the table moved under it (a move, the camera)."""
        pointing = self._pick(*self.pointer) if self.pointer != NOWHERE else None
        if pointing != self.pointing:
            self._point_at(pointing)
        elif self._log_hides(pointing):  # the same piece, moved under the log (the camera turned)
            self._build_log()
            self._build_tooltip()

    def _point_at(self, pointing: Any) -> None:
        """The pointer is on another piece: its tooltip, and the log panel gives way if it hides
        most of it (the pointer beside the panel, the piece reaching under it)."""
        self.pointing = pointing
        if self._log_hides(pointing):
            self._build_log()
        self._build_tooltip()

    def _log_hides(self, pointing: Any) -> bool:
        """Whether the log panel hides most of the pointed piece (the pointer beside the panel, the
        piece reaching under it): the panel gives way then."""
        log, area = self.log_panel.bounds, self.view.target_area(pointing) if pointing is not None else []
        return bool(log is not None and area and mostly_hidden(log, area))

    def _pick(self, x: float, y: float) -> Any:
        """The piece under the pointer, for its tooltip; none under a panel or a button (that is
        what the person points at, not the piece it hides)."""
        for o in self.overlays():
            b = o.bounds
            if b is not None and b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                return None
        target = self.view.pick(x, y)
        area = self.view.target_area(target) if target is not None else []
        if area and any(mostly_hidden((b.x, b.y, b.x + b.w, b.y + b.h), area)
                        for o in self.table.overlays() for b in o.buttons):
            return None  # a sliver beside a button that stays put in its decision: the button is what shows
        return target

    def _modal(self) -> bool:
        """A panel that owns the pointer is up: the table underneath shows no tooltips."""
        return self.guide.shown or self.handover or self.score_table.shown or self.table.modal()

    def _turn_text(self) -> str:
        state = self.state
        if state.is_over:
            return t("turn.over")
        seat = state.current_player
        who = theme.player_label(seat)
        if self.demo or self.bots[seat] is not None:
            return t("turn.thinking" if self.worker.busy else "turn.bot", who=who, bot=theme.bot_label(self.match.seats[seat]))
        return t("turn.yours" if len(self.humans()) > 1 else "turn.you", who=who)

    def _build_hud(self) -> None:
        self.hud.build(self.app.width, self.app.height, self._turn_text(), self._can_do(),
                       self.table.scores(self.eyes()), t("keys.demo") if self.demo else self.table.keys_help,
                       self.table.table_news())

    def _can_do(self) -> str:
        if self.message:
            return self.message
        if self.demo:
            return t("demo.status_paused" if self.paused else "demo.status", n=self.ply + 1,
                     speed=f"{self.view.anim_speed:g}")
        return self.table.can_do() if self.table.active else self.caption

    def _build_banner(self, w: int, h: int) -> None:
        state = self.state
        if state.is_over:  # the final scores as a table, hidden while people look at the final position
            buttons = [] if self.demo else [(t("banner.new"), "new"), (t("banner.menu"), "menu")]
            self.score_table.build(w, h, self.table.final_table(), state.winners(), buttons, self.scores_hidden)
            self.banner.clear()
            return
        if self.score_table.buttons:  # the end was undone
            self.score_table.clear()
        if self.handover:
            seat = state.current_player
            self.banner.build(w, h, t("handover.title", who=theme.player_label(seat)), [t("handover.line")],
                              [(t("handover.take", name=theme.player_name(seat)), "take")],
                              colour=theme.player_colour(seat))
        elif self.caption and (self.demo or self.hint_action is not None or self.caption.endswith("…")):
            self.banner.build(w, h, self.caption, [], y_frac=0.84)
        else:
            self.banner.clear()

    # ---- drawing ------------------------------------------------------------------------------
    def overlays(self) -> list:
        """Top first: the order clicks are offered in."""
        return [self.guide, self.banner, self.score_table, *self.table.overlays(), self.log_panel]

    def layers(self) -> list:
        """The 2D layer, bottom first: the tooltip and its piece's preview above every button, panel
        and the log (a tooltip cut by a button reads as nothing), but under a modal panel (which owns
        the pointer)."""
        if self._modal():
            return [self.hud, self.preview, self.tooltip, *reversed(self.overlays())]
        return [self.hud, *reversed(self.overlays()), self.preview, self.tooltip]

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None:
        self.composer.draw(fbo, width, height, self.view, self.layers())

    def layout(self, width: int, height: int) -> None:
        self.view.camera.set_viewport(width, height)
        self._frame_own()  # framed for the new size too (a camera the person moved stays as it is)
        x, y = self.pointer
        if not (0 <= x < width and 0 <= y < height):  # the window shrank from under the pointer
            self.pointer, self.pointing = NOWHERE, None
        self.dirty = True

    def close(self) -> None:
        self.worker.close()
        self.table.release_view()
        self.composer.release()

    # ---- events -------------------------------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        if self.guide.shown:
            self.guide.hover(x, y)
            return
        for o in self.overlays():
            o.hover(x, y)
        pointing = self._pick(x, y)
        self.pointer = (x, y)
        if pointing != self.pointing:
            self._point_at(pointing)
        if self.table.hover(x, y):
            self._build_hud()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button != mouse.LEFT:
            return
        if self.guide.shown:  # the guide owns the pointer
            b = self.guide.button_at(x, y)
            if b is not None:
                self.guide.click(b.value)
                self._guide_input()
            return
        for o in self.overlays():
            b = o.button_at(x, y)
            if b is not None:
                self._button(b.value)
                return
        self.table.press(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button == mouse.LEFT and not self.guide.shown:
            self.table.release(x, y)
            self._after_input()

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        if self.guide.shown:
            return
        if buttons & (mouse.RIGHT | mouse.MIDDLE):
            k = self.app.prefs["camera_speed"]
            self.view.camera.orbit(dx * k, dy * k)
            self.manual_camera = MANUAL_CAMERA_S
            self.homed = False
            self.pointer = (x, y)
            self._repoint()
            self.dirty = True
        elif buttons & mouse.LEFT:  # dragging a piece: the target it would go to glows
            self.on_mouse_motion(x, y, dx, dy)

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None:
        if self.guide.shown:
            return
        if not self.table.scroll(x, y, scroll_y):
            self.view.camera.zoom(scroll_y * self.app.prefs["camera_speed"])
            self.homed = False
            self.pointer = (x, y)
            self._repoint()
            self.dirty = True
        self._after_input()

    def _button(self, value: Any) -> None:
        if value == "log":
            self.log_folded = not self.log_folded
        elif value == "take":
            self.handover, self.viewer = False, self.state.current_player
            self.face(self.viewer)
        elif value == "new":
            self.app.start_game(replace(self.options, load=None, seed=self.options.seed + 1))
            return
        elif value == "menu":
            self.app.show_menu()
            return
        elif value in (LOOK, SHOW):
            self.scores_hidden = value == LOOK
        elif value == GUIDE_OPEN:
            self.open_guide()
            return
        else:
            self.table.button(value)
        self.dirty = True
        self._after_input()

    def _after_input(self) -> None:
        if self.table.changed:
            self.message = ""
            self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        name = key.symbol_string(symbol)
        ctrl = modifiers & (key.MOD_CTRL | key.MOD_COMMAND)
        if self.guide.shown:
            self.guide.key(name)
            self._guide_input()
            return
        if name in ("F1", "QUESTION") or name == "SLASH" and modifiers & key.MOD_SHIFT:
            self.open_guide()
            return
        if self.demo and self._demo_key(name) or self._speed_key(name):
            pass
        elif ctrl and name == "Z" or name == "U" and not self.demo:
            self.undo()
        elif ctrl and name == "S":
            self.save()
        elif name == "HOME":
            self.face(self.viewer if self.viewer is not None else 0)
        elif name == "L":
            self.log_folded = not self.log_folded
        elif name == "H":
            self.ask_hint()
        elif name == "M":
            self.toggle_mute()
        elif self.handover and name in ("ENTER", "RETURN", "SPACE"):
            self._button("take")
            return
        elif self.state.is_over and name == "T":
            self._button(SHOW if self.scores_hidden else LOOK)
            return
        elif self.state.is_over and name == "N" and not self.demo:
            self._button("new")
            return
        elif self.table.key(name):
            self._after_input()
            return
        elif name == "ESCAPE":
            self.app.show_menu()
            return
        self.dirty = True

    def apply_setting(self, name: str, value: Any) -> None:
        if name == "anim_speed":
            self.view.anim_speed = value
        elif name == "language":
            self.view.reprint(self.state)
        elif name == "auto_forced":
            self.auto_forced = self.kit.auto_forced if value is None else value
        if name in ("anim_speed", "show_all_scores", "auto_forced"):
            self.options = replace(self.options, **{name: value})
        self.dirty = True

    def _demo_key(self, name: str) -> bool:
        if name == "SPACE":
            self.paused = not self.paused
            self.caption = t("demo.paused") if self.paused else self.caption
        elif name == "RIGHT":
            self.steps += 1
        elif name == "R":
            self.app.demo_reasons = not self.app.demo_reasons
            self.caption = self.caption if self.paused else self._demo_caption()
        else:
            return False
        self.dirty = True
        return True

    def _speed_key(self, name: str) -> bool:
        """+ and - change the animation speed (0 stays instant); the HUD says the new speed."""
        if name in ("PLUS", "EQUAL", "NUM_ADD"):
            self.view.anim_speed = min(8.0, self.view.anim_speed * 1.5)
        elif name in ("MINUS", "NUM_SUBTRACT"):
            self.view.anim_speed = max(0.25, self.view.anim_speed / 1.5) if self.view.anim_speed else 0.0
        else:
            return False
        self.message = "" if self.demo else t("msg.speed", speed=f"{self.view.anim_speed:.2g}")
        self.dirty = True
        return True


class MenuScreen(Screen):
    """The start menu over an idle table; ``quick`` (the program's start) shows the menu in the
    first frame and sets the table (seconds of painting on llvmpipe) behind it in the next."""

    def __init__(self, app: "App", options: Options, quick: bool = False) -> None:
        super().__init__(app)
        self.options = options
        games = kits.games()
        self.choice = MenuChoice(games, [HUMAN, *LEVELS], {g: list(kits.get(g).menu_options) for g in games},
                                 game=options.game if options.game in games else "", players=options.players,
                                 guide=options.guide)
        level_of = {bot: level for level, bot in LEVELS.items()}
        self.choice.seats[:len(options.seats)] = [level_of.get(s, s) for s in options.seats]
        self.choice.restore(app.prefs["last_menu"])
        self.menu = StartMenu()
        self.dialog = Dialog()  # the quit question or About, over the menu
        self.note = ""  # why "Continue" failed, shown under the buttons
        self.resumable = bool(saves.continuable([options.save]))  # an unfinished game to Continue
        self.backdrop = None if quick else self._backdrop(games[0])
        self.shown = False  # a frame of the menu has been drawn
        self.turning = MENU_TURN_S  # seconds the backdrop still turns
        self.layout(app.width, app.height)

    def _backdrop(self, game: str) -> Any:
        """A four-seat table of ``game`` at rest, slowly turning behind the menu."""
        state = registry.get(game).new_game(players=4, seed=self.options.seed)
        return kits.get(game).make_view(self.app.ctx, state, anim_speed=0)

    def layout(self, width: int, height: int) -> None:
        if self.backdrop is not None:
            self.backdrop.camera.set_viewport(width, height)
        self.menu.build(width, height, self.choice, self.resumable, self.note)
        if self.dialog.shown == "quit":
            self.dialog.build_quit(width, height)
        elif self.dialog.shown == "about":
            self.dialog.build_about(width, height, about.lines())

    def update(self, dt: float) -> None:
        if self.backdrop is None and self.shown:
            self.backdrop = self._backdrop(kits.games()[0])
            self.backdrop.camera.set_viewport(self.app.width, self.app.height)
        elif self.backdrop is not None and self.turning > 0:
            self.backdrop.camera.orbit(-8 * min(dt, self.turning), 0)
            self.turning -= dt

    def busy(self) -> bool:
        """The backdrop turns a while, then rests: a menu waiting for its person costs nothing
        (each turning frame is a whole new picture)."""
        return self.backdrop is None or self.turning > 0

    def look(self) -> Any:
        if self.backdrop is None:
            return layer_generation()
        return self.backdrop.camera.view_matrix().tobytes(), self.backdrop.camera.proj_matrix().tobytes(), \
            layer_generation()

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None:
        if self.backdrop is None:
            fbo.use()
            fbo.clear(*FOG_COLOUR, 1.0)
        else:
            self.backdrop.draw(fbo, width, height)
        _prepare_2d(self.app.ctx, fbo)
        self.menu.draw()
        if self.dialog.shown:
            self.dialog.draw()
        self.shown = True

    def close(self) -> None:
        if self.backdrop is not None:
            self.backdrop.release()

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        (self.dialog if self.dialog.shown else self.menu).hover(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        b = (self.dialog if self.dialog.shown else self.menu).button_at(x, y)
        if b is not None:
            self.click(b.value)

    def click(self, value: Any) -> None:
        if value in ("start", "demo"):
            c = self.choice
            picked = kits.get(c.game).new_game_options({k: v for k, v in c.chosen.items() if k in
                                                        {o.name for o in c.shown()}})
            chosen = {k: v for k, v in picked.items() if v is not None}  # None: the game's default
            options = replace(self.options, game=c.game, players=c.players, seats=c.seats[:c.players],
                              variant=chosen.pop("variant", None), game_options=chosen, load=None, guide=c.guide)
            try:
                registry.get(c.game).new_game(players=c.players, seed=options.seed, **options.rules_options)
            except ValueError as e:  # options that do not go together (3 laps on a track without laps)
                self.note = t("start.bad_options", why=e)
                self.layout(self.app.width, self.app.height)
                return
            self.app.prefs["last_menu"] = last = {"game": c.game, "players": c.players, "seats": c.seats,
                                                  "chosen": dict(c.chosen)}
            settings.save(last_menu=last)  # the next start's defaults
            (self.app.start_game if value == "start" else self.app.start_demo)(options)
        elif value == "continue":
            if self.resumable:
                self.app.show_continue()
        elif value == "replays":
            self.app.show_replays()
        elif value in ("quit", "about"):  # quitting asks once: Esc, Esc from a table never ends the program
            self.dialog.shown = value
            self.layout(self.app.width, self.app.height)
        elif value == QUIT_YES:
            self.app.quit()
        elif value in (QUIT_NO, ABOUT_CLOSE):
            self.dialog.hide()
            self.layout(self.app.width, self.app.height)
        elif value == "settings":
            self.app.toggle_settings()
        elif value[0] == "lang":
            self.app.change_setting("language", value[1])
            self.note = "" if i18n.language() == value[1] else t("start.no_japanese_font")
            self.layout(self.app.width, self.app.height)
        else:
            if value[0] == "guide":
                self.app.change_setting("guide", value[1])
            self.choice.click(value)
            self.layout(self.app.width, self.app.height)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        name = key.symbol_string(symbol)
        if self.dialog.shown == "quit":  # Enter quits, Esc stays; nothing else is asked
            value = {"ENTER": QUIT_YES, "RETURN": QUIT_YES, "ESCAPE": QUIT_NO}.get(name)
        elif self.dialog.shown == "about":
            value = {"ENTER": ABOUT_CLOSE, "RETURN": ABOUT_CLOSE, "ESCAPE": ABOUT_CLOSE}.get(name)
        else:
            value = {"ENTER": "start", "RETURN": "start", "D": "demo", "C": "continue", "R": "replays",
                     "A": "about", "ESCAPE": "quit"}.get(name)
        if value:
            self.click(value)


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
        self.width, self.height = size or window.get_framebuffer_size()
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
        self.speaker: Speaker = open_speaker(self.prefs["volume"], self.prefs["mute"])
        self._handlers = dict(
            on_resize=self.on_resize, on_close=self.quit, on_expose=self._expose,
            **{name: self._forward(name) for name in ("on_mouse_motion", "on_mouse_press", "on_mouse_release",
                                                        "on_mouse_drag", "on_mouse_scroll", "on_key_press")})
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
                 mark: tuple[Match, int] | None | bool = False) -> None:
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
        if mark is None or not mark[0].autosave:
            return False
        match, n = mark
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

    def start_game(self, options: Options, match: Match | None = None) -> None:
        self.options = options
        self._switch(GameScreen(self, options, match))

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
        seats = [s if s != HUMAN else DEMO_LEVEL for s in options.seats]
        self.options = replace(options, seats=seats, load=None)
        self._switch(GameScreen(self, self.options, demo=True))

    def tick(self, dt: float) -> None:
        self._guarded("update", self.screen.update, dt)
        self._note_said()

    def render(self, fbo: moderngl.Framebuffer) -> None:
        self.screen.draw(fbo, self.width, self.height)
        if self.panel is not None:
            _prepare_2d(self.ctx, fbo)
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
            if changed:  # measured after drawing: the view dates its change from its draw
                self._settle_at = pyglet.clock.get_default().time() + SETTLE_S + FRAME_S
            if self.max_frames and self.frames >= self.max_frames:
                self.quit()
                return
        if self.screen.busy():
            self._schedule(now + FRAME_S)
        elif not self._settled:
            self._schedule(self._settle_at)
        elif self.max_frames and not self.screen.waiting():
            self.quit()  # at rest: nothing more would happen without a person

    def on_draw(self) -> None:
        """A frame into the window (pyglet's own redraws, e.g. while it resizes, land here too)."""
        self.render(self.ctx.screen)
        self.frames += 1


def open_window(width: int, height: int, visible: bool = True) -> tuple[pyglet.window.Window, moderngl.Context]:
    """A resizable window and its moderngl context (the view antialiases in its own MSAA target)."""
    window = pyglet.window.Window(width, height, "Cubetable", resizable=True, visible=visible)
    # every screen is laid out to fit MIN_WINDOW (the command line opens none smaller; a test's may be)
    window.set_minimum_size(min(width, theme.MIN_WINDOW[0]), min(height, theme.MIN_WINDOW[1]))
    if visible:
        try:
            window.set_icon(*icon.window_images())  # the program's own, not pyglet's
        except Exception:  # noqa: BLE001 - a window manager that takes no icon still gets a window
            logfile.failure("the window's icon")
    return window, moderngl.create_context()
