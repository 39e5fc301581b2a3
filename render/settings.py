"""Settings that stick between sessions (language, guide, speeds, sound, the last menu choices…), kept
as JSON in the config folder (render.paths). A damaged file is reported in one line and set aside as
``settings.json.damaged`` on the next save, never silently overwritten."""
from __future__ import annotations

import copy
import json
import os
import sys
from pathlib import Path
from typing import Any

from game.core.savefile import write_atomic
from render.paths import user_dir

FILE = "settings.json"
# name: (default, the types a saved value may have); language None: the system's; auto_forced None:
# as the game prefers; last_menu: the start menu's last choices (game, players, seats, options).
SCHEMA: dict[str, tuple[Any, tuple[type, ...]]] = {
    "language": (None, (str, type(None))),
    "guide": (False, (bool,)),
    "anim_speed": (1.0, (int, float)),
    "volume": (0.8, (int, float)),
    "mute": (False, (bool,)),
    "show_all_scores": (False, (bool,)),
    "auto_forced": (None, (bool, type(None))),
    "camera_speed": (1.0, (int, float)),
    "fullscreen": (False, (bool,)),
    "window": ([1280, 720], (list,)),
    "marks": (True, (bool,)),
    "hard_ms": (300, (int,)),
    "expert_ms": (1000, (int,)),
    "last_menu": ({}, (dict,)),
    "keep_saves": (100, (int,)),  # saved games kept in saves/ before the oldest finished ones go
}
DEFAULTS: dict[str, Any] = {k: default for k, (default, _) in SCHEMA.items()}


def path() -> Path:
    return user_dir("config") / FILE


def _read() -> tuple[dict[str, Any], str | None]:
    """What the file holds and, when it is damaged, why."""
    try:
        raw = json.loads(path().read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError) as e:
        return {}, str(getattr(e, "strerror", None) or e)
    return (raw, None) if isinstance(raw, dict) else ({}, "not a JSON object")


def _valid(key: str, value: Any) -> bool:
    types = SCHEMA[key][1]
    return isinstance(value, types) and not (isinstance(value, bool) and bool not in types)


def load() -> dict[str, Any]:
    """The saved settings over the defaults; a damaged file says so in one line and gives defaults."""
    raw, damage = _read()
    if damage:
        print(f"cubetable: settings file {path()} is damaged ({damage}); using defaults", file=sys.stderr)
    return copy.deepcopy(DEFAULTS | {k: v for k, v in raw.items() if k in DEFAULTS and _valid(k, v)})


def save(**changes: Any) -> None:
    """Remember ``changes`` on top of what is saved; a write that fails says so in one line."""
    raw, damage = _read()
    target = path()
    try:
        if damage and target.exists():
            os.replace(target, target.with_name(FILE + ".damaged"))
        write_atomic(target, json.dumps(raw | changes, indent=1, ensure_ascii=False))
    except OSError as e:
        print(f"cubetable: cannot save settings to {target}: {e.strerror or e}", file=sys.stderr)
