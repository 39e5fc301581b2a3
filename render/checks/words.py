"""Every word fits (issue 34): each label inside the window and inside the panel it is drawn on,
each button's label inside its button and each button inside its panel.

Pure geometry over what the overlays recorded when they were built (``Overlay.frames`` and
``Overlay.labels``, ``Button.label``): no GL readback and no game knowledge, so a fuzzer can run it
after every step.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from render.ui.widgets import Box, Button, Overlay

SLACK = 1.0  # pixels a box may pass its edge by: rounding of anchors and glyph boxes
MIN_PANEL = 6.0  # rects thinner than this are rules and swatches, never a label's panel
BUTTON_INSET = 2.0  # a button's label keeps this far inside its edges


def words_outside(overlays: Iterable[Overlay], width: int, height: int) -> list[str]:
    """One readable line per label or button that does not fit, for every overlay given (bottom
    first or not: each overlay is checked on its own)."""
    out: list[str] = []
    window = (0.0, 0.0, float(width), float(height))
    for overlay in overlays:
        name = type(overlay).__name__
        frames = [f for f in overlay.frames if f[2] - f[0] >= MIN_PANEL and f[3] - f[1] >= MIN_PANEL]
        for text, box in overlay.labels:
            if not text.strip():
                continue
            where = _beyond(box, window)
            if where:
                out.append(f"{name}: text {_quote(text)} goes outside the {width}x{height} window ({where})")
                continue
            panel = _panel_of(box, frames)
            if panel and (where := _beyond(box, panel)):
                out.append(f"{name}: text {_quote(text)} goes outside its panel {_show(panel)} ({where})")
        for b in overlay.buttons:
            out += _button_faults(name, b, frames, window)
    return out


def _button_faults(name: str, b: Button, frames: Sequence[Box], window: Box) -> list[str]:
    box = (b.x, b.y, b.x + b.w, b.y + b.h)
    out = []
    if b.text.strip() and b.label is not None:
        lw, room = b.label[2] - b.label[0], b.w - 2 * BUTTON_INSET
        if lw > room + SLACK:
            out.append(f"{name}: button {_quote(b.text)}'s label is {lw - room:.0f} px wider than its button")
    if not b.text.strip():
        return out  # a hotspot over something drawn otherwise: that drawing is checked
    where = _beyond(box, window)
    if where:
        out.append(f"{name}: button {_quote(b.text)} goes outside the window ({where})")
        return out
    area = b.w * b.h
    panel = _panel_of(box, [f for f in frames if _area(f) > area + 1 and not _same(f, box)])
    if panel and (where := _beyond(box, panel)):
        out.append(f"{name}: button {_quote(b.text)} goes outside its panel {_show(panel)} ({where})")
    return out


def _panel_of(box: Box, frames: Sequence[Box]) -> Box | None:
    """The smallest rect under the box's centre: the panel (or chip, or button) it is drawn on."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    under = [f for f in frames if f[0] <= cx <= f[2] and f[1] <= cy <= f[3]]
    return min(under, key=_area) if under else None


def _beyond(box: Box, outer: Box) -> str:
    """'12 px on the left, 3 px at the top' — how far ``box`` passes each edge of ``outer``."""
    sides = (("on the left", outer[0] - box[0]), ("at the bottom", outer[1] - box[1]),
             ("on the right", box[2] - outer[2]), ("at the top", box[3] - outer[3]))
    return ", ".join(f"{d:.0f} px {side}" for side, d in sides if d > SLACK)


def _area(f: Box) -> float:
    return (f[2] - f[0]) * (f[3] - f[1])


def _same(a: Box, b: Box) -> bool:
    return all(abs(p - q) < 0.5 for p, q in zip(a, b))


def _show(f: Box) -> str:
    return f"({f[0]:.0f},{f[1]:.0f})-({f[2]:.0f},{f[3]:.0f})"


def _quote(text: str) -> str:
    one = " ".join(text.split())
    return repr(one if len(one) <= 60 else one[:57] + "...")
