"""A person's hands on the headless app: pointer, wheel and keys as pyglet window events, each one
written down so that a failing game can be played again gesture by gesture."""
from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from pyglet.window import key, mouse

Gesture = tuple[str, tuple]  # (window event name, its arguments)


class Unreachable(Exception):
    """The table offers no gesture for an action it lists as legal."""


class Driver:
    """Sends window events to an :class:`render.app.App` drawing offscreen and ticks its clock.

    Every event goes through the window's own dispatch, as pyglet's loop delivers them, so the
    shell's handlers (settings panel, guide, overlays, the table) meet it in their real order."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.gestures: list[Gesture] = []
        self.pointer = (0.0, 0.0)
        self.after: Callable[[], None] = lambda: None  # looks at the app after every event and tick

    # ---- what is on the screen ------------------------------------------------------------------
    @property
    def screen(self) -> Any:
        return self.app.screen

    @property
    def table(self) -> Any:
        return self.app.screen.table

    @property
    def view(self) -> Any:
        return self.app.screen.view

    @property
    def size(self) -> tuple[int, int]:
        return self.app.width, self.app.height

    # ---- hands ----------------------------------------------------------------------------------
    def send(self, name: str, *args: Any) -> None:
        self.gestures.append((name, args))
        if name.startswith("on_mouse"):
            self.pointer = (float(args[0]), float(args[1]))
        self.app.window.dispatch_event(name, *args)
        self.app.window.dispatch_events()
        self.after()

    def move(self, x: float, y: float) -> None:
        self.send("on_mouse_motion", x, y, 0, 0)

    def click(self, x: float, y: float) -> None:
        self.move(x, y)
        self.send("on_mouse_press", x, y, mouse.LEFT, 0)
        self.send("on_mouse_release", x, y, mouse.LEFT, 0)

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 6,
             button: int = mouse.LEFT) -> None:
        (x0, y0), (x1, y1) = start, end
        self.move(x0, y0)
        self.send("on_mouse_press", x0, y0, button, 0)
        for i in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            self.send("on_mouse_drag", x, y, (x1 - x0) / steps, (y1 - y0) / steps, button, 0)
        self.send("on_mouse_release", x1, y1, button, 0)

    def orbit(self, dx: float, dy: float = 0.0) -> None:
        """A right-drag from the middle of the window: the camera turns."""
        w, h = self.size
        self.send("on_mouse_drag", w / 2, h / 2, dx, dy, mouse.RIGHT, 0)

    def wheel(self, x: float, y: float, steps: float) -> None:
        self.move(x, y)
        self.send("on_mouse_scroll", x, y, 0, steps)

    def key(self, symbol: int, modifiers: int = 0) -> None:
        self.send("on_key_press", symbol, modifiers)

    def number_key(self, i: int) -> None:
        """The key of the i-th button (0 based: key 1 for the first)."""
        self.key(getattr(key, f"_{i + 1}"))

    def tick(self, frames: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(frames):
            self.note("tick", dt)
            self.app.tick(dt)
            self.after()

    def note(self, name: str, *args: Any) -> None:
        """A step of the script that is no window event (a tick of the clock, a resize, a reload);
        runs of the same tick are kept as one entry with a count."""
        last = self.gestures[-1] if self.gestures else None
        if name == "tick" and last is not None and last[0] == "ticks" and last[1][0] == args[0]:
            self.gestures[-1] = ("ticks", (args[0], last[1][1] + 1))
        elif name == "tick":
            self.gestures.append(("ticks", (args[0], 1)))
        else:
            self.gestures.append((name, args))

    def settle(self, done: Callable[[], bool], ticks: int = 600, wait_s: float = 300.0,
               progress: Callable[[], Any] = lambda: None) -> bool:
        """Tick until ``done()``; False if it never came (the caller says what hung): after
        ``ticks`` frames with no ``progress`` (bots playing move after move are progress), or after
        ``wait_s`` seconds of a bot thinking in the worker with no progress."""
        import time

        n, mark, since = 0, progress(), time.monotonic()
        while not done():
            thinking = self.screen.waiting()
            if n >= ticks and not thinking or time.monotonic() - since > wait_s:
                return False
            self.note("tick", 1 / 30)
            self.app.tick(1 / 30)
            self.after()
            n += 1
            if progress() != mark:
                n, mark, since = 0, progress(), time.monotonic()
            if thinking:
                time.sleep(0.002)  # a bot thinks in the worker: let it have the core
        return True

    # ---- where to put the pointer ---------------------------------------------------------------
    def pose(self) -> tuple:
        """Where the camera looks from now: a point found before it moved points elsewhere."""
        cam = self.view.camera
        return (cam.yaw, cam.pitch, cam.distance, *map(float, cam.target))

    def visible(self, target: Any, under: Callable[[float, float], Any], alike: Sequence[Any] = ()) -> tuple[float, float]:
        """Window pixels where a click lands on ``target``, orbiting the camera (as a person would)
        while another piece or a panel hides it; ``under`` says what a click at a point means.
        ``alike``: targets a click on which means the same (identical tiles in a pile, whose top
        alone can be clicked), tried after ``target``."""
        w, h = self.size
        wanted = [target, *(a for a in alike if a != target)]
        for i in range(14):
            for x, y in (spot for t in wanted for spot in self._spots(t)):
                if 0 <= x < w and 0 <= y < h and under(x, y) in wanted and not self.over_panel(x, y):
                    return x, y
            if i == 0:  # first as a person who orbited or zoomed away would: Home, the view made for the decision
                self.key(key.HOME)
            elif i % 4 == 0:  # off the window: back the camera off a little
                self.wheel(w - 8, h / 2, -2)  # at the edge: over no piece (a wheel on a cube pivots it)
            else:
                self.orbit(70, 0)
            self.tick()
            while getattr(self.screen, "looking", 0.0):  # the camera comes to rest, the buttons back
                self.tick()
        raise Unreachable(f"{target!r} stays hidden from every side")

    def _spots(self, target: Any) -> list[tuple[float, float]]:
        """Where on ``target`` a person may click: its middle first, then across its outline (a
        tray half under the top bar is taken by its part in view)."""
        spots = [tuple(self.view.target_pos(target))]
        area = self.view.target_area(target)
        if len(area) >= 3:
            cx, cy = sum(p[0] for p in area) / len(area), sum(p[1] for p in area) / len(area)
            spots += [(cx, cy)] + [(cx + (px - cx) * f, cy + (py - cy) * f) for f in (0.5, 0.85) for px, py in area]
        return spots

    def over_panel(self, x: float, y: float) -> bool:
        """Whether a button of an overlay would take a click at (x, y) before the table does."""
        return any(o.button_at(x, y) is not None for o in self.screen.overlays())

    def press_button(self, overlay: Any, value: Any, keys: bool = False) -> None:
        """Click the button of ``overlay`` whose value is ``value`` (or press its number key)."""
        buttons = [b for b in overlay.buttons if b.value == value and b.enabled]
        if not buttons:
            raise Unreachable(f"no button for {value!r}")
        if keys:  # the key the button's label names, as a person reads it: "End move (2)"
            named = re.search(r"\((\d)\)$", buttons[0].text)
            if named:
                self.number_key(int(named.group(1)) - 1)
                return
        self.click(*buttons[0].centre)
