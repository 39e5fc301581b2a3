"""Buttons and panels: rectangles and labels in one pyglet batch per overlay.

An overlay is rebuilt when what it shows changes (a new position, a toggled tile), never per
frame, so drawing the 2D layer costs one batch draw per overlay.
"""
from __future__ import annotations

import bisect
import functools
import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Sequence

import pyglet
from pyglet.graphics import Batch, Group

from render import i18n
from render.ui import theme

Colour = tuple[int, int, int, int]
Box = tuple[float, float, float, float]
AnchorX = Literal["left", "center", "right"]
AnchorY = Literal["top", "bottom", "center", "baseline"]
_generation = itertools.count(1)
_layer = [0]  # bumped by every change to any overlay: the kept frame's 2D layer is then stale


def layer_generation() -> int:
    """A number that changes whenever anything any overlay draws has changed."""
    return _layer[0]


def _touched() -> None:
    _layer[0] = next(_generation)


# A label's reach below and above its anchor y, in its heights (the box the checks and layouts meet).
_SPAN = {"center": (0.5, 0.5), "top": (1.0, 0.0), "bottom": (0.0, 1.0), "baseline": (0.3, 0.75)}


@dataclass
class Button:
    text: str
    x: float
    y: float
    w: float
    h: float
    value: Any
    enabled: bool = True
    selected: bool = False
    hovered: bool = False
    shape: Any = field(default=None, repr=False)
    label: Box | None = None  # the pixels its text covers (render.checks.words)

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def colour(self) -> Colour:
        if not self.enabled:
            return theme.BUTTON_OFF
        if self.selected:
            return theme.BUTTON_ON
        return theme.BUTTON_HOVER if self.hovered else theme.BUTTON


