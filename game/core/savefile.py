"""Save files: format version + game + options + seed + seats + actions + the final state.

Replaying the actions from the seed rebuilds every position, so one file serves resume, replay
stepping and bug reports. Files are written atomically: a temporary file, then a rename.
"""
from __future__ import annotations

import glob
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.action import Action
from game.core.errors import SaveError
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


def read(path: str | os.PathLike[str]) -> tuple[SaveData, list[GameState]]:
    """Parse and replay a save file: its data and every position from the start to the end.

    Raises :class:`SaveError` with a one-line reason for anything damaged or foreign.
    """
    try:
        raw = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    try:
        d = json.loads(raw)
    except json.JSONDecodeError as e:
        raise SaveError(f"{path} is not a save file (bad JSON at line {e.lineno})") from None
    except RecursionError:
        raise SaveError(f"{path} is not a save file (nested too deeply)") from None
    return parse(d, str(path))


def _describe(d: Any) -> str:
    """A short form of a raw action from a file, safe for anything the file holds."""
    text = json.dumps(d)
    return text if len(text) <= 60 else text[:57] + "..."


def parse(d: Any, name: str = "save") -> tuple[SaveData, list[GameState]]:
    from game import registry

    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise SaveError(f"{name} is not a Cubetable save file")
    if d.get("version") != VERSION:
        raise SaveError(f"{name} has save format version {d.get('version')!r}; this Cubetable reads {VERSION}")
    if not isinstance(d.get("game"), str):
        raise SaveError(f"{name} names no game")
    try:
        rules = registry.get(d["game"])
    except KeyError as e:
        raise SaveError(f"{name}: {e.args[0]}") from None
    try:
        players, seed, seats, raw_actions = d["players"], d["seed"], d["seats"], d["actions"]
        options = d.get("options", {})
    except KeyError as e:
        raise SaveError(f"{name} lacks {e}") from None
    for key, value, kind in (("players", players, int), ("seed", seed, int), ("options", options, dict),
                             ("seats", seats, list), ("actions", raw_actions, list)):
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SaveError(f"{name} is damaged: {key} is not {kind.__name__}")
    if len(seats) != players or not all(isinstance(s, str) for s in seats):
        raise SaveError(f"{name} is damaged: the seats do not fit {players} players")
    try:
        state = rules.new_game(players=players, seed=seed, **options)
    except Exception as e:  # options from a file are anything at all; whatever they break is one line
        raise SaveError(f"{name} names a game that cannot be set up: {str(e).splitlines()[0] if str(e) else e!r}") from None
    states = [state.clone()]
    actions = []
    for i, raw in enumerate(raw_actions, 1):
        try:
            action = rules.action_from_dict(raw)
        except (SaveError, TypeError, ValueError):
            raise SaveError(f"{name}: move {i} {_describe(raw)} is not a {rules.name} action") from None
        if action not in state.legal_actions():  # a wrong type or a huge number is simply not legal
            raise SaveError(f"{name}: move {i} {_describe(raw)} is not legal in its position")
        state.apply(action)
        actions.append(action)
        states.append(state.clone())
    final = d.get("final")
    if final is not None and state.to_dict() != final:
        raise SaveError(f"{name}: replaying the moves does not give the saved final position")
    data = SaveData(rules.name, players, seed, dict(options), list(seats), actions)
    return data, states
