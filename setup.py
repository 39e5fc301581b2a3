"""Build hook (everything else is in pyproject.toml): the top-level shaders/ and assets/ folders travel
in the wheel as the packages render.shaders and render.assets, read through importlib.resources."""
from setuptools import find_packages, setup

DATA = {"render.shaders": "shaders", "render.assets": "assets"}

setup(packages=find_packages(include=["game*", "render*"]) + list(DATA), package_dir=DATA,
      package_data={"render.shaders": ["*.vert", "*.frag"], "render.assets": ["**/*"]},
      exclude_package_data={"render.assets": ["__pycache__/*"]})
