"""The program's log, ``cubetable.log`` in the state folder (render.paths), so that a failure leaves
a trace a person can attach to a bug report: start-up facts (version, Python, GL renderer, where
the settings are), every one-line error the person was shown, warnings and tracebacks.

Rotated by the standard library (a few files of bounded size), so it never grows without end.
A log that cannot be written costs nothing but itself: the program goes on without one.
"""
from __future__ import annotations

import logging
import logging.handlers
import platform
import sys
from pathlib import Path
from typing import Any, TextIO

from render.paths import user_dir

NAME = "cubetable.log"
MAX_BYTES = 512 * 1024  # each file; with BACKUPS old ones, the log takes at most 2 MB
BACKUPS = 3
PREFIX = "cubetable: "  # how every one-line error on stderr starts (render/cli.py, render/settings.py, ...)
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger("cubetable")


def path() -> Path:
    return user_dir("state") / NAME


_handler: logging.Handler | None = None


def start(facts: dict[str, Any] | None = None) -> Path | None:
    """Open the log (once) and write the start-up facts; the log's path, or None when it cannot
    be written (the folder refuses files): then nothing is logged and nothing fails."""
    global _handler
    target = path()
    if _handler is not None and active() != target.absolute():  # another --home in the same process
        stop()
    if _handler is None:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            _handler = logging.handlers.RotatingFileHandler(target, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                            encoding="utf-8", delay=False)
        except OSError:
            return None
        _handler.setFormatter(logging.Formatter(FORMAT))
        log.addHandler(_handler)
        log.setLevel(logging.INFO)
        log.propagate = False
    log.info("start: %s", " · ".join(f"{k} {v}" for k, v in start_facts(facts).items()))
    return target


def stop() -> None:
    """Close the log (tests, and a --home that changes between runs in one process)."""
    global _handler
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
        _handler = None


def active() -> Path | None:
    """The log's path while it is open."""
    return Path(_handler.baseFilename) if isinstance(_handler, logging.FileHandler) else None


def start_facts(extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a bug report needs first: the version, Python, the platform and the settings file."""
    from render import about, settings

    return {"Cubetable": about.version(), "Python": platform.python_version(), "on": platform.platform(),
            "settings": settings.path(), **(extra or {})}


def shown(text: str) -> None:
    """A one-line message the person was shown (an error, a warning, a note): the log keeps it."""
    log.warning("shown: %s", text)


def failure(what: str) -> None:
    """An unexpected exception (call from its ``except``): its traceback goes to the log."""
    log.error("%s", what, exc_info=True)


class StderrLines:
    """stderr as it was, and each ``cubetable: ...`` line written to it also into the log: every
    one-line error of the program (the command line's, a settings file's, a recording's) is kept,
    wherever it was made."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._part = ""

    def write(self, s: str) -> int:
        n = self.stream.write(s)
        self._part += s
        *lines, self._part = self._part.split("\n")
        for line in lines:
            if line.startswith(PREFIX):
                shown(line[len(PREFIX):])
        return n

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def tee_stderr() -> None:
    """From now on, the program's one-line errors on stderr are logged too (see StderrLines)."""
    if not isinstance(sys.stderr, StderrLines):
        sys.stderr = StderrLines(sys.stderr)


def untee_stderr() -> None:
    if isinstance(sys.stderr, StderrLines):
        sys.stderr = sys.stderr.stream


def said(text: str) -> None:
    """A line a screen showed (a status line, the menu's note): kept with less weight than errors."""
    log.info("said: %s", text)
