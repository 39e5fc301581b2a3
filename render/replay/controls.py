"""The replay's own panels: the transport bar (start, back, play/pause, forward, end, speed, eyes,
take over, a move slider), the move log with the current move marked, and the seat chooser that
takes over a position."""
from __future__ import annotations

from typing import Any, Sequence

from render.i18n import t
from render.ui import theme
from render.ui.widgets import Overlay, clip, rebuilt_on_change, row_width

BAR_H = 76
SLIDER_H = 14
BUTTON_STEP = 34  # from one row of the bar's buttons to the next
LOG_WIDTH = 360
LOG_ROWS = 11
ROW_H = 17


class TransportBar(Overlay):
    """Buttons in a row over a slider that spans the window; ``slider`` is its box (x, y, w, h)."""

    slider: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)
    moves = 0

    @rebuilt_on_change
    def build(self, width: int, height: int, k: int, moves: int, items: Sequence[tuple[str, Any, bool]],
              status: str) -> None:
        """``items`` are (text, value, enabled); ``status`` is the line beside the slider."""
        self.clear()
        y = theme.KEYS_HEIGHT + 4
        half = (len(items) + 1) // 2  # a window too narrow for one row of buttons gets two
        rows = [list(items)] if row_width(items) <= width - 6 * theme.PAD else [list(items[:half]), list(items[half:])]
        bar_h = BAR_H + BUTTON_STEP * (len(rows) - 1)
        self.rect(theme.PAD, y, width - 2 * theme.PAD, bar_h, theme.PANEL, radius=10)
        for i, row in enumerate(rows):
            self.button_row(row, width / 2, y + 8 + BUTTON_STEP * (len(rows) - 1 - i), h=28)
        x0, w = theme.PAD * 3, width - 2 * theme.PAD * 3 - 230
        sy = y + bar_h - SLIDER_H - 10
        self.slider, self.moves = (x0, sy, w, SLIDER_H), moves
        self.rect(x0, sy + SLIDER_H / 2 - 2, w, 4, theme.PANEL_EDGE, radius=2)
        done = w * k / max(1, moves)
        self.rect(x0, sy + SLIDER_H / 2 - 2, done, 4, theme.ACCENT, radius=2, layer=1)
        self.rect(x0 + done - 5, sy, 10, SLIDER_H, theme.TEXT, radius=3, layer=1)
        self.hotspot(x0 - 6, sy - 4, w + 12, SLIDER_H + 8, "slider")
        self.text(clip(status, 220, 10), x0 + w + 16, sy + SLIDER_H / 2, size=10, colour=theme.TEXT_DIM)

    def move_at(self, x: float) -> int:
        """The move the slider means at ``x`` (its ends: the start and the end of the game)."""
        x0, _, w, _ = self.slider
        return round(min(1.0, max(0.0, (x - x0) / w)) * self.moves)

    def slider_pos(self, k: int) -> tuple[float, float]:
        """Where on the slider move ``k`` sits (tests click there)."""
        x0, y, w, h = self.slider
        return x0 + w * k / max(1, self.moves), y + h / 2


class MoveLog(Overlay):
    """One line per move around the current one, which is marked (``current``)."""

    current = -1
    lines: list[str] = []  # whole, before clipping
    marked = ""  # the current move's line

    @rebuilt_on_change
    def build(self, width: int, height: int, rows: Sequence[tuple[int, str]], current: int, folded: bool) -> None:
        """``rows`` are (move number, line); move 0 is the starting position."""
        self.clear()
        self.current = current
        x = width - LOG_WIDTH - theme.PAD
        top = height - theme.HUD_HEIGHT - theme.PAD
        shown = [] if folded else list(rows)
        self.lines = [line for _, line in shown]
        self.marked = next((line for n, line in shown if n == current), "")
        h = 26 + ROW_H * len(shown) + (6 if shown else 0)
        self.rect(x, top - h, LOG_WIDTH, h, theme.PANEL, radius=8)
        title = t("log.folded" if folded else "log.open")
        self.button(title, x + 4, top - 24, 90, 20, "log", size=9)
        for i, (n, line) in enumerate(shown):
            y = top - 36 - ROW_H * i
            if n == current:  # a little taller than a row: a Japanese font's line is
                self.rect(x + 4, y - ROW_H / 2 - 1, LOG_WIDTH - 8, ROW_H + 2, theme.BUTTON_ON, radius=4, layer=1)
            self.text(clip(line, LOG_WIDTH - 20, 9), x + 10, y, size=9,
                      colour=(20, 16, 12, 255) if n == current else theme.TEXT)


class SeatChooser(Overlay):
    """Who plays each seat of a taken-over game (a click steps through person and the bot levels)."""

    @rebuilt_on_change
    def build(self, width: int, height: int, title: str, seats: Sequence[str]) -> None:
        """``seats`` are the button texts, one per seat."""
        self.clear()
        w, h = 460, 120 + 32 * len(seats)
        x, y = (width - w) / 2, (height - h) / 2
        self.rect(x, y, w, h, theme.PANEL, radius=12, border=theme.PANEL_EDGE)
        self.text(title, x + w / 2, y + h - 26, size=14, bold=True, colour=theme.ACCENT, anchor_x="center")
        self.text(t("replay.take_line"), x + w / 2, y + h - 50, size=9, colour=theme.TEXT_DIM, anchor_x="center")
        for seat, label in enumerate(seats):
            row = y + h - 92 - 32 * seat
            self.rect(x + 90, row + 4, 14, 18, theme.player_colour(seat), radius=3, layer=1)
            self.button(label, x + 112, row, 260, 26, ("seat", seat))
        self.button_row([(t("replay.take_start"), "take_start", True), (t("replay.take_cancel"), "take_cancel", True)],
                        x + w / 2, y + 12, h=30)
