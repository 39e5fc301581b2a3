"""The slim HUD: a top bar (whose turn, what they can do, the scores this seat may see), a key
line at the bottom, context buttons beside the piece, a foldable log, and a banner for messages."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from render.i18n import t
from render.ui import theme
from render.ui.widgets import Overlay, clip, rebuilt_on_change, text_width

LOG_LINES = 9
LOG_WIDTH = 340


@dataclass(frozen=True)
class SeatScore:
    seat: int
    name: str
    text: str  # "12 VP · 7 tiles" or "? VP · 7 tiles"
    to_move: bool


class HudBar(Overlay):
    @rebuilt_on_change
    def build(self, width: int, height: int, turn: str, can_do: str, scores: Sequence[SeatScore],
              keys: str, table: str = "") -> None:
        """``table`` is news about the whole table (how near the end is), tagged under the bar."""
        self.clear()
        top = height - theme.HUD_HEIGHT
        self.rect(0, top, width, theme.HUD_HEIGHT, theme.PANEL)
        self.rect(0, top - 2, width, 2, theme.PANEL_EDGE)
        self.text(turn, theme.PAD * 2, top + theme.HUD_HEIGHT / 2, size=12, bold=True)
        left = theme.PAD * 3 + text_width(turn, 12, bold=True)
        x = width - theme.PAD
        for s in reversed(scores):
            label = f"{theme.mark(s.seat)}{s.name}  {s.text}"
            w = text_width(label, 10, bold=s.to_move) + 20
            x -= w
            self.rect(x, top + 5, w, theme.HUD_HEIGHT - 10, theme.player_colour(s.seat, 255 if s.to_move else 90),
                      radius=6, layer=1)
            self.text(label, x + 10, top + theme.HUD_HEIGHT / 2, size=10, bold=s.to_move,
                      colour=(20, 16, 12, 255) if s.to_move else theme.TEXT)
            x -= 6
        if table:  # a tag under the bar's left end, where the table's corner leaves room
            tw = text_width(table, 10, bold=True) + 20
            self.rect(theme.PAD, top - 28, tw, 22, theme.PANEL, radius=6)
            self.text(table, theme.PAD + 10, top - 17, size=10, bold=True, colour=theme.ACCENT)
        self.text(clip(can_do, x - left - theme.PAD, 10), left, top + theme.HUD_HEIGHT / 2, size=10,
                  colour=theme.TEXT_DIM)
        self.rect(0, 0, width, theme.KEYS_HEIGHT, theme.PANEL)
        self.text(clip(keys, width - theme.PAD * 4, 9), theme.PAD * 2, theme.KEYS_HEIGHT / 2, size=9,
                  colour=theme.TEXT_DIM)


class ContextButtons(Overlay):
    """Labelled buttons beside the piece in play; ``items`` are (text, value, enabled)."""

    @rebuilt_on_change
    def build(self, anchor: tuple[float, float], width: int, height: int,
              items: Sequence[tuple[str, Any, bool]], avoid: Sequence[tuple[float, float]] = (),
              marked: Any = None) -> None:
        """Beside ``anchor`` (the piece), on the first side that covers none of the ``avoid`` points;
        the button whose value is ``marked`` (a hint) stands out."""
        self.clear()
        if not items:
            return
        bw = max(text_width(t) for t, _, _ in items) + 24
        bh = 26
        total = len(items) * (bh + 4)
        y = min(max(anchor[1] - total / 2, theme.KEYS_HEIGHT + 4), height - theme.HUD_HEIGHT - total - 4)
        sides = [anchor[0] + d for d in (60, 140, 220)] + [anchor[0] - bw - d for d in (60, 140, 220)]
        xs = [min(max(x, 4), width - bw - 4) for x in sides]
        x = next((x for x in xs if not any(x - 20 <= px <= x + bw + 20 and y - 20 <= py <= y + total + 20
                                            for px, py in avoid)), xs[0])
        for i, (text, value, enabled) in enumerate(items):
            self.button(text, x, y + total - (i + 1) * (bh + 4), bw, bh, value, enabled,
                        selected=marked is not None and value == marked)


class LogPanel(Overlay):
    """The last events as lines of text; folds down to its title bar."""

    lines: list[str] = []

    @rebuilt_on_change
    def build(self, width: int, height: int, lines: Sequence[str], folded: bool) -> None:
        self.clear()
        x = width - LOG_WIDTH - theme.PAD
        top = height - theme.HUD_HEIGHT - theme.PAD
        shown = [] if folded else list(lines)[-LOG_LINES:]
        self.lines = shown  # whole, before clipping: a wider panel would show every word
        h = 26 + 17 * len(shown) + (6 if shown else 0)
        self.rect(x, top - h, LOG_WIDTH, h, theme.PANEL, radius=8)
        title = t("log.folded" if folded else "log.open")
        self.button(title, x + 4, top - 24, text_width(title, 9) + 24, 20, "log", size=9)
        for i, line in enumerate(shown):
            self.text(clip(line, LOG_WIDTH - 20, 9), x + 10, top - 36 - 17 * i, size=9)


class Banner(Overlay):
    """A centred message box: a title, lines of text, and buttons (hand-over, final scores, captions)."""

    @rebuilt_on_change
    def build(self, width: int, height: int, title: str, lines: Sequence[str],
              buttons: Sequence[tuple[str, Any]] = (), y_frac: float = 0.5, colour: Any = None) -> None:
        self.clear()
        w = max([text_width(title, 16, bold=True)] + [text_width(s) for s in lines] + [300]) + 60
        h = 56 + 22 * len(lines) + (44 if buttons else 0)
        x, y = (width - w) / 2, height * y_frac - h / 2
        self.rect(x, y, w, h, theme.PANEL, radius=12, border=colour or theme.PANEL_EDGE)
        self.text(title, x + w / 2, y + h - 26, size=16, bold=True, colour=colour or theme.ACCENT,
                  anchor_x="center")
        for i, line in enumerate(lines):
            self.text(line, x + w / 2, y + h - 56 - 22 * i, anchor_x="center")
        self.button_row([(t, v, True) for t, v in buttons], x + w / 2, y + 10, h=30)


class Tooltip(Overlay):
    """One line about the piece under the pointer, beside the pointer."""

    shown = ""

    @rebuilt_on_change
    def build(self, x: float, y: float, width: int, text: str) -> None:
        self.clear()
        self.shown = text
        if not text:
            return
        w = text_width(text, 9) + 16
        x = min(x + 16, width - w - 4)
        self.rect(x, y - 26, w, 20, (20, 16, 12, 225), radius=5)
        self.text(text, x + 8, y - 16, size=9)
