"""Process pools for headless runs that a person may stop with Ctrl-C.

Ctrl-C reaches every process of the terminal's group. Workers ignore it, so only the parent
answers (with one line, ``game.cli.main``) and ends the pool; otherwise each worker would print a
traceback of its own while the parent shuts down.
"""
from __future__ import annotations

import multiprocessing
import signal
from multiprocessing.pool import Pool


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pool(jobs: int) -> Pool:
    """A spawned pool of ``jobs`` workers that leave Ctrl-C to the parent."""
    return multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_interrupts)
