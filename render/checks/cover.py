"""Nothing covers what is being decided about (issue 34): no context button or panel of the table,
no log panel, no banner that is not modal and no large preview of a hovered piece (issue 35) lies
over a lit target, over the deciding seat's own zones (the table's ``own_zones``), or over the
piece whose tooltip is shown.

Pure geometry: every piece's screen area is its pick box projected by the view (``target_area``),
every panel's the rectangle its overlay recorded; no GL readback and no game knowledge, so the
screen-level fuzzer can run it after every step.
"""
from __future__ import annotations

from typing import Any

from render.ui.areas import Area, Rect, bounds, mostly_hidden, overlaps
from render.ui.hud import overlay_rects
from render.ui.widgets import Overlay

TOOLTIP = "tooltip's piece"


def covers(screen: Any) -> list[tuple[str, Rect]]:
    """What may cover the table, named, with its rectangle: each context button on its own (a
    column of buttons has gaps), each other panel of the table as a whole, the log panel (but
    while the person turns or zooms the camera: it is laid out for the view they stop at), the
    banner while it asks nothing (a caption or a hint; a hand-over banner owns the screen), and the
    preview of the piece under the pointer."""
    out = overlay_rects(screen.table.overlays())
    if screen.log_panel.bounds is not None and not screen.looking:  # (it keeps its place while the
        out.append(("LogPanel", screen.log_panel.bounds))  # person moves the camera: laid out at rest)
    banner: Overlay = screen.banner
    if banner.bounds is not None and not banner.buttons:
        out.append(("Banner", banner.bounds))
    if screen.preview.bounds is not None:  # the piece under the pointer shown large
        out.append(("Preview", screen.preview.bounds))
    return out


def kept_clear(screen: Any) -> list[tuple[str, Any, Area]]:
    """What must stay in view, as (why, target, screen area): the lit targets and the deciding
    seat's own zones while a person decides here, and the piece the tooltip speaks of."""
    table, view = screen.table, screen.view
    out: list[tuple[str, Any, Area]] = []
    if table.active:
        out += [("lit target", t, view.target_area(t)) for t in sorted(table.lit(), key=repr)]
        out += [("own zone", t, area) for t, area in table.zones_kept_clear(screen.app.width, screen.app.height)]
    if screen.tooltip.shown and screen.pointing is not None:
        out.append((TOOLTIP, screen.pointing, view.target_area(screen.pointing)))
    return [(why, t, a) for why, t, a in out if a]


def covered(screen: Any) -> list[str]:
    """One readable line per thing that covers what is decided about; [] when nothing does.
    ``screen`` is a GameScreen (render/screens/game.py) after its panels were built."""
    if screen.guide.shown or screen.handover or screen.score_table.shown:
        return []  # a modal screen over the whole table: nothing is decided on the table meanwhile
    clear = kept_clear(screen)
    px, py = screen.pointer
    out = []
    for name, rect in covers(screen):
        for why, target, area in clear:
            if why == TOOLTIP:  # the pointed piece: hidden where the pointer is, or mostly hidden
                hidden = rect[0] <= px <= rect[2] and rect[1] <= py <= rect[3] or \
                    mostly_hidden(rect, area)
            else:
                hidden = overlaps(rect, area)
            if hidden:
                out.append(f"{name} at {_show(rect)} covers the {why} {target!r} at {_show(bounds(area))}")
    return out


def _show(r: Rect) -> str:
    return f"({r[0]:.0f}, {r[1]:.0f})-({r[2]:.0f}, {r[3]:.0f})"
