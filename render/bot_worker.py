"""Bots think in a child process, so their search never takes the interpreter from the render loop.

One long-lived process per screen, started at its first job; jobs are picklable descriptions
(:mod:`game.bots.jobs`), never live states. A process that dies, a job that fails, hangs past its
patience (a watchdog ends the child) or answers with an illegal move costs one line on stderr, a
``fault`` the screen can show, and the job's fallback: a random legal move for a seat, no hint for a hint.
"""
from __future__ import annotations

import multiprocessing
import sys
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Callable

from game.bots.jobs import Job, serve
from game.core.errors import one_line

# The longest a job may think before the watchdog ends it: a budget of a lifetime still gets a timer
# that fires (threading's own limit is far beyond it but a timer past it raises OverflowError).
MAX_PATIENCE_S = 24 * 3600.0
STOP_S = 0.5  # how long a terminated child gets before it is killed: the window closes within a second
JOBS_MODULE = "game.bots.jobs"
# The search yields the cores to the window (llvmpipe draws on them too) whenever it wants them.
# Not the idle scheduling class: on the loaded 2-core machine it starved the search (a 1 s move
# took 2-7 s, docs/performance.md) and the frames were no better for it.
NICENESS = 10

# Why an answer is a fallback (BotWorker.fault): the screen words each one.
FAULT_ERROR, FAULT_DIED, FAULT_SLOW, FAULT_ILLEGAL = "error", "died", "slow", "illegal"


def _context() -> Any:
    """forkserver where it exists (each child forks from a server that has the games imported
    already), else spawn; never plain fork, which would copy the window's threads and GL state."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([JOBS_MODULE])
        return context
    return multiprocessing.get_context("spawn")


class BotWorker:
    """One job at a time (a bot's choice, a hint); ``poll`` hands back its answer with its ticket."""

    def __init__(self, on_done: Callable[[], None] | None = None) -> None:
        """``on_done`` is called on a listening thread as each job ends (it wakes a sleeping loop)."""
        self._on_done = on_done
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._job: Job | None = None
        self._ticket: Any = None
        self._number = 0  # the job in progress; answers to older ones are stale
        self._reply: tuple[Any, str | None, str | None] | None = None  # (data, error, fault) of the job in progress
        self._watchdog: threading.Timer | None = None
        self.fault: str | None = None  # why the answer ``poll`` last handed back is a fallback, if it is
        self._lock = threading.Lock()
        self._ready = threading.Event()

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def ticket(self) -> Any:
        return self._ticket if self._job is not None else None

    @property
    def pid(self) -> int | None:
        """The thinking process, while there is one."""
        return self._process.pid if self._process is not None else None

    def start(self, job: Job, ticket: Any) -> None:
        """Think about ``job`` in the child; ``ticket`` identifies what it answers."""
        with self._lock:
            self._number += 1
            self._job, self._ticket, self._reply = job, ticket, None
            self._ready.clear()
            number = self._number
        conn = self._conn if self._process is not None and self._process.is_alive() else self._launch()
        self._watch(number, job.patience_s())
        try:
            if conn is None:
                raise OSError("no pipe to the bot process")
            conn.send((number, job))
        except (OSError, ValueError) as e:
            self._answer(number, None, f"could not reach the bot process ({e})", FAULT_DIED)

    def poll(self) -> tuple[Any, Any] | None:
        """(ticket, answer) once the job is done: its fallback if the thinking failed."""
        with self._lock:
            if self._job is None or self._reply is None:
                return None
            job, ticket, (data, error, fault) = self._job, self._ticket, self._reply
            self._job, self._reply = None, None
        self.fault = None
        if error is None:
            try:
                return ticket, job.answer(data)
            except Exception as e:  # noqa: BLE001 - an illegal or malformed answer is no answer
                error, fault = f"the bot's answer was refused ({type(e).__name__}: {one_line(e)})", FAULT_ILLEGAL
        self.fault = fault
        answer = job.fallback()
        print(f"cubetable: {error}; {'no hint' if answer is None else 'a random legal move is played'}", file=sys.stderr)
        return ticket, answer

    def cancel(self) -> None:
        """Forget the job in progress (after undo or a new game) and stop its search: the child is
        ended and the next job starts another."""
        with self._lock:
            stale, self._job, self._reply = self._job, None, None
        if stale is not None:
            self._stop()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the job in progress has an answer (tests, headless runs)."""
        if self._job is not None:
            self._ready.wait(timeout)

    def close(self) -> None:
        """End the child (within a second) and forget any job."""
        with self._lock:
            self._job, self._reply = None, None
        self._stop()

    def _watch(self, number: int, patience: float) -> None:
        """Give job ``number`` ``patience`` seconds to answer, then end its child and fall back."""
        if self._watchdog is not None:
            self._watchdog.cancel()
        if not 0 < patience <= MAX_PATIENCE_S:  # NaN too: a timer past what the clock holds dies at once
            patience = MAX_PATIENCE_S
        self._watchdog = threading.Timer(patience, self._overdue, args=(number, patience, time.monotonic()))
        self._watchdog.daemon = True
        self._watchdog.start()

    def _overdue(self, number: int, patience: float, started: float) -> None:
        with self._lock:
            if number != self._number or self._job is None or self._reply is not None:
                return  # answered, cancelled or superseded meanwhile
            process, conn = self._process, self._conn
            self._process = self._conn = None  # its listener sees the pipe close and stays quiet
        _end(process, conn)
        self._answer(number, None, f"the bot gave no answer within {patience:.0f} s "
                                   f"(waited {time.monotonic() - started:.1f} s)", FAULT_SLOW)

    def _launch(self) -> Connection:
        self._stop()
        mine, theirs = multiprocessing.Pipe()
        process = _context().Process(target=serve, args=(theirs, NICENESS), name="cubetable-bot", daemon=True)
        process.start()
        theirs.close()
        self._process, self._conn = process, mine
        threading.Thread(target=self._listen, args=(mine, process), name="bot-listener", daemon=True).start()
        return mine

    def _listen(self, conn: Connection, process: BaseProcess) -> None:
        """Carry answers from the child; a child that dies answers the job in progress with an error."""
        while True:
            try:
                number, data, error = conn.recv()
            except (EOFError, OSError, TypeError):  # TypeError: the pipe closed under the read (close())
                break
            self._answer(number, data, error, error and FAULT_ERROR)
        if conn is self._conn:  # not ended on purpose
            process.join(STOP_S)
            self._answer(self._number, None, f"the bot process stopped (exit code {process.exitcode})", FAULT_DIED)

    def _answer(self, number: int, data: Any, error: str | None, fault: str | None = None) -> None:
        with self._lock:
            if number != self._number or self._job is None or self._reply is not None:
                return
            self._reply = (data, error, fault)
            if self._watchdog is not None:
                self._watchdog.cancel()
        self._ready.set()
        if self._on_done is not None:
            self._on_done()

    def _stop(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
        process, conn = self._process, self._conn
        self._process = self._conn = None
        _end(process, conn)


def _end(process: BaseProcess | None, conn: Connection | None) -> None:
    """Terminate the child (killed if it lingers) and close our end of its pipe."""
    if process is not None:
        process.terminate()
        process.join(STOP_S)
        if process.is_alive():
            process.kill()
            process.join(STOP_S)
    if conn is not None:
        conn.close()
