"""The Otys prints that share a painted blank each start from a clean copy of it."""
from __future__ import annotations

import pytest

from render import i18n
from render.tables.otys import art


def test_prints_on_a_shared_blank_do_not_show_through_each_other():
    for paint in (lambda i: art.contract(i), lambda i: art.number(i), lambda i: art.key_face(i + 1, 0),
                  lambda i: art.diver_tile(i, True), lambda i: art.sponsor_tile(i, 1)):
        first = paint(0)
        paint(3)
        assert (paint(0) == first).all()
        assert (paint(3) != first).any()


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
def test_the_atlas_prints_in_the_language_on_screen():
    english, rects = art.atlas()
    try:
        i18n.set_language("ja")
        japanese, ja_rects = art.atlas()
    finally:
        i18n.set_language("en")
    assert ja_rects == rects and not (japanese == english).all()
    assert art.atlas()[0] is english  # each language's atlas is kept
