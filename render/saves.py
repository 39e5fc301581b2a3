"""Every game keeps its own autosave in the data folder's ``saves/``, named by game and start time,
so starting a new game never replaces another one: Continue offers the unfinished games, Replays
lists them all, and old finished games are pruned past the ``keep_saves`` setting (never an
unfinished one, nor a file that cannot be read: that might be a game someone still wants).

Reading a row is cheap (the JSON and its final position, no replay); Continue replays the file
when it is opened, so a file damaged in a way only a replay finds is said then, in one line.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from game import registry
from game.core import savefile
from game.core.errors import SaveError
from render.paths import user_dir

LEGACY = "autosave.json"  # the one autosave of earlier versions: still offered while it is unfinished
MAX_BYTES = 64 << 20  # a save bigger than this is not read to list it (a stray file, not a game)


def saves_dir() -> Path:
    """Where every game autosaves, Ctrl+S keeps copies and a taken-over replay goes."""
    return user_dir("data") / "saves"


def legacy_autosave() -> Path:
    return user_dir("data") / LEGACY


def new_save_path(game: str, what: str = "") -> Path:
    """A file in the saves folder named by game and time that no other file has yet."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    stem = "-".join(p for p in (game, what, stamp) if p)
    path, n = saves_dir() / f"{stem}.json", 1
    while path.exists() or savefile.backup_path(path).exists():
        n += 1
        path = saves_dir() / f"{stem}-{n}.json"
    return path


