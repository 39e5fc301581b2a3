"""A piece shown large beside the pointer (issue 35): the hovered piece's own print — the image the
table prints on it, not a second design — upright and whole, at a size its words read at, with
lines of text under it (a card's ability, which the table's print leaves out).

It goes with the tooltip: drawn above buttons and panels, under modal panels, built only when the
piece under the pointer (or the table around it) changes, and placed where it covers neither the
piece it shows nor the tooltip, nor anything the screen keeps clear (the lit targets of the decision,
the deciding seat's own zones): else it is not shown at all, and the tooltip alone speaks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np
import pyglet

from render.ui import theme
from render.ui.areas import Area, Rect, bounds, overlaps, rect_area
from render.ui.hud import column_place, log_box
from render.ui.widgets import Box, Overlay, rebuilt_on_change
from render.ui.wrapping import wrap

HEIGHTS = (260, 220, 180)  # the print's height in pixels: the largest a clear place allows
TEXT_SIZE = theme.FONT_SIZE  # the lines under the print (a cap height of about 11 px)
LINE = 17  # pixels from one of those lines to the next
PAD = 8
MIN_TEXT_WIDTH = 200  # the lines under a narrow print are set this wide at least
KEPT_TEXTURES = 16
EDGE = theme.BORDER_REACH


@dataclass(frozen=True)
class Picture:
    """What a preview shows: ``key`` names the print (and its language: a texture is made once a
    key), ``image`` is its RGBA pixels (first row on top), ``aspect`` its width over its height as
    the piece has it, ``lines`` the text under it, and ``heights`` the print's heights in pixels to
    try, largest first (a print whose words are large on it reads smaller: an Otys sponsor tile)."""

    key: tuple
    image: np.ndarray = field(compare=False, repr=False)
    aspect: float = 1.0
    lines: tuple[str, ...] = ()
    heights: tuple[float, ...] = HEIGHTS


class Preview(Overlay):
    shown: Picture | None = None
    print_box: Box | None = None  # where the print lies (x0, y0, x1, y1)
    print_height: float = 0.0  # the print's height in pixels, as shown

    def __init__(self) -> None:
        super().__init__()
        self._textures: dict[tuple, Any] = {}

    @rebuilt_on_change
    def build(self, picture: Picture | None, piece: Area, width: int, height: int,
              avoid: Sequence[Area] = (), tooltip: Rect | None = None) -> None:
        """``picture`` beside ``piece`` (its screen area, which it never covers), clear of ``avoid``
        and of the ``tooltip``'s rectangle; None (or no clear place in the window): nothing."""
        self.clear()
        self.shown, self.print_box, self.print_height = None, None, 0.0
        if picture is None or not piece:
            return
        keep = [list(piece), *(list(a) for a in avoid if a)] + ([rect_area(tooltip)] if tooltip else [])
        hard = [*keep, rect_area(log_box(width, height))]
        x0, y0, x1, y1 = bounds(piece)
        anchor = ((x0 + x1) / 2, (y0 + y1) / 2)
        for h in picture.heights:
            w = h * picture.aspect
            text_w = max(w, MIN_TEXT_WIDTH) if picture.lines else w
            lines = [part for line in picture.lines for part in wrap(line, text_w, TEXT_SIZE)]
            pw, ph = text_w + 2 * PAD, h + 2 * PAD + (LINE * len(lines) + PAD if lines else 0)
            left, top = column_place(anchor, pw + 2 * EDGE, ph + 2 * EDGE, width, height, keep)
            reach = (left, top - ph - 2 * EDGE, left + pw + 2 * EDGE, top)  # the panel, its border and all
            if self._fits(reach, width, height) and not any(overlaps(reach, a) for a in hard):
                self._draw(picture, (reach[0] + EDGE, reach[1] + EDGE, reach[2] - EDGE, reach[3] - EDGE), w, h, lines)
                return

    @staticmethod
    def _fits(rect: Rect, width: int, height: int) -> bool:
        """Wholly in the window, above the key line and below the HUD bar."""
        return rect[0] >= 0 and rect[2] <= width and rect[1] >= theme.KEYS_HEIGHT and \
            rect[3] <= height - theme.HUD_HEIGHT

    def _draw(self, picture: Picture, rect: Rect, w: float, h: float, lines: list[str]) -> None:
        x0, y0, x1, y1 = rect
        self.rect(x0, y0, x1 - x0, y1 - y0, theme.PANEL, radius=8, border=theme.PANEL_EDGE)
        px = (x0 + x1 - w) / 2
        self.image(self._texture(picture), px, y1 - PAD - h, w, h)
        for i, line in enumerate(lines):
            self.text(line, x0 + PAD, y1 - 2 * PAD - h - LINE * i - LINE / 2, size=TEXT_SIZE)
        self.shown, self.print_box, self.print_height = picture, (px, y1 - PAD - h, px + w, y1 - PAD), h

    def _texture(self, picture: Picture) -> Any:
        tex = self._textures.get(picture.key)
        if tex is None:
            if len(self._textures) >= KEPT_TEXTURES:
                self._textures.pop(next(iter(self._textures)))
            img = np.ascontiguousarray(picture.image[..., :4], dtype=np.uint8)
            rows, cols = img.shape[:2]
            data = pyglet.image.ImageData(cols, rows, "RGBA", img.tobytes(), pitch=-cols * 4)  # first row on top
            tex = self._textures[picture.key] = data.get_texture()
        return tex
