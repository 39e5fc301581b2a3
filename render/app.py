"""The pyglet window and its main loop, with three screens: the start menu, a game, a demo.

The app never changes a game's state itself: people's gestures and bots' choices become legal
actions that the :class:`game.core.match.Match` applies; the view animates the events.
"""
from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import moderngl
import numpy as np
import pyglet
from pyglet.window import key, mouse

from game import registry
from game.bots import LEVELS, hint, make_bot
from game.core import Action, Event, SaveError
from game.core.match import HUMAN, Match
from game.octocube.components import COIN_VP
from render.cli import ON_SCREEN, Options
from render.input.bot_worker import BotWorker
from render.input.controller import TableInput
from render.input.octocube import STEP_HINTS, OctocubeGestures
from render.ui import theme
from render.ui.hud import Banner, ContextButtons, HudBar, LogPanel, SeatScore, Tooltip
from render.ui.panels import ChoiceMenu, OrientationChooser, ScorePanel
from render.ui.start_menu import MenuChoice, StartMenu
from render.ui.tiles import describe_target, tile_name
from render.scene.camera import Camera
from render.views.octocube import OctocubeView
from render.views.octocube_layout import SEAT_ANGLE

FOLLOW_RATE = 1.5  # per second: how fast the demo camera swings to the seat in play
MANUAL_CAMERA_S = 6.0  # after the user orbits, the demo camera stays put this long
DEMO_PAUSE_S = 4.0  # the final scores stay up this long before the demo starts a new game
HINT_MS = 800
KEYS_HELP = ("click a lit space · drag cube/arrows: roll · wheel or Q/E/W: pivot · S score · "
             "P pass · Tab/Enter · H hint · U undo · Ctrl+S save · L log · right-drag orbit · wheel zoom · "
             "Home camera · +/- speed · Esc menu")
KIDS_KEYS = ("click lit space: place/roll/leftovers · drag cube or arrows: roll · Retrieve button · "
             "Tab/Enter target · H hint · U undo · Ctrl+S save · L log · right-drag orbit · wheel zoom · "
             "Home camera · Esc menu")
DEMO_KEYS = "Space pause · Right step · + / - speed · Home camera · right-drag orbit · wheel zoom · Esc menu"


class Screen:
    """One screen of the window; handlers default to doing nothing."""

    def __init__(self, app: "App") -> None:
        self.app = app

    def update(self, dt: float) -> None: ...
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None: ...
    def layout(self, width: int, height: int) -> None: ...
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None: ...
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None: ...
    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None: ...
    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None: ...
    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None: ...
    def on_key_press(self, symbol: int, modifiers: int) -> None: ...
    def close(self) -> None: ...


def face_seat(camera: Camera, seat: int) -> None:
    """The home view, from ``seat``'s side of the table (people on one screen each get their side)."""
    camera.reset()
    _turn_camera(camera, SEAT_ANGLE[seat] - camera.yaw)


def _turn_camera(camera: Camera, angle: float) -> None:
    """Orbit yaw and the look-at point together about the table centre."""
    camera.yaw += angle
    c, s = math.cos(angle), math.sin(angle)
    x, y, z = camera.target
    camera.target = np.array([x * c + z * s, y, -x * s + z * c])


def follow_seat(camera: Camera, seat: int, dt: float) -> None:
    """Ease the camera round toward ``seat``'s side (the demo follows whoever moves)."""
    gap = (SEAT_ANGLE[seat] - camera.yaw + math.pi) % (2 * math.pi) - math.pi
    _turn_camera(camera, gap * min(1.0, dt * FOLLOW_RATE))


def _prepare_2d(ctx: moderngl.Context, fbo: moderngl.Framebuffer) -> None:
    """GL state pyglet's 2D drawing expects after moderngl's 3D pass."""
    fbo.use()
    ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
    ctx.enable(moderngl.BLEND)


