"""Otys' half of the game screen: clicks on keys, divers, Store spaces, cards and reward tokens (a
piece, then a lit place, for actions that need two), buttons for what no piece stands for, HUD
facts, tooltips and the log in words. Private contracts are named only to their owner.
"""
from __future__ import annotations

import re
from typing import Any

from game.core import Action, Event
from game.otys import actions as A
from game.otys.data import DIVERS, GOAL
from game.otys.state import OtysState
from render.tables.kit import GameTable, Host
from render.tables.otys.gestures import OtysGestures
from render.tables.otys.view import OtysView
from render.tables.otys.words import describe, plain_text
from render.ui import theme
from render.ui.hud import ContextButtons, SeatScore
from render.ui.menu import ChoiceMenu

KEYS_HELP = ("click a lit key, diver, space or card (a piece, then a lit place) · 1-9 the buttons · Tab/Enter · "
             "H hint · U undo · Ctrl+S save · L log · right-drag orbit · wheel zoom · Home camera · Esc menu")
STAGE_WORDS = {"key": "choose a key", "step1": "step 1: sponsor and propellers", "step2": "step 2: the diver",
               "step3": "step 3: resurface or stay down"}


class OtysTable(GameTable):
    keys_help = KEYS_HELP

    def __init__(self, host: Host, view: OtysView) -> None:
        super().__init__(host, view)
        self.view: OtysView = view
        self.gestures: OtysGestures | None = None
        self.context, self.menu = ContextButtons(), ChoiceMenu()
        self.menu_items: list[tuple[str, Action]] = []
        self.menu_at = (0.0, 0.0)
        self.selected: Any = None  # a piece whose actions wait for a place
        self._hovered: Any = None
        self.focus: Any = None
        self._press: Any = None
        self._hint: Action | None = None

    @property
    def state(self) -> OtysState:
        return self.host.state  # type: ignore[return-value]

    def eyes(self) -> int | None:
        return self.host.eyes()  # type: ignore[attr-defined]

    # ---- the position ------------------------------------------------------------------------
    def reset(self, active: bool) -> None:
        self.gestures = OtysGestures(self.state) if active else None
        self.menu_items, self._hovered, self.focus, self._press, self.selected = [], None, None, None, None
        self.view.set_viewer(self.eyes())
        self.changed = True

    @property
    def active(self) -> bool:
        return self.gestures is not None

    def lit(self) -> set:
        g = self.gestures
        if g is None:
            return set()
        if self.selected is not None:
            return set(g.places(self.selected)) | {self.selected}
        if self._hovered in g.by_target:  # a contract under the pointer lights the levels that complete it
            return g.targets() | set(g.places(self._hovered))
        if self._hint is not None:
            hinted = {t for t, acts in g.by_target.items() if self._hint in acts}
            if hinted:
                return hinted
        return g.targets()

    @property
    def hovered(self) -> Any:
        return self._hovered

    def build(self, width: int, height: int, hint: Action | None) -> None:
        self._hint = hint
        self.view.set_viewer(self.eyes())
        self.view.set_highlights(self.lit(), self._hovered)
        g = self.gestures
        if g is None:
            self.context.clear()
            self.menu.clear()
            return
        items = [(f"{self.button_words(a)} ({i + 1})" if i < 9 else self.button_words(a), a, True)
                 for i, a in enumerate(g.buttons)]
        anchor = self.view.target_pos(("counter", g.seat, 1))
        avoid = [self.view.target_pos(t) for t in self.lit() if t[0] not in ("level", "pos", "track")]
        self.context.build(anchor, width, height, items, avoid=avoid, marked=hint)
        self.menu.clear()
        if self.menu_items:
            self.menu.build(*self.menu_at, width, height, self.menu_items)

    def overlays(self) -> list:
        return [self.menu, self.context]

    def modal(self) -> bool:
        return bool(self.menu_items)

    def suggest(self, action: Action) -> None:
        self._hint = action

    # ---- input -------------------------------------------------------------------------------
    def _under(self, x: float, y: float) -> Any:
        """The lit target under the pointer (even behind another piece), else None."""
        lit = self.lit()
        return next((t for t in self.view.pick_all(x, y) if t in lit), None)

    def hover(self, x: float, y: float) -> bool:
        target = self._under(x, y) if self.gestures is not None and not self.menu_items else None
        if target == self._hovered:
            return False
        self._hovered = target
        self.view.set_highlights(self.lit(), target)
        return True

    def press(self, x: float, y: float) -> None:
        self._press = self._under(x, y) if self.gestures is not None else None

    def release(self, x: float, y: float) -> None:
        start, self._press = self._press, None
        if start is None or self.gestures is None:
            return
        if self._under(x, y) == start:
            self.activate(start, (x, y))
            return
        places = self.gestures.places(start)  # a drag from a piece onto one of its places
        end = next((t for t in self.view.pick_all(x, y) if t in places), None)
        if end is not None:
            self.selected = None
            self._act(places[end], (x, y))

    def activate(self, target: Any, at: tuple[float, float]) -> None:
        """A click on ``target``: a piece whose actions need a place lights the places; a lit place
        takes the chosen piece's action there; else one action is taken, several ask in a menu."""
        g = self.gestures
        if g is None:
            return
        self.changed = True
        if self.selected is not None:
            places = g.places(self.selected)
            if target == self.selected:
                self.selected = None
            elif target in places:
                self.selected = None
                self._act(places[target], at)
            return
        places = g.places(target)
        if len(places) > 1:
            self.selected = target
            self.view.set_highlights(self.lit(), self._hovered)
        else:
            self._act(g.click(target), at)

    def _act(self, actions: list[Action], at: tuple[float, float]) -> None:
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
            self._act([value], self.menu_at)
        self.changed = True

    def key(self, name: str) -> bool:
        g = self.gestures
        if g is None:
            return False
        number = name[-1] if re.fullmatch(r"(_|NUM_)[1-9]", name) else None
        if name == "ESCAPE" and (self.menu_items or self.selected is not None):
            self.menu_items, self.selected = [], None
        elif number and self.menu_items:
            i = int(number) - 1
            if i < len(self.menu_items):
                self._act([self.menu_items[i][1]], self.menu_at)
        elif number:
            i = int(number) - 1
            if i < len(g.buttons):
                self._act([g.buttons[i]], self.menu_at)
        elif name == "TAB":
            order = sorted(self.lit(), key=repr)
            if order:
                i = order.index(self.focus) + 1 if self.focus in order else 0
                self.focus = self._hovered = order[i % len(order)]
                self.view.set_highlights(self.lit(), self._hovered)
        elif name in ("ENTER", "RETURN", "NUM_ENTER") and self.focus is not None:
            self.activate(self.focus, self.view.target_pos(self.focus))
            self.focus = None
        else:
            return False
        self.changed = True
        return True

    # ---- words -------------------------------------------------------------------------------
    def button_words(self, a: Action) -> str:
        s = self.state
        if a == A.DONE:
            top = s.pending[-1] if s.pending else None
            if top is not None:
                return "Skip the token's front" if top[0] == "front" else "Done with the copied diver"
            return f"Activate the {DIVERS[s.players[s.turn].diver_at(s.key_level)]}" if s.stage == "step1" else "Done"
        if a == A.RESURFACE:
            return "Resurface"
        if a == A.OXYGEN:
            return "Oxygen: stay down (1 battery)"
        words = self.host.describe(a)
        words = re.sub(r"^Seat \d('s)?\s*", "", words)
        return plain_text(words[:1].upper() + words[1:])

    def can_do(self) -> str:
        g = self.gestures
        if g is None:
            return ""
        if self.selected is not None:
            return "click a lit place (Esc: choose again)"
        if self._hovered is not None:
            acts = g.click(self._hovered)
            if acts:
                more = "" if len(acts) == 1 else f" (or {len(acts) - 1} more)"
                return "click: " + self.button_words(acts[0]) + more
        s = self.state
        if s.pending:
            kind = s.pending[-1][0]
            return {"keep": "keep one of the drawn contracts (click it)", "front": "use the reward token's front",
                    "copy": "use the copied diver", "oxygen": "resurface, or spend a battery to stay down"}[str(kind)]
        return STAGE_WORDS.get(s.stage, "")

    def scores(self, viewer: int | None) -> list[SeatScore]:
        s = self.state
        marked = s.winners() if s.is_over else [s.current_player]
        return [SeatScore(i, theme.PLAYER_NAMES[i], f"{p.prestige}★ {p.credits}C {p.batteries}B "
                          f"{len(p.hand)} in hand", i in marked) for i, p in enumerate(s.players)]

    def table_news(self) -> str:
        s = self.state
        if s.is_over:
            return ""
        last = " · last round" if s.end_triggered else ""
        return f"First to {GOAL} Prestige ends the round{last} · {len(s.table.deck)} contracts in the deck"

    def final_lines(self) -> list[str]:
        s = self.state
        winners = set(s.winners())
        order = sorted(range(s.num_players), key=lambda i: (-s.players[i].prestige, -s.players[i].resources()))
        return [f"{place}. {theme.player_label(i)}: {s.players[i].prestige} Prestige · "
                f"{s.players[i].resources()} resources left" + ("  — wins" if i in winners else "")
                for place, i in enumerate(order, 1)]

    def describe_target(self, target: Any) -> str:
        return describe(self.state, target, self.eyes())

    def log_text(self, event: Event, viewer: int | None) -> str:
        return plain_text(event.text)  # the rules never write a private card into an event's text

