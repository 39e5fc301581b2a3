"""Many buttons at one decision (issue 34, long sweep: thirteen "Use Jacques Couteau: ..." choices
stood as one column 732 px wide and 390 px tall, over the seat's own dice): the words they share
become a heading, and the buttons stand in as many columns as keep the block no taller than half
the table, in the order of their number keys, clear of what must stay in view."""
from __future__ import annotations

import pytest

from render.ui import theme
from render.ui.areas import overlaps, rect_area
from render.ui.hud import ContextButtons, shared_heading

pytestmark = pytest.mark.gl  # the labels are pyglet text

PAIRS = [f"{a} (Roll Zone), {b} (Roll Zone)" for a in ("dark gray", "light gray", "orange", "red")
         for b in ("dark gray", "light gray", "orange")]


def test_buttons_that_begin_alike_stand_under_a_heading_in_columns_clear_of_the_own_zone(ctx):
    items = [(f"Use Jacques Couteau: {p} ({i + 1})" if i < 9 else f"Use Jacques Couteau: {p}", ("pair", i), True)
             for i, p in enumerate(PAIRS)] + [("Take nothing", "none", True)]
    own = rect_area((160, theme.KEYS_HEIGHT + 10, 1250, 270))  # the seat's board along the bottom
    for width, height in [(1280, 720), theme.MIN_WINDOW]:
        panel = ContextButtons()
        panel.build((420, 250), width, height, items, avoid=[own])
        texts = [b.text for b in panel.buttons]
        assert texts[0] == "dark gray (Roll Zone), dark gray (Roll Zone) (1)" and texts[-1] == "Take nothing"
        assert any("Use Jacques Couteau:" == t for t in panel.texts()), "no heading"
        tops = sorted({b.y for b in panel.buttons})
        assert len(tops) * 30 <= (height - theme.HUD_HEIGHT - theme.KEYS_HEIGHT) / 2
        lefts = sorted({b.x for b in panel.buttons})
        assert len(lefts) >= 2, "thirteen buttons in one column"
        order = sorted(panel.buttons, key=lambda b: (b.x, -b.y))  # down the first column, then the next
        assert [b.value for b in order] == [v for _, v, _ in items]
        assert not any(overlaps((b.x, b.y, b.x + b.w, b.y + b.h), own) for b in panel.buttons)
        x0, y0, x1, y1 = panel.bounds
        assert x0 >= 0 and x1 <= width and y0 >= theme.KEYS_HEIGHT and y1 <= height - theme.HUD_HEIGHT


def test_a_few_buttons_keep_their_words_whole():
    items = [("Push (1)", "push", True), ("Pass (2)", "pass", True), ("Use Cat: a (3)", "a", True),
             ("Use Cat: b (4)", "b", True)]
    assert shared_heading(items) == ("", items)
    three = items + [("Use Cat: c (5)", "c", True)]
    head, rest = shared_heading(three)
    assert head == "Use Cat:" and [t for t, _, _ in rest] == ["Push (1)", "Pass (2)", "a (3)", "b (4)", "c (5)"]
    assert shared_heading([("カード：あ (1)", 1, True), ("カード：い (2)", 2, True), ("カード：う (3)", 3, True)])[0] == "カード："
