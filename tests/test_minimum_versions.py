"""The dependency bounds pyproject.toml declares are ones that work: a fresh virtual environment gets
exactly the declared minimum of each library (pip's --constraint), Cubetable's wheel, and then draws
the start menu and a table headless (text, shaders, the headless context). Long: it downloads."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib

import pytest

from tests.test_wheel import ROOT, build_wheel, run


def minimums() -> dict[str, str]:
    """name -> the least version ``dependencies`` allows (every one must name a least version)."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    out = {}
    for dep in deps:
        found = re.match(r"([A-Za-z0-9_.-]+)\s*>=\s*([0-9][^,;\s]*)", dep)
        assert found, f"{dep!r} declares no least version"
        out[found.group(1)] = found.group(2)
    return out


def test_the_declared_minimums_are_pyglet_2_1_4_and_moderngl_5_11():
    least = minimums()
    assert least["pyglet"] == "2.1.4" and least["moderngl"] == "5.11"
    assert "pyrr" not in least and "av" not in least  # pyrr unused; PyAV is the [record] extra


@pytest.mark.long
def test_the_declared_minimums_draw_the_menu_and_a_table(tmp_path):
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    py = venv / "bin" / "python"
    pins = tmp_path / "minimums.txt"
    pins.write_text("".join(f"{name}=={version}\n" for name, version in minimums().items()))
    wheel = build_wheel(tmp_path)
    got = subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-c", pins, wheel],
                         cwd=tmp_path, capture_output=True, text=True, timeout=900)
    if got.returncode and ("Could not find" in got.stderr or "NewConnectionError" in got.stderr):
        pytest.skip(f"no package index to install from: {got.stderr.strip().splitlines()[-1]}")
    assert got.returncode == 0, got.stderr
    installed = run(py, "-m", "pip", "list", "--format=freeze", cwd=tmp_path)
    for name, version in minimums().items():
        assert re.search(rf"(?im)^{re.escape(name)}=={re.escape(version)}(\.0)*$", installed), installed
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY")}
    env |= {"PYGLET_HEADLESS": "1", "CUBETABLE_HOME": str(tmp_path / "home")}
    for show in ("menu", "table"):
        run(venv / "bin" / "cubetable", "--screenshot", tmp_path / f"{show}.png", "--show", show, "--size", "320x200",
            cwd=tmp_path, env=env)
        assert (tmp_path / f"{show}.png").stat().st_size > 1000
    run(venv / "bin" / "cubetable", "--game", "otys", "--seats", "random,random", "--frames", "5",
        "--anim-speed", "0", cwd=tmp_path, env=env)
