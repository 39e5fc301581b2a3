"""Set-up for every test, so plain `python -m pytest` (an editor's test runner too) behaves like
scripts/test: pyglet runs headless, tests marked long wait for scripts/test --long, and nothing a
test does (or a program it starts) writes into the player's own data, config, cache or state folders."""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["PYGLET_HEADLESS"] = "1"  # read when pyglet is first imported, by the tests and their subprocesses

# The variables render.paths starts from on each platform; the test run points every one into its own
# temporary folder. The CUBETABLE_* ones stay as a test sets them (a --home test keeps its own folder).
USER_FOLDER_VARS = {"XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache",
                    "XDG_STATE_HOME": "state", "APPDATA": "appdata", "LOCALAPPDATA": "localappdata"}


@pytest.fixture(scope="session", autouse=True)
def user_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The whole run's user folders, under one temporary folder: saves, settings, painted art
    (the test-only language's too) and logs never reach the player's own (tests/test_user_folders.py).
    Environment variables, so programs the tests start inherit them."""
    root = tmp_path_factory.mktemp("user-folders")
    with pytest.MonkeyPatch.context() as mp:
        for name, sub in USER_FOLDER_VARS.items():
            mp.setenv(name, str(root / sub))
        mp.setenv("CUBETABLE_CONFIG_DIR", str(root / "cubetable-config"))  # settings even under a --home
        if sys.platform == "darwin":  # ~/Library has no variable of its own
            mp.setenv("HOME", str(root / "home"))
        yield root


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip long tests unless CUBETABLE_LONG is set or a -m expression chooses the tests."""
    if os.environ.get("CUBETABLE_LONG") or config.getoption("markexpr"):
        return
    skip = pytest.mark.skip(reason="long: scripts/test --long (or CUBETABLE_LONG=1) runs it")
    for item in items:
        if item.get_closest_marker("long"):
            item.add_marker(skip)
