"""Small boxes over the start menu: the one question before quitting (Enter quits, Esc stays) and
About (the version, where the files are, the licences). They own the pointer and the keys while up."""
from __future__ import annotations

from render.i18n import t
from render.ui import theme
from render.ui.widgets import Overlay, clip, text_width

QUIT_YES, QUIT_NO, ABOUT_CLOSE = "quit_yes", "quit_no", "about_close"


class Dialog(Overlay):
    shown = ""  # "", "quit" or "about"

    def hide(self) -> None:
        self.shown = ""
        self.clear()

    def build_quit(self, width: int, height: int) -> None:
        """Quit? — asked once, so that Esc, Esc from a table never ends the program by accident."""
        self.clear()
        self.shown = "quit"
        w, h = 520, 150
        x, y = (width - w) / 2, (height - h) / 2
        self.rect(0, 0, width, height, (10, 8, 6, 150))
        self.rect(x, y, w, h, theme.PANEL, radius=12, border=theme.ACCENT)
        self.text(t("quit.question"), x + w / 2, y + h - 34, size=16, bold=True, colour=theme.ACCENT,
                  anchor_x="center")
        self.text(clip(t("quit.kept"), w - 30, 10), x + w / 2, y + h - 70, size=10, colour=theme.TEXT_DIM,
                  anchor_x="center")
        self.button_row([(t("quit.yes"), QUIT_YES, True), (t("quit.no"), QUIT_NO, True)], x + w / 2, y + 18, h=32)

    def build_about(self, width: int, height: int, lines: list[str]) -> None:
        """About: one line each (the version, the files, the licences), wrapped to the box."""
        self.clear()
        self.shown = "about"
        w = min(900, width - 20)
        wrapped = [part for line in lines for part in _wrap(line, w - 40, 10)]
        h = 110 + 20 * len(wrapped)
        x, y = (width - w) / 2, max(4, (height - h) / 2)
        self.rect(0, 0, width, height, (10, 8, 6, 150))
        self.rect(x, y, w, h, theme.PANEL, radius=12, border=theme.PANEL_EDGE)
        self.text(t("about.title"), x + w / 2, y + h - 30, size=18, bold=True, colour=theme.ACCENT, anchor_x="center")
        for i, line in enumerate(wrapped):
            self.text(line, x + 20, y + h - 66 - 20 * i, size=10)
        self.button_row([(t("about.close"), ABOUT_CLOSE, True)], x + w / 2, y + 14, h=30)


def _wrap(line: str, px: float, size: float) -> list[str]:
    """A line in pieces no wider than ``px``, broken at spaces, or anywhere in a word too long."""
    out, current = [], ""
    for word in line.split(" "):
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size) > px:
            out.append(current)
            current = word
        else:
            current = trial
        while text_width(current, size) > px and " " not in current and len(current) > 1:
            cut = max(1, len(clip(current, px, size).rstrip("…")) - 1)  # Japanese has no spaces to break at
            out.append(current[:cut])
            current = current[cut:]
    out.append(current)
    return [clip(part, px, size) for part in out]
