"""The server: a WebSocket listener (the ``websockets`` library on asyncio) in front of a
:class:`NetTable`. It checks who each connection is, refuses what it must with a reason, sends
each seat its own view of every move, lets the bots play, and waits for absent people (or, after
``wait`` seconds, lets a stand-in bot play their seat until they rejoin)."""
from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.core import Action, Event
from game.net.codes import SPECTATORS
from game.net.peer import FLOOD, RATE, Peer
from game.net.protocol import MAX_MESSAGE_BYTES, Refused, decode_client, encode
from game.net.table import NetTable

HELLO_S = 10.0  # a connection that has not said who it is by then is closed
MAX_SPECTATORS = 16
FRAME_LIMIT = 16 * MAX_MESSAGE_BYTES  # frames past this the library refuses at once (close 1009)


class Server:
    def __init__(self, table: NetTable, host: str, port: int, wait: float | None = None) -> None:
        self.table, self.host, self.port, self.wait = table, host, port, wait
        self.address = ""
        self.peers: list[Peer] = []
        self._changed: asyncio.Event | None = None
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._turn_clock = time.monotonic()  # since when the seat to move has been to move and absent

    async def run(self, ready: Callable[[str], None] = lambda address: None) -> None:
        """Listen, call ``ready`` with HOST:PORT, and serve until the game is over (or ``stop``)."""
        self._loop = asyncio.get_running_loop()
        self._changed, self._stop = asyncio.Event(), asyncio.Event()
        async with serve(self._handle, self.host, self.port, max_size=FRAME_LIMIT, max_queue=64,
                         ping_interval=5, ping_timeout=10, close_timeout=2) as listener:
            port = next(iter(listener.sockets)).getsockname()[1]
            self.address = f"{self.host}:{port}"
            ready(self.address)
            await self._drive()
            for peer in list(self.peers):
                await peer.drain(2.0)
            listener.close(close_connections=True)

    def stop(self) -> None:
        """Stop serving (from any thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._halt)

    def play_here(self, action: Action, n: int, undos: int) -> None:
        """A local seat's move, made in the window on this machine at ``n`` moves after ``undos``
        of the table's undos (from any thread): sent on to everyone. Dropped when the table has
        undone since (a joiner's undo came first: the window is told and goes back past it too)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._play_here, action, n, undos)

    def _play_here(self, action: Action, n: int, undos: int) -> None:
        if self.table.moves == n and self.table.undos == undos:
            self._moved(self.table.apply(action, here=True))

    def undo_here(self, seats: list[int], n: int) -> None:
        """The host's people undo their last move, made at ``n`` moves (from any thread): the window
        is told through the table's ``played`` queue whether it was done."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._undo_here, seats, n)

    def _undo_here(self, seats: list[int], n: int) -> None:
        try:
            done = self.table.undo(seats, n, here=True)
        except Refused:
            return  # the window has been told why
        self._undone(done.seat)

    def _undone(self, seat: int) -> None:
        """Everyone is sent the position gone back to (their tables lay it out again, unanimated)."""
        self._turn_clock = time.monotonic()
        for peer in list(self.peers):
            peer.send(self.table.update(peer.seat, [], undone=seat))
        assert self._changed is not None
        self._changed.set()

    def stand_in_now(self) -> None:
        """The absent seat to move is played by its stand-in at once (the host skips the countdown;
        from any thread); nothing when that seat's person is here or nobody waits."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._stand_in_now)

    def _stand_in_now(self) -> None:
        seat = self.table.match.state.current_player
        if seat in self.table.remote and seat not in self.table.connected and not self.table.match.state.is_over:
            self.table.taken_over.add(seat)
            self._broadcast([])
            assert self._changed is not None
            self._changed.set()

    def seconds_left(self) -> float | None:
        """Seconds until a stand-in plays for the absent seat to move (any thread; None: nobody is
        awaited, or the server waits for ever)."""
        seat = self.table.match.state.current_player
        if seat in self.table.taken_over:
            return None
        return self._countdown()

    def _halt(self) -> None:
        assert self._stop is not None and self._changed is not None
        self._stop.set()
        self._changed.set()

    # ---- the game -----------------------------------------------------------------------
    async def _drive(self) -> None:
        """Play the bots' moves and count down for absent people until the game is over."""
        assert self._changed is not None and self._stop is not None
        state = self.table.match.state
        while not self._stop.is_set():
            state = self.table.match.state
            if state.is_over:
                return
            bot = self.table.bot_to_move()
            if bot is not None:
                action = await asyncio.to_thread(bot.choose, state.clone())
                if self.table.match.state is not state:  # undone while the bot thought: it decides again
                    continue
                self._moved(self.table.apply(action))
                await asyncio.sleep(0)  # let the people's messages in between bot moves
                continue
            self._changed.clear()
            left = self._countdown()
            try:
                await asyncio.wait_for(self._changed.wait(), timeout=left)
            except TimeoutError:
                self.table.taken_over.add(state.current_player)
                self._broadcast([])

    def _countdown(self) -> float | None:
        """Seconds until a stand-in plays for the absent seat to move (None: wait for ever or nobody absent)."""
        seat = self.table.match.state.current_player
        if self.wait is None or seat not in self.table.remote or seat in self.table.connected:
            return None
        return max(0.0, self._turn_clock + self.wait - time.monotonic())

    def _moved(self, events: list[Event]) -> None:
        self._turn_clock = time.monotonic()
        self._broadcast(events)
        assert self._changed is not None
        self._changed.set()

    def _broadcast(self, events: list[Event]) -> None:
        for peer in list(self.peers):
            peer.send(self.table.update(peer.seat, events))

    # ---- connections --------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(ws.recv(), HELLO_S)
        except (TimeoutError, ConnectionClosed):
            return
        try:
            peer = self._join(ws, first)
        except Refused as e:
            await ws.send(encode("error", reason=str(e)))
            await ws.close(1008, str(e)[:100])
            return
        try:
            async for frame in ws:
                self._receive(peer, frame)
                if peer.floods > FLOOD:
                    await ws.close(1008, "flooding: too many messages")
        except ConnectionClosed:
            pass
        finally:
            self._leave(peer)

    def _join(self, ws: ServerConnection, first: str | bytes) -> Peer:
        msg = decode_client(first)
        if msg["type"] != "hello":
            raise Refused("say hello with your code first", fatal=True)
        seat = self.table.seat_of(msg["code"])
        if seat != SPECTATORS and seat in self.table.connected:
            raise Refused(f"seat {seat} is already connected: a code serves one connection at a time", fatal=True)
        if seat == SPECTATORS and sum(p.seat == SPECTATORS for p in self.peers) >= MAX_SPECTATORS:
            raise Refused("too many spectators", fatal=True)
        peer = Peer(ws, seat, msg["code"])
        self.peers.append(peer)
        if seat != SPECTATORS:
            self.table.connected.add(seat)
            self.table.taken_over.discard(seat)
        match = self.table.match
        peer.send(encode("welcome", seat=seat, game=match.rules.name, players=match.state.num_players,
                         options=match.data.options))
        for other in list(self.peers):  # the joining seat catches up, with its log; the others see it is here
            other.send(self.table.update(other.seat, [], past=other is peer))
        assert self._changed is not None
        self._changed.set()
        return peer

    def _receive(self, peer: Peer, frame: str | bytes) -> None:
        try:
            if not peer.allowed():
                raise Refused(f"too many messages: at most {RATE:g} a second")
            msg = decode_client(frame)
            if msg["code"] != peer.code:
                raise Refused("the code is not this connection's: a connection acts for its own seat only")
            if msg["type"] == "ping":
                peer.send(encode("pong", t=msg.get("t") if isinstance(msg.get("t"), (int, float)) else None))
            elif msg["type"] == "hello":
                raise Refused("already joined")
            elif msg["type"] == "undo":
                self._undone(self.table.undo([peer.seat], msg["n"]).seat)
            else:
                self._moved(self.table.play(peer.seat, msg))
        except Refused as e:
            peer.send(encode("error", reason=str(e), **({"key": e.key} if e.key else {})))

    def _leave(self, peer: Peer) -> None:
        peer.writer.cancel()
        if peer in self.peers:
            self.peers.remove(peer)
        if peer.seat != SPECTATORS and not any(p.seat == peer.seat for p in self.peers):
            self.table.connected.discard(peer.seat)
            if peer.seat == self.table.match.state.current_player:
                self._turn_clock = time.monotonic()
            if self.peers:
                self._broadcast([])
        assert self._changed is not None
        self._changed.set()


class ServerThread:
    """A server on a thread and event loop of its own: a host's window (or a test) keeps its own loop."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cubetable-server", daemon=True)

    def start(self, timeout: float = 10.0) -> str:
        """Start listening; HOST:PORT."""
        self._thread.start()
        if not self._ready.wait(timeout) or not self.server.address:
            raise RuntimeError(f"the server did not start: {self.error!r}")
        return self.server.address

    def stop(self, timeout: float = 10.0) -> None:
        self.server.stop()
        self.join(timeout)

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the game to end; whether the server has stopped."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _run(self) -> None:
        try:
            asyncio.run(self.server.run(lambda address: self._ready.set()))
        except BaseException as e:  # noqa: BLE001 - kept for start()'s message, then the thread ends
            self.error = e
        finally:
            self._ready.set()


def result(table: NetTable) -> dict[str, Any]:
    """The game's end as serve prints it."""
    state = table.match.state
    return {"over": state.is_over, "scores": state.scores() if state.is_over else None,
            "winners": state.winners() if state.is_over else None, "moves": table.moves}
