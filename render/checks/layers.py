"""The tooltip reads whole (issue 34): drawn above every button, panel and the log that it
overlaps, and shown at all only while no modal panel owns the pointer."""
from __future__ import annotations

from typing import Any

from render.ui.areas import rects_overlap


def tooltip_hidden(screen: Any) -> list[str]:
    """One line per overlay drawn over the tooltip it overlaps; ``screen`` is a GameScreen."""
    tip = screen.tooltip
    if not tip.shown or tip.bounds is None:
        return []
    if screen._modal():
        return [f"a tooltip {tip.shown!r} shows while a modal panel owns the pointer"]
    layers = screen.layers()
    above = layers[layers.index(tip) + 1:]
    return [f"{type(o).__name__} is drawn over the tooltip {tip.shown!r}" for o in above
            if o.bounds is not None and rects_overlap(o.bounds, tip.bounds)]
