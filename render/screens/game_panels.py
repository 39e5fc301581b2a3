"""What a game screen shows over its table: the HUD bar, the log, the banner and the final
scores, the tooltip and its piece's preview, the rules guide, and which piece the pointer is on.

A part of :class:`render.screens.game.GameScreen` (a mixin: its methods read the screen's match,
table and panels), apart because laying out panels so that none hides what is being decided is a
matter of its own, and the game screen's file stays one to read through.
"""
from __future__ import annotations

from typing import Any

from render.i18n import t
from render.screens.game_parts import ScreenParts
from render.ui import theme
from render.ui.areas import mostly_hidden, overlaps, rect_area
from render.ui.guide_pictures import paint
from render.ui.hud import LOG_LINES, overlay_rects

NOWHERE = (-1.0, -1.0)  # the pointer before it first moves over a screen


class GamePanels(ScreenParts):
    """The game screen's panels and what the pointer is on (see the module): no state of their own,
    they use the screen's."""

    def _build_panels(self) -> None:
        w, h = self.app.width, self.app.height
        self.table.swinging = self.turn_to is not None
        self.table.build(w, h, self.hint_action)
        self._step_aside()
        self._build_hud()
        self._build_log()
        self._build_banner(w, h)
        if self.pointer != NOWHERE:  # what lies under a still pointer now (the table and panels may have changed)
            self.pointing = self._pick(*self.pointer)
            if self._log_hides(self.pointing):  # the log was laid out for the piece pointed at before
                self._build_log()
        self._build_tooltip()
        self._build_guide()

    def _step_aside(self) -> None:
        """While the camera moves under the person's hand (``looking``), the table's buttons are
        not shown: laid out for one frame of the move, they would stand wrong in the next. An open
        menu of choices stays."""
        if self.looking and not self.table.modal():
            for o in self.table.overlays():
                o.clear()

    def _build_guide(self) -> None:
        self.guide.build(self.app.width, self.app.height)

    def open_guide(self, page: int | None = None) -> None:
        """The rules guide over the table; its pictures are this view's, from the reader's side."""
        yaw = self.kit.seat_angle(self.viewer or 0, self.state.num_players)
        self.guide.open(self.match.data.game, self.kit.guide_pages, lambda shot, size: paint(self.view, yaw, shot, size),
                        self.ply, page)
        self._build_guide()
        self._build_tooltip()  # the table under the guide says nothing of the piece last pointed at

    def _guide_input(self) -> None:
        """After a key or click of the open guide: closed, the table takes the pointer back."""
        self._build_guide()
        if not self.guide.shown:
            self.dirty = True

    def _build_log(self) -> None:
        """The last events, each as the person at the screen may read it."""
        eyes = self.eyes()
        lines = [self.table.log_text(e, eyes) for e in self.match.log[-LOG_LINES:]]
        keep = self._kept_clear()  # the log never hides what is being decided: fewer lines instead,
        keep += [rect_area(o.bounds) for o in self.table.overlays() if o.bounds is not None]  # nor a button
        pieces = [] if self.table.swinging else [self.view.target_area(t) for t in self.view.shown_targets()]
        pointed = self.view.target_area(self.pointing) if self.pointing is not None else []
        if pointed:  # the piece whose tooltip shows: given way for as what is decided
            keep = [*keep, pointed]
        self.log_panel.build(self.app.width, self.app.height, lines, self.log_folded, avoid=keep,
                             spare=[a for a in pieces if a])

    def _kept_clear(self) -> list:
        """The screen areas no panel may cover: the lit targets while a person decides here, and
        the deciding seat's own zones; at a decision about the shared table, the shared boards it
        is framed with too (Otys: a log open over the Store's corner hid its prices)."""
        keep = [area for area in (self.view.target_area(t) for t in sorted(self.table.lit(), key=repr)) if area] \
            if self.table.active else []
        shared = self.table.shared_framed() if self.table.active and self.table.shared_pitch is not None else []
        return keep + [a for _, a in self.table.zones_kept_clear(self.app.width, self.app.height)] + [a for a in shared if a]

    def _build_tooltip(self) -> None:
        text = self.table.describe_target(self.pointing) if self.pointing and not self._modal() else ""
        self.tooltip.build(*self.pointer, self.app.width, text, self._buttons_shown() if text else [],
                           self.app.height)
        picture = self.table.preview(self.pointing) if text and not self._swinging() else None
        if picture is None:
            self.preview.build(None, [], self.app.width, self.app.height)
        else:  # beside its piece, clear of the tooltip and of what is being decided
            self.preview.build(picture, self.view.target_area(self.pointing), self.app.width, self.app.height,
                               self._kept_clear(), self.tooltip.bounds)

    def _buttons_shown(self) -> list:
        """The rectangles of the table's buttons and panels: a tooltip stands clear of them where
        it can (one over the Score button hid it)."""
        return [rect for _, rect in overlay_rects(self.table.overlays())]

    def _swinging(self) -> bool:
        """The camera turns to the next person or under the person's hand: a piece's large picture
        steps aside (laid beside the piece, the piece would slide under it), back once it rests."""
        return self.turn_to is not None or bool(self.looking)

    def _repoint(self) -> None:
        """The piece under a still pointer after the table moved under it (a move, the camera)."""
        pointing = self._pick(*self.pointer) if self.pointer != NOWHERE else None
        if pointing != self.pointing:
            self._point_at(pointing)
        elif self._log_hides(pointing):  # the same piece, moved under the log (the camera turned)
            self._build_log()
            self._build_tooltip()
        elif self.preview.bounds is not None and pointing is not None and \
                (self._swinging() or overlaps(self.preview.bounds, self.view.target_area(pointing))):
            self._build_tooltip()  # the piece moved under its own picture: laid beside it again

    def _point_at(self, pointing: Any) -> None:
        """The pointer is on another piece: its tooltip, and the log panel gives way if it hides
        most of it (the pointer beside the panel, the piece reaching under it)."""
        self.pointing = pointing
        if self._log_hides(pointing):
            self._build_log()
        self._build_tooltip()

    def _log_hides(self, pointing: Any) -> bool:
        """Whether the log panel hides most of the pointed piece (the pointer beside the panel, the
        piece reaching under it): the panel gives way then."""
        log, area = self.log_panel.bounds, self.view.target_area(pointing) if pointing is not None else []
        return bool(log is not None and area and mostly_hidden(log, area))

    def _pick(self, x: float, y: float) -> Any:
        """The piece under the pointer, for its tooltip; none under a panel or a button (that is
        what the person points at, not the piece it hides), nor under the key line or the top bar."""
        if not theme.KEYS_HEIGHT <= y <= self.app.height - theme.HUD_HEIGHT:
            return None
        for o in self.overlays():
            b = o.bounds
            if b is not None and b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                return None
        target = self.view.pick(x, y)
        area = self.view.target_area(target) if target is not None else []
        if area and any(mostly_hidden((b.x, b.y, b.x + b.w, b.y + b.h), area)
                        for o in self.table.overlays() for b in o.buttons):
            return None  # a sliver beside a button that stays put in its decision: the button is what shows
        return target

    def _modal(self) -> bool:
        """A panel that owns the pointer is up: the table underneath shows no tooltips."""
        return self.guide.shown or self.handover or self.score_table.shown or self.table.modal()

    def _turn_text(self) -> str:
        state = self.state
        if state.is_over:
            return t("turn.over")
        seat = state.current_player
        who = theme.player_label(seat)
        if self.demo or self.bots[seat] is not None:
            return t("turn.thinking" if self.worker.busy else "turn.bot", who=who, bot=theme.bot_label(self.match.seats[seat]))
        return t("turn.yours" if len(self.humans()) > 1 else "turn.you", who=who)

    def _build_hud(self) -> None:
        self.hud.build(self.app.width, self.app.height, self._turn_text(), self._can_do(),
                       self.table.scores(self.eyes()), t("keys.demo") if self.demo else self.keys_help(),
                       self.table.table_news())

    def keys_help(self) -> str:
        """The key line: the table's keys (a network game's screen leaves out what it cannot do)."""
        return self.table.keys_help

    def _can_do(self) -> str:
        if self.message:
            return self.message
        if self.demo:
            return t("demo.status_paused" if self.paused else "demo.status", n=self.ply + 1,
                     speed=f"{self.view.anim_speed:g}")
        return self.table.can_do() if self.table.active else self.caption

    def _build_banner(self, w: int, h: int) -> None:
        state = self.state
        if state.is_over:  # the final scores as a table, hidden while people look at the final position
            buttons = [] if self.demo else [(t("banner.new"), "new"), (t("banner.menu"), "menu")]
            self.score_table.build(w, h, self.table.final_table(), state.winners(), buttons, self.scores_hidden)
            self.banner.clear()
            return
        if self.score_table.buttons:  # the end was undone
            self.score_table.clear()
        if self.handover:
            seat = state.current_player
            self.banner.build(w, h, t("handover.title", who=theme.player_label(seat)), [t("handover.line")],
                              [(t("handover.take", name=theme.player_name(seat)), "take")],
                              colour=theme.player_colour(seat))
        elif self.caption and (self.demo or self.hint_action is not None or self.caption.endswith("…")):
            self.banner.build(w, h, self.caption, [], y_frac=0.84)
        else:
            self.banner.clear()

    def overlays(self) -> list:
        """Top first: the order clicks are offered in."""
        return [self.guide, self.banner, self.score_table, *self.table.overlays(), self.log_panel]

    def layers(self) -> list:
        """The 2D layer, bottom first: the tooltip and its piece's preview above every button, panel
        and the log (a tooltip cut by a button reads as nothing), but under a modal panel (which owns
        the pointer)."""
        if self._modal():
            return [self.hud, self.preview, self.tooltip, *reversed(self.overlays())]
        return [self.hud, *reversed(self.overlays()), self.preview, self.tooltip]
