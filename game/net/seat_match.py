"""One seat's side of a networked match: what a joined window plays on. It has the surface a
window uses of a local :class:`~game.core.match.Match` (rules, seats, state, log, history, apply)
but the truth stays with the host: ``apply`` sends the action, and the position comes back in the
host's updates, each rebuilt as a world from the seat's observation (game/net/world.py)."""
from __future__ import annotations

import collections
import queue
from typing import Any

from game import registry
from game.core import Action, Event, GameRules, GameState, IllegalAction
from game.core.match import HUMAN, REMOTE
from game.core.savefile import SaveData
from game.net.client import Client
from game.net.codes import SPECTATORS
from game.net.world import world_from_observation


class SeatMatch:
    autosave = None  # the host keeps the game; nothing is saved here
    autosave_error = notice = ""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.rules: GameRules | None = None
        self.seat = SPECTATORS
        self.data: SaveData | None = None
        self.state: GameState | None = None  # None until the first update has come
        self.log: list[Event] = []
        self.history: list[list[Event] | None] = []  # each move as the events this seat saw of it (None: before joining)
        self.legal: list[Action] = []  # this seat's legal actions, when it decides
        self.absent: list[int] = []  # the remote seats whose person is not connected
        self.refused = ""  # why the host refused the last message ("" once a move has come since)
        self.refused_undo = False  # what was refused was an undo (not a move)
        self.refused_key = ""  # for a refused undo, which of protocol.UNDO_REFUSALS (else "")
        self._asked_undo = False  # what was sent last was an undo
        self.ended = ""  # why the connection has ended for good ("" while it lasts or is retried)
        self.lost: dict[str, Any] | None = None  # the client's "lost" message while it tries the host again
        self.drops = 0  # connections lost (and tried again) so far
        self.sent: int | None = None  # the move number an action (or undo) was sent for, until the host answers
        self.undone: int | None = None  # the seat whose undo the last update ``advance`` took in went back
        self._updates: collections.deque[dict[str, Any]] = collections.deque()

    @property
    def seats(self) -> list[str]:
        players = self.data.players if self.data else 0
        return [HUMAN if seat == self.seat else REMOTE for seat in range(players)]

    def is_human(self, seat: int) -> bool:
        return seat == self.seat

    @property
    def moves(self) -> int:
        return len(self.history)

    def apply(self, action: Action) -> list[Event]:
        """Send ``action`` (one of ``legal``) to the host; no events yet: they come with its update."""
        if self.sent is not None or action not in self.legal:
            raise IllegalAction(f"not a move this seat may send now: {action}")
        self.sent, self._asked_undo = self.moves, False
        self.client.act(action.to_dict(), self.moves)
        return []

    def undo(self) -> None:
        """Ask the host to undo this seat's last move (it answers with an update, or says why not)."""
        if self.sent is None and self.seat != SPECTATORS and self.moves:
            self.sent, self._asked_undo = self.moves, True
            self.client.undo(self.moves)

    def poll(self) -> None:
        """Take in what the host has sent (never waits): updates queue for ``advance``."""
        while True:
            try:
                msg = self.client.inbox.get_nowait()
            except queue.Empty:
                return
            kind = msg["type"]
            if kind == "welcome":
                self._welcome(msg)
            elif kind == "update":
                self._updates.append(msg)
            elif kind == "error":
                self.refused, self.sent = str(msg.get("reason", "")), None  # decide again from the position
                self.refused_key, self.refused_undo = str(msg.get("key", "")), self._asked_undo
            elif kind == "lost":
                self.lost, self.sent, self.drops = msg, None, self.drops + 1
            elif kind == "closed":
                self.ended, self.lost = str(msg.get("reason", "closed")), None

    def advance(self) -> list[Event] | None:
        """The next update made the position (its events as this seat saw them), or None when none waits."""
        if not self._updates:
            return None
        msg = self._updates.popleft()
        assert self.rules is not None
        self.state = world_from_observation(self.rules, msg["observation"])
        events = [Event(e["kind"], e["text"], e["data"]) for e in msg["events"]]
        n = int(msg["n"])
        self.undone = int(msg["undone"]) if "undone" in msg else None
        if events and n == self.moves + 1:
            self.history.append(events)
        else:  # joining, catching up after a lost connection (the moves between are not known), an undo
            for seen in self.history[n:]:
                if seen:  # the undone moves' lines leave the log
                    del self.log[len(self.log) - len(seen):]
            self.history += [None] * (n - self.moves)
            del self.history[n:]
            if events and n and self.history[n - 1] is None:
                self.history[n - 1] = events
        self.log.extend(events)
        if "past" in msg:  # on joining: the moves so far as this seat saw them (the oldest may be left out)
            self._take_past(msg["past"], n)
        self.legal = [self.rules.action_from_dict(a) for a in msg.get("legal", [])]
        self.absent = list(msg.get("absent", []))
        if self.sent is not None and (n != self.sent or self.undone is not None) or not self.legal:
            self.sent = None
        if events:
            self.refused = ""
        return events

    def _take_past(self, past: list[list[dict[str, Any]]], n: int) -> None:
        moves = [[Event(e["kind"], e["text"], e["data"]) for e in move] for move in past]
        self.history = [None] * (n - len(moves))
        self.history += moves
        self.log = [e for move in moves for e in move]

    @property
    def pending(self) -> bool:
        """An update has come that ``advance`` has not made the position yet."""
        return bool(self._updates)

    @property
    def undoing(self) -> bool:
        """The next update waiting for ``advance`` is an undo's (shown at once, not after an animation)."""
        return bool(self._updates) and "undone" in self._updates[0]

    @property
    def waiting(self) -> bool:
        """An action of this seat is on its way to the host."""
        return self.sent is not None

    def _welcome(self, msg: dict[str, Any]) -> None:
        self.lost = None
        self.seat, self.rules = int(msg["seat"]), registry.get(str(msg["game"]))
        self.data = SaveData(self.rules.name, int(msg["players"]), 0, dict(msg["options"]), [])
        self.sent = None
