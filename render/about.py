"""What the program says about itself: its version (`cubetable --version`, the menu's About, the
log's first line) and the licences of what it is made of. The version has one source, the package
metadata pyproject.toml writes; a checkout that was never installed reads pyproject.toml itself."""
from __future__ import annotations

import importlib.metadata
import platform
import re
from pathlib import Path

PACKAGE = "cubetable"


def version() -> str:
    try:
        return importlib.metadata.version(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
        try:
            found = re.search(r'^version\s*=\s*"([^"]+)"', pyproject.read_text(encoding="utf-8"), re.M)
        except OSError:
            found = None
        return f"{found.group(1)} (not installed)" if found else "unknown"


def library_versions() -> dict[str, str]:
    """The versions of the libraries a bug may depend on ("-" for one not installed: PyAV is optional)."""
    out = {"Python": platform.python_version()}
    for name in ("pyglet", "moderngl", "numpy", "av"):
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            out[name] = "-"
    return out


def version_line() -> str:
    """`cubetable --version`: the program and what it runs on."""
    libs = library_versions()
    return f"cubetable {version()} (" + ", ".join(f"{k} {v}" for k, v in libs.items()) + ")"


def lines(log: Path) -> list[str]:
    """The menu's About: the version, where a player's files and ``log`` (the log file) are, and
    the licences."""
    from render.i18n import t
    from render.paths import user_dir
    from render.saves import saves_dir

    libs = library_versions()
    return [t("about.version", version=version(), python=libs["Python"], pyglet=libs["pyglet"],
              moderngl=libs["moderngl"]),
            t("about.folders", data=saves_dir(), config=user_dir("config")),
            t("about.log", log=log),
            t("about.code"), t("about.games"), t("about.fonts"), t("about.libraries")]
