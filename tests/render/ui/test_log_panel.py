"""The log panel never hides what is decided (issue 34): it shows fewer lines rather than cover a
lit piece or an own zone, and with no line left its title moves along under the bar to where it
covers none of them (the fuzzer found a 342-px title bar over a seat's own tokens)."""
from __future__ import annotations

import pytest

from render.ui.areas import rect_area, rects_overlap
from render.ui.hud import LogPanel

pytestmark = pytest.mark.gl
W, H = 1280, 720


def test_the_title_alone_stands_clear_of_an_own_zone_under_it(app):
    panel = LogPanel()
    panel.build(W, H, ["a line"] * 5, folded=True)
    alone = panel.bounds
    assert alone is not None and alone[2] - alone[0] < 120  # the title only, not a wide bar
    zone = rect_area((alone[0] + 10, alone[1] - 10, alone[0] + 40, alone[1] + 5))
    panel.build(W, H, ["a line"] * 5, folded=True, avoid=[zone])
    moved = panel.bounds
    assert not rects_overlap(moved, (alone[0] + 10, alone[1] - 10, alone[0] + 40, alone[1] + 5))
    assert moved[1] == alone[1] and moved[0] < alone[0]  # along the bar, to the left


def test_lines_give_way_before_the_title_moves(app):
    panel = LogPanel()
    panel.build(W, H, [f"line {i}" for i in range(6)], folded=False)
    full = panel.bounds
    low = rect_area((full[0] + 20, full[1] - 5, full[0] + 60, full[1] + 20))  # under the last lines
    panel.build(W, H, [f"line {i}" for i in range(6)], folded=False, avoid=[low])
    assert 0 < len(panel.lines) < 6 and panel.bounds[1] > full[1] + 20


@pytest.mark.parametrize("language", ["en", "ja"])
def test_each_line_fewer_raises_the_panels_bottom_by_one_line_and_nothing_else(app, language):
    """LogPanel.build finds how many lines fit without drawing each try, by this rule: the
    drawn bounds of k lines are those of all of them with the bottom raised a line per line fewer
    (long lines, Japanese lines and short ones alike)."""
    from render import i18n
    from render.ui.hud import LOG_LINE

    i18n.set_language(language)
    try:
        lines = ["Sky blue discards the Active Zone (start, 3 light gray blank, 2 money)", "短い", "ログの行" * 20,
                 "Orange ends the move on start/finish", "a", "Sky blue moves to a credit space, 35 steps from the finish"]
        panel = LogPanel()
        panel.build(W, H, lines, folded=False)
        x0, y0, x1, y1 = panel.bounds
        for k in range(1, len(lines)):
            panel.build(W, H, lines[len(lines) - k:], folded=False)
            assert panel.bounds == (x0, y0 + LOG_LINE * (len(lines) - k), x1, y1), k
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("anchor_y", ["center", "top", "bottom", "baseline"])
def test_a_labels_box_holds_its_pixels_and_not_twice_its_height(app, language, anchor_y):
    """The box the layouts and the checks go by is where the words are drawn: it once reached a
    whole label height above and below any anchor, and the Japanese log, its lines given way for a
    lit space, still counted as covering it."""
    import numpy as np

    from render import i18n
    from render.screens.base import prepare_2d
    from render.ui.widgets import Overlay

    i18n.set_language(language)
    try:
        o = Overlay()
        label = o.text(i18n.t("log.open") + " Mgy", 200, 300, size=9, anchor_y=anchor_y)
        fbo = app.ctx.simple_framebuffer((W, H))
        fbo.use()
        fbo.clear(0, 0, 0, 1)
        prepare_2d(app.ctx, fbo)
        o.draw()
        px = np.frombuffer(fbo.read(components=3), np.uint8).reshape(H, W, 3)  # first row at the bottom
        fbo.release()
        app.ctx.screen.use()
    finally:
        i18n.set_language("en")
    ys, xs = np.nonzero(px.max(axis=2) > 40)
    x0, y0, x1, y1 = o.bounds
    assert len(ys) and x0 <= xs.min() and xs.max() < x1 and y0 <= ys.min() and ys.max() < y1
    assert y1 - y0 <= label.content_height + 5, "the box is as tall as the label, not twice"


