"""Save files are data: a save whose strings look like paths or code is refused or read as plain
data, and nothing in it is opened, run or imported; no source in game/ or render/ runs code read from
a file (eval, exec, pickle, marshal, shelve) or imports a module named by one. A raising or cheating
bot in the headless command line is counted as an error in the report, never a traceback."""
from __future__ import annotations

import ast
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.cli import main as game_main
from game.core import SaveError
from game.core.match import Match

ROOT = Path(__file__).resolve().parents[2]
registry.register("faulty", "tests.game.faulty")

MARK = "cubetable-marker"  # in every planted string: an open, import or compile naming it is caught
PATH = f"../../{MARK}"
CODE = f"__import__('os').system('touch {MARK}')"
PLANTS = {
    "game": lambda d, s: {**d, "game": s},
    "seat": lambda d, s: {**d, "seats": [s, *d["seats"][1:]]},
    "option key": lambda d, s: {**d, "options": {s: 1}},
    "option value": lambda d, s: {**d, "options": {"variant": s}},
    "action kind": lambda d, s: {**d, "actions": [{**d["actions"][0], "kind": s}, *d["actions"][1:]]},
    "action field": lambda d, s: {**d, "actions": [{**d["actions"][0], "cell": s}, *d["actions"][1:]]},
    "final": lambda d, s: {**d, "final": s},
    "extra key": lambda d, s: {**d, s: s},
}

_watching: list[tuple[str, tuple[Any, ...]]] | None = None  # the audit events seen while a save loads


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _watching is None:
        return
    made_up = event == "exec" and getattr(args[0], "co_filename", "<").startswith("<")  # not a module's file
    if made_up or event in ("os.system", "subprocess.Popen") or MARK in repr(args)[:100_000]:
        _watching.append((event, args))


sys.addaudithook(_audit)  # hooks cannot be removed: this one only records while ``_watching`` is set


def _save(folder: Path) -> dict[str, Any]:
    match = Match(registry.get("octocube"), 2, 5, ["human", "random"])
    for _ in range(3):
        match.apply(match.state.legal_actions()[0])
    match.save(folder / "good.json")
    return json.loads((folder / "good.json").read_text())


def _files(folder: Path) -> set[Path]:
    return set(folder.rglob("*"))


@pytest.mark.parametrize("planted", [PATH, CODE])
@pytest.mark.parametrize("where", PLANTS)
def test_a_save_of_paths_and_code_is_only_ever_data(tmp_path, monkeypatch, where, planted):
    global _watching
    good = _save(tmp_path)
    here = tmp_path / "a" / "b"  # "../../x" from here would land inside tmp_path: watched
    here.mkdir(parents=True)
    monkeypatch.chdir(here)
    path = tmp_path / "planted.json"
    path.write_text(json.dumps(PLANTS[where](good, planted)))
    assert game_main(["verify", str(tmp_path / "good.json")]) == 0  # imports done before the watch:
    before, raw = _files(tmp_path), path.read_bytes()  # a module's first import runs generated code
    _watching = []
    try:
        try:
            match = Match.load(path)
        except SaveError as e:
            assert "\n" not in str(e)
        else:  # read as data: the planted text is at most a seat's name or an unknown key
            assert match.data.game == "octocube" and len(match.history) == 3
        assert game_main(["verify", str(path)]) in (0, 2)  # valid, or refused in one line
        seen = _watching
    finally:
        _watching = None
    assert not [(event, args) for event, args in seen if event != "open" or str(path) not in repr(args)]
    assert _files(tmp_path) == before and path.read_bytes() == raw


FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__"}
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "dill", "yaml"}
# importlib.import_module appears only where the module name comes from a fixed table or the
# rules' own module (never from a save's text: a save's game is checked against the registry first)
IMPORT_SITES = {"game/registry.py", "game/core/state.py", "render/tables/registry.py",
                "render/tables/art_cache.py"}


def _forbidden(source: str, name: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            found.append(f"{name}:{node.lineno} {node.func.id}(")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [f"{name}:{node.lineno} import {m}" for m in modules if m.split(".")[0] in FORBIDDEN_MODULES]
        elif isinstance(node, ast.Attribute) and node.attr == "import_module" and name not in IMPORT_SITES:
            found.append(f"{name}:{node.lineno} import_module")
    return found


def test_no_source_runs_or_unpickles_what_it_reads():
    sources = sorted(p for folder in ("game", "render") for p in (ROOT / folder).rglob("*.py"))
    assert len(sources) > 50
    assert [hit for path in sources for hit in _forbidden(path.read_text(encoding="utf-8"),
                                                          path.relative_to(ROOT).as_posix())] == []


def test_the_checks_catch_what_they_look_for():
    """A planted eval, pickle and import_module are found; a planted open is seen by the audit hook."""
    planted = "import pickle\nimport importlib\nx = eval(open('s').read())\nimportlib.import_module(x)\n"
    assert len(_forbidden(planted, "render/x.py")) == 3
    global _watching
    _watching = []
    try:
        with pytest.raises(OSError):
            open(PATH)
        seen = _watching
    finally:
        _watching = None
    assert [event for event, _ in seen] == ["open"]


@pytest.mark.parametrize("fault", ["raise", "illegal"])
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_broken_bot_in_the_command_line_is_an_error_in_the_report(capsys, fault, command):
    seats = f"{fault},random"
    assert game_main([command, "--game", "faulty", "--seats", seats, "--games", "3", "--json"]) == 1
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["errors"] >= 3 and "Traceback" not in out + err
    assert all(("on purpose" if fault == "raise" else "not legal") in line for line in report["error_messages"])