def in_saves(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is one of the saves folder's files (a game's own autosave or a copy)."""
    try:
        return Path(path).resolve().parent == saves_dir().resolve()
    except OSError:
        return False


@dataclass(frozen=True)
class Saved:
    """What a list row says about one save file, read without replaying it."""

    path: Path
    mtime: float
    game: str = ""
    seats: tuple[str, ...] = ()
    moves: int = 0
    over: bool | None = None  # None: not known (the file is damaged, ``error`` says why)
    error: str = ""

    @property
    def openable(self) -> bool:
        return not self.error


_cache: dict[Path, tuple[tuple, Saved]] = {}  # path -> ((mtime, size, its backup's mtime), its row)
INDEX = "saves-index.json"  # the rows of the last start, in the cache folder: a start reads only what changed
_index: dict[str, list] | None = None  # str(path) -> [key..., row fields...] as the index file holds them
_index_changed = False


def _index_file() -> Path:
    return user_dir("cache") / INDEX


def _load_index() -> dict[str, list]:
    """The rows the last start wrote (a missing or damaged index is only a slower start)."""
    global _index
    if _index is None:
        try:
            raw = savefile.read_json(_index_file(), max_bytes=16 << 20)
            _index = raw if isinstance(raw, dict) else {}
        except (OSError, ValueError):
            _index = {}
    return _index


def save_index() -> None:
    """Keep the rows for the next start (Cubitos' final position alone takes ~30 ms to read)."""
    global _index_changed
    if not _index_changed or _index is None:
        return
    try:
        savefile.write_atomic(_index_file(), json.dumps(_index, separators=(",", ":")))
        _index_changed = False
    except OSError:
        pass  # a cache that cannot be written: the next start reads the files again


def peek(path: Path) -> Saved | None:
    """The row of ``path`` (None when it is no file at all). A damaged file whose backup copy
    (``.json.1``) reads is described by that copy: Continue resumes from it."""
    try:
        st = path.stat()
    except OSError:
        return None
    if not path.is_file():
        return None
    backup = savefile.backup_path(path)
    key = (st.st_mtime, st.st_size, backup.stat().st_mtime if backup.exists() else None)
    hit = _cache.get(path)
    if hit is not None and hit[0] == key:
        return hit[1]
    kept = _load_index().get(str(path))
    row = _from_index(path, st.st_mtime, kept[3:]) if isinstance(kept, list) and tuple(kept[:3]) == key else None
    if row is None:
        row = _read_row(path, st.st_mtime)
        if row.error:
            copy = _read_row(backup, st.st_mtime) if backup.is_file() else row
            row = Saved(path, st.st_mtime, copy.game, copy.seats, copy.moves, copy.over) if not copy.error else row
        global _index_changed
        _load_index()[str(path)] = [*key, row.game, list(row.seats), row.moves, row.over, row.error]
        _index_changed = True
    _cache[path] = (key, row)
    return row


def _from_index(path: Path, mtime: float, fields: list) -> Saved | None:
    """A row from the index, or None when the index holds something else (it is only a cache)."""
    try:
        game, seats, moves, over, error = fields
        if not (isinstance(game, str) and isinstance(seats, list) and all(isinstance(s, str) for s in seats)
                and isinstance(moves, int) and over in (True, False, None) and isinstance(error, str)):
            return None
    except ValueError:
        return None
    return Saved(path, mtime, game, tuple(seats), moves, over, error)


def _read_row(path: Path, mtime: float) -> Saved:
    try:
        if path.stat().st_size > MAX_BYTES:
            return Saved(path, mtime, error="too big to be a save file")
        d = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(d, dict) or d.get("format") != savefile.FORMAT:
            return Saved(path, mtime, error="not a Cubetable save file")
        rules = registry.get(d["game"])
        actions, seats, final = d["actions"], d["seats"], d.get("final")
        if not isinstance(actions, list) or not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            return Saved(path, mtime, error="damaged")
        over = rules.from_dict(final).is_over if isinstance(final, dict) else savefile.read(path)[1][-1].is_over
        return Saved(path, mtime, rules.name, tuple(seats), len(actions), bool(over))
    except SaveError as e:
        return Saved(path, mtime, error=str(e).replace(str(path), path.name))
    except (OSError, UnicodeDecodeError) as e:
        return Saved(path, mtime, error=str(getattr(e, "strerror", None) or e))
    except (ValueError, RecursionError):
        return Saved(path, mtime, error="not a save file (bad JSON)")
    except Exception as e:  # noqa: BLE001 - a file is anything at all; whatever it breaks is a row saying so
        return Saved(path, mtime, error=f"damaged ({type(e).__name__})")


def candidates(extra: Iterable[str | os.PathLike[str] | None] = ()) -> list[Path]:
    """The saves folder's files, the old single autosave and any file named on the command line."""
    folder = saves_dir()
    try:
        found = list(folder.glob("*.json")) if folder.is_dir() else []
    except OSError:
        found = []
    seen: list[Path] = []
    for p in [*found, legacy_autosave(), *(Path(e) for e in extra if e)]:
        if p not in seen:
            seen.append(p)
    return seen


def unfinished(extra: Iterable[str | os.PathLike[str] | None] = ()) -> list[Saved]:
    """Continue's rows: every game not over (and every damaged file, with why), latest first."""
    global _index_changed
    paths = candidates(extra)
    rows = [r for r in map(peek, paths) if r is not None and r.over is not True]
    index, seen = _load_index(), {str(p) for p in paths}
    for gone in [k for k in index if k not in seen]:  # files deleted since: their rows go too
        del index[gone]
        _index_changed = True
    save_index()
    return sorted(rows, key=lambda r: r.mtime, reverse=True)


def continuable(extra: Iterable[str | os.PathLike[str] | None] = ()) -> list[Saved]:
    """Continue's rows: the unfinished games that have a table, and the files that cannot be read."""
    from render.tables import registry as kits

    return [r for r in unfinished(extra) if not r.openable or r.game in kits.games()]


def prune(keep: int) -> list[Path]:
    """Past ``keep`` files in the saves folder, remove the oldest finished games (and their
    backup copies) until ``keep`` are left; unfinished and unreadable files always stay."""
    folder = saves_dir()
    if keep < 0 or not folder.is_dir():
        return []
    rows = sorted((r for r in map(peek, folder.glob("*.json")) if r is not None), key=lambda r: r.mtime)
    extra = len(rows) - keep
    gone: list[Path] = []
    for row in rows:
        if extra <= 0:
            break
        if row.over is True:
            try:
                row.path.unlink()
                savefile.backup_path(row.path).unlink(missing_ok=True)
            except OSError:
                continue  # a file that will not go stays; the next start tries again
            _cache.pop(row.path, None)
            _load_index().pop(str(row.path), None)
            gone.append(row.path)
            extra -= 1
    save_index()
    return gone


def new_autosave(game: str) -> Path:
    """The autosave file of a new game; first, old finished games past the setting's limit go."""
    from render import settings

    try:
        keep = int(settings.load().get("keep_saves", 100))
    except (TypeError, ValueError):
        keep = 100
    prune(keep)
    return new_save_path(game)
