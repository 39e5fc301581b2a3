"""A game hosted from a window: the window's match plays the seats at this machine (its people and
bots), a server on a thread of its own lets the ``remote`` seats join. The server keeps a replica
of the window's match (the same seed and moves give the same game, byte for byte): the window's
moves go to it through ``forward``, the joiners' come back through ``incoming``, so neither thread
ever touches the other's state, and the window polls without waiting."""
from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import Callable

from game.core import Action
from game.core.match import REMOTE, Match
from game.net import codes as codes_
from game.net.address import DEFAULT_PORT, lan_address
from game.net.server import Server, ServerThread
from game.net.table import NetTable, Played, Rewound
from game.net.waking import WakingQueue

WAIT_S = 60.0  # how long the table waits for an absent joiner before a bot plays their seat
STAND_IN = "medium"  # the bot that plays it meanwhile (one move's look ahead: a fair stand-in)


@dataclass(frozen=True)
class Invitation:
    """What the host tells the others: where to join and each remote seat's code (SPECTATORS: theirs)."""

    address: str
    codes: dict[int, str]


class Hosting:
    def __init__(self, match: Match, bind: str | None = None, port: int = DEFAULT_PORT,
                 codes: dict[int, str] | None = None, wake: Callable[[], None] | None = None,
                 wait: float | None = WAIT_S) -> None:
        """``wake`` is called (on the server's thread) when a joiner's move comes: a window sleeping at
        rest wakes. An absent joiner's turn waits ``wait`` seconds (None: for ever), then a bot plays
        the seat until they rejoin; the host may skip the wait (``stand_in_now``)."""
        remote = [seat for seat, spec in enumerate(match.seats) if spec == REMOTE]
        self.match = match  # the window's (used on the window's thread only)
        self.undos = 0  # the table's undos the window has gone back for: its moves carry the count
        self.codes = codes or codes_.new_codes(remote)
        replica = Match(match.rules, match.state.num_players, match.data.seed, match.seats, **match.data.options)
        for action in match.history:
            replica.apply(action)
        local = [seat for seat in range(match.state.num_players) if seat not in remote]
        self.table = NetTable(replica, self.codes, STAND_IN, local=local)
        if wake is not None:
            self.table.played = WakingQueue(wake)
        self.server = Server(self.table, bind or lan_address(), port, wait)
        self._thread = ServerThread(self.server)
        self.invitation: Invitation | None = None

    def start(self) -> Invitation:
        """Listen; OSError (one line) when the address or port cannot be had."""
        try:
            address = self._thread.start()
        except RuntimeError:
            error = self._thread.error
            raise error if isinstance(error, OSError) else OSError(str(error)) from None
        self.invitation = Invitation(address, dict(self.codes))
        return self.invitation

    def forward(self, action: Action) -> None:
        """A move the window made for one of its own seats (its match has played it): on to the
        joiners. The table drops it if a joiner's undo came first (the window then goes back too)."""
        self.server.play_here(action, len(self.match.history) - 1, self.undos)

    def rewind(self, done: Rewound) -> None:
        """The window's match goes back as the table did (an undo, in its turn among ``incoming``)."""
        self.match.rewind(done.point)
        self.undos += 1

    def undo(self, seats: list[int], n: int) -> None:
        """The window's people undo their last move, made at ``n`` moves: the answer (``Rewound`` or
        ``UndoRefused``) comes in ``incoming``, in order with the joiners' moves; the window waits for it."""
        self.server.undo_here(seats, n)

    def incoming(self) -> list[Played]:
        """Since the last call, in order: the joiners' moves for the window to play, and the undos
        done at the table (``Rewound``) or refused to the window (``UndoRefused``). Never waits."""
        assert self.table.played is not None
        moves: list[Played] = []
        while True:
            try:
                moves.append(self.table.played.get_nowait())
            except queue.Empty:
                return moves

    def seconds_left(self) -> float | None:
        """Seconds until a bot plays for the absent joiner to move; None when nobody is awaited."""
        return self.server.seconds_left()

    def stand_in_now(self) -> None:
        """A bot plays for the absent joiner to move at once (until they rejoin)."""
        self.server.stand_in_now()

    def standing_in(self) -> set[int]:
        """The remote seats a bot plays now (their person away)."""
        return self.table.taken_over.copy()

    def present(self) -> set[int]:
        """The remote seats whose person is connected now."""
        return self.table.connected.copy()  # copied in one step: the server's thread changes it

    def stop(self) -> None:
        """Stop serving (the joiners' tables say the host has left); nothing when it has already ended."""
        if not self._thread.join(0):
            self._thread.stop(timeout=5.0)
