"""`python -m pytest` on its own, with no display and none of scripts/test's settings, runs the
screen's tests headless and leaves the long tests out."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ("tests/render/screens/test_app_screens.py::test_menu_draws_and_its_start_button_opens_the_chosen_game",
         "tests/game/otys/test_fuzz.py::test_fuzz_thousands_of_random_games")


def test_plain_pytest_runs_headless_and_skips_long_tests():
    unset = ("PYGLET_HEADLESS", "DISPLAY", "WAYLAND_DISPLAY", "CUBETABLE_LONG", "PYTEST_ADDOPTS")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", *TESTS], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed, 1 skipped" in done.stdout, done.stdout
