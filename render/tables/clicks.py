"""The pointer and keys of a table where a click on a lit piece means a move: buttons beside the
seat for what no piece stands for, a small menu when a click means several moves, number keys for the
buttons, Tab/Enter over the lit pieces. Cubitos and Otys share it; Octocube's rolling, pivoting and
scoring gestures keep their own controller."""
from __future__ import annotations

import re
from typing import Any, Protocol

from game.core import Action
from render.tables.kit import GameTable, Host, S, View
from render.ui.areas import Area
from render.ui.hud import ContextButtons
from render.ui.menu import ChoiceMenu

NUMBER_KEY = re.compile(r"(_|NUM_)([1-9])")


class Gestures(Protocol):
    """A position's legal actions by the target a click lands on (see the kits' gestures modules)."""

    seat: int
    legal: list[Action]
    buttons: list[Action]
    by_target: dict[Any, list[Action]]

    def targets(self) -> set: ...
    def click(self, target: Any) -> list[Action]: ...


class ClickTable(GameTable[S]):
    """A kit's table of lit pieces to click; subclasses say which gestures, where the buttons stand
    and the words on them."""

    def __init__(self, host: Host, view: View) -> None:
        super().__init__(host, view)
        self.gestures: Any = None
        self.context, self.menu = ContextButtons(), ChoiceMenu()
        self.menu_items: list[tuple[str, Action]] = []
        self.menu_at = (0.0, 0.0)
        self._hovered: Any = None
        self.focus: Any = None
        self._press: Any = None
        self._hint: Action | None = None

    # ---- what a kit says -----------------------------------------------------------------------
    def make_gestures(self) -> Gestures:
        raise NotImplementedError

    def button_anchor(self) -> Any:
        """The target the buttons stand beside (the seat's tray, its board)."""
        raise NotImplementedError

    def button_words(self, action: Action) -> str:
        return self.host.describe(action)

    def tab_order(self) -> list:
        """What Tab steps through: the pieces a click acts on (not the places a focused piece lights
        too, which would change the order under the focus and leave some pieces out of reach)."""
        g = self.gestures
        return [] if g is None else sorted(self.hinted(g.targets()), key=repr)

    def pending(self) -> bool:
        """Something Esc would take back (else Esc is the shell's: the start menu)."""
        return bool(self.menu_items)

    def cancel(self) -> None:
        """Esc: close the menu."""
        self.menu_items = []

    # ---- the position ------------------------------------------------------------------------
    def reset(self, active: bool) -> None:
        self.gestures = self.make_gestures() if active else None
        self.menu_items, self._hovered, self.focus, self._press = [], None, None, None
        self.cancel()
        self.changed = True

    @property
    def active(self) -> bool:
        return self.gestures is not None

    @property
    def hovered(self) -> Any:
        return self._hovered

    def hinted(self, targets: set) -> set:
        """``targets``, or only those of the hinted move while a hint is up."""
        if self._hint is not None and self.gestures is not None:
            hinted = {t for t, acts in self.gestures.by_target.items() if self._hint in acts}
            if hinted:
                return hinted
        return targets

    def lit(self) -> set:
        return set() if self.gestures is None else self.hinted(self.gestures.targets())

    def build(self, width: int, height: int, hint: Action | None) -> None:
        self._hint = hint
        self.view.set_highlights(self.lit(), self._hovered)
        g = self.gestures
        self.menu.clear()
        if g is None:
            self.context.clear()
            return
        items = [(f"{self.button_words(a)} ({i + 1})" if i < 9 else self.button_words(a), a, True)
                 for i, a in enumerate(g.buttons)]
        keep, spare = self.keep_clear(width, height), self.spare()
        self.context.build(self.view.target_pos(self.button_anchor()), width, height, items, avoid=keep,
                           marked=hint, decision=(g.seat, self.button_anchor()), spare=spare)
        if self.menu_items:
            self.menu.build(*self.menu_at, width, height, self.menu_items, avoid=keep, spare=spare)

    def keep_clear(self, width: int, height: int) -> list[Area]:
        """What the buttons must leave in view: every lit piece and place, the seat's own zones."""
        lit = [self.view.target_area(t) for t in sorted(self.lit(), key=repr)]
        return [a for a in lit if a] + [a for _, a in self.zones_kept_clear(width, height)]

    def spare(self) -> list[Area]:
        """The other pieces on the table: the buttons stand off them too when a place nearby allows."""
        if self.swinging:
            return []
        lit, pointed = self.lit(), getattr(self.host, "pointing", None)
        others = [t for t in self.view.shown_targets() if t not in lit]
        if pointed is not None and pointed not in lit and pointed not in others:
            others.append(pointed)  # the piece whose tooltip shows (a track space is no shown piece)
        return [a for a in (self.view.target_area(t) for t in others) if a]

    def overlays(self) -> list:
        return [self.menu, self.context]

    def modal(self) -> bool:
        return bool(self.menu_items)

    def suggest(self, action: Action) -> None:
        self._hint = action

    # ---- input -------------------------------------------------------------------------------
    def under(self, x: float, y: float) -> Any:
        """The lit target under the pointer (even behind another piece), else None."""
        lit = self.lit()
        return next((t for t in self.view.pick_all(x, y) if t in lit), None)

    def hover(self, x: float, y: float) -> bool:
        target = self.under(x, y) if self.gestures is not None and not self.menu_items else None
        if target == self._hovered:
            return False
        self._hovered = target
        self.view.set_highlights(self.lit(), target)
        return True

    def press(self, x: float, y: float) -> None:
        self._press = self.under(x, y) if self.gestures is not None else None

    def release(self, x: float, y: float) -> None:
        target, self._press = self._press, None
        if target is not None and target == self.under(x, y):
            self.activate(target, (x, y))

    def activate(self, target: Any, at: tuple[float, float]) -> None:
        """A click on ``target``: one move is made, several ask which in a small menu."""
        if self.gestures is not None:
            self.act(self.gestures.click(target), at)

    def act(self, actions: list[Action], at: tuple[float, float]) -> None:
        if not actions:
            return
        self.changed = True
        if len(actions) == 1:
            self.menu_items = []
            self.host.submit(actions[0])
        else:
            self.menu_at = at
            self.menu_items = [(self.button_words(a), a) for a in actions]

    def button(self, value: Any) -> None:
        if isinstance(value, Action):
            self.act([value], self.menu_at)
        self.changed = True

    def key(self, name: str) -> bool:
        g = self.gestures
        if g is None:
            return False
        number = NUMBER_KEY.fullmatch(name)
        if name == "ESCAPE" and self.pending():
            self.cancel()
        elif number:
            i = int(number.group(2)) - 1
            choices = [a for _, a in self.menu_items] if self.menu_items else g.buttons
            if i < len(choices):
                self.act([choices[i]], self.menu_at)
        elif name == "TAB":
            order = self.tab_order()
            if order:
                i = order.index(self.focus) + 1 if self.focus in order else 0
                self.focus = self._hovered = order[i % len(order)]
                self.view.set_highlights(self.lit(), self._hovered)
        elif name in ("ENTER", "RETURN", "NUM_ENTER") and self.focus is not None:
            focus, self.focus = self.focus, None
            self.activate(focus, self.view.target_pos(focus))
        else:
            return False
        self.changed = True
        return True
