"""The Join a game form: the host's address and the seat's code in two fields (the one typed into
outlined, a caret at its end), Join and Menu, and a line of help or of what is missing."""
from __future__ import annotations

from render.i18n import t
from render.ui import theme
from render.ui.widgets import Overlay, clip, rebuilt_on_change

ADDRESS, CODE = "address", "code"
W, FIELD_H = 520, 30


class JoinPanel(Overlay):
    @rebuilt_on_change
    def build(self, width: int, height: int, fields: dict[str, str], focus: str, note: str = "") -> None:
        self.clear()
        h = 250
        x, y = (width - W) / 2, (height - h) / 2
        self.rect(x, y, W, h, theme.PANEL, radius=14, border=theme.PANEL_EDGE)
        self.text(t("net.join_title"), x + W / 2, y + h - 30, size=18, bold=True, colour=theme.ACCENT, anchor_x="center")
        for i, (name, label) in enumerate(((ADDRESS, t("net.address")), (CODE, t("net.code")))):
            top = y + h - 80 - 50 * i
            self.text(label, x + 30, top + FIELD_H / 2, colour=theme.TEXT_DIM)
            fx, fw = x + 170, W - 200
            self.rect(fx, top, fw, FIELD_H, (12, 10, 8, 255), radius=5,
                      border=theme.ACCENT if name == focus else theme.PANEL_EDGE)
            shown = fields[name] + ("|" if name == focus else "")
            self.text(clip(shown, fw - 16), fx + 8, top + FIELD_H / 2)
            self.hotspot(fx, top, fw, FIELD_H, name)
        self.text(clip(note or t("net.form_hint"), W - 40, 9), x + W / 2, y + 66, size=9,
                  colour=theme.ACCENT if note else theme.TEXT_DIM, anchor_x="center")
        self.button_row([(t("net.join"), "join", True), (t("net.back"), "menu", True)], x + W / 2, y + 16, h=32)
