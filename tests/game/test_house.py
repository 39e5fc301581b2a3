"""The rules know no screen: nothing under game/ imports the program's drawing side (render/),
the window library (pyglet) or GL (moderngl), so the rules run headless, in worker processes and
in other programs that drive the contract."""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
FORBIDDEN = ("render", "pyglet", "moderngl")


def imported(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def test_nothing_in_the_rules_imports_the_screen():
    bad = {str(p.relative_to(GAME.parent)): sorted(imported(p.read_text(encoding="utf-8")) & set(FORBIDDEN))
           for p in GAME.rglob("*.py")}
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_check_sees_an_import_of_the_screen():
    assert imported("import pyglet.window\nfrom render.app import App\nfrom . import x\n") >= {"pyglet", "render"}