class GameScreen(Screen):
    """A match on the table: people play through the controller, bots on the worker thread."""

    def __init__(self, app: "App", options: Options, match: Match | None = None, demo: bool = False) -> None:
        super().__init__(app)
        self.options = options
        self.match = match or options.new_match()
        if demo and options.save is None:
            self.match.autosave = None  # a demo never overwrites the person's autosaved game
        self.rules = self.match.rules
        self.demo = demo
        self.view = OctocubeView(app.ctx, self.match.state, anim_speed=options.anim_speed)
        self.input = TableInput(self.view, self.submit, self._describe)
        self.worker = BotWorker()
        self.bots = [None if s == HUMAN else make_bot(s, self.rules, i, self.match.data.seed + 101 * i)
                     for i, s in enumerate(self.match.seats)]
        self.hud, self.context, self.log_panel = HudBar(), ContextButtons(), LogPanel()
        self.score_panel, self.orient, self.menu = ScorePanel(), OrientationChooser(), ChoiceMenu()
        self.banner, self.tooltip = Banner(), Tooltip()
        self.pointing: Any = None  # the piece under the pointer (its tooltip)
        self.pointer = (0.0, 0.0)
        self.log_folded = demo
        self.log_lines: list[str] = [e.text for e in self.match.log]
        self.viewer: int | None = None  # the person whose eyes the HUD uses (hidden VP)
        self.handover = False  # waiting for the next person to take the screen
        self.caption = ""  # demo caption or hint text
        self.hint_action: Action | None = None
        self.paused = False
        self.steps = 0  # demo: moves allowed while paused (Right arrow)
        self.over_for = 0.0
        self.manual_camera = 0.0  # seconds the demo camera leaves the user's orbit alone
        self.message = ""
        self._input_key: tuple[int, int] | None = None  # the position the controller was set up for
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

    def submit(self, action: Action) -> None:
        """Hand one legal action to the match and animate what it did."""
        if self.demo:
            self.caption = self._describe(action)
        events = self.match.apply(action)
        self.view.play(events, self.state)
        self._log(events)
        self.hint_action, self.dirty = None, True
        if not self.demo:
            self.caption = ""

    def _describe(self, action: Action) -> str:
        return self.rules.describe_action(self.state, action)

    def _log(self, events: list[Event]) -> None:
        self.log_lines.extend(e.text for e in events)

    def undo(self) -> None:
        """Take back the last person's decision (and the bot moves after it), unless that would
        hide again a tile the table has already seen."""
        if self.match.undo():
            self.worker.cancel()
            self.view.sync(self.state)
            self.log_lines = [e.text for e in self.match.log]
            self.message = "undone"
        else:
            self.message = "cannot undo: a hidden tile has been seen since" if self.match.history else \
                "nothing to undo"
        self.dirty = True

    def save(self) -> None:
        self.match.save(self.options.save_path)
        self.message, self.dirty = f"saved to {self.options.save_path}", True

    # ---- per frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.view.update(dt)
        self.manual_camera = max(0.0, self.manual_camera - dt)
        if self.demo and not self.manual_camera and not self.state.is_over:
            follow_seat(self.view.camera, self.state.current_player, dt)
        self._poll_worker()
        if self.state.is_over:
            self.over_for += dt
            if self.demo and self.over_for > DEMO_PAUSE_S:
                self.app.start_demo(replace(self.options, seed=self.options.seed + 1))
                return
        elif not self.view.busy and self.bots[self.state.current_player] is not None:
            self._drive_bot()
        if self.dirty:
            self.refresh()

    def _drive_bot(self) -> None:
        if self.worker.busy or (self.demo and self.paused and self.steps == 0):
            return
        bot = self.bots[self.state.current_player]
        state = self.state.clone()
        self.worker.start(lambda: bot.choose(state), ("move", self.ply))
        self.dirty = True  # the HUD says the bot is thinking

    def _poll_worker(self) -> None:
        result = self.worker.poll()
        if result is None:
            return
        (kind, ply), answer = result
        if ply != self.ply or self.state.is_over:
            return
        if kind == "move":
            self.steps = max(0, self.steps - 1)
            self.submit(answer)
        else:
            self.hint_action = answer.action
            self.input.suggested_faces = getattr(answer.action, "faces", ())
            self.caption = f"Hint: {answer.text} ({answer.reason})"
            self.dirty = True

    def ask_hint(self) -> None:
        if not self.input.active or self.worker.busy:
            return
        state, rules, seed = self.state.clone(), self.rules, self.ply
        self.worker.start(lambda: hint(state, rules, budget_ms=HINT_MS, seed=seed), ("hint", self.ply))
        self.caption, self.dirty = "Hint: thinking…", True

    # ---- what the screen shows ----------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild input and panels for the current position (after a move, a mode change, a resize)."""
        self.dirty = False
        state = self.state
        seat = state.current_player
        humans = self.humans()
        person = not state.is_over and seat in humans
        if person and self.viewer != seat and len(humans) > 1 and self.viewer is not None:
            self.handover = True
        elif person and self.viewer is None:
            self.viewer = seat
            face_seat(self.view.camera, seat)
        key = (id(state), self.ply) if person and not self.handover else None
        if key != self._input_key:
            self._input_key = key
            self.input.reset(OctocubeGestures(state) if key else None)
        self.input.changed = False
        self._build_panels()

    def _build_panels(self) -> None:
        w, h = self.app.width, self.app.height
        self.view.set_highlights(self._highlights(), self.input.hovered)
        self._build_hud()
        self.log_panel.build(w, h, self.log_lines, self.log_folded)
        mode = self.input.mode if self.input.active else None
        if mode in ("play", "args"):
            me = self.state.current_player
            others = [("cube", s) for s, cell in enumerate(self.state.cube_cell) if s != me and cell is not None]
            lit = [self.view.target_pos(t) for t in [*self.input.lit(), *others]]  # never hide a piece
            items = self._context_items() if mode == "play" else [("Cancel (Esc)", "cancel", True)]
            self.context.build(self.view.target_pos(("cube", self.state.current_player)), w, h, items, avoid=lit,
                               marked=self._hint_button())
        else:
            self.context.clear()
        self._build_mode_panels(mode, w, h)
        self._build_banner(w, h)
        self._build_tooltip()

    def _build_tooltip(self) -> None:
        text = describe_target(self.state, self.pointing) if self.pointing else ""
        self.tooltip.build(*self.pointer, self.app.width, text)

    def _hint_button(self) -> Any:
        """The context button value that carries out the hinted action, if a button does."""
        a = self.hint_action
        if a is None:
            return None
        return ("pivot", a.quarter_turns) if a.kind == "pivot" else "score" if a.kind == "score" else a

    def _highlights(self) -> set:
        lit = self.input.lit()
        if self.hint_action is not None and self.input.gestures is not None:
            lit = {t for t, acts in self.input.gestures.by_target.items() if self.hint_action in acts} or lit
        return lit

    def _build_mode_panels(self, mode: str | None, w: int, h: int) -> None:
        for panel in (self.score_panel, self.orient, self.menu):
            panel.clear()
        g = self.input.gestures
        if g is None:
            return
        seat = g.seat
        if mode == "score":
            choice = self.input.score_choice()
            self.score_panel.build(w, self.state.cube_faces[seat], g.scorable_faces(), self.input.chosen,
                                   self._score_outcome(choice), choice is not None)
        elif mode == "orient" and self.input.orientation is not None:
            choice = self.input.orientation
            after = self.state.clone()
            after.apply(choice)
            row, col = divmod(choice.cell, self.state.size)  # type: ignore[attr-defined]
            title = f"Place your cube on the space at row {row + 1}, column {col + 1}" \
                if choice.kind == "place" else "Turn your cube any way you like"
            self.orient.build(w, after.cube_faces[seat], self.input.orient_index, len(self.input.orient_choices),
                              title, yaw=self.view.camera.yaw)
        elif mode == "choose":
            self.menu.build(*self.input.menu_at, w, h, self.input.menu)

    def _score_outcome(self, choice: Action | None) -> str:
        if choice is None:
            return "that choice is not allowed"
        events = self.state.clone().apply(choice)
        scored = next((e for e in events if e.kind == "scored"), None)
        tiles = scored.data.get("tiles", []) if scored else []
        names = [tile_name(t) for t in tiles]
        coins = names.count("Coin")
        objects = ", ".join(f"{names.count(n)} {n}" for n in sorted(set(names) - {"Coin"}))
        parts = [f"{objects}: {scored.data.get('vp', 0) if scored else 0} VP now" if objects else "no objects"]
        if coins:
            parts.append(f"{coins} coin{'s' if coins > 1 else ''} ({COIN_VP * coins} VP at the end)")
        return " · ".join(parts) + " · the cube goes home"

    def _context_items(self) -> list[tuple[str, Any, bool]]:
        g = self.input.gestures
        if g is None:
            return []
        items: list[tuple[str, Any, bool]] = []
        if g.of_kind("pivot"):
            items += [("⟳ 90° (E)", ("pivot", 1), bool(g.pivot(1))), ("↻ 180° (W)", ("pivot", 2), bool(g.pivot(2))),
                      ("⟲ 90° (Q)", ("pivot", 3), bool(g.pivot(3)))]
        if g.of_kind("score"):
            items.append(("Score… (S)", "score", True))
        items += [("Pass (P)", a, True) for a in g.of_kind("pass")]
        items += [("Skip it (P)", a, True) for a in g.of_kind("decline")]
        items += [(str(a).capitalize(), a, True) for a in g.unreached]
        return items

    def _turn_text(self) -> str:
        state = self.state
        if state.is_over:
            return "Game over"
        seat = state.current_player
        who = theme.player_label(seat)
        if self.demo or self.bots[seat] is not None:
            return f"{who} ({self.match.seats[seat]}) is thinking…" if self.worker.busy else f"{who} ({self.match.seats[seat]})"
        return f"{who}, your turn" if len(self.humans()) > 1 else f"{who} (you) to move"

    def _build_hud(self) -> None:
        self.hud.build(self.app.width, self.app.height, self._turn_text(), self._can_do(), self._scores(),
                       self._keys(), self._table_news())

    def _table_news(self) -> str:
        """How near the end is: Abyss tiles left in the supply, or that this round is the last."""
        state = self.state
        if state.is_over or state.variant == "kids":
            return "last round" if not state.is_over and state.end_triggered else ""
        if state.end_triggered:
            return "last round"
        left = len(state.abyss_supply)
        return f"{left} Abyss tile{'s' if left != 1 else ''} left"

    def _keys(self) -> str:
        return DEMO_KEYS if self.demo else KIDS_KEYS if self.state.variant == "kids" else KEYS_HELP

    def _can_do(self) -> str:
        if self.message:
            return self.message
        if self.demo:
            return f"move {self.ply + 1} · speed ×{self.view.anim_speed:g}" + (" · paused" if self.paused else "")
        g = self.input.gestures
        if g is None:
            return self.caption
        if self.input.mode == "args":
            first = self.input.arg_choices[0]
            kind = g.arg_kinds(first)[self.input.arg_index]
            what = {"cell": "a lit space", "cube": "a lit cube", "board": "a lit tile on your board"}.get(kind, kind)
            return f"power {getattr(first, 'power', '')}: click {what} (Tab/Enter) · Esc cancels"
        hovered = g.click(self.input.hovered) if self.input.mode == "play" else []
        if hovered:
            more = "" if len(hovered) == 1 else " (then choose how it is turned)" if all(
                a.kind == "place" for a in hovered) else f" (or {len(hovered) - 1} more: a menu asks)"
            return f"click: {self._describe(hovered[0])}{more}"
        kinds = {a.kind for a in g.legal}
        if kinds == {"place"}:
            return "place your cube on a lit edge space"
        if len(kinds) == 1 and kinds <= STEP_HINTS.keys():
            return STEP_HINTS[kinds.pop()]
        if "decline" in kinds:
            return "roll again or skip it (P)" if "roll" in kinds else "use the power or skip it (P)"
        words = ("place", "roll", "pivot", "score", "pass", "decline", "retrieve", "power")
        return "you can " + " · ".join(sorted(kinds, key=lambda k: words.index(k) if k in words else len(words)))

    def _scores(self) -> list[SeatScore]:
        state = self.state
        everyone = self.options.show_all_scores or self.demo or state.is_over or not self.humans()
        viewer = -1 if self.handover or self.viewer is None else self.viewer  # nobody's, while the screen passes
        seen = state.vp if everyone else state.observation(viewer)["vp"]
        if state.variant == "kids":  # no VP tokens: the race is to fill the 16 spaces of the board
            texts = [f"{sum(t is not None for t in state.kids_board[s])}/16 spaces" for s in range(state.num_players)]
        elif state.is_over:
            texts = [f"{v:g} VP final" for v in state.scores()]
        else:
            texts = [f"{'?' if seen[s] is None else seen[s]} VP · {len(state.collected[s])} tiles"
                     for s in range(state.num_players)]
        marked = state.winners() if state.is_over else [state.current_player]
        return [SeatScore(s, theme.PLAYER_NAMES[s], texts[s], s in marked) for s in range(state.num_players)]

    def _build_banner(self, w: int, h: int) -> None:
        self.banner.clear()
        state = self.state
        if state.is_over:
            scores, winners = state.scores(), state.winners()
            parts = self._final_parts()
            unit = "spaces filled" if state.variant == "kids" else "VP"
            lines = [f"{theme.player_label(s)}: {scores[s]:g} {unit}{parts[s]}" + ("  — wins" if s in winners else "")
                     for s in sorted(range(state.num_players), key=lambda s: -scores[s])]
            buttons = [] if self.demo else [("New game (N)", "new"), ("Menu (Esc)", "menu")]
            self.banner.build(w, h, "Final scores", lines, buttons, colour=theme.player_colour(winners[0]))
        elif self.handover:
            seat = state.current_player
            self.banner.build(w, h, f"{theme.player_label(seat)}'s turn",
                              ["Pass the screen on; scores stay hidden until then."],
                              [(f"I am {theme.PLAYER_NAMES[seat]} (Enter)", "take")], colour=theme.player_colour(seat))
        elif self.caption and (self.demo or self.hint_action is not None or self.caption.endswith("…")):
            self.banner.build(w, h, self.caption, [], y_frac=0.84)

    def _final_parts(self) -> list[str]:
        """Per seat, where the final score came from (tokens, coins, majorities), from the last event."""
        final = next((e for e in reversed(self.match.log) if e.kind == "final_scoring"), None)
        if final is None:
            return [""] * self.state.num_players
        return [f"  (tokens {b['tokens']} · coins {b['coins']} · colours {sum(b['colours'].values())}"
                f" · objects {sum(b['objects'].values())})" for b in final.data["breakdown"]]

    # ---- drawing ------------------------------------------------------------------------------
    def overlays(self) -> list:
        """Top first: the order clicks are offered in."""
        return [self.banner, self.menu, self.orient, self.score_panel, self.context, self.log_panel]

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None:
        self.view.draw(fbo, width, height)
        _prepare_2d(self.app.ctx, fbo)
        self.hud.draw()
        for o in reversed(self.overlays()):
            o.draw()
        self.tooltip.draw()

    def layout(self, width: int, height: int) -> None:
        self.view.camera.set_viewport(width, height)
        self.dirty = True

    def close(self) -> None:
        self.worker.close()
        self.view.release()

    # ---- events -------------------------------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        for o in self.overlays():
            o.hover(x, y)
        pointing = self.view.pick(x, y)
        self.pointer = (x, y)
        if pointing != self.pointing:
            self.pointing = pointing
            self._build_tooltip()
        before = self.input.hovered
        self.input.hover(x, y)
        if self.input.hovered != before:
            self.view.set_highlights(self._highlights(), self.input.hovered)
            self._build_hud()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button != mouse.LEFT:
            return
        for o in self.overlays():
            b = o.button_at(x, y)
            if b is not None:
                self._button(b.value)
                return
        self.input.press(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if button == mouse.LEFT:
            self.input.release(x, y)
            self._after_input()

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        if buttons & (mouse.RIGHT | mouse.MIDDLE):
            self.view.camera.orbit(dx, dy)
            self.manual_camera = MANUAL_CAMERA_S
            self.dirty = True
        elif buttons & mouse.LEFT:  # dragging the cube: the space it would roll to glows
            self.on_mouse_motion(x, y, dx, dy)

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None:
        if not self.input.scroll(x, y, scroll_y):
            self.view.camera.zoom(scroll_y)
            self.dirty = True
        self._after_input()

    def _button(self, value: Any) -> None:
        if value == "log":
            self.log_folded = not self.log_folded
        elif value == "take":
            self.handover, self.viewer = False, self.state.current_player
            face_seat(self.view.camera, self.viewer)
        elif value == "new":
            self.app.start_game(replace(self.options, load=None, seed=self.options.seed + 1))
            return
        elif value == "menu":
            self.app.show_menu()
            return
        else:
            self.input.button(value)
        self.dirty = True
        self._after_input()

    def _after_input(self) -> None:
        if self.input.changed:
            self.message = ""
            self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        name = key.symbol_string(symbol)
        ctrl = modifiers & (key.MOD_CTRL | key.MOD_COMMAND)
        if self.demo and self._demo_key(name) or self._speed_key(name):
            pass
        elif ctrl and name == "Z" or name == "U" and not self.demo:
            self.undo()
        elif ctrl and name == "S":
            self.save()
        elif name == "HOME":
            face_seat(self.view.camera, self.viewer if self.viewer is not None else 0)
        elif name == "L":
            self.log_folded = not self.log_folded
        elif name == "H":
            self.ask_hint()
        elif self.handover and name in ("ENTER", "RETURN", "SPACE"):
            self._button("take")
            return
        elif self.state.is_over and name == "N" and not self.demo:
            self._button("new")
            return
        elif self.input.key(name):
            self._after_input()
            return
        elif name == "ESCAPE":
            self.app.show_menu()
            return
        self.dirty = True

    def _demo_key(self, name: str) -> bool:
        if name == "SPACE":
            self.paused = not self.paused
            self.caption = "paused" if self.paused else self.caption
        elif name == "RIGHT":
            self.steps += 1
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
        self.message = "" if self.demo else f"animation speed ×{self.view.anim_speed:.2g}"
        self.dirty = True
        return True


class MenuScreen(Screen):
    """The start menu over an idle table."""

    def __init__(self, app: "App", options: Options) -> None:
        super().__init__(app)
        self.options = options
        games = list(ON_SCREEN)
        self.titles = {g: registry.get(g).title for g in games}
        self.choice = MenuChoice(games, [HUMAN, *LEVELS], LEVELS, {g: list(registry.get(g).variants) for g in games},
                                 game=options.game if options.game in games else "", players=options.players)
        level_of = {bot: level for level, bot in LEVELS.items()}
        self.choice.seats[:len(options.seats)] = [level_of.get(s, s) for s in options.seats]
        self.menu = StartMenu()
        self.note = ""  # why "Continue" failed, shown under the buttons
        self.backdrop = OctocubeView(app.ctx, registry.get("octocube").new_game(players=4, seed=options.seed),
                                     anim_speed=0)
        self.layout(app.width, app.height)

    def layout(self, width: int, height: int) -> None:
        self.backdrop.camera.set_viewport(width, height)
        can_continue = Path(self.options.save_path).exists()
        self.menu.build(width, height, self.choice, self.titles, can_continue, self.note)

    def update(self, dt: float) -> None:
        self.backdrop.camera.orbit(-8 * dt, 0)

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None:
        self.backdrop.draw(fbo, width, height)
        _prepare_2d(self.app.ctx, fbo)
        self.menu.draw()

    def close(self) -> None:
        self.backdrop.release()

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.menu.hover(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        b = self.menu.button_at(x, y)
        if b is not None:
            self.click(b.value)

    def click(self, value: Any) -> None:
        if value in ("start", "demo"):
            c = self.choice
            options = replace(self.options, game=c.game, players=c.players, seats=c.seats[:c.players],
                              variant=c.variant, load=None)
            (self.app.start_game if value == "start" else self.app.start_demo)(options)
        elif value == "continue":
            try:
                match = Match.load(self.options.save_path, autosave=self.options.save_path)
            except SaveError as e:
                self.note = str(e)
                self.layout(self.app.width, self.app.height)
                return
            self.app.start_game(replace(self.options, load=None), match)
        elif value == "quit":
            self.app.quit()
        else:
            self.choice.click(value)
            self.layout(self.app.width, self.app.height)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        name = key.symbol_string(symbol)
        value = {"ENTER": "start", "RETURN": "start", "D": "demo", "C": "continue", "ESCAPE": "quit"}.get(name)
        if value:
            self.click(value)


class App:
    """Owns the window and the moderngl context, and passes the window's events to the screen."""

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
        self._handlers = dict(
            on_draw=self.on_draw, on_resize=self.on_resize, on_close=self.quit,
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
            getattr(self.screen, name)(*args)
            return True  # handled: keeps pyglet from closing the window on Escape
        return handler

    def _switch(self, screen: Screen) -> None:
        self.screen.close()
        self.screen = screen

    def show_menu(self) -> None:
        self._switch(MenuScreen(self, self.options))

    def start_game(self, options: Options, match: Match | None = None) -> None:
        self.options = options
        self._switch(GameScreen(self, options, match))

    def start_demo(self, options: Options) -> None:
        seats = [s if s != HUMAN else "greedy" for s in options.seats]
        self.options = replace(options, seats=seats, load=None)
        self._switch(GameScreen(self, self.options, demo=True))

    def tick(self, dt: float) -> None:
        self.screen.update(dt)

    def render(self, fbo: moderngl.Framebuffer) -> None:
        self.screen.draw(fbo, self.width, self.height)

    def on_resize(self, width: int, height: int) -> bool:
        self.width, self.height = self.fixed_size or self.window.get_framebuffer_size()
        self._project_2d()
        self.screen.layout(self.width, self.height)
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
        pyglet.clock.unschedule(self.tick)
        self.window.remove_handlers(**self._handlers)
        if self._capture_fbo is not None:
            self.ctx.screen.use()
            self._capture_fbo.release()
            self._capture_fbo = None

    def quit(self) -> None:
        self.close()
        self.on_quit()

    def run(self) -> None:
        """pyglet's event loop at up to 60 frames a second, until the window closes (or max_frames)."""
        pyglet.clock.schedule_interval(self.tick, 1 / 60)
        pyglet.app.run()

    def on_draw(self) -> None:
        self.render(self.ctx.screen)
        self.frames += 1
        if self.max_frames and self.frames >= self.max_frames:
            self.quit()


def open_window(width: int, height: int, visible: bool = True) -> tuple[pyglet.window.Window, moderngl.Context]:
    """A resizable window and its moderngl context (the view antialiases in its own MSAA target)."""
    window = pyglet.window.Window(width, height, "Cubetable", resizable=True, visible=visible)
    return window, moderngl.create_context()
