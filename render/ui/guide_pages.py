"""A rules guide page, and where its picture looks on the game's table (each kit lists its pages).

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

