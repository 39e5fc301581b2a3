"""How a person carries out a legal action on a table of lit pieces to click (Cubitos, Otys): the
screen-level fuzzer plays every move this way, so an action the table lists but offers no gesture
for is found (:class:`render.uifuzz.driver.Unreachable`)."""
from __future__ import annotations

import random
from typing import Any

from pyglet.window import key

from game.core import Action
from render.uifuzz.driver import Driver, Unreachable


def perform(d: Driver, action: Action, rng: random.Random) -> None:
    """A button (clicked or its number key), or a click on a piece — by mouse or Tab and Enter —
    then its lit place (a click or a drag), then the small menu's entry when several moves remain."""
    table = d.table
    g = table.gestures
    if g is None or action not in g.legal:
        raise Unreachable(f"{action} is not offered to the person at the screen")
    ply = len(d.screen.match.history)
    if action in g.buttons:
        d.press_button(table.context, action, keys=rng.random() < 0.3)
        return
    firsts = [t for t, acts in g.by_target.items() if action in acts]
    if not firsts:
        raise Unreachable(f"no piece and no button stands for {action}")
    first = rng.choice(sorted(firsts, key=repr))
    second = getattr(g, "second", {}).get((first, action))
    if second is not None and len(g.places(first)) > 1 and rng.random() < 0.3:  # a diver dragged to its place
        places = g.places(first)
        for _ in range(4):  # both ends seen from one camera: finding the place may turn it (Home, an orbit)
            start, pose = d.visible(first, table.under), d.pose()
            end = d.visible(second, lambda x, y: next((t for t in d.view.pick_all(x, y) if t in places), None))
            if d.pose() == pose:
                break
        else:
            raise Unreachable(f"no camera shows {first!r} and its place {second!r} together")
        d.drag(start, end)
    else:
        _click_piece(d, first, rng)
        if second is not None and getattr(table, "selected", None) == first:
            d.tick()
            d.click(*d.visible(second, table.under))
    if len(d.screen.match.history) == ply and table.menu_items:
        d.tick()
        entries = [a for _, a in table.menu_items]
        if action not in entries:
            raise Unreachable(f"{action} is not in the menu {[str(a) for a in entries]}")
        if rng.random() < 0.3 and entries.index(action) < 9:
            d.number_key(entries.index(action))
        else:
            d.press_button(table.menu, action)


def _click_piece(d: Driver, target: Any, rng: random.Random) -> None:
    """A click on the lit piece, or Tab until it has the focus and Enter."""
    table = d.table
    if rng.random() < 0.15:
        for _ in range(len(table.lit()) + 1):
            d.key(key.TAB)
            if table.focus == target:
                d.key(key.ENTER)
                return
        raise Unreachable(f"Tab never reaches {target!r}")
    d.click(*d.visible(target, table.under))
