"""The network game's small panel: where others join and with which codes (at the host), or which
seat this screen plays and at which host (at a joiner's); each line whole, bottom left above the
key line, out of the way of the log (top right) and the HUD, and above a table's own panel there
(Octocube's six faces of the cube) rather than under it."""
from __future__ import annotations

from typing import Iterable, Sequence

from render.ui import theme
from render.ui.widgets import Overlay, clip, rebuilt_on_change, text_width

SIZE = 10
LINE = 17
MAX_WIDTH = 420


# why the host refused an undo (protocol.UNDO_REFUSALS) -> the line a screen shows, in its language
UNDO_REFUSED = {"nothing_to_undo": "msg.nothing_to_undo", "undo_hidden": "msg.undo_hidden",
                "undo_own_only": "net.undo_own_only", "undo_late": "net.undo_late"}

KEY_SEP = " · "  # between the key line's items, each "KEY what it does" in every language


def keys_without(keys_help: str, absent: Sequence[str]) -> str:
    """The key line without the items of the keys in ``absent`` ("U", "Ctrl+S"): a network game's
    screen does not offer what it would only refuse."""
    return KEY_SEP.join(item for item in keys_help.split(KEY_SEP) if item.split(" ", 1)[0] not in absent)


class NetPanel(Overlay):
    lines: list[str] = []  # what it says, whole (tests read it)

    @rebuilt_on_change
    def build(self, width: int, height: int, title: str, lines: Sequence[str],
              others: Iterable[tuple[float, float, float, float] | None] = ()) -> None:
        """``others``: the bounds of the table's other panels; one in the bottom-left corner pushes this above it."""
        self.clear()
        self.lines = [title, *lines]
        w = min(MAX_WIDTH, width - 4 * theme.PAD, max(text_width(s, SIZE) for s in self.lines) + 2 * theme.PAD)
        h = LINE * len(self.lines) + theme.PAD
        x, y = theme.PAD, float(theme.KEYS_HEIGHT + theme.PAD)
        for b in others:
            if b is not None and b[0] < x + w and b[1] < y + h:  # in the corner: go above it
                y = max(y, b[3] + theme.PAD)
        self.rect(x, y, w, h, theme.PANEL, radius=8)
        for i, line in enumerate(self.lines):
            self.text(clip(line, w - 2 * theme.PAD, SIZE), x + theme.PAD, y + h - theme.PAD / 2 - LINE * (i + 0.5), size=SIZE,
                      bold=i == 0, colour=theme.ACCENT if i == 0 else theme.TEXT)
