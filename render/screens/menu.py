"""The start menu: the game, its seats and options chosen over a four-seat table turning behind.

Apart from render/app.py (which only switches screens) as each screen is; the replay list goes
back to it, so it imports nothing of the app's.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import moderngl
from pyglet.window import key

from game import registry
from game.bots import LEVELS
from game.core.match import HUMAN, REMOTE
from render import about, i18n, logfile, saves, settings
from render.i18n import t
from render.options import Options
from render.scene.tabletop import FOG_COLOUR
from render.screens.base import Screen, prepare_2d
from render.tables import menu_options
from render.tables import registry as kits
from render.ui.dialogs import ABOUT_CLOSE, QUIT_NO, QUIT_YES, Dialog
from render.ui.start_menu import MenuChoice, StartMenu
from render.ui.widgets import layer_generation

if TYPE_CHECKING:
    from render.app import App

MENU_TURN_S = 8.0  # the table behind the start menu turns this long, then rests


class MenuScreen(Screen):
    """The start menu over an idle table; ``quick`` (the program's start) shows the menu in the
    first frame and sets the table (seconds of painting on llvmpipe) behind it in the next."""

    def __init__(self, app: "App", options: Options, quick: bool = False) -> None:
        super().__init__(app)
        self.options = options
        games = kits.games()
        self.choice = MenuChoice(games, [HUMAN, *LEVELS, REMOTE], menu_options.BY_GAME,
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
            self.dialog.build_about(width, height, about.lines(logfile.active() or logfile.path()))

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
        prepare_2d(self.app.ctx, fbo)
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
        if value in ("start", "demo", "host"):
            c = self.choice
            if value == "host" and REMOTE not in c.seats[:c.players]:  # someone joins the last seat
                c.seats[c.players - 1] = REMOTE
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
            self.app.prefs["last_menu"] = last = {**self.app.prefs["last_menu"], "game": c.game, "players": c.players,
                                                  "seats": c.seats, "chosen": dict(c.chosen)}  # (and the address last joined)
            settings.save(last_menu=last)  # the next start's defaults
            if value == "demo":
                self.app.start_demo(options)
            else:  # a seat for someone joining hosts the game (app.start_game)
                self.app.start_game(replace(options, host=REMOTE in options.seats))
        elif value == "join":
            self.app.show_join_form()
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
                     "A": "about", "H": "host", "J": "join", "ESCAPE": "quit"}.get(name)
        if value:
            self.click(value)
