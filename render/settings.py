"""Settings that stick between sessions (language, guide, speeds, sound, the last menu choices…), kept
as JSON in the config folder (render.paths).

Every value is checked against its type and range. A file that cannot be read (not JSON, nested too
deep, a FIFO or a device in its place) or that holds a value out of range is reported in one line
and set aside at once as ``settings.json.damaged``, never silently overwritten: the values that
were good are written back, the others take their defaults. However often a start reads the
settings, a damaged file is said once."""
from __future__ import annotations

import copy
import json
import math
import os
import sys
from pathlib import Path
from typing import Any, Callable

from game.bots.factory import MAX_MCTS_MS
from game.core.errors import printable
from game.core.savefile import read_json, write_atomic
from render.paths import user_dir

FILE = "settings.json"
DAMAGED = FILE + ".damaged"
MAX_BYTES = 1 << 20  # a settings file is a few hundred bytes
MAX_DEPTH = 8

Check = Callable[[Any], bool]


def _number(low: float, high: float, whole: bool = False) -> Check:
    """A finite int (or float, unless ``whole``) from ``low`` to ``high``; never a bool."""
    kinds = (int,) if whole else (int, float)
    return lambda v: type(v) in kinds and math.isfinite(v) and low <= v <= high


def _flag(v: Any) -> bool:
    return type(v) is bool


def _optional_flag(v: Any) -> bool:
    return v is None or type(v) is bool


def _language(v: Any) -> bool:
    return v is None or (isinstance(v, str) and 0 < len(v) <= 16 and v.isprintable())


def _window(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(_number(64, 8192, whole=True)(n) for n in v)


def _last_menu(v: Any) -> bool:
    """The start menu's last choices: each part optional (the menu keeps what still makes sense)."""
    return isinstance(v, dict) and all(isinstance(k, str) for k in v) \
        and (not isinstance(v.get("game"), (dict, list))) \
        and ("players" not in v or _number(1, 99, whole=True)(v["players"])) \
        and ("seats" not in v or isinstance(v["seats"], list) and all(isinstance(s, str) for s in v["seats"])) \
        and ("chosen" not in v or isinstance(v["chosen"], dict))


# name: (default, what a saved value must be); language None: the system's; auto_forced None: as the
# game prefers; last_menu: the start menu's last choices (game, players, seats, options). The ranges
# hold every choice the settings panel offers, with room: anim_speed as far as + / - go.
SCHEMA: dict[str, tuple[Any, Check]] = {
    "language": (None, _language),
    "guide": (False, _flag),
    "anim_speed": (1.0, _number(0, 8)),
    "volume": (0.8, _number(0, 1)),
    "mute": (False, _flag),
    "show_all_scores": (False, _flag),
    "auto_forced": (None, _optional_flag),
    "camera_speed": (1.0, _number(0.05, 20)),
    "fullscreen": (False, _flag),
    "window": ([1280, 720], _window),
    "marks": (True, _flag),
    "hard_ms": (300, _number(10, MAX_MCTS_MS, whole=True)),
    "expert_ms": (1000, _number(10, MAX_MCTS_MS, whole=True)),
    "last_menu": ({}, _last_menu),
    "keep_saves": (100, _number(0, 1_000_000, whole=True)),  # saved games kept in saves/ before the oldest finished ones go
}
DEFAULTS: dict[str, Any] = {k: default for k, (default, _) in SCHEMA.items()}

_told: set[tuple[str, str]] = set()  # (file, damage) reported but not set aside: not said again


def path() -> Path:
    return user_dir("config") / FILE


def _read() -> tuple[dict[str, Any], str | None]:
    """What the file holds, its bad values left out, and, when it is damaged, why (one line)."""
    try:
        raw = read_json(path(), MAX_BYTES, MAX_DEPTH)
    except FileNotFoundError:
        return {}, None
    except OSError as e:
        return {}, f"{printable(e.strerror or e)}, the defaults are used"
    except ValueError as e:
        return {}, f"{printable(e)}, the defaults are used"
    if not isinstance(raw, dict):
        return {}, "not a JSON object, the defaults are used"
    bad = [k for k, v in raw.items() if k in SCHEMA and not SCHEMA[k][1](v)]
    if not bad:
        return raw, None
    return {k: v for k, v in raw.items() if k not in bad}, "; ".join(_why(k, raw[k]) for k in bad)


def _why(key: str, value: Any) -> str:
    try:
        shown = json.dumps(value)
    except (TypeError, ValueError):
        shown = type(value).__name__
    shown = printable(shown if len(shown) <= 24 else shown[:21] + "...")
    return f"{key} {shown} is not a valid value, {json.dumps(DEFAULTS[key])} is used"


def _set_aside(good: dict[str, Any], damage: str) -> None:
    """Keep the damaged file as settings.json.damaged and write back what was good, saying so in one
    line: once, since the next read finds the good file (or, when the folder refuses, remembers)."""
    target = path()
    try:
        os.replace(target, target.with_name(DAMAGED))
        kept = f"set aside as {DAMAGED}" + (", its good values kept" if good else "")
        if good:
            write_atomic(target, json.dumps(good, indent=1, ensure_ascii=False))
    except OSError as e:
        kept = f"could not be set aside ({printable(e.strerror or e)})"
        if (os.fspath(target), damage) in _told:
            return
        _told.add((os.fspath(target), damage))
    print(f"cubetable: settings file {printable(target)} is damaged: {damage}; {kept}", file=sys.stderr)


def load() -> dict[str, Any]:
    """The saved settings over the defaults; a damaged file is set aside at once (said in one line)."""
    raw, damage = _read()
    if damage:
        _set_aside(raw, damage)
    return copy.deepcopy(DEFAULTS | {k: v for k, v in raw.items() if k in DEFAULTS})


def save(**changes: Any) -> None:
    """Remember ``changes`` on top of what is saved; a write that fails says so in one line."""
    raw, damage = _read()
    if damage:
        _set_aside(raw, damage)
    target = path()
    try:
        write_atomic(target, json.dumps(raw | changes, indent=1, ensure_ascii=False))
    except OSError as e:
        print(f"cubetable: cannot save settings to {printable(target)}: {printable(e.strerror or e)}",
              file=sys.stderr)
