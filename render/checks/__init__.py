"""The screen's invariants (issue 34), each a pure look at a built GameScreen: what the
screen-level fuzzer (render.uifuzz) asks after every step, and what the unit tests assert."""
from __future__ import annotations

from typing import Any

from render.checks.cover import covered
from render.checks.layers import preview_hidden, tooltip_hidden
from render.checks.onscreen import own_zones_off_screen
from render.checks.stale import stale_tooltip
from render.checks.status import status_cut
from render.checks.words import words_outside


def violations(screen: Any) -> list[str]:
    """Every broken invariant of the game screen as it stands, one line each ([] when none)."""
    if screen.dirty:
        screen.refresh()  # what the next frame would show
    w, h = screen.app.width, screen.app.height
    at_home = screen.homed and screen.table.active and not screen.view.busy and screen.turn_to is None
    return [*words_outside([*screen.layers(), *([screen.app.panel] if screen.app.panel else [])], w, h),
            *status_cut(screen), *covered(screen), *tooltip_hidden(screen), *preview_hidden(screen), *stale_tooltip(screen),
            *(own_zones_off_screen(screen, w, h) if at_home else [])]
