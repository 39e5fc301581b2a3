"""The game screen: a match on the table, people playing through the game's table kit and bots
in the worker process. The demo, where bots play each other game after game, is this screen with
every seat a bot (render/screens/demo.py).

Apart from render/app.py, which only switches screens. Its panels (render/screens/game_panels.py)
and its input handlers (render/screens/game_input.py) are parts of the same class kept in files
of their own; this file holds the match, the bots, the per-frame update and the camera's framing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import moderngl

from game.bots import Bot, make_bot
from game.bots.factory import level_searches
from game.bots.jobs import HintJob, MoveJob
from game.core import Action, Event
from game.core.match import HUMAN, REMOTE, Match
from render import saves
from render.audio.cues import CHIME_END, CHIME_TURN, TableSounds
from render.i18n import t
from render.bot_worker import BotWorker
from render.options import Options
from render.scene.camera import ease_home, face_seat, follow_seat
from render.screens.base import Screen
from render.screens.framing import frame_own
from render.screens.game_input import GameInput
from render.screens.game_panels import NOWHERE, GamePanels
from render.tables import registry as kits
from render.tables.reasons import demo_reason
from render.ui import theme
from render.ui.composer import FrameComposer
from render.ui.hud import Banner, HudBar, LogPanel, Tooltip
from render.ui.preview import Preview
from render.ui.rules_guide import RulesGuide
from render.ui.score_table import ScoreTable
from render.ui.widgets import layer_generation

if TYPE_CHECKING:
    from render.app import App

HINT_MS = 800


def bot_spec(seat: str, prefs: dict[str, Any]) -> str:
    """The bot a seat's level means, with the thinking time the settings give the searching levels."""
    ms = prefs.get(f"{seat}_ms")  # (a level with its own budget stays the level: weights or not, it plays)
    return f"{seat}:{ms}" if ms and level_searches(seat) else seat


