"""The Replays list (start menu -> Replays) and the way into the replay screen: a file that cannot
be replayed gets one line and the start menu back, never a traceback."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import moderngl
from pyglet.window import key, mouse

from game.core import SaveError
from game.core.replay import Timeline
from render.i18n import t
from render.replay import library
from render.replay.library import Entry
from render.scene.tabletop import FOG_COLOUR
from render.screens.base import Screen
from render.screens.menu import MenuScreen
from render.tables import registry as kits
from render.ui import theme
from render.ui.widgets import Overlay, clip

ROWS = 12
ROW_H = 34
WIDTH = 860


class ReplayList(Overlay):
    lines: list[str] = []  # each row whole, before clipping (tests read what a wider list would show)

    def build(self, width: int, height: int, entries: list[Entry], first: int) -> None:
        """Rows ``first`` to ``first + ROWS`` of ``entries``; a click on a row opens its file."""
        self.clear()
        shown = entries[first:first + ROWS]
        h = 110 + ROW_H * max(1, len(shown))
        x, y = (width - WIDTH) / 2, max(4, (height - h) / 2)
        self.rect(0, 0, width, height, (16, 12, 10, 160))
        self.rect(x, y, WIDTH, h, theme.PANEL, radius=14, border=theme.PANEL_EDGE)
        self.text(t("replay.list_title"), x + WIDTH / 2, y + h - 30, size=20, bold=True, colour=theme.ACCENT,
                  anchor_x="center")
        self.lines = []
        if not shown:
            self.text(t("replay.list_empty"), x + WIDTH / 2, y + h - 76, colour=theme.TEXT_DIM, anchor_x="center")
        for i, entry in enumerate(shown):
            row = y + h - 90 - ROW_H * i
            if entry.openable:
                line = t("replay.row", game=t(f"{entry.game}.title"), players=entry.players, date=entry.date,
                         result=entry.result)
                self.lines.append(line)
                self.button(clip(line, WIDTH - 60, 10), x + 20, row, WIDTH - 40, 28, ("open", first + i), size=10)
            else:
                line = t("replay.unreadable", date=entry.date, name=entry.path.name, why=entry.error)
                self.lines.append(line)
                self.text(clip(line, WIDTH - 60, 9), x + 30, row + 14, size=9, colour=theme.TEXT_DIM)
        pages = [(t("replay.newer"), "up", first > 0), (t("replay.older"), "down", first + ROWS < len(entries))] \
            if len(entries) > ROWS else []
        self.button_row([*pages, (t("replay.menu"), "menu", True)], x + WIDTH / 2, y + 12, h=30)


class ReplayListScreen(Screen):
    """The autosave and the saves folder's games; Esc goes back to the start menu."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.entries = library.entries(app.options.save_path)
        self.first = 0
        self.list: Overlay = ReplayList()  # a list of rows with buttons (Continue's lists other rows)
        self.layout(app.width, app.height)

    def layout(self, width: int, height: int) -> None:
        assert isinstance(self.list, ReplayList)
        self.list.build(width, height, self.entries, self.first)

    def look(self) -> Any:
        return self.list.version

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None:
        fbo.use()
        fbo.clear(*FOG_COLOUR, 1.0)  # the colour the start menu shows before its table is set
        self.app.ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        self.app.ctx.enable(moderngl.BLEND)
        self.list.draw()

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.list.hover(x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        b = self.list.button_at(x, y) if button == mouse.LEFT else None
        if b is not None:
            self.click(b.value)

    def click(self, value: Any) -> None:
        if value == "menu":
            self.app.show_menu()
        elif value in ("up", "down"):
            self.first = max(0, self.first + (ROWS if value == "down" else -ROWS))
            self.layout(self.app.width, self.app.height)
        else:
            self.app.open_replay(self.entries[value[1]].path)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.ESCAPE:
            self.click("menu")


def replay_or_menu(app: Any, path: str | Path) -> Screen:
    """The replay screen on ``path``; for a damaged or foreign file the start menu with one line."""
    from render.replay.screen import ReplayScreen

    try:
        timeline = Timeline.read(path)
        if timeline.data.game not in kits.games():
            raise SaveError(t("replay.no_table", game=timeline.data.game))
    except SaveError as e:
        menu = MenuScreen(app, app.options)
        menu.note = t("replay.cannot_open", why=e)
        menu.layout(app.width, app.height)
        return menu
    return ReplayScreen(app, app.options, timeline, str(path))
