"""Save files: format version + game + options + seed + seats + actions + the final state.

Replaying the actions from the seed rebuilds every position, so one file serves resume, replay
stepping and bug reports. Files are written atomically: a temporary file, then a rename.
"""
from __future__ import annotations

import errno
import glob
import json
import os
import stat
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.action import Action
from game.core.errors import SaveError, printable
from game.core.state import GameState

FORMAT = "cubetable-save"
VERSION = 1


@dataclass
class SaveData:
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[str]
    actions: list[Action] = field(default_factory=list)


def to_json(data: SaveData, final: GameState | None) -> dict[str, Any]:
    """The file's content; without ``final`` (a fuzz failure) reading only replays the moves."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": data.game,
        "players": data.players,
        "seed": data.seed,
        "options": data.options,
        "seats": data.seats,
        "actions": [a.to_dict() for a in data.actions],
        "final": None if final is None else final.to_dict(),
    }


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new file, never half of one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text[:len(text) // 2])
            _slow_for_tests()
            f.write(text[len(text) // 2:])
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def sweep_leftovers(path: str | os.PathLike[str], older_than_s: float = 60.0) -> None:
    """Remove the temporary files a write to ``path`` left when its process was killed mid-write
    (never one young enough to be another process's write in progress)."""
    target = Path(path)
    cutoff = time.time() - older_than_s
    for tmp in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
        try:
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
        except OSError:
            pass


def dumps(data: SaveData, final: GameState) -> str:
    return json.dumps(to_json(data, final), separators=(",", ":"))


def save(path: str | os.PathLike[str], data: SaveData, final: GameState) -> None:
    write_atomic(path, dumps(data, final))


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where an autosave keeps its previous good copy (one generation)."""
    return Path(f"{os.fspath(path)}.1")


def _slow_for_tests() -> None:
    """A hidden hook: CUBETABLE_TEST_SLOW_SAVE=seconds widens the window in which a crash test can
    kill the program while an autosave is being written."""
    delay = os.environ.get("CUBETABLE_TEST_SLOW_SAVE")
    if delay:
        time.sleep(float(delay))


MAX_BYTES = 64 << 20  # no game's save comes near this; a bigger file is not read (a stray file, a device)
MAX_DEPTH = 32  # a real save nests 4-6 deep (every game, 2-4 seats, whole games); deeper is damage


def read_regular(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` when it is a regular file of at most ``max_bytes``; anything else (a
    folder, a FIFO, a device, a dangling link, a file too big) raises OSError with a one-line
    reason, before it can block or fill the memory: opened without blocking, read at most once over."""
    st = os.stat(path)  # follows a link: what it points at is what would be read
    if not stat.S_ISREG(st.st_mode):
        raise OSError(errno.EINVAL, f"not a regular file ({_kind(st.st_mode)})")
    if st.st_size > max_bytes:
        raise OSError(errno.EFBIG, f"too big ({st.st_size} bytes; at most {max_bytes} are read)")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for a FIFO since the stat
            raise OSError(errno.EINVAL, "not a regular file")
        data = f.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise OSError(errno.EFBIG, f"too big (at most {max_bytes} bytes are read)")
    return data


def _kind(mode: int) -> str:
    for test, word in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return word
    return "not a file"


def read_json(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON document in ``path``: read as :func:`read_regular` reads, nested at most ``max_depth``
    deep. OSError for a file that cannot be read, ValueError (one line) for one that is not JSON."""
    raw = read_regular(path, max_bytes)
    try:
        d = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise ValueError(f"bad JSON at line {e.lineno}") from None
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except ValueError as e:  # an integer of over 4,300 digits, among others
        raise ValueError(f"bad JSON ({str(e).splitlines()[0] if str(e) else 'a value out of range'})") from None
    if _depth(d, max_depth) > max_depth:
        raise ValueError(f"nested more than {max_depth} deep")
    return d


def _depth(d: Any, limit: int) -> int:
    """How deep ``d`` nests (counted without recursion; the walk stops past ``limit``)."""
    deepest, todo = 0, [(d, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if deepest > limit:
                return deepest
            todo.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def read(path: str | os.PathLike[str]) -> tuple[SaveData, list[GameState]]:
    """Parse and replay a save file: its data and every position from the start to the end.

    The one way every save is read (verify, --load, --replay, Continue, the Replays list). Raises
    :class:`SaveError` with a one-line reason for anything damaged, foreign or not a file.
    """
    name = printable(os.fspath(path))
    try:
        d = read_json(path)
    except OSError as e:
        raise SaveError(f"cannot read {name}: {printable(e.strerror or e)}") from None
    except ValueError as e:
        raise SaveError(f"{name} is not a save file ({printable(e)})") from None
    return parse(d, name)


def _describe(d: Any) -> str:
    """A short form of a raw action from a file, safe for anything the file holds."""
    try:
        text = printable(json.dumps(d))
    except (ValueError, TypeError, RecursionError):
        text = type(d).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _same(a: Any, b: Any) -> bool:
    """``a`` and ``b`` are the same JSON, types included: 14.0 or true is not 14."""
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (ValueError, TypeError, RecursionError):
        return False


def _is_int(value: Any) -> bool:
    return type(value) is int  # never a bool, never a float that equals an int


def _seat_error(spec: str, rules: Any, seat: int) -> str | None:
    """Why ``spec`` sits nobody in ``seat`` (None when it is a person or a bot of the game): a file's
    seat that names no bot would otherwise be found only when that seat's turn comes."""
    if spec in ("human", "remote"):  # a person here, or one joining over the network (game/net)
        return None
    from game.bots.factory import make_bot  # the bots' names are theirs to know

    try:
        make_bot(spec, rules, seat, 0)
    except ValueError as e:
        return printable(str(e).splitlines()[0] if str(e) else "not a bot")
    except Exception as e:  # noqa: BLE001 - a spec is anything a file holds
        return f"not a bot ({type(e).__name__})"
    return None


def parse(d: Any, name: str = "save") -> tuple[SaveData, list[GameState]]:
    """Check and replay a save file's content (see :func:`read`): strict on every type, each
    failure a SaveError with its reason, whatever the content is."""
    try:
        return _parse(d, name)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(f"{name} is not a save file (nested too deeply)") from None
    except Exception as e:  # noqa: BLE001 - a rules bug met while replaying is still one line
        raise SaveError(f"{name} cannot be replayed ({type(e).__name__}: {printable(_first_line(e))})") from None


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _parse(d: Any, name: str) -> tuple[SaveData, list[GameState]]:
    from game import registry

    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise SaveError(f"{name} is not a Cubetable save file")
    version = d.get("version")
    if not (_is_int(version) and version == VERSION):
        raise SaveError(f"{name} has save format version {_describe(version)}; this Cubetable reads {VERSION}")
    if not isinstance(d.get("game"), str):
        raise SaveError(f"{name} names no game")
    try:
        rules = registry.get(d["game"])
    except KeyError as e:
        raise SaveError(f"{name}: {printable(e.args[0])}") from None
    try:
        players, seed, seats, raw_actions = d["players"], d["seed"], d["seats"], d["actions"]
        options = d.get("options", {})
    except KeyError as e:
        raise SaveError(f"{name} lacks {e}") from None
    for key, value, kind in (("players", players, int), ("seed", seed, int), ("options", options, dict),
                             ("seats", seats, list), ("actions", raw_actions, list)):
        if not (_is_int(value) if kind is int else isinstance(value, kind)):
            raise SaveError(f"{name} is damaged: {key} is not {kind.__name__}")
    if len(seats) != players or not all(isinstance(s, str) for s in seats):
        raise SaveError(f"{name} is damaged: the seats do not fit {players} players")
    if any(isinstance(v, float) for v in options.values()):
        raise SaveError(f"{name} is damaged: no game option is a fraction")
    try:
        state = rules.new_game(players=players, seed=seed, **options)
    except Exception as e:  # noqa: BLE001 - options from a file are anything at all; whatever they break is one line
        raise SaveError(f"{name} names a game that cannot be set up: {printable(_first_line(e))}") from None
    for seat, spec in enumerate(seats):
        if (why := _seat_error(spec, rules, seat)) is not None:
            raise SaveError(f"{name}: seat {seat + 1}: {why}")
    states = [state.clone()]
    actions = []
    for i, raw in enumerate(raw_actions, 1):
        try:
            action = rules.action_from_dict(raw)
        except (SaveError, TypeError, ValueError, KeyError, AttributeError):
            raise SaveError(f"{name}: move {i} {_describe(raw)} is not a {rules.name} action") from None
        legal = state.legal_actions()
        try:  # a huge number is simply not legal
            action = legal[legal.index(action)]
        except ValueError:
            raise SaveError(f"{name}: move {i} {_describe(raw)} is not legal in its position") from None
        if not _same(action.to_dict(), raw):  # 14.0, true or "14" compares equal to the legal 14
            raise SaveError(f"{name}: move {i} {_describe(raw)} is not written as a {rules.name} action is")
        state.apply(action)
        actions.append(action)
        states.append(state.clone())
    final = d.get("final")
    if final is not None and state.to_dict() != final:
        raise SaveError(f"{name}: replaying the moves does not give the saved final position")
    data = SaveData(rules.name, players, seed, dict(options), list(seats), actions)
    return data, states
