"""The panels an Octocube gesture opens: Score (choose tiles) and the orientation chooser."""
from __future__ import annotations

import math
from typing import Sequence

from game.octocube.components import BOTTOM, EAST, NORTH, SOUTH, TOP, WEST

from render.i18n import t
from render.ui import theme
from render.tables.octocube.tiles import tile_chip
from render.tables.octocube.words import colour_name, face_name, tile_name
from render.ui.widgets import Overlay, row_width, text_width
from render.ui.wrapping import breakable, wrap

CHIP = 64
BUTTON_H = 28


def _panel(ui: Overlay, x: float, y: float, w: float, h: float, title: str) -> None:
    ui.rect(x, y, w, h, theme.PANEL, radius=10, border=theme.PANEL_EDGE)
    ui.text(title, x + theme.PAD * 2, y + h - 20, size=theme.TITLE_SIZE, colour=theme.ACCENT, bold=True)


class ScorePanel(Overlay):
    """Tiles on the cube as chips to toggle; shows what the choice would earn before confirming, and
    what toggling the hovered tile would make of it (``preview``)."""

    def build(self, width: int, faces: Sequence[int | None], scorable: set[int], chosen: set[int],
              outcome: str, legal: bool, preview: str = "") -> None:
        self.clear()
        slots = [f for f in range(6) if faces[f] is not None and f in scorable]
        pitch = CHIP + 34
        buttons = [(t("octocube.button.all"), "all", True), (t("octocube.button.none"), "none", True),
                   (t("octocube.button.confirm"), "confirm", legal), (t("octocube.button.cancel"), "cancel", True)]
        help_text = t("octocube.score.help")
        words = [text_width(outcome), text_width(preview, 8), text_width(help_text, 8),
                 text_width(t("octocube.score.title"), theme.TITLE_SIZE, bold=True), row_width(buttons)]
        w = min(width - 2 * theme.PAD, max(600, len(slots) * pitch, *words) + 4 * theme.PAD)  # sized to its words
        room = w - 4 * theme.PAD
        said, hover = wrap(outcome, room), wrap(preview, room, 8) if preview else []
        extra = 16 * (len(said) - 1) + 13 * max(0, len(hover) - 1)  # a summary too long for one line goes on
        h = 240 + extra
        x, y = (width - w) / 2, 60
        top = y + h
        _panel(self, x, y, w, h, t("octocube.score.title"))
        self.text(help_text, x + w / 2, top - 44, size=8, colour=theme.TEXT_DIM, anchor_x="center")
        cx = x + (w - len(slots) * pitch + 34) / 2
        for f in slots:
            tile = faces[f]
            assert tile is not None
            tile_chip(self, cx, top - 126, CHIP, tile, selected=f in chosen)
            self.hotspot(cx, top - 126, CHIP, CHIP, ("face", f))
            self.text(tile_name(tile), cx + CHIP / 2, top - 135, size=9, bold=True, anchor_x="center")
            self.text(t("octocube.score.chip", colour=colour_name(tile), face=face_name(f)), cx + CHIP / 2, top - 149,
                      size=7, colour=theme.TEXT_DIM, anchor_x="center")
            cx += pitch
        for i, line in enumerate(said):
            self.text(line, x + w / 2, top - 168 - 16 * i, colour=theme.TEXT if legal else theme.TEXT_DIM,
                      anchor_x="center")
        for i, line in enumerate(hover):
            self.text(line, x + w / 2, y + 54 + 13 * (len(hover) - 1 - i), size=8, colour=theme.ACCENT,
                      anchor_x="center")
        self.button_row(buttons, x + w / 2, y + 10)


NET_CHIP = 58
SIDE_XZ = {NORTH: (0.0, -1.0), SOUTH: (0.0, 1.0), EAST: (1.0, 0.0), WEST: (-1.0, 0.0)}  # table x, z


def net_layout(yaw: float) -> dict[int, tuple[int, int]]:
    """Cube net (column, row) per face slot as seen from a camera at ``yaw``: top in the middle, the
    side facing away from the viewer above it, bottom at the right end."""
    fwd, right = (-math.sin(yaw), -math.cos(yaw)), (math.cos(yaw), -math.sin(yaw))

    def toward(v: tuple[float, float]) -> int:
        return max(SIDE_XZ, key=lambda f: SIDE_XZ[f][0] * v[0] + SIDE_XZ[f][1] * v[1])

    return {TOP: (1, 1), BOTTOM: (3, 1), toward(fwd): (1, 2), toward((-fwd[0], -fwd[1])): (1, 0),
            toward(right): (2, 1), toward((-right[0], -right[1])): (0, 1)}


class OrientationChooser(Overlay):
    """Choose how a cube that carries tiles is set down: its faces as a net, one orientation at a time."""

    def build(self, width: int, faces: Sequence[int | None], index: int, count: int, title: str,
              yaw: float = 0.0) -> None:
        self.clear()
        pitch = NET_CHIP + 20
        w, h = 580, 3 * pitch + 96
        x, y = (width - w) / 2, 60
        _panel(self, x, y, w, h, title)
        gx, gy = x + 24, y + 56
        for slot, (col, row) in net_layout(yaw).items():
            px, py = gx + col * pitch, gy + row * pitch
            tile_chip(self, px, py, NET_CHIP, faces[slot])
            self.text(face_name(slot), px + NET_CHIP / 2, py - 8, size=8, colour=theme.TEXT_DIM, anchor_x="center")
        info_x = gx + 4 * pitch + 4
        self.text(t("octocube.orient.way", i=index + 1, n=count), info_x, gy + 2 * pitch + 30, size=12, bold=True)
        self.text(breakable(t("octocube.orient.help")), info_x, gy + pitch + 40, size=8, colour=theme.TEXT_DIM, anchor_y="top",
                  width=int(x + w - info_x - 12))
        self.button_row([(t("octocube.button.prev"), "prev", True), (t("octocube.button.next"), "next", True),
                         (t("octocube.button.done"), "confirm", True), (t("octocube.button.cancel"), "cancel", True)],
                        x + w / 2, y + 12)
