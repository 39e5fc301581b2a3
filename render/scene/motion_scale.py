"""How finely a moving camera's frames are drawn: as finely as this machine, under its load now,
can draw them within a frame.

A swing, an orbit or a zoom changes every pixel, and on a CPU rasterizer the table's pixels are
most of a frame's cost. So its frames are drawn at a fraction of the window's size and stretched
(pictures at rest never are). A fixed fraction fits one load: the same laptop with a second busy
process has half the cores for the rasterizer. This picks the fraction from the frames it has just
drawn, like a game's dynamic resolution: a step coarser when they take longer than the table's
share of 16.7 ms, a step finer when they take well under it. Much of a moving frame costs the same at
any fraction (stretching it to the window, the 2D layer), so the steps are few and the room wide:
the fraction settles instead of hunting.
"""
from __future__ import annotations

import statistics

LEVELS = (0.5, 0.44, 0.38, 0.33, 0.28)  # fractions of the width and height, finest first
BUDGET_S = 0.011  # the table's share of a 16.7 ms frame; the 2D layer and showing it take the rest
SAMPLES = 8  # frames measured at a level before it may change (their median decides)
ROOM = 0.7  # a finer level is taken only when frames take at most this share of the budget


class MotionScale:
    """The fraction a moving camera's frames are drawn at, fed with how long each took."""

    def __init__(self, levels: tuple[float, ...] = LEVELS, budget_s: float = BUDGET_S) -> None:
        self.levels = levels
        self.budget_s = budget_s
        self._level = 0
        self._took: list[float] = []

    @property
    def scale(self) -> float:
        return self.levels[self._level]

    def took(self, seconds: float) -> None:
        """One frame at :attr:`scale` took ``seconds`` (the table's draw, waited for)."""
        self._took.append(seconds)
        if len(self._took) < SAMPLES:
            return
        typical = statistics.median(self._took)
        self._took.clear()
        if typical > self.budget_s and self._level + 1 < len(self.levels):
            self._level += 1
        elif self._level > 0 and typical <= ROOM * self.budget_s:
            self._level -= 1
