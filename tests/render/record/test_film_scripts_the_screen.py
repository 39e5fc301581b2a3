"""The film plays its moves through the game screen's public way (issue 39): render/record/ reads
no private attribute of anything but itself and writes no field of a screen; the screen's scripted
play does what the film counts on."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from render.options import Options

RECORD = Path(__file__).resolve().parents[3] / "render" / "record"


def _names(node: ast.expr) -> list[str]:
    """``app.screen.view`` -> ["app", "screen", "view"]: the names an attribute chain goes through."""
    if isinstance(node, ast.Attribute):
        return [*_names(node.value), node.attr]
    return [node.id] if isinstance(node, ast.Name) else []


def reaches(source: str) -> list[str]:
    """Where ``source`` reads another object's private attribute (``x._name``) or writes a field
    of a screen (``screen.bots = ...``), one line each."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.endswith("__") \
                and _names(node.value) != ["self"]:
            found.append(f"line {node.lineno}: reads {'.'.join(_names(node))}")
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for target in targets:
            if isinstance(target, ast.Attribute) and "screen" in _names(target.value):
                found.append(f"line {node.lineno}: writes {'.'.join(_names(target))}")
    return found


def test_reaches_finds_a_private_read_and_a_write_to_a_screen():
    source = ("screen.bots = []\napp.screen.view.anim_speed = 0\noptions = screen._next_demo()\n"
              "self._write(1)\nwindow.projection = None\n")
    assert reaches(source) == ["line 1: writes screen.bots", "line 2: writes app.screen.view.anim_speed",
                               "line 3: reads screen._next_demo"]


def test_the_film_uses_no_private_attribute_of_a_screen_and_writes_none_of_its_fields():
    files = sorted(RECORD.glob("*.py"))
    assert "film.py" in {p.name for p in files}
    found = {p.name: reaches(p.read_text(encoding="utf-8")) for p in files}
    assert found == {p.name: [] for p in files}


@pytest.mark.gl
def test_a_scripted_demo_plays_only_the_moves_it_is_given(app):
    app.start_demo(Options(seats=["random", "random"], seed=7, anim_speed=1.0, save=app.options.save))
    screen = app.screen
    plan = screen.bots_play_out(3)
    assert screen.ply == 0 and len(plan) == 3, "the plan is played on a copy"
    assert screen.bots_play_out()[:3] == plan, "the same bots, seeded as the table's: the same moves"
    screen.script()
    for _ in range(30):  # left alone, a scripted table makes no move and no bot starts thinking
        app.tick(0.1)
    assert screen.ply == 0 and not screen.waiting() and screen.at_rest
    for n, action in enumerate(plan, 1):
        screen.submit(action)
        assert not screen.at_rest, "a move animates"
        ticks = 0
        while not screen.at_rest:
            app.tick(0.1)
            ticks += 1
        assert screen.ply == n and 0 < ticks < 100 and screen.caption
    assert list(screen.match.history) == plan
    assert not screen.moves_on_within(10.0), "the game is not over: the demo stays on it"
