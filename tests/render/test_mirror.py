"""tests/render/ mirrors render/ (issue 39): a test lives in the folder of the package it tests, so
the tests of a package are found beside its name (tests of render's top modules and of the README's
promises stand at the top)."""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
RENDER = HERE.parents[1] / "render"


def test_every_folder_of_the_screens_tests_names_a_package_of_the_screen():
    folders = [d for d in HERE.rglob("*") if d.is_dir() and any(d.glob("test_*.py"))]
    assert folders
    for d in folders:
        package = RENDER / d.relative_to(HERE)
        assert (package / "__init__.py").exists(), f"{d.relative_to(HERE)} mirrors no package of render/"

