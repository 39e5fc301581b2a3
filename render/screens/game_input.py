"""What a person's pointer and keys do at a game screen: buttons, the table's gestures, the
camera's orbit and zoom, and the keys (undo, save, hint, the demo's pause and speed).

A part of :class:`render.screens.game.GameScreen` (a mixin: its handlers act on the screen's
match, table and panels), apart so that the game screen's file holds the match and its bots,
this one the person's input.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyglet.window import key, mouse

from render.i18n import t
from render.screens.game_parts import ScreenParts
from render.ui.rules_guide import OPEN as GUIDE_OPEN
from render.ui.score_table import LOOK, SHOW

MANUAL_CAMERA_S = 6.0  # after the user orbits, the demo camera stays put this long
LOOK_S = 0.25  # the camera at rest this long after an orbit or a zoom: the buttons come back, laid out anew


class GameInput(ScreenParts):
    """The game screen's event handlers (see the module): no state of their own, they use the
    screen's."""

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        if self.guide.shown:
            self.guide.hover(x, y)
            return
        for o in self.overlays():
            o.hover(x, y)
        hovered = self.table.hover(x, y)  # first: a piece under the pointer may light where it can go
        pointing = self._pick(x, y)
        self.pointer = (x, y)
        if pointing != self.pointing or hovered:  # (the tooltip's preview then keeps clear of those too)
            self._point_at(pointing)
        if hovered:
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
            self._look()
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
            self._look()
        self._after_input()

    def _look(self) -> None:
        """The person turns or zooms the camera: the buttons beside the pieces step aside until it
        rests (``LOOK_S``), then are laid out for the new view once; laid out again every frame of
        the move, they would cost each frame half its time. An open menu of choices stays."""
        self.looking = LOOK_S
        if self.table.modal():
            self.dirty = True
        self._step_aside()

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

