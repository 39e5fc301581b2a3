"""A player's files go to the platform's usual folders, and each kind can be moved by environment
variable or by `cubetable --home`."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from render.options import Options
from render.paths import HOME_VAR, KINDS, user_dir

VARS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "APPDATA", "LOCALAPPDATA",
        HOME_VAR, *(f"CUBETABLE_{kind.upper()}_DIR" for kind in KINDS))


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    for name in VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("platform, kind, where", [
    ("linux", "data", ".local/share/cubetable"),
    ("linux", "config", ".config/cubetable"),
    ("linux", "cache", ".cache/cubetable"),
    ("linux", "state", ".local/state/cubetable"),
    ("darwin", "data", "Library/Application Support/Cubetable"),
    ("darwin", "cache", "Library/Caches/Cubetable"),
    ("darwin", "state", "Library/Logs/Cubetable"),
    ("win32", "data", "AppData/Roaming/Cubetable/data"),
    ("win32", "cache", "AppData/Local/Cubetable/cache"),
])
def test_each_platform_has_its_usual_folders(home, monkeypatch, platform, kind, where):
    monkeypatch.setattr(sys, "platform", platform)
    assert user_dir(kind) == home / where


def test_environment_moves_the_folders_most_specific_first(home, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg"))
    assert user_dir("data") == home / "xdg" / "cubetable"
    monkeypatch.setenv(HOME_VAR, str(home / "all"))
    assert user_dir("data") == home / "all" / "data" and user_dir("cache") == home / "all" / "cache"
    monkeypatch.setenv("CUBETABLE_DATA_DIR", str(home / "saves"))
    assert user_dir("data") == home / "saves" and user_dir("cache") == home / "all" / "cache"


def test_the_autosave_lives_in_the_data_folder_unless_save_names_a_file(home):
    assert Options().save_path == str(home / ".local/share/cubetable/autosave.json")  # the old one, still offered
    assert Path(Options().new_match().autosave).parent == home / ".local/share/cubetable/saves"
    assert Options(save="mine.json").save_path == "mine.json"


def test_home_flag_puts_the_autosave_under_it(home):
    env = dict(os.environ, PYGLET_HEADLESS="1")
    done = subprocess.run([sys.executable, "-m", "render.cli", "--home", str(home / "elsewhere"), "--game",
                           "octocube", "--seats", "random,random", "--anim-speed", "0", "--frames", "20",
                           "--size", "1024x600"], env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    saves = list((home / "elsewhere" / "data" / "saves").glob("octocube-*.json"))  # the game's own autosave
    assert len(saves) == 1 and json.loads(saves[0].read_text())["actions"], done.stderr
    assert not (home / ".local").exists()
