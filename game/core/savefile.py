"""Save files: format version + game + options + seed + seats + actions + the final state.

Replaying the actions from the seed rebuilds every position, so one file serves resume, replay
stepping and bug reports. Files are written atomically: a temporary file, then a rename.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.action import Action
from game.core.errors import IllegalAction, SaveError
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


def to_json(data: SaveData, final: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": data.game,
        "players": data.players,
        "seed": data.seed,
        "options": data.options,
        "seats": data.seats,
        "actions": [a.to_dict() for a in data.actions],
        "final": final.to_dict(),
    }


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new file, never half of one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def save(path: str | os.PathLike[str], data: SaveData, final: GameState) -> None:
    write_atomic(path, json.dumps(to_json(data, final), separators=(",", ":")))


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
    return parse(d, str(path))


def parse(d: Any, name: str = "save") -> tuple[SaveData, list[GameState]]:
    from game import registry

    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise SaveError(f"{name} is not a Cubetable save file")
    if d.get("version") != VERSION:
        raise SaveError(f"{name} has save format version {d.get('version')!r}; this Cubetable reads {VERSION}")
    try:
        rules = registry.get(d["game"])
        players, seed = int(d["players"]), int(d["seed"])
        options = dict(d.get("options") or {})
        seats = [str(s) for s in d["seats"]]
        raw_actions = list(d["actions"])
    except KeyError as e:
        raise SaveError(f"{name} lacks {e}") from None
    except (TypeError, ValueError) as e:
        raise SaveError(f"{name} is damaged: {e}") from None
    actions = [rules.action_from_dict(a) for a in raw_actions]
    try:
        state = rules.new_game(players=players, seed=seed, **options)
    except (TypeError, ValueError) as e:
        raise SaveError(f"{name} names a game that cannot be set up: {e}") from None
    states = [state.clone()]
    for i, action in enumerate(actions, 1):
        try:
            state.apply(action)
        except IllegalAction:
            raise SaveError(f"{name}: move {i} ({action}) is not legal in its position") from None
        states.append(state.clone())
    final = d.get("final")
    if final is not None and state.to_dict() != final:
        raise SaveError(f"{name}: replaying the moves does not give the saved final position")
    data = SaveData(rules.name, players, seed, options, seats, actions)
    return data, states
