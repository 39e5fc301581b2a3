"""The status line reads whole (issue 34, "every word fits"): what the person may do, or what was
just said, on at most two lines beside the seats' pills. Clipped, it once lost the end of a bot's
fallback ("…a random legal move is played f…") and the middle of a Japanese sentence. Only a
path, which no line can break, may give up its middle (its start and its file's name still show)."""
from __future__ import annotations

from typing import Any


def status_cut(screen: Any) -> list[str]:
    """One line when the HUD shows less than the whole of what the status line has to say."""
    said = screen._can_do()
    if not said.strip() or any("/" in word or "\\" in word for word in said.split()):
        return []
    shown = {"".join(text.split()) for text, _ in screen.hud.labels}
    if "".join(said.split()) in shown:
        return []
    return [f"the status line at {screen.app.width}x{screen.app.height} cuts {said[:120]!r}"]
