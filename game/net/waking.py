"""A queue that wakes its reader: a window sleeps at rest, and a message from the network thread
(an update, a joiner's move) must wake it for a frame rather than wait for the next input."""
from __future__ import annotations

import queue
from typing import Callable, Generic, TypeVar

T = TypeVar("T")


class WakingQueue(queue.Queue[T], Generic[T]):
    def __init__(self, wake: Callable[[], None]) -> None:
        super().__init__()
        self.wake = wake

    def put(self, item: T, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        self.wake()