class Overlay:
    """A set of shapes, labels and buttons drawn together; ``clear`` and rebuild to change it."""

    def __init__(self) -> None:
        self.batch = Batch()
        self._bg, self._mid, self._fg = Group(order=0), Group(order=1), Group(order=2)
        self._items: list[Any] = []
        self.buttons: list[Button] = []
        self._built: Any = None  # the arguments of the last build (see rebuilt_on_change)
        self._spare: dict[tuple, list[pyglet.text.DocumentLabel]] = {}  # labels of the last build, to reuse
        self.version = 0  # bumped by every change to what this overlay draws
        self.bounds: Box | None = None  # the pixels its items cover (x0, y0, x1, y1)
        self.frames: list[Box] = []  # the rects it drew, for the layout checks (render.checks)

    def _touch(self, box: Box | None = None) -> None:
        _touched()
        self.version += 1
        if box is not None:
            b = self.bounds
            self.bounds = box if b is None else (min(b[0], box[0]), min(b[1], box[1]),
                                                 max(b[2], box[2]), max(b[3], box[3]))

    def clear(self) -> None:
        """Empty the overlay. Its labels are kept aside until the next draw: a rebuild that shows
        the same text in the same style moves the old label instead of laying it out again (the
        log scrolls by one line a move; laying out a label costs milliseconds)."""
        self._touch()
        self.bounds = None
        for item in self._items:
            key = getattr(item, "reuse_key", None)
            if key is None:
                item.delete()
            else:
                self._spare.setdefault(key, []).append(item)
        self._items, self.buttons, self._built = [], [], None
        self.frames = []

    def rect(self, x: float, y: float, w: float, h: float, colour: Colour, radius: float = 0,
             layer: int = 0, border: Colour | None = None) -> Any:
        self._touch((x - 1, y - 1, x + w + 1, y + h + 1))
        self.frames.append((x, y, x + w, y + h))
        group = (self._bg, self._mid, self._fg)[layer]
        if border is not None:
            edge = pyglet.shapes.RoundedRectangle(x - 1, y - 1, w + 2, h + 2, radius + 1, color=border,
                                                  batch=self.batch, group=group) if radius else \
                pyglet.shapes.Rectangle(x - 1, y - 1, w + 2, h + 2, color=border, batch=self.batch, group=group)
            self._items.append(edge)
        shape: pyglet.shapes.ShapeBase
        if radius:
            shape = pyglet.shapes.RoundedRectangle(x, y, w, h, radius, color=colour, batch=self.batch, group=group)
        else:
            shape = pyglet.shapes.Rectangle(x, y, w, h, color=colour, batch=self.batch, group=group)
        self._items.append(shape)
        return shape

    def text(self, s: str, x: float, y: float, size: float = theme.FONT_SIZE, colour: Colour = theme.TEXT,
             anchor_x: AnchorX = "left", anchor_y: AnchorY = "center", bold: bool = False,
             width: int | None = None) -> pyglet.text.DocumentLabel:
        key = (s, i18n.cjk_face(), size, tuple(colour), anchor_x, anchor_y, bold, width)
        spare = self._spare.get(key)
        if spare:
            label = spare.pop()
            label.position = (x, y, label.z)
        else:
            label = make_label(s, x, y, size, colour, anchor_x, anchor_y, bold, width, self.batch, self._fg)
            label.reuse_key = key  # type: ignore[attr-defined]  # the pool's key rides on the label it recycles
        w, h = label.content_width, label.content_height
        x0 = x - {"left": 0.0, "center": w / 2, "right": w}.get(anchor_x, w)
        below, above = _SPAN.get(anchor_y, (1.0, 1.0))  # how far the label reaches under and over y
        self._touch((x0 - 2, y - h * below - 2, x0 + w + 2, y + h * above + 2))
        self._items.append(label)
        return label

    def image(self, img: pyglet.image.AbstractImage, x: float, y: float, w: float, h: float) -> pyglet.sprite.Sprite:
        self._touch((x, y, x + w, y + h))
        sprite = pyglet.sprite.Sprite(img, x, y, batch=self.batch, group=self._mid)
        sprite.update(scale_x=w / img.width, scale_y=h / img.height)
        self._items.append(sprite)
        return sprite

    def button(self, text: str, x: float, y: float, w: float, h: float, value: Any,
               enabled: bool = True, selected: bool = False, size: float = theme.FONT_SIZE) -> Button:
        b = Button(text, x, y, w, h, value, enabled, selected)
        b.shape = self.rect(x, y, w, h, b.colour(), radius=5, layer=1, border=theme.PANEL_EDGE)
        colour = theme.TEXT if enabled else theme.TEXT_DIM
        self.text(text, x + w / 2, y + h / 2, size=size, colour=colour, anchor_x="center")
        b.label = label_box(self._items[-1])
        self.buttons.append(b)
        return b

    def button_row(self, items: Sequence[tuple[str, Any, bool]], x_centre: float, y: float,
                   h: float = 28) -> None:
        """Buttons sized to their text, centred on ``x_centre``; items are (text, value, enabled)."""
        widths = [text_width(t) + 26 for t, _, _ in items]
        x = x_centre - row_width(items) / 2
        for (text, value, enabled), w in zip(items, widths):
            self.button(text, x, y, w, h, value, enabled)
            x += w + theme.PAD

    def hotspot(self, x: float, y: float, w: float, h: float, value: Any) -> Button:
        """A clickable area over something drawn otherwise (a tile chip)."""
        b = Button("", x, y, w, h, value)
        self.buttons.append(b)
        return b

    @property
    def labels(self) -> list[tuple[str, Box]]:
        """Each label's text and the pixels it covers (the layout checks, render.checks)."""
        return [(item.text, label_box(item)) for item in self._items if isinstance(item, pyglet.text.DocumentLabel)]

    def texts(self) -> list[str]:
        """Every line of text the overlay shows (tests check what a person can read)."""
        return [item.text for item in self._items if isinstance(item, pyglet.text.DocumentLabel)]

    def button_at(self, x: float, y: float) -> Button | None:
        for b in self.buttons:
            if b.enabled and b.contains(x, y):
                return b
        return None

    def hover(self, x: float, y: float) -> None:
        for b in self.buttons:
            hovered = b.contains(x, y)
            if hovered != b.hovered:
                b.hovered = hovered
                self._touch()
                if b.shape is not None:
                    b.shape.color = b.colour()

    def draw(self) -> None:
        for labels in self._spare.values():  # what the last rebuild did not reuse goes now
            for label in labels:
                label.delete()
        self._spare.clear()
        self.batch.draw()


