"""Set-up for every test, so plain `python -m pytest` (an editor's test runner too) behaves like
scripts/test: pyglet runs headless, and tests marked long wait for scripts/test --long."""
from __future__ import annotations

import os
import tempfile

import pytest

os.environ["PYGLET_HEADLESS"] = "1"  # read when pyglet is first imported, by the tests and their subprocesses
# Settings the tests (and the programs they start) remember go to a folder of this run, never the user's.
os.environ["CUBETABLE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="cubetable-test-config-")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip long tests unless CUBETABLE_LONG is set or a -m expression chooses the tests."""
    if os.environ.get("CUBETABLE_LONG") or config.getoption("markexpr"):
        return
    skip = pytest.mark.skip(reason="long: scripts/test --long (or CUBETABLE_LONG=1) runs it")
    for item in items:
        if item.get_closest_marker("long"):
            item.add_marker(skip)
