"""The games Cubetable knows, by name. Modules load on first use to keep start-up quick."""
from __future__ import annotations

import importlib

from game.core.state import GameRules

_MODULES = {
    "octocube": "game.octocube.rules",
    "cubitos": "game.cubitos.rules",
    "otys": "game.otys.rules",
}


SHIPPED = tuple(_MODULES)  # the games Cubetable ships (tests register games of their own beside them)


def names() -> list[str]:
    return list(_MODULES)


def shipped() -> list[str]:
    """The games Cubetable ships, without any a test registered."""
    return list(SHIPPED)


def available() -> list[str]:
    """The names whose rules module exists in this checkout."""
    found = []
    for name, module in _MODULES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        found.append(name)
    return found


def get(name: str) -> GameRules:
    """The rules object of ``name``; ``KeyError`` with a one-line message for an unknown game."""
    if name not in _MODULES:
        raise KeyError(f"unknown game {name!r}; choose one of {', '.join(_MODULES)}")
    rules: GameRules = importlib.import_module(_MODULES[name]).RULES
    return rules


def register(name: str, module: str) -> None:
    """Add a game by module path (the module holds ``RULES``); tests register toy games."""
    _MODULES[name] = module
