"""One connection as the server keeps it: its seat, a bounded outbox written by a task of its own
(a slow reader fills its own outbox, never stalls the others) and its message allowance."""
from __future__ import annotations

import asyncio
import time

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

OUTBOX = 512  # messages waiting for a reader; past this the reader is too slow and is let go
RATE = 100.0  # messages a second a client may send on average (a bot answering at once stays under it)
BURST = 200.0  # ... and at once
FLOOD = 200  # refusals in a row for flooding before the connection is closed


class Peer:
    def __init__(self, ws: ServerConnection, seat: int, code: str) -> None:
        self.ws, self.seat, self.code = ws, seat, code
        self.outbox: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
        self._tokens, self._at = BURST, time.monotonic()
        self.floods = 0
        self.writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        """Queue ``text``; a reader that has let OUTBOX messages pile up is closed (it rejoins and catches up)."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.writer.cancel()
            asyncio.create_task(self.ws.close(1008, "too slow: rejoin with the same code to catch up"))

    def allowed(self) -> bool:
        """Whether one more message fits the allowance (a token bucket: RATE a second, BURST at once)."""
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._at) * RATE)
        self._at = now
        if self._tokens < 1:
            self.floods += 1
            return False
        self._tokens -= 1
        self.floods = 0
        return True

    async def drain(self, timeout: float) -> None:
        """Wait until the outbox is sent (at most ``timeout`` seconds): the last update of a game."""
        deadline = time.monotonic() + timeout
        while not self.outbox.empty() and not self.writer.done() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    async def _write(self) -> None:
        try:
            while True:
                await self.ws.send(await self.outbox.get())
        except ConnectionClosed:
            pass
