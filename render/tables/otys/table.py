"""Otys' half of the game screen: clicks on keys, divers, Store spaces, cards and reward tokens (a
piece, then a lit place, for actions that need two), buttons for what no piece stands for, HUD
facts, tooltips and the log in words. Private contracts are named only to their owner.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from game.core import Action, Event
from game.otys import actions as A
from game.otys.data import GOAL, LEVELS, SURFACE
from game.otys.state import OtysState
from render import i18n
from render.i18n import t
from render.tables.clicks import ClickTable
from render.tables.kit import Host
from render.tables.otys import art
from render.tables.otys.gestures import OtysGestures
from render.tables.otys.layout import BOARD_HALF, seat_frame
from render.tables.otys.pieces import card_visible, drawing
from render.tables.otys.view import OtysView
from render.tables.otys.preview import effect_preview
from render.tables.otys.sentences import action_words, caption, log_text
from render.tables.otys.words import SOURCES, describe, holder, prestige_sources
from render.ui import theme
from render.ui.areas import Area
from render.ui.hud import SeatScore
from render.ui.preview import Picture
from render.ui.score_table import FinalTable

MAY_SHOWN = 2  # moves a tooltip names before "…"
# A hovered piece's print shown large, its heights in pixels to try, largest first: the smallest
# still sets a sponsor's gift and a contract's needs at a cap height of 16 px (their boxes in
# print_boxes are a fifth of the print), so it finds a place clear of the centre block and the own
# board in the smallest window.
PREVIEW_HEIGHTS = {"sponsor": (180.0, 150.0, 120.0, 100.0, 80.0), "card": (260.0, 220.0, 180.0, 150.0, 120.0, 100.0)}


class OtysTable(ClickTable[OtysState]):
    close_home = True  # the view's seat_home looks over the own board; lit Colony, Store or contracts back it off
    shared_pitch = 55.0  # ... to this pitch, framed whole: the centre block large behind the own board, not a thin band

    @property
    def keys_help(self) -> str:
        return t("otys.keys")

    def __init__(self, host: Host, view: OtysView) -> None:
        self.selected: Any = None  # a piece whose actions wait for a place
        super().__init__(host, view)
        self.view: OtysView = view
        self.gestures: OtysGestures | None = None

    def eyes(self) -> int | None:
        return self.host.eyes()

    def make_gestures(self) -> OtysGestures:
        return OtysGestures(self.state)

    def button_anchor(self) -> Any:
        return ("counter", self.state.current_player, 1)  # beside the seat's board

    def own_zones(self) -> list[tuple[Any, Area]]:
        """The deciding seat's board, the contracts in its hand and those it has drawn to choose from
        (read whole before one is kept: the camera frames them, no panel covers them)."""
        g = self.gestures
        if g is None:
            return []
        hx, hz = BOARD_HALF
        corners = [(seat_frame(g.seat, self.state.num_players) @ np.array([x, y, z, 1.0]))[:3]
                   for x in (-hx, hx) for y in (0.0, 0.1) for z in (-hz, hz)]
        drawn = [c for seat, cards in drawing(self.state) if seat == g.seat for c in cards]
        hand = [("card", c) for c in [*self.state.players[g.seat].hand, *drawn]]
        return [(("board", g.seat), self.view.world_area(corners)), *((t, self.view.target_area(t)) for t in hand)]

    def shared_framed(self) -> list[Area]:
        """At a decision about a piece not the seat's own (a sponsor, a reward token, a Store space,
        a public contract, the deck, another seat's diver): the own board and hand, the whole
        centre block (Colony, Store, contracts) and the lit pieces, so every such decision shows the
        same view, the centre read large behind the board; [] at a decision on the own board."""
        g = self.gestures
        lit = self.lit()
        if g is None or all(self._own(t, g.seat) for t in lit):
            return []
        return [*(a for _, a in self.own_zones()), self.view.centre_area(),
                *(self.view.target_area(t) for t in sorted(lit, key=repr))]

    def _own(self, target: Any, seat: int) -> bool:
        """A piece on ``seat``'s board, or a contract in its hand or being drawn by it."""
        if target[0] == "card":
            return target[1] not in self.state.table.public
        return target[0] in ("diver", "key", "res", "level", "pos", "track") and target[1] == seat

    def pending(self) -> bool:
        return super().pending() or self.selected is not None

    def tab_order(self) -> list:
        """With a piece chosen, its lit places (and the piece, to put it back); else every piece."""
        return sorted(self.lit(), key=repr) if self.selected is not None else super().tab_order()

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
    def describe_action(self, action: Action) -> str:
        return caption(self.state, action)

    def button_words(self, a: Action) -> str:
        s = self.state
        if a == A.RESURFACE:
            return t("otys.button.resurface")
        if a == A.OXYGEN:
            return t("otys.button.oxygen")
        if a == A.DONE and not s.pending and s.stage == "step2":
            return t("otys.button.done")
        words = action_words(s, a)
        return words[:1].upper() + words[1:]

    def can_do(self) -> str:
        g = self.gestures
        if g is None:
            return ""
        if self.selected is not None:
            return t("otys.can.place")
        if self._hovered is not None:
            acts = g.click(self._hovered)
            if acts:
                what = self.button_words(acts[0])
                return t("otys.can.click", what=what) if len(acts) == 1 else \
                    t("otys.can.click_more", what=what, n=len(acts) - 1)
        s = self.state
        return t(f"otys.can.{s.pending[-1][0] if s.pending else s.stage}")

    def scores(self, viewer: int | None) -> list[SeatScore]:
        s = self.state
        marked = s.winners() if s.is_over else [s.current_player]
        return [SeatScore(i, theme.player_name(i), t("otys.score", prestige=p.prestige, credits=p.credits,
                                                       batteries=p.batteries, hand=len(p.hand)), i in marked)
                for i, p in enumerate(s.players)]

    def table_news(self) -> str:
        s = self.state
        if s.is_over:
            return ""
        return t("otys.news.last" if s.end_triggered else "otys.news", goal=GOAL, deck=len(s.table.deck))

    def final_lines(self) -> list[str]:
        s = self.state
        winners = set(s.winners())
        order = self._ranked()
        lines = [t("otys.final", place=place, who=theme.player_label(i), prestige=s.players[i].prestige,
                   left=s.players[i].resources()) for place, i in enumerate(order, 1)]
        return [t("otys.final.wins", line=line) if i in winners else line for line, i in zip(lines, order)]

    def final_table(self) -> FinalTable:
        """Prestige by source, a row for any the events do not explain, the tie-break and the total."""
        s = self.state
        seats = self._ranked()
        got = prestige_sources(self.host.match.log, s.num_players)
        rows = [(t(f"otys.end.{src}"), [str(got[i][src]) for i in seats]) for src in SOURCES]
        other = [s.players[i].prestige - sum(got[i].values()) for i in seats]
        if any(other):  # a game resumed from a position rather than replayed from its start
            rows.append((t("otys.end.other"), [str(n) for n in other]))
        rows.append((t("otys.end.left"), [str(s.players[i].resources()) for i in seats]))
        return seats, [*rows, (t("otys.end.total"), [str(s.players[i].prestige) for i in seats])]

    def _ranked(self) -> list[int]:
        """Seats best first: most prestige, then most resources left (the rules' tie-break)."""
        s = self.state
        return sorted(range(s.num_players), key=lambda i: (-s.players[i].prestige, -s.players[i].resources()))

    def describe_target(self, target: Any) -> str:
        """What the piece is; on the person's turn what they may do with it, and for a diver (or its
        level, its key, a place it may swim to) what its effect would give there now."""
        s = self.state
        words = [describe(s, target, self.eyes())]
        acts = self._acts_on(target)
        if acts:
            shown = t("otys.or").join(action_words(s, a) for a in acts[:MAY_SHOWN])
            words.append(t("otys.tip.may", what=shown + (t("otys.more") if len(acts) > MAY_SHOWN else "")))
        where = self._diver_level(target)
        if where is not None:
            words.append(effect_preview(s, target[1], *where))
        if target[0] == "key" and acts and 1 <= target[2] <= LEVELS:  # a key uses its level's sponsor too
            words.append(describe(s, ("sponsor", target[2]), self.eyes()))
        return t("otys.tip.sep").join(words)

    def preview(self, target: Any) -> Picture | None:
        """A Colony sponsor tile or a contract hovered, large: the table's own print of it (in the
        language spoken). A contract only where its face shows to the person at the screen: a public
        one, one in their hand or drawn for them to choose from; never another seat's, the deck's,
        nor any private one while the screen is being passed on. A key the person may play shows
        the sponsor of its level: the Colony lies behind the close camera while keys are chosen."""
        if target is not None and target[0] == "key" and 1 <= target[2] <= LEVELS and self._acts_on(target):
            target = ("sponsor", target[2])
        if target is None or target[0] not in ("sponsor", "card"):
            return None
        s, lang = self.state, i18n.language()
        if target[0] == "sponsor":
            if not 1 <= target[1] <= LEVELS:
                return None
            sponsor = s.table.sponsors[target[1] - 1]
            key: tuple[Any, ...] = ("sponsor", sponsor, s.table.sides[sponsor])
            aspect = art.SPONSOR_ASPECT
        else:
            card = target[1]
            if card not in s.table.public:
                owner = holder(s, card)
                if owner is None or not card_visible(owner, self.eyes()):
                    return None
            key, aspect = ("card", card), art.CARD_ASPECT
        return Picture(("otys", *key, lang), art.print_image(key), aspect, heights=PREVIEW_HEIGHTS[target[0]])

    def _acts_on(self, target: Any) -> list[Action]:
        """The person's moves a click on ``target`` would offer now (as the place of a chosen piece too)."""
        g = self.gestures
        if g is None:
            return []
        if self.selected is not None:
            return list(g.places(self.selected).get(target, ()))
        return g.click(target)

    def _diver_level(self, target: Any) -> tuple[int, int] | None:
        """(diver, level) whose effect ``target`` stands for on the board of the person at the screen."""
        kind = target[0]
        if kind not in ("diver", "level", "res", "key", "pos") or target[1] != self.eyes():
            return None
        p = self.state.players[target[1]]
        if kind == "diver":
            pos = p.position_of(target[2])
            return (target[2], pos - SURFACE + 1) if pos >= SURFACE else None
        if kind == "pos":
            chosen = self.selected
            if chosen is None or chosen[0] != "diver" or target[2] < SURFACE:
                return None
            return chosen[2], target[2] - SURFACE + 1
        level = target[2]
        if kind == "key" and level not in range(1, LEVELS + 1):
            return None
        return p.diver_at(level), level

    def log_text(self, event: Event, viewer: int | None) -> str:
        return log_text(event, viewer)  # the rules never write a private card into an event's data
