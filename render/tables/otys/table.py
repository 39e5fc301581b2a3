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
from render.tables.clicks import ClickTable
from render.tables.kit import Host
from render.tables.otys.gestures import OtysGestures
from render.tables.otys.view import OtysView
from render.tables.otys.words import describe, plain_text
from render.ui import theme
from render.ui.hud import SeatScore

KEYS_HELP = ("click a lit key, diver, space or card (a piece, then a lit place) · 1-9 the buttons · Tab/Enter · "
             "H hint · U undo · Ctrl+S save · L log · right-drag orbit · wheel zoom · Home camera · Esc menu")
STAGE_WORDS = {"key": "choose a key", "step1": "step 1: sponsor and propellers", "step2": "step 2: the diver",
               "step3": "step 3: resurface or stay down"}


class OtysTable(ClickTable):
    keys_help = KEYS_HELP

    def __init__(self, host: Host, view: OtysView) -> None:
        self.selected: Any = None  # a piece whose actions wait for a place
        super().__init__(host, view)
        self.view: OtysView = view
        self.gestures: OtysGestures | None = None

    @property
    def state(self) -> OtysState:
        return self.host.state  # type: ignore[return-value]

    def eyes(self) -> int | None:
        return self.host.eyes()

    def make_gestures(self) -> OtysGestures:
        return OtysGestures(self.state)

    def button_anchor(self) -> Any:
        return ("counter", self.state.current_player, 1)  # beside the seat's board

    def keeps_clear(self, target: Any) -> bool:
        return target[0] not in ("level", "pos", "track")

    def pending(self) -> bool:
        return super().pending() or self.selected is not None

    def cancel(self) -> None:
        super().cancel()
        self.selected = None

    # ---- the position ------------------------------------------------------------------------
    def reset(self, active: bool) -> None:
        super().reset(active)
        self.view.set_viewer(self.eyes())

    def lit(self) -> set:
        g = self.gestures
        if g is None:
            return set()
        if self.selected is not None:
            return set(g.places(self.selected)) | {self.selected}
        if self._hovered in g.by_target:  # a contract under the pointer lights the levels that complete it
            return g.targets() | set(g.places(self._hovered))
        return self.hinted(g.targets())

    def build(self, width: int, height: int, hint: Action | None) -> None:
        self.view.set_viewer(self.eyes())
        super().build(width, height, hint)

    # ---- input -------------------------------------------------------------------------------
    def release(self, x: float, y: float) -> None:
        start, self._press = self._press, None
        if start is None or self.gestures is None:
            return
        if self.under(x, y) == start:
            self.activate(start, (x, y))
            return
        places = self.gestures.places(start)  # a drag from a piece onto one of its places
        end = next((t for t in self.view.pick_all(x, y) if t in places), None)
        if end is not None:
            self.selected = None
            self.act(places[end], (x, y))

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
                self.act(places[target], at)
            return
        places = g.places(target)
        if len(places) > 1:
            self.selected = target
            self.view.set_highlights(self.lit(), self._hovered)
        else:
            self.act(g.click(target), at)

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
        return [SeatScore(i, theme.player_name(i), f"{p.prestige}★ {p.credits}C {p.batteries}B "
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

