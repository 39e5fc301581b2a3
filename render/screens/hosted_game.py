"""The host's game screen: the game screen as ever for the seats at this machine (its people and
bots), while a server on a thread of its own (game/net/hosting.py) lets the ``remote`` seats join.
The joiners' moves are polled, never waited for, and played on this table as a bot's are; the
panel at the bottom left says where to join and each remote seat's code."""
from __future__ import annotations

import collections
import math
from typing import TYPE_CHECKING

from game.core import Action
from game.core.match import Match
from game.net import codes as codes_
from game.net.hosting import Hosting
from game.net.table import Played, Rewound, UndoRefused
from game.core.match import REMOTE
from pyglet.window import key

from render.i18n import t
from render.options import Options
from render.screens.game import GameScreen
from render.ui import theme
from render.ui.net_panel import UNDO_REFUSED, NetPanel

if TYPE_CHECKING:
    from render.app import App


class HostScreen(GameScreen):
    def __init__(self, app: "App", options: Options, match: Match | None = None) -> None:
        super().__init__(app, options, match)
        self.remote = [seat for seat, spec in enumerate(self.match.seats) if spec == REMOTE]
        self.net_panel = NetPanel()
        self.arrived: collections.deque[Played] = collections.deque()  # joiners' moves (and undos) waiting to be shown
        self.undo_asked = False  # this table's people asked the server to undo: their moves wait for its answer
        self.hosting = Hosting(self.match, options.bind, options.port, self._saved_codes(), app.wake_from_thread)
        self.failed = ""  # why the server could not start
        try:
            self.hosting.start()
        except OSError as e:
            self.failed = t("net.cannot_listen", address=f"{options.bind or ''}:{options.port}", why=e.strerror or e)
        if self.match.autosave:  # hosting again later, the joiners come back with the same codes
            try:
                codes_.save_codes(self.match.autosave, self.hosting.codes)
            except OSError:
                pass  # the game is hosted all the same; a later host gives new codes
        self.present = self.hosting.present()
        self.awaited: tuple[int | None, set[int]] = (None, set())  # (whole seconds left for an absent joiner, the seats a bot plays): as shown
        if len(people := self.humans()) == 1:  # the one person here sits in their chair from the start,
            self.viewer = people[0]  # their hand face up even while a joiner is to move
            self.face(self.viewer)
        self.dirty = True

    def _saved_codes(self) -> dict[int, str] | None:
        """The codes kept beside the autosave of a game hosted before (Continue), else new ones."""
        if not self.match.autosave or not self.match.history:
            return None
        try:
            return codes_.load_codes(self.match.autosave)
        except Exception:  # noqa: BLE001 - no codes or damaged ones: new codes
            return None

    def submit(self, action: Action) -> None:
        """A move of this table's own seat goes on to the joiners; a joiner's came from the server."""
        here = self.state.current_player not in self.remote
        if here and self.undo_asked:
            return  # the server answers the undo first (in a moment): the move is made from its position
        super().submit(action)
        if here:
            self.hosting.forward(action)

    def update(self, dt: float) -> None:
        self.arrived.extend(self.hosting.incoming())
        while self.arrived and not isinstance(self.arrived[0], Action):
            self._answered(self.arrived.popleft())  # an undo at once, even while the move before it animates
        if self.arrived and not self.view.busy:
            move = self.arrived.popleft()
            assert isinstance(move, Action)
            self.submit(move)
        present = self.hosting.present()
        if present != self.present:
            self.present, self.dirty = present, True
        left = self.hosting.seconds_left()
        awaited = (None if left is None else math.ceil(left), self.hosting.standing_in())
        if awaited != self.awaited:  # the countdown on the status line, a second at a time
            self.awaited, self.dirty = awaited, True
        super().update(dt)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """B: a bot plays for the absent joiner now, rather than at the countdown's end."""
        if key.symbol_string(symbol) == "B" and self.awaited[0] is not None and not self.guide.shown:
            self.hosting.stand_in_now()
            return
        super().on_key_press(symbol, modifiers)

    def busy(self) -> bool:
        """Also while a joiner is still to come (its arrival is then looked for every frame)."""
        return super().busy() or bool(self.arrived) or not set(self.remote) <= self.present

    def eyes(self) -> int | None:
        """As the game screen's, but with no person here a hidden fact is nobody's: a joiner's hand
        never shows on the host's screen (only --show-all-scores shows everything)."""
        eyes = super().eyes()
        if eyes is None and not (self.options.show_all_scores or self.state.is_over or not self.kit.hidden_info):
            return -1
        return eyes

    def undo(self) -> None:
        """Only a move of this table's people, before anyone else has moved (the joiners' tables go
        back with it): the server, where the game is kept, does it and says so."""
        if self.undo_asked:
            return
        people, last = self.humans(), self.match.last_move()
        if last is None or self.state.is_over:
            self.message = t("msg.nothing_to_undo")
        elif last[0] not in people:
            self.message = t("net.undo_own_only")
        elif self.match.own_undo_point(people) is None:
            self.message = t("msg.undo_hidden")
        else:
            self.undo_asked = True
            self.hosting.undo(people, self.ply)
        self.dirty = True

    def _answered(self, answer: Played) -> None:
        """The server's undo (this table's people's or a joiner's), or why it refused this table's."""
        if isinstance(answer, UndoRefused):
            self.undo_asked = False
            self.message = t(UNDO_REFUSED.get(answer.key, "net.undo_own_only"))
        elif isinstance(answer, Rewound):
            self.hosting.rewind(answer)
            self.undo_asked = self.undo_asked and answer.seat in self.remote  # a joiner's came first: ours is refused next
            self.worker.cancel()
            self.view.sync(self.state)
            self.message = t("net.undone_by", who=theme.player_label(answer.seat)) if answer.seat in self.remote \
                else t("msg.undone")
        self.dirty = True

    def _turn_text(self) -> str:
        seat = self.state.current_player
        if self.state.is_over or seat not in self.remote:
            return super()._turn_text()
        who = theme.player_label(seat)
        if seat in self.present:
            return t("net.turn_other", who=who)
        left, stood_in = self.awaited
        if seat in stood_in:
            return t("net.turn_stand_in", who=who)
        return t("net.turn_away", who=who) if left is None else t("net.turn_countdown", who=who, s=left)

    def _build_panels(self) -> None:
        super()._build_panels()
        invitation = self.hosting.invitation
        if invitation is None:
            lines = [self.failed]
        else:
            lines = [t("net.hosting", address=invitation.address)]
            lines += [t("net.seat_code", who=theme.player_label(seat), code=invitation.codes[seat]) + " · "
                      + t("net.here" if seat in self.present else "net.away") for seat in self.remote]
            lines.append(t("net.spectators", code=invitation.codes[codes_.SPECTATORS]))
        self.net_panel.build(self.app.width, self.app.height, t("net.panel_title"), lines,
                             [o.bounds for o in super().overlays()])

    def overlays(self) -> list:
        return [*super().overlays(), self.net_panel]

    def close(self) -> None:
        self.hosting.stop()
        super().close()
