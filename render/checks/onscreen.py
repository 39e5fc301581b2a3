"""Your board is on screen (issue 34): the deciding seat's own zones lie wholly inside the window,
between the HUD bar and the key line, at the default camera (and after Home)."""
from __future__ import annotations

from typing import Any

from render.ui import theme
from render.ui.areas import bounds

SLACK = 2.0  # pixels: the rounding of a projected corner


def own_zones_off_screen(screen: Any, width: int, height: int) -> list[str]:
    """A line per own zone that the window, above the key line and below the HUD, cuts."""
    out = []
    lo_y, hi_y = theme.KEYS_HEIGHT - SLACK, height - theme.HUD_HEIGHT + SLACK
    for target, area in screen.table.own_zones():
        x0, y0, x1, y1 = bounds(area)
        if x0 < -SLACK or x1 > width + SLACK or y0 < lo_y or y1 > hi_y:
            out.append(f"the own zone {target!r} at ({x0:.0f}, {y0:.0f})-({x1:.0f}, {y1:.0f}) is cut by the "
                       f"{width}x{height} window (key line {theme.KEYS_HEIGHT} px, HUD {theme.HUD_HEIGHT} px)")
    return out
