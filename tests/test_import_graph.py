"""No import goes round in a circle in the house (issue 39): a module never needs, through others,
the module that needs it, so each can be read, tested and changed from its imports down. Counted
are imports at a module's top and inside its functions (those run too, later); imports kept for
the type checker (under ``TYPE_CHECKING``) are not."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Each module of ``packages`` under ``root`` and the modules of theirs it imports."""
    files = {_name(p, root): p for pkg in packages for p in (root / pkg).rglob("*.py")}
    out: dict[str, set[str]] = {}
    for name, path in files.items():
        found: set[str] = set()
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = {f"{node.module}.{a.name}" for a in node.names} & files.keys()
                found |= subs if len(subs) == len(node.names) else subs | {node.module}
        out[name] = (found & files.keys()) - {name}
    return out


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    nodes, todo = [], [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                todo += child.orelse  # the else branch runs
                continue
            nodes.append(child)
            todo.append(child)
    return nodes


def circles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(g):
        if start in index:
            continue
        work = [(start, iter(sorted(g[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, edges = work[-1]
            w = next(edges, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_import_goes_round_in_the_rules_or_the_screen():
    assert circles(graph(ROOT, ("game", "render"))) == []


def test_the_check_finds_a_circle_through_a_function_but_not_one_kept_for_the_type_checker(tmp_path):
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from p import b\n")
    (pkg / "b.py").write_text("def f():\n    from p.a import x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p import d\n")
    (pkg / "d.py").write_text("import p.c\n")
    assert circles(graph(tmp_path, ("p",))) == [["p.a", "p.b"]]


GAMES = ("game.octocube", "game.cubitos", "game.otys")
SHARED = ("render.ui", "render.scene", "render.gl", "render.audio")  # parts any game's table uses


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_the_shared_parts_of_the_screen_know_no_game_and_no_kit():
    """What every table is drawn with knows no game's rules and no game's table kit (issue 39)."""
    g = graph(ROOT, ("game", "render"))
    knowing = {m: sorted(i for i in deps if _within(i, GAMES + ("render.tables",)))
               for m, deps in g.items() if _within(m, SHARED)}
    assert {m: d for m, d in knowing.items() if d} == {}
    assert len(knowing) > 20  # the packages were read


def test_the_replays_do_not_import_the_app():
    g = graph(ROOT, ("game", "render"))
    assert {m: sorted(d) for m, d in g.items() if _within(m, ("render.replay",)) and "render.app" in d} == {}
