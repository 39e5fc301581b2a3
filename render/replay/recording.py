"""The replay viewer's Record button: the film is made by a second `cubetable --record` process, so
the viewer stays responsive while it renders (a film takes about as long as the game plays)."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from render import i18n
from render.paths import user_dir

FILM_SIZE = (1280, 720)
FILM_FPS = 30


def film_path(replay: str | Path) -> Path:
    """Where the film of ``replay`` goes: the data folder's ``films``, named by the file and the time."""
    return user_dir("data") / "films" / f"{Path(replay).stem}-{time.strftime('%Y%m%d-%H%M%S')}.mp4"


class BackgroundFilm:
    """One film in the making; ``poll`` tells when it is done and whether it worked."""

    def __init__(self, replay: str | Path, out: Path) -> None:
        self.out = out
        out.parent.mkdir(parents=True, exist_ok=True)
        w, h = FILM_SIZE
        self._process = subprocess.Popen(
            [sys.executable, "-m", "render.cli", "--replay", str(replay), "--record", str(out),
             "--size", f"{w}x{h}", "--fps", str(FILM_FPS), "--lang", i18n.language()],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def poll(self) -> tuple[bool, str] | None:
        """None while filming; then (worked, the recorder's last line of complaint)."""
        code = self._process.poll()
        if code is None:
            return None
        lines = (self._process.stderr.read() if self._process.stderr else "").strip().splitlines()
        return code == 0 and self.out.exists(), lines[-1] if lines else ""

    def cancel(self) -> None:
        if self._process.poll() is None:
            self._process.terminate()  # the recorder removes its partial file
            self._process.wait(timeout=10)
