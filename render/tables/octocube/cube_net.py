"""The deciding seat's cube unfolded beside the table (issue 35): half a cube's tiles face away from
the camera, so its six faces lie flat here as a net, each tile in the table's own art and named by
its face (top, north, ...), hidden faces too. An overlay of the table: the layout checks see it."""
from __future__ import annotations

from typing import Sequence

from render.i18n import t
from render.ui import theme
from render.ui.areas import Area, Rect, overlaps
from render.ui.widgets import Box, Overlay, rebuilt_on_change
from render.tables.octocube.panels import net_layout
from render.tables.octocube.tiles import tile_chip
from render.tables.octocube.words import face_name

CHIP = 40  # px across a tile of the net: above issue 35's 28 px floor at every window size
LABEL = 10  # the face names' font size (points): over 9 px cap height
PITCH = CHIP + 20  # room for a face's name under its tile
TITLE_H = 26
MARGIN = 10  # from the window's edges and the HUD bar / key line


def net_size() -> tuple[int, int]:
    """The panel's width and height in pixels: a 4 x 3 cross of faces under a title."""
    return 4 * PITCH + 2 * theme.PAD, 3 * PITCH + TITLE_H + theme.PAD


def _slots(width: int, height: int) -> list[tuple[float, float]]:
    """Where the net may go, best first: beside the own board (the lower corners), then the left and
    right middles — away from the HUD's news line and the log at the top."""
    w, h = net_size()
    low = theme.KEYS_HEIGHT + MARGIN
    mid = (height - h) / 2
    return [(MARGIN, low), (width - w - MARGIN, low), (MARGIN, mid), (width - w - MARGIN, mid)]


def place(width: int, height: int, keep: Sequence[Area], spare: Sequence[Area]) -> tuple[float, float] | None:
    """The first slot that covers none of ``keep`` (lit targets, the own cube) and the fewest of
    ``spare`` (the other pieces); None when every slot would cover something kept."""
    w, h = net_size()
    best: tuple[int, tuple[float, float]] | None = None
    for x, y in _slots(width, height):
        rect: Rect = (x, y, x + w, y + h)
        if any(overlaps(rect, a) for a in keep if a):
            continue
        hidden = sum(overlaps(rect, a) for a in spare if a)
        if best is None or hidden < best[0]:
            best = (hidden, (x, y))
    return None if best is None else best[1]


class CubeNet(Overlay):
    """Six tile chips in a cross, the far side up as the camera looks (``yaw``)."""

    def __init__(self) -> None:
        super().__init__()
        self.chips: list[tuple[int, int | None, Box]] = []  # (face slot, tile, pixels) of each face drawn

    def clear(self) -> None:
        super().clear()
        self.chips = []

    @rebuilt_on_change
    def build(self, x: float, y: float, faces: tuple[int | None, ...], yaw_quarter: int, lang: str) -> None:
        """``yaw_quarter``: the camera's yaw in quarter turns (the net turns with the view); ``lang``
        only keys the rebuild (the words are read from the catalogue)."""
        self.clear()
        w, h = net_size()
        self.rect(x, y, w, h, theme.PANEL, radius=8, border=theme.PANEL_EDGE)
        self.text(t("octocube.net.title"), x + theme.PAD, y + h - TITLE_H / 2 - 2, size=10, colour=theme.ACCENT,
                  bold=True)
        for slot, (col, row) in net_layout(yaw_quarter * 3.141592653589793 / 2).items():
            px = x + theme.PAD + col * PITCH + (PITCH - CHIP) / 2
            py = y + theme.PAD + row * PITCH + (PITCH - CHIP) - 2
            tile_chip(self, px, py, CHIP, faces[slot])
            self.chips.append((slot, faces[slot], (px, py, px + CHIP, py + CHIP)))
            self.text(face_name(slot), px + CHIP / 2, py - 9, size=LABEL, colour=theme.TEXT, anchor_x="center")
