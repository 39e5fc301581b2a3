"""A small menu beside the pointer: one gesture that fits several legal actions asks which."""
from __future__ import annotations

from typing import Any, Sequence

from render.i18n import t
from render.ui import theme
from render.ui.areas import Area
from render.ui.hud import column_place
from render.ui.widgets import Overlay, text_width

BUTTON_H = 28


class ChoiceMenu(Overlay):
    """A small menu next to the pointer when one gesture fits several legal actions."""

    def build(self, x: float, y: float, width: int, height: int, items: Sequence[tuple[str, Any]],
              avoid: Sequence[Area] = (), spare: Sequence[Area] = ()) -> None:
        """Beside the pointer at (x, y); with ``avoid`` (the lit pieces, the seat's own zones: what
        is being decided about) the nearest place that covers none of them, and as little as it
        can of ``spare`` (the other pieces), like the context buttons."""
        self.clear()
        w = max([text_width(f"9  {text}") for text, _ in items] + [text_width(t("menu.which"), 9)]) + 36
        h = len(items) * (BUTTON_H + 4) + 34
        if avoid or spare:  # placed with its border, which reaches beyond the rectangle drawn
            edge = theme.BORDER_REACH
            x, top = column_place((x, y), w + 2 * edge, h + 2 * edge, width, height, avoid, spare)
            x, y = x + edge, top - edge - h
        else:
            x = min(max(x + 12, 4), width - w - 4)
            y = min(max(y - h / 2, 4), height - h - 4)
        self.rect(x, y, w, h, theme.PANEL, radius=8, border=theme.PANEL_EDGE)
        self.text(t("menu.which"), x + 10, y + h - 14, size=9, colour=theme.ACCENT)
        for i, (text, value) in enumerate(items):
            by = y + h - 30 - (i + 1) * (BUTTON_H + 4) + 4
            self.button(f"{i + 1}  {text}", x + 8, by, w - 16, BUTTON_H, value)
