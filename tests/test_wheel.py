"""A normal (non-editable) install works away from the checkout: the wheel is built from a copy of the
sources, installed into a fresh virtual environment, and `cubetable` renders a screenshot from
another folder. Offline and quick: pyglet, moderngl and numpy come from the running environment
through a .pth file, so only Cubetable's own wheel is installed."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import numpy as np

from render.gl.png import read_png

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "game", "render", "shaders", "assets")


def run(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{argv}: {done.stdout}\n{done.stderr}"
    return done.stdout


def build_wheel(tmp: Path) -> Path:
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", tmp / "dist", src, cwd=tmp)
    (wheel,) = (tmp / "dist").glob("cubetable-*.whl")
    return wheel


def fresh_venv(tmp: Path, wheel: Path) -> Path:
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    py = venv / "bin" / "python"
    site = Path(run(py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp).strip())
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")  # after the venv's own packages
    run(sys.executable, "-m", "pip", "--python", py, "install", "-q", "--no-deps", "--no-index", wheel, cwd=tmp)
    return venv


def test_the_installed_wheel_renders_a_screenshot_from_another_folder(tmp_path):
    venv = fresh_venv(tmp_path, build_wheel(tmp_path))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DISPLAY", "WAYLAND_DISPLAY")}
    env |= {"PYGLET_HEADLESS": "1", "HOME": str(tmp_path / "home")}
    where = run(venv / "bin" / "python", "-c", "import render.gl.shaders as s; print(s.SHADERS)", cwd=elsewhere)
    assert where.startswith(str(venv)), f"shaders read from {where!r}, not the installed wheel"
    run(venv / "bin" / "cubetable", "--screenshot", "out.png", "--game", "octocube", "--size", "320x200",
        cwd=elsewhere, env=env)
    image = read_png(str(elsewhere / "out.png"))
    assert image.shape[:2] == (200, 320) and np.ptp(image[..., :3]) > 50
    assert "simulate" in run(venv / "bin" / "python", "-m", "game", "--help", cwd=elsewhere, env=env)
