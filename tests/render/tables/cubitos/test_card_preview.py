"""A market card read on hover (issue 35): pointing at a card or its tray shows the card large —
the table's own print of it, upright and whole, its name at a cap height of 12 px or more and its
ability under it at 9 px or more — beside the pointer, inside the window between the HUD bar and
the key line, over no lit target and no own zone, above the context buttons; gone when the pointer
leaves, when a move puts another piece under it; in the language spoken."""
from __future__ import annotations

import random

import numpy as np
import pytest
from pyglet.window import mouse

from game import registry
from game.core.match import Match
from render import checks, i18n
from render.checks.cover import covered
from render.i18n import t
from render.options import Options
from render.tables.cubitos import art, words
from render.ui import theme
from render.ui.areas import bounds, overlaps
from tests.render.screens.test_app_screens import frames, send

pytestmark = pytest.mark.gl

NAME_CAP_PX = 12
TEXT_CAP_PX = 9
INK = np.array([34, 30, 36])
NAME_ROWS = (0.36, 0.734)  # the print's name lines, as shares of its height from the top (art.card)


def at_market(app, size, seed=4, players=3):
    """A hot-seat game some moves in where the seat to move buys from the market (its trays and
    cards lit), in a window of ``size``."""
    app.fixed_size = size
    app.on_resize(*size)
    rng = random.Random(seed)
    match = Match(registry.get("cubitos"), players, seed, ["human"] * players)
    for _ in range(800):
        if any(a.kind == "buy" for a in match.state.legal_actions()):
            break
        match.apply(rng.choice(match.state.legal_actions()))
    app.start_game(Options(game="cubitos", players=players, seats=["human"] * players, anim_speed=0.0,
                           save=app.options.save), match)
    frames(app, 1)
    screen = app.screen
    assert screen.table.active and any(a.kind == "buy" for a in screen.state.legal_actions())
    return screen


def point_at(app, screen, target) -> tuple[float, float]:
    """The pointer moved onto a visible point of ``target`` (none under a panel or a button)."""
    x0, y0, x1, y1 = bounds(screen.view.target_area(target))
    spots = [screen.view.target_pos(target)] + [(x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * j / 6)
                                                for i in range(1, 6) for j in range(1, 6)]
    for x, y in spots:
        if 0 < x < app.width and theme.KEYS_HEIGHT < y < app.height - theme.HUD_HEIGHT and screen._pick(x, y) == target:
            send(app, "on_mouse_motion", x, y, 0, 0)
            return x, y
    raise AssertionError(f"{target} is nowhere under the pointer")


def left_and_back(app, screen, target) -> tuple[float, float]:
    """The pointer on ``target`` (its preview shows), off every piece (none shows, none is laid
    out), and back on it (it shows again); where the pointer is."""
    x, y = point_at(app, screen, target)
    frames(app, 1)
    assert screen.preview.shown is not None
    send(app, "on_mouse_motion", 2, theme.KEYS_HEIGHT + 2, 0, 0)  # the table's edge: no piece
    frames(app, 1)
    assert screen.pointing is None and screen.preview.shown is None and screen.preview.bounds is None
    point_at(app, screen, target)
    frames(app, 1)
    assert screen.preview.shown is not None
    return x, y


def runs(idx: np.ndarray) -> list[np.ndarray]:
    return np.split(idx, np.flatnonzero(np.diff(idx) > 1) + 1) if len(idx) else []


def crop(image: np.ndarray, box, height: int) -> np.ndarray:
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    return image[height - y1:height - y0, x0:x1].astype(int)


def name_cap_px(image: np.ndarray, box, height: int, wide: bool) -> int:
    """The cap height of the card's name as drawn in the preview: the ink of its first letter (a
    capital), or for a Japanese name the ink of its first line."""
    card = crop(image, box, height)
    h = card.shape[0]
    band = card[int(h * NAME_ROWS[0]):int(h * NAME_ROWS[1]), 4:-4]
    ink = np.abs(band - INK).sum(axis=2) < 120
    line = runs(np.flatnonzero(ink.any(axis=1)))[0]
    first = ink[line[0]:line[-1] + 1]
    if not wide:
        first = first[:, runs(np.flatnonzero(first.any(axis=0)))[0]]
    rows = np.flatnonzero(first.any(axis=1))
    return int(rows[-1] - rows[0] + 1)


def text_cap_px(image: np.ndarray, box, height: int) -> int:
    """The cap height of a light line of text on the dark panel: how far its tallest glyph (a
    capital, a digit, a kanji) reaches above the line's baseline (where most glyphs end)."""
    ink = crop(image, box, height).mean(axis=2) > 150
    spans = []
    for cols in runs(np.flatnonzero(ink.any(axis=0))):
        rows = np.flatnonzero(ink[:, cols].any(axis=1))
        spans.append((rows[0], rows[-1]))
    base = int(np.median([b for _, b in spans]))
    return int(max(base - top + 1 for top, _ in spans))


