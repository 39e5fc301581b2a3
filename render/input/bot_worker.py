"""Bots think on a worker thread with a cloned state, so the window keeps drawing meanwhile."""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable


class BotWorker:
    """One job at a time (a bot's choice, a hint); ``poll`` hands back its result with its ticket.

    Callers pass clones: the job must never see the live state the screen keeps changing.
    """

    def __init__(self, on_done: Callable[[], None] | None = None) -> None:
        """``on_done`` is called on the worker thread as each job ends (it wakes a sleeping loop)."""
        self._on_done = on_done
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self._future: Future[Any] | None = None
        self._ticket: Any = None

    @property
    def busy(self) -> bool:
        return self._future is not None

    @property
    def ticket(self) -> Any:
        return self._ticket if self._future is not None else None

    def start(self, job: Callable[[], Any], ticket: Any) -> None:
        """Run ``job`` off the render loop; ``ticket`` identifies what it answers (stale ones are dropped)."""
        self._ticket = ticket
        self._future = self._pool.submit(job)
        if self._on_done is not None:
            on_done = self._on_done
            self._future.add_done_callback(lambda _: on_done())

    def poll(self) -> tuple[Any, Any] | None:
        """(ticket, result) once the job is done; re-raises what the job raised."""
        if self._future is None or not self._future.done():
            return None
        future, self._future = self._future, None
        return self._ticket, future.result()

    def cancel(self) -> None:
        """Forget the job in progress (after undo or a new game); the thread finishes unseen."""
        self._future = None

    def wait(self, timeout: float | None = None) -> None:
        if self._future is not None:
            self._future.exception(timeout)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
