"""The start menu's Join a game: the host's address and the seat's code, typed in (the host's screen
shows both), then the joining screen (render/screens/joining.py). The address last joined is kept
in settings.json's menu choices for the next time."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import moderngl
from pyglet.window import key, mouse

from render import settings
from render.i18n import t
from render.screens.base import Screen, draw_on_fog
from render.ui.join_panel import ADDRESS, CODE, JoinPanel

if TYPE_CHECKING:
    from render.app import App

MAX_CHARS = 64  # a HOST:PORT or a code is far shorter; past this typing is ignored


class JoinFormScreen(Screen):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        last = app.prefs["last_menu"].get("join_address") if isinstance(app.prefs["last_menu"], dict) else None
        self.fields = {ADDRESS: last if isinstance(last, str) else "", CODE: ""}
        self.focus = CODE if self.fields[ADDRESS] else ADDRESS
        self.note = ""
        self.panel = JoinPanel()
        self.layout(app.width, app.height)

    def layout(self, width: int, height: int) -> None:
        self.panel.build(width, height, dict(self.fields), self.focus, self.note)  # a copy: rebuilt when it changes

    def look(self) -> Any:
        return self.panel.version

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None:
        draw_on_fog(self.app.ctx, fbo, self.panel)

    def on_text(self, text: str) -> None:
        typed = "".join(c for c in text if c.isprintable() and not c.isspace())
        self.fields[self.focus] = (self.fields[self.focus] + typed)[:MAX_CHARS]
        self.layout(self.app.width, self.app.height)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.BACKSPACE:
            self.fields[self.focus] = self.fields[self.focus][:-1]
        elif symbol == key.TAB:
            self.focus = CODE if self.focus == ADDRESS else ADDRESS
        elif symbol in (key.ENTER, key.RETURN):
            self.click("join")
            return
        elif symbol == key.ESCAPE:
            self.click("menu")
            return
        self.layout(self.app.width, self.app.height)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        b = self.panel.button_at(x, y) if button == mouse.LEFT else None
        if b is not None:
            self.click(b.value)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.panel.hover(x, y)

    def click(self, value: Any) -> None:
        if value in (ADDRESS, CODE):
            self.focus = value
        elif value == "menu":
            self.app.show_menu()
            return
        elif value == "join":
            address, code = self.fields[ADDRESS].strip(), self.fields[CODE].strip()
            if not address or not code:
                self.note = t("net.form_missing")
            else:
                last = dict(self.app.prefs["last_menu"]) | {"join_address": address}
                self.app.prefs["last_menu"] = last
                settings.save(last_menu=last)
                self.app.join_game(address, code)
                return
        self.layout(self.app.width, self.app.height)
