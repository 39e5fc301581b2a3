"""The table kits, by game name: the app asks here for everything game-specific.

Kits load on first use (each pulls in its own art and shaders' data)."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names of the games come without GL: --screenshot chooses headless GL after them
    from render.tables.kit import Kit

_KITS = {
    "octocube": "render.tables.octocube",
    "cubitos": "render.tables.cubitos",
    "otys": "render.tables.otys",
}


def games() -> list[str]:
    """The games that can be played on the table, in menu order."""
    return list(_KITS)


def require(game: str) -> None:
    """``KeyError`` with a one-line message when ``game`` has no kit (none is loaded)."""
    if game not in _KITS:
        raise KeyError(f"{game!r} cannot be played on the table yet; choose {', '.join(_KITS)}")


def get(game: str) -> Kit:
    """``game``'s kit; ``KeyError`` with a one-line message when it has none."""
    require(game)
    return importlib.import_module(_KITS[game]).KIT
