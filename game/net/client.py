"""A seat's connection to a server, on a thread and asyncio loop of its own, so that whoever uses it
(the headless ``join``'s bot now, a window's frame loop later) never waits on the network: it
polls ``inbox`` (a thread-safe queue of the server's messages) and calls ``act``. A lost
connection is tried again with the same code for ``retry_s`` seconds (the server restarted, the
network dropped); the server then sends the position to catch up from."""
from __future__ import annotations

import asyncio
import queue
import threading
import time
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.net.protocol import MAX_SERVER_MESSAGE_BYTES, decode_server, encode

RETRY_PAUSE_S = 0.2


class Client:
    def __init__(self, address: str, code: str, retry_s: float = 10.0) -> None:
        self.address, self.code, self.retry_s = address, code, retry_s
        # ends with {"type": "closed", "reason": ...}; {"type": "lost", "left": bool, ...} when a connection
        # drops (``left``: the server stopped serving) and is tried again
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._ws: ClientConnection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._started = threading.Event()
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="cubetable-client", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._started.wait(10.0)

    def act(self, action: dict[str, Any], n: int) -> None:
        """Send an action for move ``n`` (from any thread; dropped while the connection is down:
        the next update says again what may be done)."""
        self._send(encode("action", code=self.code, action=action, n=n))

    def undo(self, n: int) -> None:
        """Ask the host to undo this seat's last move, made at ``n`` moves (from any thread)."""
        self._send(encode("undo", code=self.code, n=n))

    def ping(self) -> None:
        self._send(encode("ping", code=self.code, t=time.monotonic()))

    def close(self, timeout: float = 5.0) -> None:
        """End the connection (from any thread). The connection is looked up on the client's own loop,
        not here: one being made at this moment (a reconnect) would otherwise stay open, its seat
        taken, and the person could not join again with the code."""
        self._closing = True
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(self._close_now)
        self._thread.join(timeout)

    def _close_now(self) -> None:
        if self._ws is not None:
            asyncio.ensure_future(self._ws.close())

    def _send(self, text: str) -> None:
        ws, loop = self._ws, self._loop
        if ws is not None and loop is not None and loop.is_running():
            asyncio.run_coroutine_threadsafe(_quiet_send(ws, text), loop)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._started.set()
        reason, lost_at, left = "closed", time.monotonic(), False
        while not self._closing:
            welcomed = False
            try:
                async with connect(f"ws://{self.address}", max_size=MAX_SERVER_MESSAGE_BYTES, open_timeout=5,
                                   close_timeout=2, ping_interval=5, ping_timeout=10) as ws:
                    self._ws = ws
                    if self._closing:  # closed while connecting: leave at once
                        break
                    await ws.send(encode("hello", code=self.code))
                    async for frame in ws:
                        msg = decode_server(frame)
                        welcomed = welcomed or msg["type"] == "welcome"
                        self.inbox.put(msg)
                        if msg["type"] == "update" and msg.get("over"):
                            self._closing, reason = True, "the game is over"
                    left = ws.close_code == 1001  # the server stopped serving (it may be started again)
            except ConnectionClosed as e:  # 1008 before a welcome: refused (a wrong code), retrying cannot help
                refused = e.rcvd.reason if not welcomed and e.rcvd is not None and e.rcvd.code == 1008 else None
                self._closing = self._closing or refused is not None
                reason, left = f"refused: {refused}" if refused is not None else "connection lost (ConnectionClosed)", False
            except (OSError, InvalidHandshake, TimeoutError, ValueError) as e:
                reason, left = f"connection lost ({type(e).__name__})", False
            except InvalidURI:
                self._closing, reason = True, f"not an address: {self.address}"
            self._ws = None
            if welcomed:
                lost_at = time.monotonic()
                if not self._closing:  # said once a connection that was playing is lost; then it is tried again
                    self.inbox.put({"type": "lost", "left": left, "reason": reason})
            if not self._closing and time.monotonic() - lost_at > self.retry_s:
                self._closing, reason = True, f"no server at {self.address} for {self.retry_s:g} s"
            if not self._closing:
                await asyncio.sleep(RETRY_PAUSE_S)
        self.inbox.put({"type": "closed", "reason": reason})


async def _quiet_send(ws: ClientConnection, text: str) -> None:
    try:
        await ws.send(text)
    except ConnectionClosed:
        pass  # the reconnect catches up