def test_the_log_gives_way_for_a_pointed_piece_that_reaches_under_it(app):
    """A track space is no piece the log spares when it is laid out; pointed at beside the panel
    with most of it under the panel, the log shows fewer lines so the piece the tooltip names is in
    view (the fuzzer: a Cubitos space 24x8 px wholly under the open log, its tooltip shown)."""
    from render.checks.cover import TOOLTIP, covered
    from render.ui.areas import bounds
    from tests.render.screens.test_app_screens import send
    from tests.render.test_readme_keys import start

    screen = start(app, ["human", "human"], seed=7, game="cubitos")
    for _ in range(3):  # a few moves: lines in the log
        screen.submit(screen.state.legal_actions()[0])
        app.tick(0)
    assert not screen.log_folded
    camera, checked = screen.view.camera, 0
    for _ in range(24):  # the camera turned round: the track passes under the panel
        camera.yaw += 0.26
        screen.dirty = True
        app.tick(0)
        for node in range(len(screen.state.board.labels)):
            target = ("space", node)
            area, log = screen.view.target_area(target), screen.log_panel.bounds
            if not area or log is None:
                continue
            b = bounds(area)
            inside = [(x, y) for x, y in area if log[0] <= x <= log[2] and log[1] <= y <= log[3]]
            if not inside or len(inside) == len(area):
                continue  # not reaching under the panel, or wholly under it (the pointer cannot get there)
            cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
            points = [(x + (cx - x) * 0.2, y + (cy - y) * 0.2) for x, y in area]
            outside = [p for p in points if not (log[0] <= p[0] <= log[2] and log[1] <= p[1] <= log[3])]
            if not outside:
                continue
            send(app, "on_mouse_motion", *outside[0], 0, 0)
            if screen.pointing != target:
                continue
            checked += 1
            found = [line for line in covered(screen) if TOOLTIP in line]
            assert not found, found
            send(app, "on_mouse_motion", 5, 5, 0, 0)
    assert checked, "no space reached under the log panel: the test checked nothing"


def test_with_no_clear_place_under_the_bar_the_tab_gives_way_whole(app):
    """A camera zoomed in on the seat's own board fills the strip under the bar with what is
    decided (the fuzzer: the tab over an Otys contract in hand after a zoom): the log shows no
    tab at all rather than cover it; L still opens the log where there is room."""
    from render.ui import theme

    panel = LogPanel()
    top = H - theme.HUD_HEIGHT - theme.PAD
    strip = rect_area((-20, top - 80, W + 20, top + 10))  # an own board reaching past both edges
    for folded in (True, False):
        panel.build(W, H, ["a line"] * 4, folded=folded, avoid=[strip])
        assert panel.bounds is None and not panel.buttons, folded
    panel.build(W, H, ["a line"] * 4, folded=True, avoid=[rect_area((0, top - 80, W - 200, top + 10))])
    assert panel.bounds is not None and panel.bounds[0] >= W - 200  # room at the right: the tab is there


def test_a_piece_mostly_under_a_button_names_no_tooltip_from_its_sliver(app):
    """A column of buttons keeps its place within a decision (two clicks never press two things),
    so it cannot give way as the log does; a piece mostly under one of its buttons, pointed at by
    the sliver beside it, shows no tooltip (the button is what shows there), never a tooltip for a
    piece one cannot see (the fuzzer: Pass over most of a space at the window's edge, its tooltip
    shown). The button is laid over most of a die on purpose, a sliver left at its right."""
    from render.checks.cover import TOOLTIP, covered
    from render.ui.areas import bounds
    from tests.render.screens.test_app_screens import send
    from tests.render.test_readme_keys import start

    screen = start(app, ["human", "human"], seed=7, game="cubitos")
    def sliver(t):
        x0, y0, x1, y1 = bounds(screen.view.target_area(t))
        return (x0, y0, x1, y1), (x1 - 3, (y0 + y1) / 2)
    die = next(t for t in screen.view.shown_targets() if t[0] == "die" and screen._pick(*sliver(t)[1]) == t)
    (x0, y0, x1, y1), spot = sliver(die)
    send(app, "on_mouse_motion", *spot, 0, 0)
    assert screen.pointing == die  # in the open, the die's tooltip
    button = screen.table.context.buttons[0]
    button.x, button.y, button.w, button.h = x0 - 40, y0 - 20, (x1 - 5) - (x0 - 40), (y1 - y0) + 40
    send(app, "on_mouse_motion", 2, 2, 0, 0)
    send(app, "on_mouse_motion", *spot, 0, 0)
    assert screen.pointing != die, "a tooltip for a die hidden under a button"
    assert not [c for c in covered(screen) if TOOLTIP in c]
