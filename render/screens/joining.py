"""Joining a game hosted elsewhere: "Connecting to …" until the host has said which seat the code
stands for and sent its position, then that seat's table (render/screens/joined_game.py). A wrong
code, no server at the address or a refused seat is one line here, with the way back to the menu."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import moderngl
from pyglet.window import key, mouse

from game.net.address import split
from game.net.client import Client
from game.net.seat_match import SeatMatch
from game.net.waking import WakingQueue
from render.i18n import t
from render.screens.base import Screen, draw_on_fog
from render.screens.joined_game import JoinedScreen, fault_line
from render.ui.hud import Banner

if TYPE_CHECKING:
    from render.app import App

RETRY_S = 120.0  # a joined seat keeps trying a lost host this long (the host may restart its game)
NO_ANSWER_S = 4.0  # "no server answers yet" after this long without one


class JoiningScreen(Screen):
    def __init__(self, app: "App", address: str, code: str) -> None:
        super().__init__(app)
        self.address = address.strip()
        self.banner = Banner()
        self.started = time.monotonic()
        self.note = t("net.connecting", address=self.address)
        self.failed = self.handed_on = self.dialled = False  # dialled: the client's thread runs
        client = Client(self.address, code.strip().upper(), retry_s=RETRY_S)
        client.inbox = WakingQueue(app.wake_from_thread)
        self.seat_match = SeatMatch(client)
        try:
            split(self.address)
        except ValueError:
            self._fail(t("net.not_address", address=self.address))
        else:
            client.start()
            self.dialled = True
        self.layout(app.width, app.height)

    def _fail(self, line: str) -> None:
        self.note, self.failed = line, True
        self._hang_up()

    def _hang_up(self) -> None:
        if self.dialled:
            self.dialled = False
            self.seat_match.client.close(0.5)

    def update(self, dt: float) -> None:
        if self.failed:
            return
        m = self.seat_match
        m.poll()
        if m.ended:
            self._fail(fault_line(m.ended, self.address, welcomed=False))
        elif m.data is not None and m.pending:
            m.advance()  # the position to start from
            self.handed_on = True  # the connection goes on with the table
            self.app.show(JoinedScreen(self.app, self.app.options, m, self.address))
            return
        elif time.monotonic() - self.started > NO_ANSWER_S and m.data is None:
            self.note = t("net.no_answer", address=self.address)
        self.layout(self.app.width, self.app.height)

    def busy(self) -> bool:
        return not self.failed  # a try that fails says nothing to the inbox: the screen looks each frame

    def look(self) -> Any:
        return self.banner.version

    def layout(self, width: int, height: int) -> None:
        self.banner.build(width, height, t("net.join_title"), [self.note], [(t("net.back"), "menu")])

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None:
        draw_on_fog(self.app.ctx, fbo, self.banner)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        b = self.banner.button_at(x, y) if button == mouse.LEFT else None
        if b is not None:
            self.back()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in (key.ESCAPE, key.ENTER, key.RETURN):
            self.back()

    def back(self) -> None:
        self.app.show_menu()  # (closing this screen closes the connection)

    def close(self) -> None:
        if not self.handed_on:
            self._hang_up()
