"""The saved games the Replays list offers: the autosave and the files of the saves folder, each
with its game, players, date and result, or the one-line reason it cannot be opened."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from game.core import SaveError
from game.core.errors import printable
from game.core.replay import Timeline
from render.i18n import t
from render.saves import new_save_path, saves_dir  # noqa: F401 (where every game autosaves)
from render.tables import registry as kits
from render.ui import theme

DATE_FORMAT = "%Y-%m-%d %H:%M"




@dataclass(frozen=True)
class Entry:
    """One file of the list; ``error`` is set (and the rest empty) when it cannot be replayed."""

    path: Path
    date: str
    game: str = ""  # the game's name (the screen words its title)
    players: str = ""
    result: str = ""
    error: str = ""

    @property
    def openable(self) -> bool:
        return not self.error


def _mtime(path: Path) -> float:
    """When ``path`` last changed; a dangling link's own time (it is listed, with why it is no save)."""
    try:
        return path.stat().st_mtime
    except OSError:
        try:
            return path.lstat().st_mtime
        except OSError:
            return 0.0


def describe(path: Path) -> Entry:
    """The list's row for ``path``: the file is read and replayed, so an openable row opens; anything
    else (a damaged file, a folder, a FIFO, a dangling link) is a row saying in one line why not."""
    date = time.strftime(DATE_FORMAT, time.localtime(_mtime(path)))
    try:
        timeline = Timeline.read(path)
    except SaveError as e:  # the row names the file once
        return Entry(path, date, error=str(e).replace(printable(path), printable(path.name)))
    data = timeline.data
    if data.game not in kits.games():
        return Entry(path, date, error=t("replay.no_table", game=data.game))
    players = t("replay.separator").join(theme.bot_label(s) for s in data.seats)
    final = timeline.positions[-1]
    result = t("replay.winners", who=t("replay.separator").join(theme.player_label(s) for s in final.winners())) \
        if final.is_over else t("replay.unfinished")
    return Entry(path, date, data.game, players, result)


def entries(autosave: str | Path) -> list[Entry]:
    """The autosave first, then the saves folder's files, newest first."""
    auto = Path(autosave)
    saved = sorted(saves_dir().glob("*.json"), key=_mtime, reverse=True) \
        if saves_dir().is_dir() else []
    return [describe(p) for p in [auto] * auto.is_file() + [p for p in saved if p != auto]]
