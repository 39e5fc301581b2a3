"""An atlas is laid out before it is painted; the window paints it later, a slice at a time, while its
table wears the transparent placeholder, and the table ends up drawn exactly as one built with the
atlas at once. A cache that cannot be written costs nothing but the cache."""
from __future__ import annotations

import numpy as np
import pytest

from render.tables import atlas as atlases
from render.tables.atlas import PLACEHOLDER, Atlas

CELL = 16


@pytest.fixture(autouse=True)
def _cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


class Prints:
    """Paints each print in its own grey and counts what it painted."""

    def __init__(self) -> None:
        self.painted: list[int] = []

    def cell(self, i: int, k: int = 1):
        def paint() -> np.ndarray:
            self.painted.append(i)
            return np.full((k * CELL, k * CELL, 4), 10 + i, np.uint8)
        return (("print", i), k, paint)


def toy(prints: Prints, name: str = "toy", source: str = "k1") -> Atlas:
    """Two rows of four cells: a 2x2 print, then four small ones."""
    cells = [prints.cell(0, 2), *(prints.cell(i) for i in range(1, 5))]
    return Atlas(name, source, 4, CELL, cells, [(0, 0), (0, 2), (0, 3), (1, 2), (1, 3)])


def test_an_atlas_is_laid_out_before_anything_is_painted_then_painted_print_by_print():
    prints = Prints()
    atlas = toy(prints)
    assert atlas.shape == (2 * CELL, 4 * CELL, 4) and not atlas.ready and prints.painted == []
    assert atlas.rects[("print", 0)][2:] == pytest.approx((0.5, 1.0), abs=0.05)  # the 2x2 print: the left half
    assert atlas.paint_some(until=0.0) is False and prints.painted == [0]  # the clock has run out: one print
    alone = atlas.print_of(("print", 3))  # one print asked for meanwhile (a preview): painted alone
    assert prints.painted == [0, 3] and alone.shape == (CELL, CELL, 4)
    image = atlas.image()
    assert prints.painted == [0, 3, 1, 2, 3, 4] and atlas.ready
    assert (atlas.print_of(("print", 3)) == alone).all() and (atlas.print_of(("print", 0)) == 10).all()
    assert (image[:2 * CELL, :2 * CELL] == 10).all() and (image[CELL:, 3 * CELL:] == 14).all()
    assert atlas.image() is image and len(prints.painted) == 6  # the atlas painted once


def test_a_painted_atlas_is_kept_and_the_next_run_loads_it_unpainted():
    first = toy(Prints()).image()
    prints = Prints()
    again = toy(prints)
    assert again.ready and (again.image() == first).all() and prints.painted == []
    assert not toy(prints, source="k2").ready  # other code paints other pixels


@pytest.mark.parametrize("damage", ["a file where the folder goes", "a full disk"])
def test_a_cache_that_cannot_be_written_still_gives_the_atlas(tmp_path, monkeypatch, damage):
    if damage == "a full disk":
        def full(*_args, **_kwargs):
            raise OSError(28, "No space left on device")
        monkeypatch.setattr("pathlib.Path.write_bytes", full)
    else:
        (tmp_path / "cache").write_text("not a folder")
    prints = Prints()
    image = toy(prints).image()
    assert prints.painted == [0, 1, 2, 3, 4] and image.shape == (2 * CELL, 4 * CELL, 4)
    assert not toy(Prints()).ready  # nothing was kept: painted again next time


def test_outside_the_window_an_atlas_is_painted_when_a_table_wants_it():
    prints = Prints()
    image = atlases.wanted(toy(prints))
    assert image.shape == (2 * CELL, 4 * CELL, 4) and len(prints.painted) == 5 and not atlases.pending()


def test_while_the_window_paints_later_tables_wait_and_the_painting_ends():
    first, second = Prints(), Prints()
    a, b = toy(first, "a"), toy(second, "b")
    with atlases.painting_later():
        assert atlases.wanted(a) is PLACEHOLDER and atlases.wanted(b) is PLACEHOLDER
        assert atlases.pending() and first.painted == second.painted == []
        landed = []
        while atlases.pending():
            landed.append(atlases.paint_some(0.0))  # one print a call
        assert landed == [False] * 4 + [True] + [False] * 4 + [True]  # the last table's atlas first
        assert a.ready and b.ready and not atlases.pending() and atlases.paint_some(0.0) is False
        assert atlases.wanted(a) is a.image()  # ready: no placeholder any more
    assert not atlases.later()


@pytest.mark.gl
@pytest.mark.parametrize("game, players", [("octocube", 3), ("cubitos", 2), ("otys", 4)])
def test_a_table_built_before_its_atlas_ends_up_drawn_as_if_it_had_it(new_app, tmp_path, game, players):
    from game import registry
    from game.core.match import Match
    from render.options import Options
    from tests.render.screens.test_app_screens import frames

    art = __import__(f"render.tables.{game}.art", fromlist=["sheet"])
    art.sheet.cache_clear()  # as in a new run, with an empty cache
    options = Options(game=game, players=players, seats=["human"] * players, seed=4, anim_speed=0.0,
                      save=str(tmp_path / "autosave.json"))

    def table(app):
        match = Match(registry.get(game), players, 4, options.seats)
        app.start_game(options, match)
        return app.screen.view

    with atlases.painting_later():
        app = new_app(options)
        view = table(app)
        placeholder = frames(app, 2)
        assert view._top.atlas.size == (1, 1) and atlases.pending()  # plain colours: no print painted yet
        while atlases.pending():
            atlases.paint_some(0.05)
        painted_later = frames(app, 2)
        assert view._top.atlas.size != (1, 1) and view._top._print is not None  # worn, and the print baked
    other = new_app(options)
    table(other)  # the atlas is painted by now: this table has it from the start
    at_once = frames(other, 2)
    assert (painted_later == at_once).all() and (placeholder != at_once).any()
