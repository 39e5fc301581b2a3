"""The rules guide at the table (F1, "?"): a few short pages per game in our own words, each with a
picture of the table's own pieces, over the game it explains.

While it is open it owns the pointer and the keys; closed, it is only its "?" button at the right
end of the key line. Pictures are drawn once per page and kept until the window's size, the
language or the position on the table changes.
"""
from __future__ import annotations

from typing import Any, Callable

import pyglet

from render import i18n
from render.i18n import t
from render.ui import theme
from render.ui.guide_pages import Page, Shot
from render.ui.widgets import Overlay, text_width
from render.ui.wrapping import breakable

Painter = Callable[[Shot, tuple[int, int]], pyglet.image.AbstractImage]

OPEN = "guide.open"  # the "?" button's value
CLOSE_KEYS = ("ESCAPE", "F1", "QUESTION")
PANEL_MAX = (1000, 620)
PICTURE_SHARE = 0.46  # of the panel's width
BODY_SIZES = (11, 10, 9)  # the body's font, smaller only where a page would not fit


class RulesGuide(Overlay):
    """A centred panel: the game's heading, page tabs, the picture, the page's words, and buttons
    to step and close."""

    def __init__(self) -> None:
        super().__init__()
        self.shown = False
        self.game = ""
        self._pages: tuple[Page, ...] = ()
        self.page = 0
        self._painter: Painter | None = None
        self._pictures: dict[str, pyglet.image.AbstractImage] = {}
        self._picture_key: tuple = ()
        self._layout_key: tuple = ()  # what the last build showed: the same again costs nothing
        self._stamp: Any = None
        self.picture_box: tuple[float, float, int, int] | None = None  # where the page's picture is

    # ---- opening and closing ------------------------------------------------------------------
    def open(self, game: str, pages: tuple[Page, ...], painter: Painter, stamp: Any, page: int | None = None) -> None:
        """Show ``game``'s guide (its ``pages``, as the shell has them from the game's kit) at ``page``
        (None: where the reader left it); ``painter`` draws a shot of the table, ``stamp`` names the
        position it shows (a new one draws the pictures again)."""
        self._pages = pages
        if game != self.game:
            self.game, self.page = game, 0
        if page is not None:
            self.page = min(max(page, 0), len(self.pages) - 1)
        self.shown, self._painter, self._stamp = True, painter, stamp

    def close(self) -> None:
        """Hide the guide; the view it drew from is let go (the pictures stay for next time)."""
        self.shown, self._painter = False, None

    @property
    def pages(self) -> tuple[Page, ...]:
        return self._pages

    # ---- input --------------------------------------------------------------------------------
    def key(self, name: str) -> None:
        """A key while the guide is open (it takes them all: the table underneath waits)."""
        if name in CLOSE_KEYS:
            self.close()
            return
        step = {"LEFT": -1, "RIGHT": 1, "PAGEUP": -1, "PAGEDOWN": 1}.get(name, 0)
        self.page = min(max(self.page + step, 0), len(self.pages) - 1)
        if name == "HOME" or name == "END":
            self.page = 0 if name == "HOME" else len(self.pages) - 1

    def click(self, value: Any) -> None:
        if value == "guide.close":
            self.close()
        elif value in ("guide.back", "guide.next"):
            self.key("LEFT" if value == "guide.back" else "RIGHT")
        elif isinstance(value, tuple) and value[0] == "guide.page":
            self.page = value[1]

    # ---- drawing ------------------------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        """The open panel, or only the "?" button when closed."""
        key = (width, height, self.shown, self.game, self.page, i18n.language(), self._stamp)
        if key == self._layout_key:
            return
        self.clear()
        self._layout_key = key
        if not self.shown:
            size = theme.KEYS_HEIGHT - 4
            self.button("?", width - size - theme.PAD, 2, size, size, OPEN, size=10)
            return
        pw, ph = min(width - 40, PANEL_MAX[0]), min(height - theme.HUD_HEIGHT - theme.KEYS_HEIGHT - 16, PANEL_MAX[1])
        x0, y0 = (width - pw) / 2, theme.KEYS_HEIGHT + (height - theme.HUD_HEIGHT - theme.KEYS_HEIGHT - ph) / 2
        pad = theme.PAD * 2
        self.rect(0, 0, width, height, (0, 0, 0, 90))  # the table dims: the guide is what is in play
        self.rect(x0, y0, pw, ph, (*theme.PANEL[:3], 245), radius=12, border=theme.PANEL_EDGE)
        top = y0 + ph - pad
        self.text(t(f"guide.{self.game}.heading"), x0 + pad, top - 10, size=theme.TITLE_SIZE + 1, bold=True,
                  colour=theme.ACCENT)
        close = t("guide.close")
        cw = text_width(close, 10) + 24
        self.button(close, x0 + pw - pad - cw, top - 22, cw, 26, "guide.close", size=10)
        tab_y = top - 60
        self._tabs(x0 + pad, tab_y, pw - 2 * pad)
        bottom = y0 + 50
        pic_w = int(pw * PICTURE_SHARE)
        pic_h = min(int(pic_w * 0.75), int(tab_y - 12 - bottom))
        if pic_h > 0:  # a window too low for a picture shows the words alone
            self._picture(x0 + pad, tab_y - 12 - pic_h, pic_w, pic_h)
        text_x = x0 + pad * 2 + pic_w
        self._words(text_x, tab_y - 12, int(x0 + pw - pad - text_x), tab_y - 12 - bottom)
        self._footer(x0 + pad, x0 + pw / 2, y0 + 12)

    def _tabs(self, x: float, y: float, room: float) -> None:
        titles = [t(f"guide.{self.game}.{p.name}.title") for p in self.pages]
        size = 10
        widths = [text_width(s, size) + 20 for s in titles]
        gap = min(theme.PAD, (room - sum(widths)) / max(1, len(titles) - 1))
        for i, (title, w) in enumerate(zip(titles, widths)):
            self.button(title, x, y, w, 28, ("guide.page", i), selected=i == self.page, size=size)
            x += w + gap

    def _picture(self, x: float, y: float, w: int, h: int) -> None:
        key = (self.game, w, h, i18n.language(), self._stamp)
        if key != self._picture_key:
            self._pictures, self._picture_key = {}, key
        page = self.pages[self.page]
        image = self._pictures.get(page.name)
        if image is None and self._painter is not None:
            image = self._pictures[page.name] = self._painter(page.shot, (w, h))
        if image is not None:
            self.image(image, x, y, w, h)
        self.picture_box = (x, y, w, h)

    def _words(self, x: float, top: float, width: int, room: float) -> None:
        """The page's title and its paragraphs (one label: a paragraph is a template's blank line, and
        the pseudo language's marks stay around the whole), wrapped to ``width``, in the largest font
        that fits."""
        page = self.pages[self.page]
        self.text(t(f"guide.{self.game}.{page.name}.title"), x, top - 10, size=theme.TITLE_SIZE, bold=True)
        body = breakable(t(f"guide.{self.game}.{page.name}.body"))
        for size in BODY_SIZES:
            label = self.text(body, x, top - 34, size=size, anchor_y="top", width=width)
            if label.content_height <= room - 34 or size == BODY_SIZES[-1]:
                return
            self._items.remove(label)
            label.delete()

    def _footer(self, left: float, centre: float, y: float) -> None:
        n = len(self.pages)
        self.button_row([(t("guide.back"), "guide.back", self.page > 0),
                         (f"{self.page + 1} / {n}", None, False),
                         (t("guide.next"), "guide.next", self.page < n - 1)], centre, y, h=30)
        self.text(t("guide.keys"), left, y + 15, size=9, colour=theme.TEXT_DIM)
