"""Settings that stick between sessions (the language, the first-game guide), kept as JSON in the
config folder (render.paths). A damaged file is reported in one line and set aside as
``settings.json.damaged`` on the next save, never silently overwritten."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from game.core.savefile import write_atomic
from render.paths import user_dir

FILE = "settings.json"
DEFAULTS: dict[str, Any] = {"language": None, "guide": False,  # language None: the system's
                            "volume": 0.8, "mute": False}


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
    default = DEFAULTS[key]
    return value is None or isinstance(value, str) if default is None else isinstance(value, type(default))


def load() -> dict[str, Any]:
    """The saved settings over the defaults; a damaged file says so in one line and gives defaults."""
    raw, damage = _read()
    if damage:
        print(f"cubetable: settings file {path()} is damaged ({damage}); using defaults", file=sys.stderr)
    return DEFAULTS | {k: v for k, v in raw.items() if k in DEFAULTS and _valid(k, v)}


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
