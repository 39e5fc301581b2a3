"""The tests leave the player's folders alone: a run of tests that saves games, autosaves, paints
art (the test-only language's too), remembers settings and keeps a log, under a home folder of its
own, leaves that home's data, config, cache and state folders as they were."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from render.paths import KINDS, user_dir

ROOT = Path(__file__).resolve().parents[1]

# What the suite's tests do to the user folders, each the way the program does it.
INNER = '''
from render import i18n, settings
from render.options import Options
from render.paths import user_dir
from render.replay.library import new_save_path
from render.tables import art_cache


def test_everything_a_test_may_write():
    match = Options(game="octocube", seats=["human", "human"]).new_match()  # autosave.json, data folder
    match.apply(match.state.legal_actions()[0])
    match.save(new_save_path("octocube"))  # Ctrl+S: a copy in saves/, which Replays lists
    i18n.set_language(i18n.PSEUDO)
    art_cache.cached_image("probe", "k", (4, 4, 4), lambda: __import__("numpy").zeros((4, 4, 4), "uint8"))
    settings.save(volume=0.5)
    log = user_dir("state") / "cubetable.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("a line")
'''


def _listing(home: Path) -> dict[str, list[str]]:
    """Every file under each kind's folder of a home whose environment names none."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "CUBETABLE_")) and k not in ("APPDATA", "LOCALAPPDATA")}
    env["HOME"] = str(home)
    code = "import json; from render.paths import KINDS, user_dir; " \
           "print(json.dumps({k: str(user_dir(k)) for k in KINDS}))"
    import json

    where = json.loads(subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                                      text=True, check=True).stdout)
    return {kind: sorted(str(p.relative_to(folder)) for p in Path(folder).rglob("*")) if Path(folder).exists()
            else [] for kind, folder in where.items()}


def test_a_test_run_leaves_the_real_data_config_cache_and_state_folders_untouched(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "test_inner.py").write_text(INNER)
    before = _listing(home)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "CUBETABLE_", "PYTEST_")) and k not in ("APPDATA", "LOCALAPPDATA")}
    env |= {"HOME": str(home), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest",
                           "--rootdir", str(inner), str(inner / "test_inner.py")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout, done.stdout
    assert _listing(home) == before == {kind: [] for kind in KINDS}


def test_this_run_keeps_every_user_folder_in_a_temporary_folder(user_folders):
    for kind in KINDS:
        assert user_folders in user_dir(kind).parents, (kind, user_dir(kind))