def label_box(label: pyglet.text.DocumentLabel) -> Box:
    """(x0, y0, x1, y1) of the text a label sets, wherever it is anchored."""
    return (label.left, label.bottom, label.left + label.content_width, label.bottom + label.content_height)


def make_label(s: str, x: float, y: float, size: float, colour: Colour, anchor_x: AnchorX, anchor_y: AnchorY,
               bold: bool, width: int | None, batch: Batch, group: Group) -> pyglet.text.DocumentLabel:
    """A label whose Japanese stretches are set in the Japanese font and the rest in the Latin one
    (a CJK font may have no Latin letters, and pyglet does not fall back glyph by glyph)."""
    weight = "bold" if bold else "normal"
    style = {"font_name": i18n.font(), "font_size": size, "weight": weight, "color": tuple(colour)}
    spans = i18n.cjk_spans(s)
    if not spans:
        return pyglet.text.Label(s, x=x, y=y, font_name=i18n.font(), font_size=size, color=colour,
                                 anchor_x=anchor_x, anchor_y=anchor_y, weight=weight,
                                 width=width, multiline=width is not None, batch=batch, group=group)
    doc = pyglet.text.document.FormattedDocument(s)
    doc.set_style(0, len(s), style)
    for a, b in spans:
        doc.set_style(a, b, {"font_name": i18n.cjk_face()})
    return pyglet.text.DocumentLabel(doc, x=x, y=y, width=width, anchor_x=anchor_x, anchor_y=anchor_y,
                                     multiline=width is not None, batch=batch, group=group)


def _advances(s: str, size: float, bold: bool = False) -> list[float]:
    """Each character's advance in pixels, in the font its label sets it in."""
    weight = "bold" if bold else "normal"
    font = pyglet.font.load(i18n.font(), size, weight=weight)
    spans = i18n.cjk_spans(s)
    if not spans:
        return [g.advance for g in font.get_glyphs(s)[0]]
    # each stretch measured in its own font only: a glyph got of a font is drawn into that font's
    # texture, and Japanese glyphs in the Latin font's would move where its own later glyphs land
    cjk = pyglet.font.load(i18n.cjk_face(), size, weight=weight)
    out: list[float] = []
    at = 0
    for a, b in [*spans, (len(s), len(s))]:
        if a > at:
            out += [g.advance for g in font.get_glyphs(s[at:a])[0]]
        if b > a:
            out += [g.advance for g in cjk.get_glyphs(s[a:b])[0]]
        at = b
    return out


def text_width(s: str, size: float = theme.FONT_SIZE, bold: bool = False) -> float:
    """Width in pixels of ``s`` as a label would draw it (for sizing buttons to their text)."""
    return sum(_advances(s, size, bold))


def row_width(items: Sequence[tuple]) -> float:
    """How wide :meth:`Overlay.button_row` lays out buttons whose texts come first in ``items``."""
    return sum(text_width(item[0]) + 26 for item in items) + theme.PAD * max(0, len(items) - 1)


def clip(line: str, px: float, size: float = theme.FONT_SIZE, bold: bool = False) -> str:
    """Shorten ``line`` with an ellipsis so it fits ``px`` pixels (the glyphs measured once)."""
    ends = list(itertools.accumulate(_advances(line, size, bold)))  # one glyph a character
    if not ends or ends[-1] <= px:
        return line
    return line[:bisect.bisect_right(ends, px - text_width("…", size, bold))] + "…"


def rebuilt_on_change(build: Callable[..., None]) -> Callable[..., None]:
    """Skip a rebuild with the same arguments as the last: pyglet labels are dear to make, and the
    screen asks for the HUD and log after every move and every bot's "thinking"."""
    @functools.wraps(build)
    def wrapper(self: "Overlay", *args: Any, **kwargs: Any) -> None:
        key = (tuple(tuple(a) if isinstance(a, list) else a for a in args), kwargs)
        if self._built != key:
            build(self, *args, **kwargs)
            self._built = key
    return wrapper