def check_shown(app, screen, target, image) -> list[str]:
    """What is wrong with the preview of ``target`` as drawn in ``image`` ([] when nothing)."""
    pre = screen.preview
    colour = target[1]
    name = screen.state.setup.card(colour)
    assert pre.shown is not None, f"no preview of {target} at {app.width}x{app.height}"
    assert pre.shown.key[1:3] == (colour, name)
    x0, y0, x1, y1 = pre.bounds
    assert 0 <= x0 and x1 <= app.width and theme.KEYS_HEIGHT <= y0 and y1 <= app.height - theme.HUD_HEIGHT, pre.bounds
    kept = [(t, screen.view.target_area(t)) for t in screen.table.lit()] + screen.table.own_zones()
    assert not [t for t, a in kept if a and overlaps(pre.bounds, a)], "the preview covers what is decided about"
    assert not overlaps(pre.bounds, screen.view.target_area(target)), "the preview covers its own piece"
    assert not covered(screen) and not checks.violations(screen), checks.violations(screen)
    cap = name_cap_px(image, pre.print_box, app.height, i18n.language() == "ja")
    out = [] if cap >= NAME_CAP_PX else [f"{name}: name cap height {cap} px"]
    text = words.card_text(name)
    assert [s for s, _ in pre.labels] and " ".join(s for s, _ in pre.labels).replace(" ", "") == text.replace(" ", "")
    tcap = text_cap_px(image, pre.labels[0][1], app.height)
    out += [] if tcap >= TEXT_CAP_PX else [f"{name}: ability cap height {tcap} px"]
    return out


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
def test_a_hovered_card_or_tray_shows_the_card_large_and_whole_beside_it(app, size):
    screen = at_market(app, size)
    lit = sorted(t for t in screen.table.lit() if t[0] in ("card", "tray"))
    assert lit
    colours = sorted({t[1] for t in lit})[:3]
    faults, seen = [], 0
    for colour in colours:
        for kind in ("card", "tray"):
            target = (kind, colour)
            point_at(app, screen, target)
            assert screen.pointing == target
            image = frames(app, 1)
            faults += check_shown(app, screen, target, image)
            seen += 1
    assert seen >= 4 and not faults, faults


def test_the_preview_is_drawn_above_the_context_buttons(app):
    screen = at_market(app, (1280, 720))
    buttons = screen.table.context.buttons
    assert buttons and not screen._modal()
    target = next(t for t in sorted(screen.table.lit()) if t[0] == "card")
    picture = screen.table.preview(target)
    b = buttons[0]
    cx, cy = b.x + b.w / 2, b.y + b.h / 2
    h, w = 220, 220 * picture.aspect
    # the print's paper (under its name, over its cost) laid over the button's middle
    top = cy + 0.6 * h + 8
    screen.preview.clear()
    screen.preview._draw(picture, (cx - w / 2 - 8, top - h - 16, cx + w / 2 + 8, top), w, h, [])
    image = frames(app, 1)
    strip = image[app.height - int(cy) - 2:app.height - int(cy) + 3, int(b.x + 4):int(b.x + b.w - 4)].astype(int)
    paper = (np.array(art.CARD_BACK) * 255).round()
    share = (np.abs(strip - paper).sum(axis=2) < 40).mean()
    assert share > 0.5, f"the button covers the preview ({share:.0%} of the strip is the card's paper)"


def test_the_preview_goes_when_the_pointer_leaves_and_after_a_move(app):
    screen = at_market(app, (1280, 720))
    target = next(t for t in sorted(screen.table.lit()) if t[0] == "card")
    x, y = left_and_back(app, screen, target)
    send(app, "on_mouse_press", x, y, mouse.LEFT, 0)  # buys a die of that colour ...
    send(app, "on_mouse_release", x, y, mouse.LEFT, 0)
    for _ in range(8):  # ... and the next seat's roll: the camera comes close over its board
        frames(app, 1)
        if not any(a.kind == "buy" for a in screen.state.legal_actions()):
            break
        legal = screen.state.legal_actions()
        screen.submit(next((a for a in legal if a.kind != "buy"), legal[0]))
    frames(app, 1)
    under = screen._pick(*screen.pointer)
    assert under != target
    shown = screen.preview.shown
    assert shown is None or shown == screen.table.preview(under)
    assert not checks.violations(screen)


def test_the_preview_reads_in_the_language_spoken(app, monkeypatch, tmp_path):
    if i18n.cjk_font() is None:
        pytest.skip("no CJK font on this machine")
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    screen = at_market(app, (1280, 720))
    target = next(t for t in sorted(screen.table.lit()) if t[0] == "card")
    name = screen.state.setup.card(target[1])
    try:
        prints = {}
        for lang in ("en", "ja"):
            app.change_setting("language", lang)
            point_at(app, screen, target)
            image = frames(app, 1)
            pre = screen.preview
            assert pre.shown is not None and pre.shown.key[-1] == lang
            assert pre.shown.image is art.card_print(target[1], name, lang)  # the table's own print
            said = t(f"cubitos.card.{words.slug(name)}")
            assert (lang == "ja") == any(i18n.is_cjk(ch) for ch in said)
            lines = "".join(s for s, _ in pre.labels).replace(" ", "")
            assert lines == words.card_text(name).replace(" ", "")
            assert (lang == "ja") == any(i18n.is_cjk(ch) for ch in lines)
            assert name_cap_px(image, pre.print_box, app.height, lang == "ja") >= NAME_CAP_PX
            prints[lang] = crop(image, pre.print_box, app.height)
        en, ja = prints["en"], prints["ja"]
        h = min(len(en), len(ja))
        rows = slice(int(h * NAME_ROWS[0]), int(h * NAME_ROWS[1]))
        assert np.abs(en[rows] - ja[rows]).sum(axis=2).max() > 200, "the name printed is the same in both languages"
    finally:
        i18n.set_language("en")
