"""The three table views share one way to glow and one way to pick (render/tables/highlights.py,
render/tables/picking.py): each declares only its pieces, their boxes and rings, and no view
module grows past what a reader takes in at once (issue 39)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from render.tables.highlights import GLOW_COLOUR, HIGHLIGHT, HOVER, HOVER_COLOUR, Highlights
from render.tables.picking import Picking, box_table
from render.tables.table_view import TableView

TABLES = Path(__file__).resolve().parents[3] / "render" / "tables"
SHARED = ("set_highlights", "_lit", "_upload_glow", "pick_all", "pick", "target_pos", "_boxes", "busy", "update")


def _view_classes() -> list[type]:
    from render.tables.cubitos.view import CubitosView
    from render.tables.octocube.view import OctocubeView
    from render.tables.otys.view import OtysView
    return [CubitosView, OctocubeView, OtysView]


@pytest.mark.parametrize("cls", _view_classes(), ids=lambda c: c.__name__)
def test_a_view_declares_its_pieces_not_its_own_glow_and_picking(cls):
    assert issubclass(cls, TableView)
    assert [name for name in SHARED if name in vars(cls)] == []


def test_no_view_module_is_over_500_lines():
    sizes = {str(p.relative_to(TABLES)): len(p.read_text(encoding="utf-8").splitlines())
             for p in sorted(TABLES.glob("*/view.py"))}
    assert len(sizes) == 3
    assert {name: n for name, n in sizes.items() if n > 500} == {}


def test_the_sounds_find_the_animation_lengths_where_they_always_were():
    from render.tables.cubitos import motion
    from render.tables.cubitos.view import FLY_S, HOP_S, SLIDE_S, TUMBLE_S, TUMBLE_STAGGER_S
    assert (FLY_S, HOP_S, SLIDE_S, TUMBLE_S, TUMBLE_STAGGER_S) == (
        motion.FLY_S, motion.HOP_S, motion.SLIDE_S, motion.TUMBLE_S, motion.TUMBLE_STAGGER_S)
    from render.tables.octocube import view as octocube
    assert all(hasattr(octocube, name) for name in ("FLY_S", "FLY_STAGGER_S", "PIVOT_S", "PLACE_S", "QUIET_EVENTS", "ROLL_S"))


class _TopDown:
    """A camera looking straight down: window pixel (x, y) is the table point (x, z = y)."""

    def ray(self, x: float, y: float) -> tuple[np.ndarray, np.ndarray]:
        return np.array([x, 10.0, y]), np.array([0.0, -1.0, 0.0])

    def project(self, p) -> tuple[float, float]:
        return float(p[0]), float(p[2])


class _Board(Picking):
    """Two boxes of one place (a board drawn in two halves), a low and a tall piece on it, and
    printed spaces on the table top where x < 0."""

    def __init__(self) -> None:
        self.camera = _TopDown()
        self._box_cache = None

    def _shown_boxes(self):
        return box_table([(("board",), (-1, 0, -1), (4, 0.1, 4), False),
                          (("board",), (4, 0, -1), (8, 0.1, 4), False),
                          (("low",), (0, 0, 0), (2, 0.2, 2), True),
                          (("tall",), (1, 0, 1), (3, 1.0, 3), True)])

    def _place_on_table(self, point):
        return ("space", round(point[0])) if point[0] < 0 else None

    def _target_points(self, target):
        return {("low",): [np.array([1.5, 0.2, 1.5]), np.array([0.5, 0.2, 0.5])]}[target]


def test_picking_lists_pieces_nearest_first_then_places_each_once_then_the_printed_space():
    board = _Board()
    assert board.pick_all(1.5, 1.5) == [("tall",), ("low",), ("board",)]
    assert board.pick_all(5.0, 2.0) == [("board",)]
    assert board.pick_all(-0.6, 0.0) == [("board",), ("space", -1)]
    assert board.pick_all(-3.0, 0.0) == [("space", -3)]
    assert board.pick(1.5, 1.5) == ("tall",)
    assert board.pick(20.0, 20.0) is None


def test_a_target_is_found_where_no_other_piece_hides_it():
    assert _Board().target_pos(("low",)) == (0.5, 0.5)  # its first point lies under the tall piece


class _Lights(Highlights):
    """Two flat places that glow in rings and a piece that glows itself."""

    def __init__(self) -> None:
        self._highlights, self._hovered = set(), None
        self._timeline = type("Still", (), {"busy": False})()
        self._glow = self
        self.relit = 0
        self.rows = None

    def upload(self, rows) -> None:
        self.rows = rows

    def _relight(self) -> None:
        self.relit += 1

    def _glow_ring(self, target):
        return None if target[0] == "piece" else (np.eye(4) * (2 if target == ("b",) else 1), 0.6)


def test_lit_places_glow_in_rings_the_hovered_one_brightest_and_pieces_relit_only_on_a_change():
    lights = _Lights()
    lights.set_highlights({("a",), ("b",), ("piece",)}, hovered=("b",))
    assert lights.relit == 1
    assert lights._glow_of() == {("a",): HIGHLIGHT, ("b",): HOVER, ("piece",): HIGHLIGHT}
    rows = lights.rows
    assert len(rows) == 2  # the piece glows itself: no ring
    assert rows[0][16:20].tolist() == pytest.approx([*GLOW_COLOUR, 0.7])  # ("a",) first: the same order each time
    assert rows[1][16:20].tolist() == pytest.approx([*HOVER_COLOUR, 1.0])
    assert rows[1][0] == 2 and rows[0][20] == pytest.approx(0.6)
    lights.set_highlights({("a",), ("b",), ("piece",)}, hovered=("b",))
    assert lights.relit == 1  # nothing changed: nothing uploaded again
