"""The panels a gesture opens: Score (choose tiles), orientation chooser, and a small choice menu."""
from __future__ import annotations

from typing import Any, Sequence

from game.octocube.components import BOTTOM, EAST, FACES, NORTH, SOUTH, TOP, WEST

from render.ui import theme
from render.ui.tiles import tile_chip
from render.ui.widgets import Overlay, text_width

CHIP_W, CHIP_H = 78, 50
BUTTON_H = 28


def _panel(ui: Overlay, x: float, y: float, w: float, h: float, title: str) -> None:
    ui.rect(x, y, w, h, theme.PANEL, radius=10, border=theme.PANEL_EDGE)
    ui.text(title, x + theme.PAD * 2, y + h - 20, size=theme.TITLE_SIZE, colour=theme.ACCENT, bold=True)


class ScorePanel(Overlay):
    """Tiles on the cube as chips to toggle; shows what the choice would earn before confirming."""

    def build(self, width: int, faces: Sequence[int | None], scorable: set[int], chosen: set[int],
              outcome: str, legal: bool) -> None:
        self.clear()
        slots = [f for f in range(6) if faces[f] is not None and f in scorable]
        w = max(600, len(slots) * (CHIP_W + theme.PAD) + 4 * theme.PAD)
        h = 175
        x, y = (width - w) / 2, 70
        _panel(self, x, y, w, h, "Score: choose the tiles to take")
        cx = x + (w - len(slots) * (CHIP_W + theme.PAD) + theme.PAD) / 2
        for f in slots:
            tile_chip(self, cx, y + 72, CHIP_W, CHIP_H, faces[f], selected=f in chosen)
            self.hotspot(cx, y + 72, CHIP_W, CHIP_H, ("face", f))
            self.text(FACES[f], cx + CHIP_W / 2, y + 62, size=8, colour=theme.TEXT_DIM, anchor_x="center")
            cx += CHIP_W + theme.PAD
        self.text(outcome, x + w / 2, y + 44, colour=theme.TEXT if legal else theme.TEXT_DIM, anchor_x="center")
        self.button_row([("All (A)", "all", True), ("None (N)", "none", True),
                           ("Confirm (Enter)", "confirm", legal), ("Cancel (Esc)", "cancel", True)],
                    x + w / 2, y + 8)


# Cube net, seen from above with north up: top in the middle, sides around it, bottom to the right.
NET = {TOP: (1, 1), NORTH: (1, 2), SOUTH: (1, 0), WEST: (0, 1), EAST: (2, 1), BOTTOM: (3, 1)}


class OrientationChooser(Overlay):
    """Choose how a cube that carries tiles is set down: its faces as a net, one orientation at a time."""

    def build(self, width: int, faces: Sequence[int | None], index: int, count: int, where: str) -> None:
        self.clear()
        w, h = 470, 262
        x, y = (width - w) / 2, 70
        _panel(self, x, y, w, h, f"Place your cube on {where}: turn it")
        gx, gy = x + 30, y + 58
        for slot, (col, row) in NET.items():
            px, py = gx + col * (CHIP_W + 6), gy + row * (CHIP_H + 6)
            tile_chip(self, px, py, CHIP_W, CHIP_H, faces[slot])
            self.text(FACES[slot], px + 4, py + CHIP_H - 8, size=7, colour=theme.TEXT_DIM)
        self.text(f"{index + 1} of {count}", x + w - 70, y + h - 20, colour=theme.TEXT_DIM, anchor_x="center")
        self.text("bottom = the face\ndown on the stack", x + w - 62, y + 150, size=8, colour=theme.TEXT_DIM,
                  anchor_x="center", width=110)
        self.button_row([("◀ (Left)", "prev", True), ("▶ (Right)", "next", True),
                           ("Place (Enter)", "confirm", True), ("Cancel (Esc)", "cancel", True)],
                    x + w / 2, y + 12)


class ChoiceMenu(Overlay):
    """A small menu next to the pointer when one gesture fits several legal actions."""

    def build(self, x: float, y: float, width: int, height: int, items: Sequence[tuple[str, Any]]) -> None:
        self.clear()
        w = max(text_width(f"9  {t}") for t, _ in items) + 36
        h = len(items) * (BUTTON_H + 4) + 34
        x = min(max(x + 12, 4), width - w - 4)
        y = min(max(y - h / 2, 4), height - h - 4)
        self.rect(x, y, w, h, theme.PANEL, radius=8, border=theme.PANEL_EDGE)
        self.text("Which one? (1-9, Esc)", x + 10, y + h - 14, size=9, colour=theme.ACCENT)
        for i, (text, value) in enumerate(items):
            by = y + h - 30 - (i + 1) * (BUTTON_H + 4) + 4
            self.button(f"{i + 1}  {text}", x + 8, by, w - 16, BUTTON_H, value)
