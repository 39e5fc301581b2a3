"""A game's atlas: all its prints in one image, each in a square of cells. Where each print lies is
known before any is painted, so a view builds its pieces at once; the pixels come from memory, from
the disk cache (render/tables/art_cache.py), or are painted print by print.

The window paints later (``painting_later``, around the program's loop): a table whose atlas is not
ready is built over ``PLACEHOLDER``, a transparent atlas, so every print shows its piece's own
colour (plain faces, plain boards), and the atlas is painted a slice at a time between frames
(``paint_some``, from the app's loop). When it lands the view swaps it in and bakes its table print
(render/tables/table_view.py): from then on the table is drawn as it would have been had the atlas
been there from the start. Without ``painting_later`` (screenshots, films, tests) an atlas is
painted at once, when first wanted.
"""
from __future__ import annotations

import contextlib
import time
from typing import Callable, Iterator

import numpy as np

from render import i18n
from render.tables import art_cache

Paint = Callable[[], np.ndarray]
Cell = tuple[tuple, int, Paint]  # key, side in cells, what paints it
Rect = tuple[float, float, float, float]  # u0, v0, u1, v1
PLACEHOLDER = np.zeros((1, 1, 4), np.uint8)  # transparent: each print shows its piece's own colour


class Atlas:
    """``cells`` at ``spots`` (the row and column of each one's first cell), ``grid`` cells of ``cell``
    pixels a row; ``source`` (art_cache.source_key of the code and data that paint it) names the
    copy in the disk cache; ``done`` runs once the last print is painted (to free what painting kept)."""

    def __init__(self, name: str, source: str, grid: int, cell: int, cells: list[Cell],
                 spots: list[tuple[int, int]], done: Callable[[], None] = lambda: None) -> None:
        placed = [(r, c, k) for (r, c), (_, k, _) in zip(spots, cells, strict=True)]
        rows = max(r + k for r, _, k in placed)
        self.name, self.source, self.cell = name, source, cell
        self.lang = i18n.language()  # its prints' words, whatever is spoken when they are painted
        self.shape = (rows * cell, grid * cell, 4)
        du, dv = 1.5 / (grid * cell), 1.5 / (rows * cell)
        self.rects: dict[tuple, Rect] = {key: (c / grid + du, r / rows + dv, (c + k) / grid - du, (r + k) / rows - dv)
                                         for (key, _, _), (r, c, k) in zip(cells, placed)}
        self._todo = [(paint, r, c, k) for (_, _, paint), (r, c, k) in zip(cells, placed)]
        self._of = {key: todo for (key, _, _), todo in zip(cells, self._todo)}
        self._painted = 0  # prints of _todo painted into _canvas
        self._canvas: np.ndarray | None = None
        self._image: np.ndarray | None = None
        self._looked = False  # the disk cache was asked
        self._done = done

    @property
    def ready(self) -> bool:
        """The pixels are at hand: painted, or in the disk cache (asked the first time)."""
        if self._image is None and not self._looked:
            self._looked = True
            self._image = art_cache.load(self.name, self.source, self.shape, self.lang)
        return self._image is not None

    def image(self) -> np.ndarray:
        """The uint8 pixels (row 0 = v 0), painted now as far as they are not yet."""
        self.paint_some(float("inf"))
        assert self._image is not None
        return self._image

    def print_of(self, key: tuple) -> np.ndarray:
        """The pixels of one print, the square of cells it takes: the atlas's, or while the atlas is
        still to be painted, that print painted alone (the same pixels)."""
        paint, r, c, k = self._of[key]
        if self._image is None:
            with i18n.speaking(self.lang):
                return paint()
        cell = self.cell
        return self._image[r * cell:(r + k) * cell, c * cell:(c + k) * cell]

    def paint_some(self, until: float) -> bool:
        """Paint prints until the clock (time.perf_counter) reaches ``until``, at least one; True
        once the atlas is ready (then kept in the disk cache)."""
        if self.ready:
            return True
        if self._canvas is None:
            self._canvas = np.zeros(self.shape, np.uint8)
        cell = self.cell
        with i18n.speaking(self.lang):
            while self._painted < len(self._todo):
                paint, r, c, k = self._todo[self._painted]
                self._canvas[r * cell:(r + k) * cell, c * cell:(c + k) * cell] = paint()
                self._painted += 1
                if time.perf_counter() >= until:
                    break
        if self._painted < len(self._todo):
            return False
        self._image, self._canvas = self._canvas, None
        self._done()
        art_cache.keep(self.name, self.source, self._image, self.lang)
        return True


_later: list[Atlas] | None = None  # while painting later: the atlases tables wait for, the latest first


@contextlib.contextmanager
def painting_later() -> Iterator[None]:
    """Within: tables are built before their atlas is painted (``wanted``), and the atlases are
    painted by ``paint_some`` (the window's loop calls it between frames)."""
    global _later
    _later = []
    try:
        yield
    finally:
        _later = None


def later() -> bool:
    """Whether atlases are painted later (between the window's frames)."""
    return _later is not None


def wanted(atlas: Atlas) -> np.ndarray:
    """The image a table is built with now: the atlas's pixels (painted at once if need be), or,
    while painting later and they are not ready, ``PLACEHOLDER``; the atlas is then painted next."""
    if _later is None or atlas.ready:
        return atlas.image()
    if atlas in _later:
        _later.remove(atlas)
    _later.insert(0, atlas)
    return PLACEHOLDER


def pending() -> bool:
    """Some table waits for its atlas: the window's loop keeps painting (``paint_some``)."""
    return bool(_later)


def paint_some(seconds: float) -> bool:
    """Paint for about ``seconds`` (at least one print) the atlas a table asked for last; True when
    an atlas became ready (the tables waiting for it swap it in when next drawn)."""
    if not _later:
        return False
    atlas = _later[0]
    if not atlas.paint_some(time.perf_counter() + seconds):
        return False
    _later.remove(atlas)
    return True
