"""Screen areas (render/ui/areas.py): the outline a piece takes on screen and whether a panel's
rectangle covers it, which both the buttons' placement and the layout checks rely on."""
from __future__ import annotations

import random

import numpy as np

from render.ui.areas import hull, mostly_hidden, overlap_area, overlaps, overlaps_many, size
from render.ui.hud import column_place


def test_a_panel_beside_a_slanted_piece_does_not_cover_it_but_one_over_its_corner_does():
    diamond = hull([(50, 0), (100, 50), (50, 100), (0, 50), (50, 50)])  # the inner point drops out
    assert len(diamond) == 4 and size(diamond) == 5000
    assert not overlaps((80, 80, 120, 120), diamond)  # inside the box around it, outside the piece
    assert overlaps((70, 70, 120, 120), diamond)
    assert not overlaps((100, 0, 150, 100), diamond)  # touching is not covering


def test_many_places_tested_at_once_answer_as_each_tested_alone():
    """The column's search tests its candidate places against an area in one go; it must agree
    with the single test (the layout checks use that one) on every place, touching ones too."""
    rng = random.Random(7)
    for _ in range(400):
        area = hull([(rng.uniform(0, 300), rng.uniform(0, 300)) for _ in range(rng.randint(1, 7))])
        xs = np.array([rng.choice((rng.uniform(-50, 350), round(rng.uniform(0, 300)))) for _ in range(40)])
        ys = np.array([rng.uniform(-50, 350) for _ in range(40)])
        ws, hs = np.array([rng.uniform(0, 120) for _ in range(40)]), np.array([rng.uniform(0, 120) for _ in range(40)])
        many = overlaps_many(xs, ys, xs + ws, ys + hs, area)
        assert list(many) == [overlaps((x, y, x + w, y + h), area) for x, y, w, h in zip(xs, ys, ws, hs)]
    square = hull([(0, 0), (100, 0), (100, 100), (0, 100)])
    assert list(overlaps_many(np.array([100.0, 98.0]), np.array([0.0, 0.0]), np.array([150.0, 150.0]),
                              np.array([100.0, 100.0]), square)) == [False, True]  # touching is not covering


def test_a_piece_too_small_for_an_outline_still_counts():
    dot = hull([(10, 10)])
    assert overlaps((0, 0, 12, 12), dot) and not overlaps((20, 20, 30, 30), dot)
    line = hull([(0, 0), (10, 10), (20, 20)])
    assert overlaps((8, 8, 12, 12), line) and not overlaps((14, 0, 20, 4), line)


def test_how_much_of_a_piece_a_panel_hides():
    square = hull([(0, 0), (100, 0), (100, 100), (0, 100)])
    assert overlap_area((50, 50, 200, 200), square) == 2500
    assert not mostly_hidden((80, 0, 200, 100), square)  # a fifth of it
    assert mostly_hidden((50, 0, 200, 100), square)


def test_a_column_of_buttons_stands_off_what_it_must_leave_in_view():
    tray = hull([(500, 30), (700, 30), (700, 130), (500, 130)])
    x, top = column_place((600, 80), 200, 60, 1280, 720, [tray])
    assert not overlaps((x, top - 60, x + 200, top), tray)
    assert abs(x + 100 - 600) < 400 and top - 60 < 260  # still beside the tray it is about
