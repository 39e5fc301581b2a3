"""Where Cubetable keeps a player's files, in the platform's usual user folders: XDG on Linux and
other Unixes, ~/Library on macOS, %APPDATA% / %LOCALAPPDATA% on Windows.

Each kind of folder can be moved, first match wins: CUBETABLE_<KIND>_DIR (e.g. CUBETABLE_DATA_DIR),
then CUBETABLE_HOME/<kind> (also set by `cubetable --home DIR`), then the platform's folder (on XDG
systems its XDG_*_HOME variable). `--save FILE` still names the autosave file itself.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

APP = "cubetable"
HOME_VAR = "CUBETABLE_HOME"
WINDOWS_DEFAULTS = {"APPDATA": "AppData/Roaming", "LOCALAPPDATA": "AppData/Local"}  # when the variable is unset


@dataclass(frozen=True)
class Kind:
    """One kind of user folder and where each platform keeps it (paths relative to the home folder)."""

    xdg_var: str
    xdg_default: str
    macos: str
    windows_var: str  # APPDATA (roaming) or LOCALAPPDATA


KINDS = {
    "data": Kind("XDG_DATA_HOME", ".local/share", "Library/Application Support", "APPDATA"),  # saves, autosave
    "config": Kind("XDG_CONFIG_HOME", ".config", "Library/Application Support", "APPDATA"),  # settings
    "cache": Kind("XDG_CACHE_HOME", ".cache", "Library/Caches", "LOCALAPPDATA"),  # painted atlases
    "state": Kind("XDG_STATE_HOME", ".local/state", "Library/Logs", "LOCALAPPDATA"),  # logs
}


def user_dir(kind: str) -> Path:
    """The folder for ``kind`` (data, config, cache or state); not created here."""
    spec = KINDS[kind]
    if own := os.environ.get(f"CUBETABLE_{kind.upper()}_DIR"):
        return Path(own).expanduser()
    if home := os.environ.get(HOME_VAR):
        return Path(home).expanduser() / kind
    if sys.platform == "win32":
        base = os.environ.get(spec.windows_var) or Path.home() / WINDOWS_DEFAULTS[spec.windows_var]
        return Path(base) / "Cubetable" / kind
    if sys.platform == "darwin":
        return Path.home() / spec.macos / "Cubetable"
    return Path(os.environ.get(spec.xdg_var) or Path.home() / spec.xdg_default) / APP

