"""Continue: the unfinished games of the saves folder, latest first (game, players, move, date);
a click (or Enter, for the latest) resumes one into its own file. A file that cannot be continued
is listed with why and cannot be opened; one that fails only on replay says so in one line."""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from pyglet.window import key

from game.core import SaveError
from game.core.match import Match
from render import saves
from render.screens.base import Screen
from render.screens.game import GameScreen
from render.i18n import t
from render.replay.menu import ROW_H, ROWS, WIDTH, ReplayListScreen  # the same list's geometry
from render.ui import theme
from render.ui.widgets import Overlay, clip

DATE_FORMAT = "%Y-%m-%d %H:%M"


def row_text(row: saves.Saved) -> str:
    """A row as the list words it: its game, players, move and date, or why it cannot be opened."""
    date = time.strftime(DATE_FORMAT, time.localtime(row.mtime))
    if not row.openable:
        return t("continue.unreadable", date=date, name=row.path.name, why=row.error)
    players = t("replay.separator").join(theme.bot_label(s) for s in row.seats)
    return t("continue.row", game=t(f"{row.game}.title"), players=players, move=row.moves, date=date)


class ContinueList(Overlay):
    lines: list[str] = []  # each row whole, before clipping (tests read what the list says)

    def build(self, width: int, height: int, rows: list[saves.Saved], first: int, note: str = "") -> None:
        self.clear()
        shown = rows[first:first + ROWS]
        h = 130 + ROW_H * max(1, len(shown))
        x, y = (width - WIDTH) / 2, max(4, (height - h) / 2)
        self.rect(0, 0, width, height, (16, 12, 10, 160))
        self.rect(x, y, WIDTH, h, theme.PANEL, radius=14, border=theme.PANEL_EDGE)
        self.text(t("continue.title"), x + WIDTH / 2, y + h - 30, size=20, bold=True, colour=theme.ACCENT,
                  anchor_x="center")
        self.lines = []
        if not shown:
            self.text(t("continue.empty"), x + WIDTH / 2, y + h - 76, colour=theme.TEXT_DIM, anchor_x="center")
        for i, row in enumerate(shown):
            top = y + h - 90 - ROW_H * i
            line = row_text(row)
            self.lines.append(line)
            if row.openable:
                self.button(clip(line, WIDTH - 60, 10), x + 20, top, WIDTH - 40, 28, ("open", first + i), size=10)
            else:
                self.text(clip(line, WIDTH - 60, 9), x + 30, top + 14, size=9, colour=theme.TEXT_DIM)
        self.text(clip(note or t("continue.hint"), WIDTH - 40, 9), x + WIDTH / 2, y + 56, size=9,
                  colour=theme.ACCENT if note else theme.TEXT_DIM, anchor_x="center")
        pages = [(t("replay.newer"), "up", first > 0), (t("replay.older"), "down", first + ROWS < len(rows))] \
            if len(rows) > ROWS else []
        self.button_row([*pages, (t("continue.back"), "menu", True)], x + WIDTH / 2, y + 12, h=30)


class ContinueScreen(ReplayListScreen):
    """The unfinished games; Esc goes back to the start menu (drawn and clicked as the Replays list)."""

    def __init__(self, app: Any) -> None:
        Screen.__init__(self, app)
        self.rows = saves.continuable([app.options.save])
        self.first = 0
        self.note = ""  # why the last one clicked could not be continued
        self.list = ContinueList()
        self.layout(app.width, app.height)

    def layout(self, width: int, height: int) -> None:
        assert isinstance(self.list, ContinueList)
        self.list.build(width, height, self.rows, self.first, self.note)

    def click(self, value: Any) -> None:
        if isinstance(value, tuple) and value[0] == "open":
            self.resume(self.rows[value[1]])
        else:
            super().click(value)  # the menu, a page up or down

    def resume(self, row: saves.Saved) -> None:
        """Into the game, autosaving on in its own file (from its backup copy if it is damaged)."""
        try:
            match = Match.resume(str(row.path))
        except SaveError as e:
            self.note = t("start.cannot_continue", why=e)
            self.layout(self.app.width, self.app.height)
            return
        data = match.data  # the table's options are the file's (a new game after it is the same game)
        options = replace(self.app.options, game=data.game, players=data.players, seats=list(data.seats),
                          seed=data.seed, variant=data.options.get("variant"), load=None,
                          game_options={n: v for n, v in data.options.items() if n != "variant"})
        self.app.start_game(options, match)
        screen = self.app.screen
        if match.notice and isinstance(screen, GameScreen):
            screen.message = t("start.resumed_from_backup", path=row.path)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == key.ESCAPE:
            self.click("menu")
        elif symbol in (key.ENTER, key.RETURN) and (openable := [r for r in self.rows if r.openable]):
            self.resume(openable[0])