class GameScreen(GamePanels, GameInput, Screen):
    """A match on the table: people play through the game's table kit, bots in the worker process.

    Everything game-specific (view, gestures, panels, HUD facts, words) comes from the kit."""

    holds_table = True
    demo = False  # every seat a bot, game after game (render/screens/demo.py)

    def __init__(self, app: "App", options: Options, match: Match | None = None) -> None:
        super().__init__(app)
        self.options = options
        self.match = match or options.new_match()
        demo = self.demo
        if demo and options.save is None:
            self.match.autosave = None  # a demo never overwrites the person's autosaved game
        self.rules = self.match.rules
        self.ctx, self.anim_speed = app.ctx, options.anim_speed
        self.kit = kits.get(self.match.data.game)
        self.auto_forced = self.kit.auto_forced if options.auto_forced is None else options.auto_forced
        self.table = self.kit.make_table(self)
        self.view = self.table.view
        if not demo and any(s == HUMAN for s in self.match.seats):
            self.view.seat_home()  # a person plays: the home looks over their own board
        self.worker = BotWorker(on_done=app.wake_from_thread)
        self.bot_specs = [None if s in (HUMAN, REMOTE) else bot_spec(s, app.prefs) for s in self.match.seats]
        self.bots = self._new_bots()
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
        self._landing = False  # a person's table waits for the last move's pieces to come to rest
        self.caption = ""  # demo caption or hint text
        self.what, self.reason = "", ""  # demo: the last move and why the bot chose it
        self.reading = 0.0  # demo: seconds the caption still needs to be read before the next move
        self.held: tuple[int, Action] | None = None  # demo: (ply, the bot's move) waiting for the reading
        self.hint_action: Action | None = None
        self.paused = False
        self.steps = 0  # demo: moves allowed while paused (Right arrow)
        self.over_for = 0.0
        self.manual_camera = 0.0  # seconds the demo camera leaves the user's orbit alone
        self.looking = 0.0  # seconds until the camera the person moves counts as at rest (game_input.LOOK_S)
        self.following = False  # the demo camera is still swinging round to the seat in play
        self.homed = True  # the camera is where the table put it (no orbit or zoom since)
        self._rehome = False  # the camera turning to the next person also eases back to its home view
        self._was_modal = False  # the table had a panel up at the last refresh
        self._unframed: tuple | None = None  # the camera before a panel that asks framed the own pieces
        self._message, self._message_until = "", 0  # a status line and the ply whose action clears it
        self._input_key: tuple[int, int] | None = None  # the position the table's input was set up for
        self._guided: tuple[int, int] | None = None  # the position the first-game guide last asked about
        self._forced_at: tuple[Any, Action | None] = (None, None)  # (position, its only legal action)
        self.sound = TableSounds(self.kit.sound_cues, app.speaker)
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

    def _expire_message(self, ply: int) -> None:
        """A move is being made at ``ply`` moves: the status line said before it goes (one said of
        this very move stays)."""
        if self._message and self._message_until <= ply:
            self._message = ""

    def _say_of_next_move(self, text: str) -> None:
        """A status line about the move about to be made (a bot's fallback): it outlasts that move."""
        self._message, self._message_until = text, self.ply + 1

    def submit(self, action: Action) -> None:
        """Hand one legal action to the match and animate what it did."""
        self._expire_message(self.ply)
        self._caption(action)
        shown = self.match.autosave_error
        events = self.match.apply(action)
        if self.match.autosave_error and self.match.autosave_error != shown:  # once, not every move
            self.message = t("msg.autosave_failed", path=self.match.autosave, why=self.match.autosave_error)
        self.show_move(events)

    def show_move(self, events: list[Event]) -> None:
        """Animate what a move did, which the match has made the position (here or at a host)."""
        self.view.play(events, self.state)
        self.sound.hear(events, self.view)
        self.hint_action = None
        if not self.demo:
            self.caption = ""
        self.refresh()  # at once: no pointer event may meet the gestures of the position before

    def _caption(self, action: Action) -> None:
        """Words for a move about to be made (the demo's caption; none at a game of people)."""

    def describe(self, action: Action) -> str:
        return self.table.describe_action(action)

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
        if self.match.undo():
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

    # ---- scripted moves (the film) --------------------------------------------------------------
    def script(self) -> None:
        """From now on every move comes from a script (render/record/ films a game): no bot thinks
        or moves at this table; the script hands each move to ``submit``, as a seat would, and
        gives the next once the table is ``at_rest``."""
        self.bots = [None] * len(self.bots)

    def bots_play_out(self, limit: int | None = None) -> list[Action]:
        """The moves this table's bots (every seat a bot: a demo) would make from here to the game's
        end, or the first ``limit`` of them, played on a copy (the match stays as it is): a demo
        film's script."""
        state, bots = self.state.clone(), self._new_bots()
        moves: list[Action] = []
        while not state.is_over and (limit is None or len(moves) < limit):
            action = bots[state.current_player].choose(state.clone())
            state.apply(action)
            moves.append(action)
        return moves

    @property
    def at_rest(self) -> bool:
        """Nothing on the table moves: the last move has been shown whole."""
        return not self.view.busy

    def settle(self) -> None:
        """The next frame drawn whole at once, with 4x MSAA (a film has no "still later")."""
        self.view.settle()

    def moves_on_within(self, dt: float) -> bool:
        """Whether the screen leaves this game for another in the next ``dt`` seconds (a demo, once
        the final scores have stayed up long enough; a game of people stays)."""
        return False

    # ---- per frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.guide.shown:  # the game waits while its rules are read
            return
        moving = self.view.busy or self.turn_to is not None or self.following  # the table under the pointer
        self.view.update(dt)
        self.sound.update(dt, self.view)
        self.manual_camera = max(0.0, self.manual_camera - dt)
        if self.looking:
            self.looking = max(0.0, self.looking - dt)
            self.dirty = self.dirty or not self.looking  # at rest: the buttons come back
        self.reading = max(0.0, self.reading - dt)
        self.following = self.demo and not self.manual_camera and not self.state.is_over
        if self.following:
            self.following = bool(follow_seat(self.view.camera, self.kit.seat_angle(self.state.current_player,
                                                                                    self.state.num_players), dt))
        elif self.turn_to is not None and not self.manual_camera:
            angle = self.kit.seat_angle(self.turn_to, self.state.num_players)
            if self._rehome:
                ease_home(self.view.camera, dt)
            if not follow_seat(self.view.camera, angle, dt):
                if self._rehome:  # exactly their side's home view: framed as the table is offered
                    self._rehome = False
                    face_seat(self.view.camera, angle)
                self.turn_to = None
                self.dirty = True  # the camera faces the person: their pieces light up, their buttons come
        if self._landing and not self.view.busy:
            self.dirty = True  # the pieces are down: the person's buttons and lit pieces come
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
            if self._moved_on():
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
                self.looking or self.demo and self.manual_camera:
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

    def _moved_on(self) -> bool:
        """At a finished game, whether the screen has gone on to another (a demo does)."""
        return False

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

    def _new_bots(self) -> list[Bot | None]:
        """A bot for each seat a bot plays (None for a person's), each seeded as the seat's always is."""
        return [make_bot(spec, self.rules, i, self._bot_seed(i)) if spec else None for i, spec in enumerate(self.bot_specs)]

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
                self._rehome, self.homed = not self.homed, True  # their view, not the last one's orbit or zoom
        elif person and self.viewer is None:
            self.viewer = seat
            self.face(seat)
        self.view.face_reader(self.viewer)
        # the table is offered to the person once the camera faces them, not while it turns under
        # their pointer (and a turning frame need not lay out buttons that follow the pieces round),
        # and once the last move's pieces have landed: buttons laid out beside where they will rest
        # would lie over them in flight (a die rolled, the next person's dice swept back)
        self._landing = person and self.view.busy and self.view.anim_speed > 0
        offered = person and not self.handover and self.turn_to is None and not self._landing
        key = (id(state), self.ply) if offered else None
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
            frame_own(self.table, self.app.width, self.app.height)

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

    # ---- drawing ------------------------------------------------------------------------------
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
