"""The tooltip reads whole (issue 34): drawn above every button, panel and the log that it
overlaps, and shown at all only while no modal panel owns the pointer. So does the large preview
of the tooltip's piece (issue 35), wholly inside the window between the HUD bar and the key line."""
from __future__ import annotations

from typing import Any

from render.ui import theme
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


def preview_hidden(screen: Any) -> list[str]:
    """One line per way the preview of the pointed piece is not seen whole: under a modal panel's
    ownership, cut by an overlay drawn over it (the tooltip included), or beyond the window's
    free part (the window less the HUD bar and the key line)."""
    pre = screen.preview
    if pre.shown is None or pre.bounds is None:
        return []
    name = pre.shown.key
    if screen._modal():
        return [f"a preview {name!r} shows while a modal panel owns the pointer"]
    layers = screen.layers()
    if pre not in layers:
        return [f"the preview {name!r} is shown but not drawn"]
    out = [f"{type(o).__name__} is drawn over the preview {name!r}" for o in layers[layers.index(pre) + 1:]
           if o.bounds is not None and rects_overlap(o.bounds, pre.bounds)]
    x0, y0, x1, y1 = pre.bounds
    w, h = screen.app.width, screen.app.height
    if x0 < 0 or x1 > w or y0 < theme.KEYS_HEIGHT or y1 > h - theme.HUD_HEIGHT:
        out.append(f"the preview {name!r} at ({x0:.0f}, {y0:.0f})-({x1:.0f}, {y1:.0f}) is not wholly between "
                   f"the key line and the HUD bar of the {w}x{h} window")
    return out
