"""How Cubitos' rules are laid out (issue 39): the round's flow asks the cards, the cards answer
through the shared effects and never call back into the flow, no import goes round in a circle
through the cards, and no module grows past a size one reads at a sitting."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "game" / "cubitos"
PREFIX = "game.cubitos."
MAX_LINES = 500


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" or \
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def runtime_imports(module: str) -> set[str]:
    """The game.cubitos modules ``module`` imports when it runs (imports for the type checker only,
    under ``if TYPE_CHECKING:``, left out), read from its source."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {name[len(PREFIX):] for name in found if name.startswith(PREFIX) and (PACKAGE / f"{name[len(PREFIX):]}.py").exists()}


MODULES = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
GRAPH = {m: runtime_imports(m) for m in MODULES}


def reachable(start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = list(GRAPH[start])
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo += GRAPH[m]
    return seen


def test_the_import_reader_sees_the_imports_it_must() -> None:
    assert {"effects", "card_uses"} <= GRAPH["abilities"]
    assert "flow" in GRAPH["state"]


@pytest.mark.parametrize("module", ["abilities", "card_uses", "red_cards", "push_cards", "dice_choices", "effects"])
def test_the_cards_and_the_effects_never_reach_back_into_the_flow(module: str) -> None:
    assert "flow" not in reachable(module)


@pytest.mark.parametrize("module", ["abilities", "effects"])
def test_no_import_goes_round_through_the_cards_or_the_effects(module: str) -> None:
    assert module not in reachable(module)


def test_the_flow_asks_the_cards() -> None:
    """The flow's steps use the cards (the other way round is what the tests above forbid)."""
    assert "abilities" in reachable("flow") and "effects" in reachable("flow")


@pytest.mark.parametrize("module", MODULES)
def test_no_module_of_the_rules_is_too_long_to_read_at_a_sitting(module: str) -> None:
    lines = len((PACKAGE / f"{module}.py").read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"game/cubitos/{module}.py has {lines} lines: split it by what it holds"
