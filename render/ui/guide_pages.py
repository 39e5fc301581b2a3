"""The rules guide's pages per game, and where each page's picture looks on that game's table.

The words live in the catalogue (``guide.<game>.<page>.title`` / ``.body``); a body's paragraphs
are separated by blank lines. Shots are in the frame of the seat the screen faces (+z towards that
player), in table units, so a picture shows the reader's own board whichever side they sit on.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shot:
    """A close-up camera: the point looked at, how far away, how high (degrees above the table) and
    how far round from the reader's side (degrees). ``shared``: the target is in the table's own
    frame (a piece every seat shares, like the Abyss supply), not the reader's."""

    target: tuple[float, float, float]
    distance: float
    pitch: float
    turn: float = 0.0
    shared: bool = False


@dataclass(frozen=True)
class Page:
    name: str  # the catalogue's key part: guide.<game>.<name>.title
    shot: Shot


PAGES: dict[str, tuple[Page, ...]] = {
    "octocube": (
        Page("goal", Shot((0.0, 0.0, 0.0), 9.0, 55.0)),
        Page("turn", Shot((1.5, 0.0, -1.0), 7.0, 40.0, 20.0)),
        Page("scoring", Shot((0.0, 0.0, 4.2), 8.0, 50.0)),
        Page("end", Shot((2.4, 0.0, 0.0), 7.0, 45.0, shared=True)),
        Page("variants", Shot((0.0, 0.0, 1.5), 11.0, 60.0)),
    ),
    "cubitos": (
        Page("goal", Shot((0.0, 0.0, 2.0), 8.0, 45.0)),
        Page("turn", Shot((0.0, 0.0, 8.0), 7.0, 50.0)),
        Page("scoring", Shot((-2.0, 0.0, -6.5), 7.0, 45.0)),
        Page("end", Shot((0.0, 0.0, 1.0), 6.0, 50.0)),
        Page("tracks", Shot((5.5, 0.0, 5.0), 7.0, 45.0)),
    ),
    "otys": (
        Page("goal", Shot((-1.0, 0.0, 4.5), 7.0, 55.0)),
        Page("turn", Shot((-2.0, 0.0, 4.5), 5.0, 55.0)),
        Page("scoring", Shot((0.0, 0.0, 0.0), 9.0, 55.0)),
        Page("end", Shot((3.5, 0.0, 4.5), 6.0, 50.0)),
        Page("sponsors", Shot((-0.5, 0.0, 0.0), 6.0, 50.0)),
    ),
}


def pages(game: str) -> tuple[Page, ...]:
    return PAGES[game]
