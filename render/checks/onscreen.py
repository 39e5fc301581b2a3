"""Your board is on screen (issue 34): the deciding seat's own zones lie wholly inside the window,
between the HUD bar and the key line, at the default camera (and after Home)."""
from __future__ import annotations

from typing import Any

from render.ui import theme
from render.ui.areas import bounds, inside



def own_zones_off_screen(screen: Any, width: int, height: int) -> list[str]:
    """A line per own zone that the window, above the key line and below the HUD, cuts."""
    out = []
    for target, area in screen.table.own_zones():
        if not inside(area, theme.table_rect(width, height)):
            x0, y0, x1, y1 = bounds(area)
            out.append(f"the own zone {target!r} at ({x0:.0f}, {y0:.0f})-({x1:.0f}, {y1:.0f}) is cut by the "
                       f"{width}x{height} window (key line {theme.KEYS_HEIGHT} px, HUD {theme.HUD_HEIGHT} px)")
    return out
