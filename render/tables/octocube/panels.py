"""The panels an Octocube gesture opens: Score (choose tiles) and the orientation chooser."""
from __future__ import annotations

import math
from typing import Sequence

from game.octocube.components import BOTTOM, EAST, FACES, NORTH, SOUTH, TOP, WEST

from render.ui import theme
from render.tables.octocube.tiles import colour_name, tile_chip, tile_name
from render.ui.widgets import Overlay

CHIP = 64
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
        pitch = CHIP + 34
        w = max(600, len(slots) * pitch + 4 * theme.PAD)
        h = 222
        x, y = (width - w) / 2, 60
        _panel(self, x, y, w, h, "Score: choose the tiles to take")
        self.text("click the tiles here or on the cube (or keys 1-6), then confirm", x + w / 2, y + h - 44,
                  size=8, colour=theme.TEXT_DIM, anchor_x="center")
        cx = x + (w - len(slots) * pitch + 34) / 2
        for f in slots:
            tile = faces[f]
            assert tile is not None
            tile_chip(self, cx, y + 96, CHIP, tile, selected=f in chosen)
            self.hotspot(cx, y + 96, CHIP, CHIP, ("face", f))
            self.text(tile_name(tile), cx + CHIP / 2, y + 88, size=9, bold=True, anchor_x="center")
            self.text(f"{colour_name(tile)} · {FACES[f]}", cx + CHIP / 2, y + 74, size=7, colour=theme.TEXT_DIM,
                      anchor_x="center")
            cx += pitch
        self.text(outcome, x + w / 2, y + 52, colour=theme.TEXT if legal else theme.TEXT_DIM, anchor_x="center")
        self.button_row([("All (A)", "all", True), ("None (N)", "none", True),
                         ("Confirm (Enter)", "confirm", legal), ("Cancel (Esc)", "cancel", True)],
                        x + w / 2, y + 10)


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
            self.text(FACES[slot], px + NET_CHIP / 2, py - 8, size=8, colour=theme.TEXT_DIM, anchor_x="center")
        info_x = gx + 4 * pitch + 4
        self.text(f"way {index + 1} of {count}", info_x, gy + 2 * pitch + 30, size=12, bold=True)
        self.text("The cube as you see it, from above. The bottom face goes down on the stack; "
                  "◀ ▶ turn it.", info_x, gy + pitch + 40, size=8, colour=theme.TEXT_DIM, anchor_y="top",
                  width=int(x + w - info_x - 12))
        self.button_row([("◀ (Left)", "prev", True), ("▶ (Right)", "next", True),
                         ("Done (Enter)", "confirm", True), ("Cancel (Esc)", "cancel", True)],
                        x + w / 2, y + 12)
