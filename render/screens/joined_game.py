"""A joined seat's game screen: the table of a game hosted elsewhere, from this seat's chair, with
its observation only. It is the game screen with a :class:`~game.net.seat_match.SeatMatch` for its
match: the same gestures, panels, log and hints; a move is sent to the host and shown when the
host's update comes back, polled each frame (the network has its own thread and never holds a frame).
A spectator's code opens it with public information only and no moves."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from game.core import Action, IllegalAction
from game.core.match import Match
from game.net.codes import SPECTATORS
from game.net.seat_match import SeatMatch
from render.i18n import t
from render.options import Options
from render.screens.game import GameScreen
from render.ui import theme
from render.ui.net_panel import UNDO_REFUSED, NetPanel, keys_without

if TYPE_CHECKING:
    from render.app import App

CLOSE_S = 1.0  # at most this long to say goodbye to the host when the screen goes


def fault_line(reason: str, address: str, welcomed: bool) -> str:
    """Why a connection ended, as one line in the language spoken (the client's reasons are English)."""
    if reason.startswith("refused: unknown code"):
        return t("net.wrong_code")
    if reason.startswith("refused: seat") and "already connected" in reason:
        return t("net.seat_taken")
    if reason.startswith("not an address"):
        return t("net.not_address", address=address)
    if reason.startswith("no server at"):
        return t("net.host_left") if welcomed else t("net.no_server", address=address)
    return t("net.gone", why=reason)


class JoinedScreen(GameScreen):
    def __init__(self, app: "App", options: Options, match: SeatMatch, address: str) -> None:
        self.seat_match, self.address = match, address
        self.net_panel = NetPanel()
        super().__init__(app, options, cast(Match, match))  # the surface of a Match the screen uses
        if match.seat != SPECTATORS:
            self.viewer = match.seat
            self.face(match.seat)

    @property
    def seat(self) -> int:
        return self.seat_match.seat

    def humans(self) -> list[int]:
        """This seat, while no move of it is on its way to the host (a spectator: nobody)."""
        return [] if self.seat == SPECTATORS or self.seat_match.waiting else [self.seat]

    def eyes(self) -> int | None:
        """This seat's, always: what it may not see the host never sent (the world fills it with stand-ins)."""
        return self.seat if self.kit.hidden_info else None

    def submit(self, action: Action) -> None:
        """To the host; the table waits for its update (which ``update`` shows as it comes)."""
        try:
            self.seat_match.apply(action)
        except IllegalAction:
            return
        self._expire_message(self.ply)
        self.hint_action, self.caption = None, ""
        self.refresh()

    def update(self, dt: float) -> None:
        m = self.seat_match
        shown = self._status()
        m.poll()
        if (not self.view.busy or m.undoing) and (events := m.advance()) is not None:
            if m.undone is None:
                self._expire_message(self.ply - 1)  # a move came: what was said before it goes, as at a local table
                self.show_move(events)
            else:  # an undo at once, even while the move before it animates: the table goes back unanimated
                self.view.sync(self.state)
                self.message = t("msg.undone") if m.undone == self.seat else \
                    t("net.undone_by", who=theme.player_label(m.undone))
                self.dirty = True
        if m.refused:
            line = UNDO_REFUSED.get(m.refused_key)
            why = t(line) if line else t("net.undo_refused" if m.refused_undo else "net.refused", why=m.refused)
            self.message, m.refused = why, ""
        if self._status() != shown:
            self.dirty = True
        super().update(dt)

    def busy(self) -> bool:
        return super().busy() or self.seat_match.pending

    def _status(self) -> str:
        """How the connection is, for the panel ("" while all is well)."""
        m = self.seat_match
        if m.ended and not (self.state.is_over and m.ended == "the game is over"):
            return fault_line(m.ended, self.address, welcomed=True)
        if m.lost is not None:
            return t("net.host_left") if m.lost.get("left") else t("net.reconnecting")
        return t("net.sending") if m.waiting else ""

    def keys_help(self) -> str:
        return keys_without(super().keys_help(), ("Ctrl+S",))  # the host keeps the save

    def undo(self) -> None:
        """Asks the host, which undoes this seat's last move if nobody has moved since (and it showed
        nothing hidden): its update sets every table back; else it says why not."""
        if self.seat == SPECTATORS:
            return
        if not self.seat_match.moves or self.state.is_over:
            self.message, self.dirty = t("msg.nothing_to_undo"), True
            return
        self.seat_match.undo()

    def save(self) -> None:
        self.message, self.dirty = t("net.host_keeps"), True

    def _button(self, value: Any) -> None:
        super()._button("menu" if value == "new" else value)  # a new game is the host's to start

    def _turn_text(self) -> str:
        seat = self.state.current_player
        if self.state.is_over or seat == self.seat:
            return t("turn.over") if self.state.is_over else t("turn.you", who=theme.player_label(seat))
        who = theme.player_label(seat)
        return t("net.turn_away" if seat in self.seat_match.absent else "net.turn_other", who=who)

    def _build_panels(self) -> None:
        super()._build_panels()
        first = t("net.watching", address=self.address) if self.seat == SPECTATORS else \
            t("net.you_are", who=theme.player_label(self.seat), address=self.address)
        status = self._status()
        self.net_panel.build(self.app.width, self.app.height, t("net.panel_title"), [first, *([status] if status else [])],
                             [o.bounds for o in super().overlays()])

    def overlays(self) -> list:
        return [*super().overlays(), self.net_panel]

    def close(self) -> None:
        self.seat_match.client.close(CLOSE_S)
        super().close()
