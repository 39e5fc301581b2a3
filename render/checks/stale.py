"""Nothing stale (issue 34): the tooltip names what is under the pointer now, in the words the
table has for it now (not a die that moved, a card no longer there, a piece seen before the camera
turned); nor does the large preview of it (issue 35). While the person orbits or zooms, both step
aside (``screen.looking``): none is shown then, and that is not stale."""
from __future__ import annotations

from typing import Any


def stale_tooltip(screen: Any) -> list[str]:
    """A line when the tooltip shown is not what the pointer's piece would say now."""
    if screen.guide.shown or screen._modal() or screen.pointer[0] < 0:
        return []
    under = screen._pick(*screen.pointer)  # the piece, unless a panel or button is under the pointer
    now = screen.table.describe_target(under) if under is not None else ""
    if screen.tooltip.shown != now and not (screen.looking and not screen.tooltip.shown):
        return [f"the tooltip says {screen.tooltip.shown!r} but the pointer is on {under!r} ({now!r})"]
    shown = screen.preview.shown  # none where no place is clear; else the piece under the pointer now
    if shown is not None and shown != (screen.table.preview(under) if under is not None else None):
        return [f"the preview shows {shown.key!r} but the pointer is on {under!r}"]
    return []
