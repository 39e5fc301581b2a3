"""Issue 35, a table you can read, for Octocube: measured at 1280x720 and at the smallest window
(theme.MIN_WINDOW), for every seat of a hot-seat game in turn, on the screen that seat decides on.

Half of a cube's tiles face away from the camera, so the deciding seat's six faces lie flat in a
net beside the table: each of its tiles at least 28 px across and its face names at least 9 px cap
height; the tiles on the own board are measured by projecting them."""
from __future__ import annotations

import numpy as np
import pyglet
import pytest

from render.checks.cover import covered
from render.tables.octocube.layout import TILE_HALF
from render.ui import theme
from pyglet.window import key

from render.tables.octocube.words import face_name
from tests.render.screens.test_app_screens import send
from tests.render.checks.test_own_board_on_screen import at_the_turn_of

pytestmark = pytest.mark.gl
SIZES = [(1280, 720), theme.MIN_WINDOW]
OWN_ACROSS, OWN_CAP = 28.0, 9.0  # px, the floor


def _net(screen):
    nets = [o for o in screen.table.overlays() if getattr(o, "chips", None) is not None]
    assert nets, "no net of the own cube among the table's overlays"
    return nets[0]


def _cap_height(label: pyglet.text.DocumentLabel) -> float:
    """The label's font's cap height in pixels: the glyph box of an H."""
    font = pyglet.font.load(label.font_name, label.font_size, weight=label.weight)
    glyphs = font.get_glyphs("H")
    glyph = glyphs[0][0] if isinstance(glyphs[0], list) else glyphs[0]
    x0, y0, x1, y1 = glyph.vertices
    return float(y1 - y0)


def _across(view, m: np.ndarray) -> float:
    """A tile's smaller side on screen: its two edges from its centre, projected."""
    c = m[:3, 3]
    p0 = np.array(view.camera.project(c))
    return min(2 * float(np.linalg.norm(np.array(view.camera.project(c + m[:3, i] * TILE_HALF)) - p0)) for i in (0, 2))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_the_deciding_seat_reads_its_own_tiles(app, size, players):
    app.fixed_size = size
    app.on_resize(*size)
    for seat in range(players):
        screen = at_the_turn_of(app, "octocube", players, seat)
        net = _net(screen)
        assert sorted(slot for slot, _, _ in net.chips) == list(range(6)), f"seat {seat}: not all six faces in the net"
        small = [(s, b) for s, _, b in net.chips if min(b[2] - b[0], b[3] - b[1]) < OWN_ACROSS]
        assert not small, f"seat {seat}: net tiles under {OWN_ACROSS} px: {small}"
        words = [(text, box) for text, box in net.labels if text.strip()]
        assert len(words) >= 7, f"seat {seat}: a face without its name"
        names = {face_name(s) for s in range(6)}
        caps = [_cap_height(item) for item in net._items
                if isinstance(item, pyglet.text.DocumentLabel) and item.text in names]
        assert len(caps) == 6, f"seat {seat}: a face without its name"
        assert min(caps) >= OWN_CAP, f"seat {seat}: face names {min(caps):.1f} px cap height"
        x0, y0, x1, y1 = net.bounds
        assert 0 <= x0 and x1 <= size[0] and theme.KEYS_HEIGHT <= y0 and y1 <= size[1] - theme.HUD_HEIGHT
        assert covered(screen) == [], f"seat {seat}: {covered(screen)}"
        view = screen.view
        board = [_across(view, m) for m in view._layout.collected_matrices(view._table, seat).values()]
        assert not board or min(board) >= OWN_ACROSS, f"seat {seat}: own board tiles {min(board):.1f} px"


def _shown(net) -> tuple:
    return tuple(tile for _, tile, _ in sorted(net.chips, key=lambda c: c[0]))


def test_the_net_follows_the_cube_and_hides_under_a_modal_panel(app):
    """After each move the net shows the cube of whoever decides now, as it lies; under the Score
    panel it is gone; with nothing changed it is not rebuilt."""
    size = (1280, 720)
    app.fixed_size = size
    app.on_resize(*size)
    screen = at_the_turn_of(app, "octocube", 2, 0)
    net = _net(screen)
    assert _shown(net) == tuple(screen.state.cube_faces[0])
    assert {face_name(s) for s in range(6)} <= set(net.texts())
    version = net.version
    screen.table.build(*size, None)
    assert net.version == version, "the net is rebuilt with nothing changed"
    for _ in range(6):
        state = screen.state
        g = screen.table.input.gestures
        if g.of_kind("score"):
            screen.table.input.open_score()
            screen.table.build(*size, None)
            assert screen.table.modal() and net.bounds is None, "the net stays up under the Score panel"
            screen.table.input.button("cancel")
            screen.table.build(*size, None)
            assert net.bounds is not None
        moves = [a for a in state.legal_actions() if a.kind in ("roll", "place", "pivot")]
        if not moves:
            break
        screen.table.host.submit(moves[0])
        app.tick(0)
        if screen.handover:
            send(app, "on_key_press", key.ENTER, 0)
            app.tick(0)
        if screen.table.active and not screen.table.modal():
            assert _shown(net) == tuple(screen.state.cube_faces[screen.state.current_player])


def test_the_net_reprints_in_the_other_language_and_back(app):
    """Switching the language re-words the net at once; switching back leaves no Japanese in it."""
    from render import i18n
    size = (1280, 720)
    app.fixed_size = size
    app.on_resize(*size)
    screen = at_the_turn_of(app, "octocube", 2, 0)
    net = _net(screen)
    english = sorted(net.texts())
    try:
        i18n.set_language("ja")
        screen.table.build(*size, None)
        assert {face_name(s) for s in range(6)} <= set(net.texts()) and "北" in net.texts()
    finally:
        i18n.set_language("en")
    screen.table.build(*size, None)
    assert sorted(net.texts()) == english
