"""The slim HUD: a top bar (whose turn, what they can do, the scores this seat may see), a key
line at the bottom, context buttons beside the piece, a foldable log, and a banner for messages."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from render.i18n import t
from render.ui import theme
from render.ui.areas import MOSTLY, Area, Rect, bounds, hull, mostly_hidden, overlaps, overlaps_many, rect_area, rects_overlap, size
from render.ui.widgets import Overlay, clip, rebuilt_on_change, row_width, text_width
from render.ui.wrapping import shorten_words, wrap

LOG_LINES = 9
LOG_LINE = 17  # pixels from one line of the log to the next
LOG_WIDTH = 340
BANNER_MARGIN = 20  # a banner leaves this much of the window free on each side
TIP_LINE = 14  # pixels from one line of a tooltip to the next
TIP_REACH = 150  # a tooltip moved off a button stays this near the pointer, or stays over the button
# the HUD's score pills: font size, padding, gap, and whether a seat is named by its mark alone (the
# last resort of four seats at the smallest window, where what one may do needs the room)
SCORE_STYLES = ((10, 10, 6, False), (9, 6, 4, False), (8, 4, 3, False), (8, 4, 3, True))


@dataclass(frozen=True)
class SeatScore:
    seat: int
    name: str
    text: str  # "12 VP · 7 tiles" or "? VP · 7 tiles"
    to_move: bool


TAG_HEIGHT = 28  # the strip under the bar the table's news tag takes (the folded log's button beside it)
STATUS_MIN = 240  # pixels of the bar what one may do needs beside the turn's words, else they give way


def _two_lines(said: str, room: float, size: int = 10) -> bool:
    """Whether ``said`` lies whole on the bar's two lines ``room`` pixels wide (a path's middle aside)."""
    return room > 40 and len(wrap(shorten_words(said, room, size), room, size)) <= 2


class HudBar(Overlay):
    @rebuilt_on_change
    def build(self, width: int, height: int, turn: str, can_do: str, scores: Sequence[SeatScore],
              keys: str, table: str = "") -> None:
        """``table`` is news about the whole table (how near the end is), tagged under the bar."""
        self.clear()
        top = height - theme.HUD_HEIGHT
        self.rect(0, top, width, theme.HUD_HEIGHT, theme.PANEL)
        self.rect(0, top - 2, width, 2, theme.PANEL_EDGE)
        turn_w = text_width(turn, 12, bold=True)
        for pill, pad, gap, by_mark in SCORE_STYLES:  # smaller pills where the window is narrow for them, or
            labels = [(s, f"{theme.mark(s.seat)}{s.text}" if by_mark and theme.mark(s.seat) else
                       f"{theme.mark(s.seat)}{s.name}  {s.text}") for s in scores]
            widths = [text_width(label, pill, bold=s.to_move) + 2 * pad for s, label in labels]  # what one
            pills = sum(widths) + gap * len(widths)  # may do needs their room for its two lines
            room = width - pills - theme.PAD * 4  # the status line's, the turn's words given way
            if theme.PAD * 3 + turn_w + pills <= width - theme.PAD and (_two_lines(can_do, room) or
                                                                          _two_lines(can_do, room, 9)):
                break
        x: float = width - theme.PAD
        for (s, label), w in zip(reversed(labels), reversed(widths)):
            x -= w
            self.rect(x, top + 5, w, theme.HUD_HEIGHT - 10, theme.player_colour(s.seat, 255 if s.to_move else 90),
                      radius=6, layer=1)
            self.text(label, x + pad, top + theme.HUD_HEIGHT / 2, size=pill, bold=s.to_move,
                      colour=(20, 16, 12, 255) if s.to_move else theme.TEXT)
            x -= gap
        # whose turn the lit pill shows too: where what one may do would have too little room beside
        # the words (four seats' pills), or the window is too narrow for them, or it would take more
        # than the bar's two lines beside them (Crabby's long line), the words give way
        left = theme.PAD * 3 + turn_w
        room = x - left - theme.PAD
        if can_do and (room < STATUS_MIN and text_width(can_do, 10) > room or room > 40 and not _two_lines(can_do, room)):
            left = theme.PAD * 2
        else:
            self.text(clip(turn, x - theme.PAD * 3, 12, bold=True), theme.PAD * 2, top + theme.HUD_HEIGHT / 2,
                      size=12, bold=True)
        if table:  # a tag under the bar's left end, where the table's corner leaves room
            tw = text_width(table, 10, bold=True) + 20
            self.rect(theme.PAD, top - TAG_HEIGHT, tw, 22, theme.PANEL, radius=6)
            self.text(table, theme.PAD + 10, top - 17, size=10, bold=True, colour=theme.ACCENT)
        room = x - left - theme.PAD
        if room > 40:  # what the person may do: on two lines where one is too short (4 seats' pills), at
            size = 10 if _two_lines(can_do, room) or not _two_lines(can_do, room, 9) else 9  # a size smaller
            can_do = shorten_words(can_do, room, size)  # a path too long for any line: its middle gives way
            first = wrap(can_do, room, size)[0]
            if first != can_do and can_do.startswith(first):  # one label still: its words read as one text
                rest = clip(can_do[len(first):].lstrip(), room, size)
                self.text(f"{first}\n{rest}", left, top + theme.HUD_HEIGHT / 2, size=size, colour=theme.TEXT_DIM,
                          width=int(room) + 2)
            else:
                self.text(clip(can_do, room, size), left, top + theme.HUD_HEIGHT / 2, size=size, colour=theme.TEXT_DIM)
        self.rect(0, 0, width, theme.KEYS_HEIGHT, theme.PANEL)
        room = width - theme.PAD * 4 - theme.KEYS_HEIGHT  # the "?" of the rules guide ends the line
        self.text(clip(keys, room, 9), theme.PAD * 2, theme.KEYS_HEIGHT / 2, size=9, colour=theme.TEXT_DIM)


class ContextButtons(Overlay):
    """Labelled buttons beside the piece in play; ``items`` are (text, value, enabled).

    The column stands where it covers none of the areas it must ``avoid`` (lit pieces, the deciding
    seat's own zones), as near the anchor as that allows. Within one decision it keeps its place and
    each button its slot: a button that goes leaves its slot empty; the buttons of the next question
    of the same seat stand off the last ones. So two clicks in a row on the same spot never press
    two different actions."""

    def __init__(self) -> None:
        super().__init__()
        self._kept: tuple | None = None  # (decision, anchor, size, x, top, width, slots) of the last column

    @rebuilt_on_change
    def build(self, anchor: tuple[float, float], width: int, height: int,
              items: Sequence[tuple[str, Any, bool]], avoid: Sequence[Any] = (),
              marked: Any = None, decision: Any = None, spare: Sequence[Area] = ()) -> None:
        """Beside ``anchor`` (the piece), covering none of ``avoid`` (areas: convex outlines in
        window pixels, or single points) and, when a place a little farther allows, none of
        ``spare`` (the other pieces on the table); ``decision`` names the choice being made (None:
        every build is a new one); the button whose value is ``marked`` (a hint) stands out.
        Many buttons that begin alike ("Use Jacques Couteau: ...") stand under that beginning as a
        heading, in as many columns as keep the block no taller than half the table's height."""
        self.clear()
        if not items:
            return
        areas = [_as_area(a) for a in avoid]
        areas = [a for a in areas if a]
        head, items = shared_heading(items)
        values = [v for _, v, _ in items]
        bw = max(text_width(t) for t, _, _ in items) + 24
        th = HEADING_STEP if head else 0
        here = (round(anchor[0]), round(anchor[1]))
        kept = self._kept
        place = None
        same = kept is not None and decision is not None and kept[:3] == (decision, here, (width, height))
        if same and kept is not None and any(v in kept[6] for v in values):
            slots = [v if v in values else None for v in kept[6]]
            slots += [v for v in values if v not in slots]
            bw, rows = max(bw, kept[5]), kept[7]
            x, top = kept[3], kept[4]
            w, h = _block(len(slots), rows, bw, th)
            if top - h >= theme.KEYS_HEIGHT + 4 and x + w <= width - 4 and \
                    not _hits((x, top - h, x + w, top), [*areas, rect_area(log_box(width, height))]):
                place = (x, top)
        if place is None:  # a new question: its buttons stand where none of the last ones stood, so a
            slots = list(values)  # second click on the button just pressed never presses another
            bw = min(bw, width - 8.0)  # one label wider than the window: clipped, never past its edge
            rows = _rows(len(slots), height, bw, width)
            last = [rect_area(_slot(kept[3], kept[4], i, kept[7], kept[5], kept[8]))
                    for i, v in enumerate(kept[6]) if v is not None] if same and kept is not None else []
            w, h = _block(len(slots), rows, bw, th)
            place = column_place(anchor, w, h, width, height, areas + last, spare)
        x, top = place
        self._kept = (decision, here, (width, height), x, top, bw, slots, rows, th)
        if head:
            w = _block(len(slots), rows, bw, th)[0]
            self.rect(x, top - HEADING_STEP + 2, w, HEADING_STEP - 4, theme.PANEL, radius=5)
            self.text(clip(head, w - 12, 9), x + 6, top - HEADING_STEP / 2, size=9, colour=theme.ACCENT)
        by_value = {v: (text, enabled) for text, v, enabled in items}
        for i, value in enumerate(slots):
            if value is None:
                continue
            text, enabled = by_value[value]
            x0, y0, _, _ = _slot(x, top, i, rows, bw, th)
            self.button(clip(text, bw - 24), x0, y0, bw, BUTTON_H, value, enabled,
                        selected=marked is not None and value == marked)


def shared_heading(items: Sequence[tuple[str, Any, bool]]) -> tuple[str, list[tuple[str, Any, bool]]]:
    """("Use Jacques Couteau:", the items without it) when HEADED or more begin with the same words
    before a colon; ("", items) else. The number key a label ends with stays on it."""
    for colon in (": ", "："):  # English, Japanese
        starts = [t.split(colon, 1)[0] for t, _, _ in items if colon in t]
        common = max(sorted(set(starts)), key=starts.count) if starts else ""
        if common and starts.count(common) >= HEADED:
            lead = common + colon
            return lead.strip(), [(t[len(lead):] if t.startswith(lead) else t, v, e) for t, v, e in items]
    return "", list(items)


def _rows(n: int, height: int, bw: float = 0.0, width: int = 0) -> int:
    """Buttons a column holds: all of them, unless that is taller than half the table's height;
    and no more columns than the window is wide for (``bw`` each): taller columns rather than a
    block past the window's edge (twenty long push buttons, Cubitos)."""
    most = max(3, int((height - theme.HUD_HEIGHT - theme.KEYS_HEIGHT) * 0.5 // BUTTON_STEP))
    columns = -(-n // most)
    if width:
        columns = min(columns, max(1, int((width - 8 + COLUMN_GAP) // (bw + COLUMN_GAP))))
    return -(-n // columns)


def _block(n: int, rows: int, bw: float, th: float) -> tuple[float, float]:
    """The width and height of n buttons, ``rows`` to a column, under a heading ``th`` tall."""
    columns = -(-n // rows)
    return columns * bw + (columns - 1) * COLUMN_GAP, min(n, rows) * BUTTON_STEP + th


def _slot(x: float, top: float, i: int, rows: int, bw: float, th: float) -> tuple[float, float, float, float]:
    """The rectangle of the i-th button of a block whose top left is (x, top)."""
    col, row = divmod(i, rows)
    x0, y0 = x + col * (bw + COLUMN_GAP), top - th - (row + 1) * BUTTON_STEP
    return x0, y0, x0 + bw, y0 + BUTTON_STEP


BUTTON_H = 26
BUTTON_STEP = BUTTON_H + 4
COLUMN_GAP = 8  # pixels between two columns of one block of buttons
HEADING_STEP = 22  # the heading over buttons that begin alike
HEADED = 3  # buttons beginning alike that earn a heading
GRID = 8  # pixels between the places a column may stand
NEAR = 24  # the gap a column leaves from the piece it stands beside
SPARE_PX = 120  # how much farther a column goes rather than touch a piece nobody decides about
EXACT_TRIES = 3000  # places tested exactly, nearest first, before settling for less
CHUNK = 256  # places tested exactly at once


def _as_area(a: Any) -> Area:
    """An area to avoid: a convex outline, or a single point (x, y) as a small square."""
    if len(a) == 2 and all(isinstance(c, (int, float)) for c in a):
        return hull([a])
    return list(a)


def _hits(rect: Rect, areas: Sequence[Area]) -> bool:
    return any(overlaps(rect, a) for a in areas)


def _hides(rect: Rect, avoid: Sequence[Area], spare: Sequence[Area]) -> bool:
    return _hits(rect, avoid) or any(mostly_hidden(rect, a) for a in spare)


def log_box(width: int, height: int) -> Rect:
    """The most the log panel can take (unfolded, every line), top right under the bar."""
    top = height - theme.HUD_HEIGHT - theme.PAD
    return (width - LOG_WIDTH - theme.PAD, top - (26 + LOG_LINE * LOG_LINES + 6), width - theme.PAD, top)


def column_place(anchor: tuple[float, float], w: float, h: float, width: int, height: int,
                 avoid: Sequence[Area], spare: Sequence[Area] = (), log: bool = True) -> tuple[float, float]:
    """Where a column w x h of buttons stands (its left x and top y): the place nearest ``anchor``
    that covers none of ``avoid``, the log panel, the bars and the tag under the top bar, and hides
    no more than a corner of any of ``spare`` (each of them it touches counts as SPARE_PX farther);
    else the nearest that covers none of ``avoid`` nor the log; else one over the log's corner
    (the log gives way to the buttons); else the one that meets the fewest, the screen's left
    edge above the key line first."""
    lo_y, hi_y = theme.KEYS_HEIGHT + 4 + h, height - theme.HUD_HEIGHT - 34  # tops a column may have
    hi_x = width - w - 4
    if hi_y < lo_y or hi_x < 4:  # a window too small for the column: its bottom left corner
        return 4.0, max(lo_y, min(hi_y, height - theme.HUD_HEIGHT - 4))
    xs = np.unique(np.r_[np.arange(4.0, hi_x, GRID), hi_x, anchor[0] + NEAR, anchor[0] - NEAR - w].clip(4, hi_x))
    ys = np.unique(np.r_[np.arange(lo_y, hi_y, GRID), hi_y, anchor[1] + h / 2].clip(lo_y, hi_y))
    gx, gy = np.meshgrid(xs, ys)
    x0, y1 = gx.ravel(), gy.ravel()
    x1, y0 = x0 + w, y1 - h
    hard = [*([rect_area(log_box(width, height))] if log else []), *avoid]
    soft = [a for a in spare if a]
    # how much of each area's bounding box each candidate covers, (n, m): an area whose box it
    # misses (or, for ``spare``, whose box it covers too little of) needs no exact test
    ch, cs = _covers(xs, ys, w, h, hard), _covers(xs, ys, w, h, soft)
    mh: np.ndarray = ch > 0
    ms: np.ndarray = cs > MOSTLY * np.array([size(a) for a in soft]) if soft else cs > 0
    dx = np.maximum(np.maximum(x0 - anchor[0], anchor[0] - x1), 0)
    dy = np.maximum(np.maximum(y0 - anchor[1], anchor[1] - y1), 0)
    score = np.hypot(dx, dy) + 0.01 * np.abs((y0 + y1) / 2 - anchor[1]) + SPARE_PX * (cs > 0).sum(axis=1)
    order = np.argsort(score, kind="stable")
    rect = lambda i: (x0[i], y0[i], x1[i], y1[i])  # noqa: E731
    clear = _ClearOf(x0, y0, x1, y1, hard, mh)
    free = np.asarray(~mh.any(axis=1) & ~ms.any(axis=1))  # surely clear of everything
    best_free = score[order[free[order]][0]] if free.any() else np.inf
    tries = order[:EXACT_TRIES]
    for chunk in np.split(tries[score[tries] <= best_free], range(CHUNK, EXACT_TRIES, CHUNK)):
        for i in chunk[free[chunk] | clear(chunk)]:
            if free[i] or not any(mostly_hidden(rect(i), soft[j]) for j in np.flatnonzero(ms[i])):
                return float(x0[i]), float(y1[i])
    if free.any():
        i = order[free[order]][0]
        return float(x0[i]), float(y1[i])
    tries = order[:EXACT_TRIES * 4]  # over other pieces, but nothing decided about
    for chunk in np.split(tries, range(CHUNK, len(tries), CHUNK)):
        ok = chunk[clear(chunk)]
        if ok.size:
            return float(x0[ok[0]]), float(y1[ok[0]])
    if log:
        return column_place(anchor, w, h, width, height, avoid, spare, log=False)
    boxed = np.asarray(~mh.any(axis=1))  # farther off: clear of every decided piece's bounding box
    if boxed.any():
        i = order[boxed[order]][0]
        return float(x0[i]), float(y1[i])
    edge = np.abs(x0 - 4) + np.abs(y0 - (theme.KEYS_HEIGHT + 4))  # the left edge above the key line
    i = int(np.lexsort((edge, mh.sum(axis=1)))[0])
    return float(x0[i]), float(y1[i])


class _ClearOf:
    """Which candidate places cover none of ``hard`` exactly, worked out for a chunk of them at a
    time as the search reaches it (the nearest are usually enough) and remembered."""

    def __init__(self, x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray,
                 hard: Sequence[Area], near: np.ndarray) -> None:
        self.corners, self.hard, self.near = (x0, y0, x1, y1), hard, near  # near: (n, m) boxes met
        self.hit = np.zeros(len(x0), bool)
        self.known = np.zeros(len(x0), bool)

    def __call__(self, idx: np.ndarray) -> np.ndarray:
        todo = idx[~self.known[idx]]
        if todo.size:
            self.known[todo] = True
            for j, area in enumerate(self.hard):
                some = todo[self.near[todo, j] & ~self.hit[todo]]
                if some.size:
                    x0, y0, x1, y1 = (c[some] for c in self.corners)
                    self.hit[some] = overlaps_many(x0, y0, x1, y1, area)
        return ~self.hit[idx]


def _covers(xs: np.ndarray, ys: np.ndarray, w: float, h: float, areas: Sequence[Area]) -> np.ndarray:
    """(candidates, areas): the pixels each candidate rectangle (its left x in ``xs``, its top y in
    ``ys``, w x h; candidates row by row of ``ys`` as np.meshgrid lays them) shares with each area's
    bounding box. The overlap's width depends on x alone and its height on y alone, so the big
    table is one product of two small ones."""
    if not areas:
        return np.zeros((len(xs) * len(ys), 0), np.float32)
    b = np.array([bounds(a) for a in areas], np.float32)
    across = np.maximum(np.minimum(xs[:, None] + w, b[None, :, 2]) - np.maximum(xs[:, None], b[None, :, 0]), 0)
    up = np.maximum(np.minimum(ys[:, None], b[None, :, 3]) - np.maximum(ys[:, None] - h, b[None, :, 1]), 0)
    return (up.astype(np.float32)[:, None, :] * across.astype(np.float32)[None, :, :]).reshape(-1, len(areas))


class LogPanel(Overlay):
    """The last events as lines of text; folds down to its title bar."""

    lines: list[str] = []

    @rebuilt_on_change
    def build(self, width: int, height: int, lines: Sequence[str], folded: bool,
              avoid: Sequence[Area] = (), spare: Sequence[Area] = ()) -> None:
        """``avoid``: what the panel must leave in view (lit pieces, the deciding seat's own zones);
        ``spare``: the other pieces, of which it may hide no more than a corner (any may be pointed
        at). It shows fewer of the last lines rather than cover them."""
        top = height - theme.HUD_HEIGHT - theme.PAD
        shown = [] if folded else list(lines)[-LOG_LINES:]
        every, pieces = [a for a in avoid if a], [a for a in spare if a]
        most = (width - LOG_WIDTH - theme.PAD - 4, top - (56 + LOG_LINE * len(shown)), width - theme.PAD + 4, top + 4)
        avoid = [a for a in every if rects_overlap(bounds(a), most)]  # only what lies there counts
        spare = [a for a in pieces if rects_overlap(bounds(a), most)]
        self._draw(width, top, shown, folded, every, pieces)
        if not shown or self.bounds is None or not _hides(self.bounds, avoid, spare):  # what it drew, words' reach and all
            return
        # each line fewer raises the panel's bottom by a line: the most lines that hide nothing are
        # found without drawing each try (a rebuild per frame while the camera turns)
        x0, y0, x1, y1 = self.bounds
        n = len(shown)
        fits = next((k for k in range(n - 1, 0, -1) if not _hides((x0, y0 + LOG_LINE * (n - k), x1, y1), avoid, spare)), 0)
        shown = shown[n - fits:] if fits else []
        self._draw(width, top, shown, folded, every, pieces)

    def _draw(self, width: int, top: float, shown: list[str], folded: bool, every: Sequence[Area],
              pieces: Sequence[Area] = ()) -> None:
        self.clear()
        self.lines = shown  # whole, before clipping: a wider panel would show every word
        x = width - LOG_WIDTH - theme.PAD
        title = t("log.folded" if folded else "log.open")
        bw = text_width(title, 9) + 24
        h: float
        w: float
        if shown:
            h, w = 26 + LOG_LINE * len(shown) + 6, LOG_WIDTH
        else:  # no line to show: only the title, under the bar where it hides nothing decided and
            h, w = 26, bw + 8  # no more than a corner of any other piece (else only nothing decided)
            xs = range(int(width - w - theme.PAD), theme.PAD - 1, -GRID)
            strip = (0, top - h - 6, width, top + 6)  # what lies under the bar's strip is all that counts
            every = [a for a in every if rects_overlap(bounds(a), strip)]
            pieces = [a for a in pieces if rects_overlap(bounds(a), strip)]
            clear = [x for x in xs if not _hits((x - 6, top - h - 6, x + w + 6, top + 6), every)]
            if not clear:  # what is decided fills the strip (a camera zoomed in on it): no tab; L opens the log
                return
            x = next((x for x in clear if not _hides((x, top - h, x + w, top), (), pieces)), clear[0])
        self.rect(x, top - h, w, h, theme.PANEL, radius=8)
        self.button(title, x + 4, top - 24, bw, 20, "log", size=9)
        for i, line in enumerate(shown):
            self.text(clip(line, LOG_WIDTH - 20, 9), x + 10, top - 36 - LOG_LINE * i, size=9)


class Banner(Overlay):
    """A centred message box: a title, lines of text, and buttons (hand-over, final scores, captions)."""

    @rebuilt_on_change
    def build(self, width: int, height: int, title: str, lines: Sequence[str],
              buttons: Sequence[tuple[str, Any]] = (), y_frac: float = 0.5, colour: Any = None) -> None:
        self.clear()
        room = width - 2 * BANNER_MARGIN - 60  # the words of a banner as wide as the window holds
        heads = wrap(title, room, 16, bold=True)  # a long hint or caption goes on in more lines
        body = [part for line in lines for part in wrap(line, room)]
        row = row_width(buttons)
        w = max([text_width(s, 16, bold=True) for s in heads] + [text_width(s) for s in body] + [300, row]) + 60
        h = 56 + 24 * (len(heads) - 1) + 22 * len(body) + (44 if buttons else 0)
        x = (width - w) / 2
        y = max(theme.KEYS_HEIGHT + 4, min(height * y_frac - h / 2, height - theme.HUD_HEIGHT - 4 - h))
        self.rect(x, y, w, h, theme.PANEL, radius=12, border=colour or theme.PANEL_EDGE)
        for i, head in enumerate(heads):
            self.text(head, x + w / 2, y + h - 26 - 24 * i, size=16, bold=True, colour=colour or theme.ACCENT,
                      anchor_x="center")
        top = y + h - 56 - 24 * (len(heads) - 1)
        for i, line in enumerate(body):
            self.text(line, x + w / 2, top - 22 * i, anchor_x="center")
        self.button_row([(t, v, True) for t, v in buttons], x + w / 2, y + 10, h=30)


def overlay_rects(overlays: Sequence[Overlay]) -> list[tuple[str, Rect]]:
    """The rectangles panels take, named: each context button on its own (a column of buttons has
    gaps between them), every other panel whole."""
    out: list[tuple[str, Rect]] = []
    for overlay in overlays:
        name = type(overlay).__name__
        if isinstance(overlay, ContextButtons):
            out += [(f"{name} button {b.text!r}", (b.x, b.y, b.x + b.w, b.y + b.h)) for b in overlay.buttons]
        elif overlay.bounds is not None:
            out.append((name, overlay.bounds))
    return out


class Tooltip(Overlay):
    """One line about the piece under the pointer, beside the pointer (more lines only where the
    window is too narrow for it): below and right of it, or at another corner of the pointer where
    that one would hide a button (``avoid``: the rectangles of the buttons and panels shown)."""

    shown = ""

    @rebuilt_on_change
    def build(self, x: float, y: float, width: int, text: str, avoid: Sequence[Rect] = (),
              height: int | None = None) -> None:
        self.clear()
        self.shown = text
        if not text:
            return
        lines = wrap(text, width - 24, 9)  # wider than the window: on in more lines
        w = max(text_width(line, 9) for line in lines) + 16
        h = 20 + TIP_LINE * (len(lines) - 1)
        x, top = self._place(x, y, w, h, width, height, avoid)
        self.rect(x, top - h, w, h, (20, 16, 12, 225), radius=5)
        for i, line in enumerate(lines):
            self.text(line, x + 8, top - 10 - TIP_LINE * i, size=9)

    @staticmethod
    def _place(x: float, y: float, w: float, h: float, width: int, height: int | None,
               avoid: Sequence[Rect]) -> tuple[float, float]:
        """(left, top) of the tip, kept in the window: below and right of the pointer, else the
        nearest place to the pointer (beside it, or past the end of a button in the way) where it
        hides no button and not the pointer's spot, within ``TIP_REACH`` px; else below and right."""
        high = height if height is not None else y + h + 20

        def fit(left: float, top: float) -> tuple[float, float]:
            return max(4.0, min(left, width - w - 4)), min(max(top, h + 2), high - 2)

        first = fit(x + 16, y - 6)
        if not avoid:
            return first
        lefts = [x + 16, x - 16 - w, *(r[2] + 4 for r in avoid), *(r[0] - w - 4 for r in avoid)]
        tops = [y - 6, y + 14 + h, *(r[1] - 4 for r in avoid), *(r[3] + 4 + h for r in avoid)]
        best, reach = first, TIP_REACH
        for top0 in tops:
            for left0 in lefts:
                left, top = fit(left0, top0)
                dx = max(left - x, 0.0, x - left - w)
                dy = max(top - h - y, 0.0, y - top)
                far = (dx * dx + dy * dy) ** 0.5
                if (dx or dy) and far < reach and \
                        not any(rects_overlap((left, top - h, left + w, top), r) for r in avoid):
                    if (left, top) == first:
                        return first
                    best, reach = (left, top), far
        return best
