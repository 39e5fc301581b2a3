"""The linter (ruff, its rules in pyproject.toml) over the whole house: an unused import, a name
used before it is bound, a catch-all that does not say why, a loop variable a closure keeps. And
the type checker (mypy), in strict mode, over the rules package, ``game/``."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_linter_finds_nothing():
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                          "game", "render", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_linter_fails_on_an_unused_import(tmp_path):
    """The check above can fail: the same rules find a fault put there on purpose."""
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n\n\ndef f():\n    try:\n        return 1\n    except Exception:\n        return 2\n")
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                          "--config", str(ROOT / "pyproject.toml"), str(bad)], capture_output=True, text=True)
    assert run.returncode == 1 and "F401" in run.stdout and "BLE001" in run.stdout, run.stdout + run.stderr


def test_the_type_checker_finds_nothing(tmp_path):
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_type_checker_is_strict_on_the_rules_and_reads_the_screen_too():
    """Strict mode on the whole of game/ (no package let off); render/ in mypy's default mode,
    with one error code off in the two modules that set moderngl uniforms (pyproject says why)."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["files"] == ["game", "render"] and mypy["strict"] is True
    overrides = {tuple(o["module"]): o for o in mypy.get("overrides", [])}
    assert set(overrides) == {("render.*",), ("render.scene.tabletop", "render.gl.batch")}
    assert overrides[("render.scene.tabletop", "render.gl.batch")]["disable_error_code"] == ["union-attr"]
    assert not any(m.startswith("game") for o in overrides for m in o)


def test_the_type_checker_fails_on_a_wrong_type(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(n: int) -> str:\n    return n\n")
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"),
                          "--config-file", str(ROOT / "pyproject.toml"), str(bad)], capture_output=True, text=True)
    assert run.returncode == 1 and "return-value" in run.stdout, run.stdout + run.stderr
