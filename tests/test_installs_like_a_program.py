"""Cubetable installs and reports itself like a program (issue 36, section 4): --version and About,
a licence and package metadata, the headless commands from the installed program, PyAV as the
optional [record] extra, a desktop entry and the window's own icon, and a clean build (no setuptools
warnings about the catalogues, no tests in the sdist, no stale build/ copies in a wheel)."""
from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import numpy as np

from tests.test_wheel import ROOT, SOURCES, fresh_venv, run

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_cubetable_version_names_the_program_and_its_libraries(capsys):
    from render.cli import main

    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"cubetable {PROJECT['version']}") and "pyglet 2." in out and "moderngl 5." in out


def test_the_licence_and_the_metadata_say_what_the_program_is_and_whose_games_these_are():
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License") and "publishers" in licence
    assert PROJECT["license"] and PROJECT["authors"]
    assert "License :: OSI Approved :: MIT License" in PROJECT["classifiers"]
    assert any(c.startswith("Topic :: Games") for c in PROJECT["classifiers"])
    readme = (ROOT / "README.md").read_text()
    assert "belong to their publishers" in readme


def test_bounds_that_work_pyrr_gone_and_pyav_an_extra():
    from tests.test_minimum_versions import minimums

    least = minimums()
    assert least["pyglet"] == "2.1.4" and least["moderngl"] == "5.11"
    assert not any(d.startswith(("pyrr", "av")) for d in PROJECT["dependencies"])
    assert any(d.startswith("av") for d in PROJECT["optional-dependencies"]["record"])
    assert any(d.startswith("dask[distributed]") for d in PROJECT["optional-dependencies"]["cluster"])
    assert "[test,record,cluster]" in (ROOT / "scripts" / "_env.sh").read_text()  # the README's two commands have them


def test_without_pyav_record_says_in_one_line_how_to_install_it(tmp_path, monkeypatch, capsys):
    from render.cli import main

    monkeypatch.setitem(sys.modules, "av", None)  # as if the [record] extra was not installed
    monkeypatch.setenv("CUBETABLE_HOME", str(tmp_path / "home"))
    assert main(["--demo", "--record", str(tmp_path / "demo.mp4"), "--to", "1", "--size", "160x96"]) == 2
    said = capsys.readouterr().err.strip()
    assert "\n" not in said and "pip install 'cubetable[record]'" in said
    assert not (tmp_path / "demo.mp4").exists()


def test_the_desktop_entry_and_its_icon_install_with_one_command(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "share"))
    done = subprocess.run([sys.executable, "-m", "render.cli", "--install-desktop"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    entry = (tmp_path / "share" / "applications" / "cubetable.desktop").read_text()
    assert "Exec=" in entry and "Icon=cubetable" in entry and "Categories=Game;" in entry
    from render.gl.png import read_png

    icon = read_png(str(tmp_path / "share" / "icons" / "hicolor" / "256x256" / "apps" / "cubetable.png"))
    assert icon.shape == (256, 256, 4) and np.ptp(icon[..., :3]) > 100 and icon[0, 0, 3] == 0


def test_the_window_wears_the_programs_icon(tmp_path):
    code = ("import pyglet; pyglet.options['headless'] = True\n"
            "calls = []\n"
            "pyglet.window.Window.set_icon = lambda self, *images: calls.append([i.width for i in images])\n"
            "pyglet.window.Window.visible = property(lambda self: True)\n"  # as shown on a display
            "from render.app import App, open_window\n"
            "from render.options import Options\n"
            "window, ctx = open_window(320, 200, visible=True)\n"
            "print(calls)\n"  # none yet: the icon comes with the first frame, which does not wait for it
            f"app = App(window, ctx, Options(save={str(tmp_path / 'save.json')!r}))\n"
            "app.show_menu(quick=True)\n"
            "app.max_frames = 1\n"
            "app.run()\n"
            "print(calls)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYGLET_HEADLESS="1", CUBETABLE_HOME=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[]", "[[16,", "32,", "48,", "64,", "256]]"]


def copy_sources(tmp: Path, extra: tuple[str, ...] = ()) -> Path:
    import shutil

    src = tmp / "src"
    src.mkdir()
    for name in (*SOURCES, "LICENSE", "MANIFEST.in", *extra):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    return src


def test_the_installed_program_reaches_the_headless_commands_and_builds_clean(tmp_path):
    """One wheel, from a copy of the sources with a stale build/ of a deleted module, built verbosely."""
    src = copy_sources(tmp_path)
    stale = src / "build" / "lib" / "render" / "deleted_long_ago.py"
    stale.parent.mkdir(parents=True)
    stale.write_text("GONE = True\n")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation",
                           "--no-index", "-w", tmp_path / "dist", src], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    log = done.stdout + done.stderr
    assert "absent from the `packages` configuration" not in log, log[-3000:]
    (wheel,) = (tmp_path / "dist").glob("cubetable-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "render/deleted_long_ago.py" not in names
    assert "render/assets/i18n/en/common.json" in names and "render/assets/i18n/ja/common.json" in names
    venv = fresh_venv(tmp_path, wheel)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)} | {"CUBETABLE_HOME": str(tmp_path / "h")}
    out = run(venv / "bin" / "cubetable", "headless", "simulate", "--game", "octocube", "--players", "2",
              "--seats", "random", "--games", "1", "--seed", "1", cwd=tmp_path, env=env)
    assert "octocube" in out.lower()
    assert "simulate" in run(venv / "bin" / "cubetable-headless", "--help", cwd=tmp_path, env=env)


def test_the_sdist_carries_the_sources_and_the_licence_and_no_tests(tmp_path):
    src = copy_sources(tmp_path, ("tests",))
    run(sys.executable, "setup.py", "-q", "sdist", "-d", tmp_path / "sd", cwd=src)
    (sdist,) = (tmp_path / "sd").glob("cubetable-*.tar.gz")
    names = tarfile.open(sdist).getnames()
    assert not [n for n in names if "/tests/" in n or n.endswith("/tests")]
    assert any(n.endswith("/LICENSE") for n in names) and any("/shaders/" in n for n in names)
