"""Join codes: one secret per joining seat and one for spectators, kept beside the autosave so a
restarted server takes back the same codes."""
from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from game.core import savefile
from game.core.errors import SaveError

SPECTATORS = -1  # the seat a spectator's code stands for: public information only
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or typed from a screen
LENGTH = 10  # 50 bits: guessing one over a rate-limited connection is hopeless


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def new_codes(remote: list[int]) -> dict[int, str]:
    """A code for each seat in ``remote`` and for the spectators."""
    return {seat: new_code() for seat in [*remote, SPECTATORS]}


def codes_path(autosave: str | os.PathLike[str]) -> Path:
    return Path(f"{autosave}.codes.json")


def save_codes(autosave: str | os.PathLike[str], codes: dict[int, str]) -> None:
    """Write the codes beside the autosave, readable by its owner only (they let anyone take a seat)."""
    path = codes_path(autosave)
    savefile.write_atomic(path, json.dumps({str(seat): code for seat, code in codes.items()}))
    path.chmod(0o600)


def load_codes(autosave: str | os.PathLike[str]) -> dict[int, str]:
    """The codes saved beside ``autosave``; SaveError when they are missing or damaged."""
    path = codes_path(autosave)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        codes = {int(seat): code for seat, code in raw.items()}
    except (OSError, ValueError, AttributeError) as e:
        raise SaveError(f"cannot read the join codes {path}: {e}") from None
    if SPECTATORS not in codes or not all(isinstance(c, str) and c for c in codes.values()):
        raise SaveError(f"the join codes {path} are damaged")
    return codes
