"""The settings panel (menu and in game): one row of choices per setting, each click applied at once
and remembered in settings.json (render.settings)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from render import i18n
from render.i18n import t
from render.ui import theme
from render.ui.widgets import Overlay, text_width

ROW_H = 34
WIDTH = 720


@dataclass(frozen=True)
class Row:
    """A setting on the panel: its settings.json key, its label key and its (words, value) choices;
    words are catalogue keys unless ``literal``."""

    key: str
    label: str
    choices: tuple[tuple[str, Any], ...]
    literal: bool = False


def _percent(values: tuple[float, ...]) -> tuple[tuple[str, Any], ...]:
    return tuple((f"{round(v * 100)}%", v) for v in values)


def _times(values: tuple[float, ...]) -> tuple[tuple[str, Any], ...]:
    return tuple((f"×{v:g}", v) for v in values)


ON_OFF = (("settings.off", False), ("settings.on", True))
ROWS = (
    Row("language", "start.language", tuple((i18n.NAMES[lang], lang) for lang in i18n.LANGUAGES), literal=True),
    Row("anim_speed", "settings.anim_speed", _times((0.5, 1.0, 1.5, 2.0, 3.0)) + (("settings.instant", 0.0),)),
    Row("volume", "settings.volume", _percent((0.2, 0.4, 0.6, 0.8, 1.0))),
    Row("mute", "settings.mute", ON_OFF),
    Row("show_all_scores", "settings.show_all_scores", ON_OFF),
    Row("auto_forced", "settings.auto_forced", (("settings.by_game", None), ("settings.ask", False),
                                                ("settings.auto", True))),
    Row("camera_speed", "settings.camera_speed", _times((0.5, 0.75, 1.0, 1.5, 2.0))),
    Row("fullscreen", "settings.fullscreen", ON_OFF),
    Row("marks", "settings.marks", ON_OFF),
    Row("hard_ms", "settings.hard_ms", tuple((f"{ms / 1000:g} s", ms) for ms in (150, 300, 600, 1200))),
    Row("expert_ms", "settings.expert_ms", tuple((f"{ms / 1000:g} s", ms) for ms in (750, 1000, 1500, 3000, 6000))),
)


def _words(row: Row, text: str) -> str:
    return text if row.literal or not text.startswith("settings.") else t(text)


class SettingsPanel(Overlay):
    """Rows of buttons, the current value marked; a click gives ("set", key, value), Close gives "close"."""

    def build(self, width: int, height: int, values: dict[str, Any]) -> None:
        self.clear()
        h = 86 + ROW_H * len(ROWS) + 44
        x, y = (width - WIDTH) / 2, max(4, (height - h) / 2)
        self.rect(0, 0, width, height, (16, 12, 10, 140))
        self.rect(x, y, WIDTH, h, theme.PANEL, radius=14, border=theme.PANEL_EDGE)
        self.text(t("settings.title"), x + WIDTH / 2, y + h - 30, size=20, bold=True, colour=theme.ACCENT,
                  anchor_x="center")
        row_y = y + h - 70
        for row in ROWS:
            row_y -= ROW_H
            self.text(t(row.label), x + 24, row_y + 13, colour=theme.TEXT_DIM)
            bx = x + 250
            for text, value in row.choices:
                words = _words(row, text)
                bw = text_width(words) + 24
                self.button(words, bx, row_y, bw, 26, ("set", row.key, value), selected=values.get(row.key) == value)
                bx += bw + 6
        self.button_row([(t("settings.close"), "close", True)], x + WIDTH / 2, y + 12, h=30)
