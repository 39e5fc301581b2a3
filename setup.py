"""Build hook (everything else is in pyproject.toml): the top-level shaders/ and assets/ folders travel
in the wheel as the packages render.shaders and render.assets, read through importlib.resources.

Each folder under assets/ (the catalogues' en/, ja/) is named as a package of its own, so setuptools
installs it without a warning; build/lib is emptied before each build, so a module deleted from the
sources never reaches a later wheel from a stale copy."""
import shutil
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

DATA = {"render.shaders": "shaders", "render.assets": "assets"}
ASSETS = ["render.assets." + ".".join(p.relative_to("assets").parts)
          for p in sorted(Path("assets").rglob("*")) if p.is_dir() and p.name != "__pycache__"]


class FreshBuildPy(build_py):
    """build_py into an empty folder: what the sources no longer have, the wheel no longer has."""

    def run(self) -> None:
        if not self.editable_mode:
            shutil.rmtree(self.build_lib, ignore_errors=True)
        super().run()


setup(packages=find_packages(include=["game*", "render*"]) + list(DATA) + ASSETS, package_dir=DATA,
      package_data={"render.shaders": ["*.vert", "*.frag"], "render.assets": ["*"], **{p: ["*"] for p in ASSETS},
                    "game.bots.weights": ["*.json"]},
      exclude_package_data={"": ["__pycache__/*", "*.pyc"]},
      cmdclass={"build_py": FreshBuildPy})
