"""The sound side knows no game: render/audio/ imports no table kit and no game's rules and names
no game; each game's sounds come from its own kit, which declares them."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from render.tables import registry as kits

AUDIO = Path(__file__).resolve().parents[3] / "render" / "audio"


def imports(source: str) -> set[str]:
    """The modules a source imports, in full."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def _foreign(name: str) -> bool:
    """A kit (render.tables...) or one game's rules (game.<game>...); game.core is every game's."""
    parts = name.split(".")
    return parts[:2] == ["render", "tables"] or parts[0] == "game" and len(parts) > 1 and parts[1] in kits.games()


def test_render_audio_imports_no_kit_and_no_game_and_names_no_game():
    sources = {p.name: p.read_text(encoding="utf-8") for p in sorted(AUDIO.glob("*.py"))}
    found = {name: sorted(filter(_foreign, imports(src))) for name, src in sources.items()}
    assert {name: bad for name, bad in found.items() if bad} == {}
    games = re.compile("|".join(kits.games()), re.IGNORECASE)
    assert {name: games.findall(src) for name, src in sources.items() if games.search(src)} == {}


def test_every_kit_declares_its_own_sounds():
    cues = {game: kits.get(game).sound_cues for game in kits.games()}
    assert all(f.__module__ == f"render.tables.{game}.sounds" for game, f in cues.items()), cues


def test_the_checks_see_a_kit_a_game_and_a_name():
    assert _foreign("render.tables.kit") and _foreign("game.cubitos.state") and not _foreign("game.core")
    assert imports("from render.tables.otys.motion import X\nimport game.octocube\n") == {
        "render.tables.otys.motion", "game.octocube"}
