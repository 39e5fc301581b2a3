"""The house stays in small modules, each named for what it holds (issue 39): a module of the
rules or the screen that grows past ``MOST_LINES`` holds more than one thing, and is split by what
it holds."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 500


def test_no_module_is_longer_than_the_house_allows():
    long = {}
    for path in sorted([*(ROOT / "game").rglob("*.py"), *(ROOT / "render").rglob("*.py")]):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MOST_LINES:
            long[str(path.relative_to(ROOT))] = lines
    assert long == {}
