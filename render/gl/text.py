"""Printed words for the atlas (card names, zone labels, numbers), rasterised on the CPU.

FreeType (through pyglet's binding, which needs no GL context) renders each glyph into a numpy
coverage mask, so card names read as real type rather than a stroke font.
"""
from __future__ import annotations

import ctypes
import functools

import numpy as np

from render import i18n
from render.gl.sdf import Canvas


@functools.lru_cache(maxsize=8)
def _font(name: str, size: int, bold: bool):
    from pyglet.font.freetype import FreeTypeFont

    return FreeTypeFont(name, size, weight="bold" if bold else "normal")


def text_mask(text: str, size: int, bold: bool = True) -> np.ndarray:
    """Coverage (h, w) in 0..1 of ``text`` set at ``size`` pixels, tight around the ink line."""
    font = _font(i18n.font(), size, bold)
    cjk = _font(i18n.cjk_face(), size, bold) if i18n.cjk_spans(text) else font
    ascent, descent = int(font.ascent), int(font.descent)
    h = ascent - descent
    glyphs, pen = [], 0
    for ch in text:
        slot = (cjk if i18n.is_cjk(ch) else font).get_glyph_slot(ch)
        b = slot.bitmap
        if b.width and b.rows:
            buf = ctypes.cast(b.buffer, ctypes.POINTER(ctypes.c_ubyte * (b.pitch * b.rows))).contents
            a = np.frombuffer(bytes(buf), np.uint8).reshape(b.rows, b.pitch)[:, :b.width] / 255.0
            glyphs.append((pen + slot.bitmap_left, ascent - slot.bitmap_top, a))
        pen += int(slot.advance.x) // 64
    out = np.zeros((h, max(pen, 1)))
    for x, y, a in glyphs:
        y0, x0 = max(y, 0), max(x, 0)
        sub = a[y0 - y:, x0 - x:][:h - y0, :out.shape[1] - x0]
        out[y0:y0 + sub.shape[0], x0:x0 + sub.shape[1]] = np.maximum(out[y0:y0 + sub.shape[0], x0:x0 + sub.shape[1]], sub)
    return out


def stamp(canvas: Canvas, text: str, cx: float, cy: float, height: float, colour, max_width: float = 1.9,
          bold: bool = True, squeeze: float = 1.0) -> None:
    """Paint ``text`` centred on (cx, cy) (canvas units, -1..1, y up), ``height`` tall, at most
    ``max_width`` wide; ``squeeze`` < 1 narrows it (for prints stretched wide on their piece)."""
    px = canvas.size / 2
    size = max(6, int(round(height * px)))
    mask = text_mask(text, size, bold)
    h, w = mask.shape
    scale_x = squeeze * min(1.0, max_width * px / max(w * squeeze, 1))
    new_w = max(1, int(round(w * scale_x)))
    xs = np.clip((np.arange(new_w) + 0.5) / scale_x - 0.5, 0, w - 1)
    i0 = np.floor(xs).astype(int)
    i1 = np.minimum(i0 + 1, w - 1)
    f = xs - i0
    mask = mask[:, i0] * (1 - f) + mask[:, i1] * f
    col0 = int(round((cx + 1) * px - new_w / 2))
    row0 = int(round((1 - cy) * px - h / 2))
    cover = np.zeros((canvas.size, canvas.size))
    r0, c0 = max(row0, 0), max(col0, 0)
    sub = mask[r0 - row0:, c0 - col0:][:canvas.size - r0, :canvas.size - c0]
    cover[r0:r0 + sub.shape[0], c0:c0 + sub.shape[1]] = sub
    canvas.paint(cover, colour)
