"""The host's side of a networked game without the network: the match (the only truth), which
code stands for which seat, who plays each seat now, and each seat's view of a move. The server
(game/net/server.py) moves messages; every decision about them is made here, testably."""
from __future__ import annotations

import queue
import secrets
from dataclasses import dataclass
from typing import Any, Collection, Union

from game.bots import make_bot
from game.bots.base import Bot
from game.core import Action, Event
from game.core.match import Match
from game.net.codes import SPECTATORS
from game.net.protocol import Refused, encode

PAST_MOVES = 2000  # a joiner's log holds the events of at most this many moves before it joined (~0.5 MB)


@dataclass(frozen=True)
class Rewound:
    """Undone at the host: the match went back to its first ``point`` moves, ``seat``'s undo."""

    point: int
    seat: int


@dataclass(frozen=True)
class UndoRefused:
    """The host's own undo, refused by the table (for the host's window): ``reason`` in one line,
    ``key`` one of protocol.UNDO_REFUSALS (or "")."""

    reason: str
    key: str


Played = Union[Action, Rewound, UndoRefused]  # what the host's window is told, in order


class NetTable:
    """A match whose remote seats are played through codes. A remote seat's person may be
    absent; after the server's countdown a bot (``stand_in``) plays it until the person rejoins.

    ``local`` seats are played by a window on this machine (the host's people and bots): their
    moves come in through ``apply(action, here=True)``, and every other move goes out to that window
    through ``played``, so the window's match and this one stay the same game."""

    def __init__(self, match: Match, codes: dict[int, str], stand_in: str = "random",
                 local: Collection[int] = ()) -> None:
        self.match = match
        self.codes = codes
        self.remote = sorted(seat for seat in codes if seat != SPECTATORS)
        self.local = set(local)
        self.played: queue.Queue[Played] | None = queue.Queue() if self.local else None
        rules, seed = match.rules, match.data.seed
        self.bots: dict[int, Bot] = {seat: make_bot(spec, rules, seat, seed + seat) for seat, spec in enumerate(match.seats)
                                     if seat not in self.remote and seat not in self.local}
        self.stand_ins = {seat: make_bot(stand_in, rules, seat, seed + 100 + seat) for seat in self.remote}
        self.connected: set[int] = set()
        self.undos = 0  # undos done so far (a move of the window made before one of them is dropped)
        self.taken_over: set[int] = set()

    @property
    def moves(self) -> int:
        return len(self.match.history)

    def seat_of(self, code: str) -> int:
        """The seat ``code`` stands for (SPECTATORS for the spectators' code); Refused otherwise.
        Compared in constant time, so the answer's timing tells nothing of the codes."""
        found = [seat for seat, c in self.codes.items() if secrets.compare_digest(c.encode(), code.encode())]
        if not found:
            raise Refused("unknown code", fatal=True)
        return found[0]

    def bot_to_move(self) -> Bot | None:
        """The bot that decides now: a bot seat's, or the stand-in of a remote seat taken over."""
        seat = self.match.state.current_player
        if seat in self.taken_over:
            return self.stand_ins[seat]
        return self.bots.get(seat)

    def play(self, seat: int, msg: dict[str, Any]) -> list[Event]:
        """Apply a checked action message of ``seat``; Refused (the game unchanged) when it is not
        that seat's turn, is out of date, or is not one of the legal actions."""
        state = self.match.state
        if state.is_over:
            raise Refused("the game is over")
        if seat == SPECTATORS:
            raise Refused("spectators cannot act")
        if seat != state.current_player or seat in self.taken_over:
            raise Refused(f"not your turn: seat {state.current_player} is to move")
        if msg["n"] != self.moves:
            raise Refused(f"out of date: the action was for move {msg['n']}, this is move {self.moves}")
        try:
            action = self.match.rules.action_from_dict(msg["action"])
        except Exception:  # noqa: BLE001 - whatever a message holds is only a refused action
            raise Refused("unknown action") from None
        legal = state.legal_actions()
        if action not in legal:
            raise Refused(f"illegal action: {str(action)[:80]}")
        return self.apply(legal[legal.index(action)])

    def undo(self, seats: Collection[int], n: int, here: bool = False) -> Rewound:
        """Undo the last move when one of ``seats`` made it and nobody has acted since, nor has it
        revealed anything (with the same seat's forced moves before it). Refused (the game unchanged)
        otherwise, or when ``n`` is not the moves played now. ``here``: the host's own people asked,
        in its window, which is told either way through ``played``."""
        try:
            point = self._undo_point(seats, n)
        except Refused as e:
            if here and self.played is not None:
                self.played.put(UndoRefused(str(e), e.key))
            raise
        last = self.match.last_move()
        assert last is not None
        self.match.rewind(point)
        self.undos += 1
        done = Rewound(point, last[0])
        if self.played is not None:
            self.played.put(done)
        return done

    def _undo_point(self, seats: Collection[int], n: int) -> int:
        if SPECTATORS in seats:
            raise Refused("spectators cannot undo")
        if n != self.moves:
            raise Refused(f"out of date: the undo was for move {n}, this is move {self.moves}", key="undo_late")
        if self.match.state.is_over:
            raise Refused("the game is over")
        last = self.match.last_move()
        if last is None:
            raise Refused("nothing to undo", key="nothing_to_undo")
        if last[0] not in seats:
            raise Refused("cannot undo: only your own last move, before anyone else moves", key="undo_own_only")
        point = self.match.own_undo_point(seats)
        if point is None:
            raise Refused("cannot undo: hidden information has been seen since", key="undo_hidden")
        return point

    def apply(self, action: Action, here: bool = False) -> list[Event]:
        """Apply ``action`` (``here``: a local seat's, which the window has played already)."""
        events = self.match.apply(action)
        if self.played is not None and not here:
            self.played.put(action)
        return events

    def update(self, seat: int, events: list[Event], undone: int | None = None, past: bool = False) -> str:
        """What ``seat`` receives after a move (or on joining, with no events; after seat ``undone``'s
        undo, ``n`` then fewer moves than before): its observation, the events as it may see them,
        its legal actions when it is to decide, the scores once over. ``past`` (on joining): also
        the events of the moves so far (of the last PAST_MOVES), as it may see them, for its log."""
        state = self.match.state
        seen = state.events_seen_by(events, seat)
        fields: dict[str, Any] = {
            "n": self.moves, "turn": state.current_player, "over": state.is_over,
            "observation": state.observation(seat),
            "events": [_event(e) for e in seen],
            "absent": [s for s in self.remote if s not in self.connected],
        }
        if undone is not None:
            fields["undone"] = undone
        if past:
            fields["past"] = [[_event(e) for e in state.events_seen_by(move, seat)]
                              for move in self.match.moves_log(last=PAST_MOVES)]
        if seat == state.current_player and seat in self.remote and seat not in self.taken_over:
            fields["legal"] = [a.to_dict() for a in state.legal_actions()]
        if state.is_over:
            fields["scores"] = state.scores()
            fields["winners"] = state.winners()
        return encode("update", **fields)


def _event(e: Event) -> dict[str, Any]:
    return {"kind": e.kind, "text": e.text, "data": e.data}
