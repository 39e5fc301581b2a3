"""Otys pieces read on hover (issue 35): pointing at a Colony sponsor tile, a public contract, a
contract in the deciding person's own hand or one drawn for them to choose from shows it large —
the table's own print of it (the atlas' pixels, in the language spoken), upright and whole —
beside the pointer, inside the window between the HUD bar and the key line, over no lit target
and no own zone; never a contract hidden from the person at the screen (another seat's hand, the
deck, anything while the screen is passed on); gone when the pointer leaves and after a move."""
from __future__ import annotations

import random

import pytest
from pyglet.window import key

from game import registry
from game.core.match import Match
from render import checks
from render.gl.text import text_mask
from render.tables.otys import art
from render.tables.otys import print_boxes as B
from render.ui import theme
from render.ui.areas import overlaps
from tests.render.tables.cubitos.test_card_preview import left_and_back, point_at
from tests.render.tables.otys.test_readable import COLONY_DECISIONS, _handed_over
from tests.render.screens.test_app_screens import frames, send

pytestmark = pytest.mark.gl

READ_CAP = 9.0  # px: a sponsor's gift and number, a contract's needs and Prestige in the preview


def cap_ratio() -> float:
    mask = text_mask("H", 200)
    return float((mask.max(axis=1) > 0.5).sum()) / 200


def cap_px(print_height: float, box: B.Box) -> float:
    """The cap height in window pixels of the print's words set in ``box`` (its height in canvas
    units, -1..1 across the print) when the print is shown ``print_height`` pixels tall."""
    return box[2] / 2 * cap_ratio() * print_height


def hot_seat(app, players: int, size: tuple[int, int], seed: int = 5, decision: str = "sponsor"):
    """A hot-seat game where the seat to move makes a ``decision`` on the shared table (the camera
    shows the Colony, Store and contracts), holds a contract, another seat holds one, and contracts
    lie public; on the screen, handed over to it, in a window of ``size``."""
    app.fixed_size = size
    app.on_resize(*size)
    rng = random.Random(seed)
    match = Match(registry.get("otys"), players, seed, ["human"] * players)
    for _ in range(4000):
        s = match.state
        if s.is_over:
            match = Match(registry.get("otys"), players, rng.randrange(100), ["human"] * players)
            continue
        me = s.current_player
        if COLONY_DECISIONS[decision](s, s.legal_actions()) and s.players[me].hand and any(
                p.hand for i, p in enumerate(s.players) if i != me) and any(c >= 0 for c in s.table.public):
            break
        match.apply(rng.choice(s.legal_actions()))
    screen = _handed_over(app, match, match.state.current_player)
    frames(app, 1)
    assert screen.eyes() == screen.state.current_player
    return screen


def faults_of(app, screen, target) -> list[str]:
    """What is wrong with the preview shown while ``target`` is pointed at ([] when nothing)."""
    pre = screen.preview
    if pre.shown is None or pre.bounds is None:
        return [f"no preview of {target} at {app.width}x{app.height}"]
    s = screen.state
    if target[0] == "sponsor":
        sponsor = s.table.sponsors[target[1] - 1]
        at = ("sponsor", sponsor, s.table.sides[sponsor])
        boxes = (B.SPONSOR_NUMBER, *B.SPONSOR_GIFT_LINES)
    else:
        at, boxes = ("card", target[1]), (B.CARD_PRESTIGE, B.CARD_COUNTS)
    out = []
    if pre.shown.key[1:-1] != at or not (pre.shown.image == art.print_image(at)).all():
        out.append(f"{target}: the preview shows {pre.shown.key}, not the table's print of {at}")
    x0, y0, x1, y1 = pre.bounds
    if x0 < 0 or x1 > app.width or y0 < theme.KEYS_HEIGHT or y1 > app.height - theme.HUD_HEIGHT:
        out.append(f"{target}: the preview {pre.bounds} is not whole in the window")
    kept = [(t, screen.view.target_area(t)) for t in screen.table.lit()] + screen.table.own_zones()
    out += [f"{target}: the preview covers {t}" for t, a in kept if a and overlaps(pre.bounds, a)]
    if overlaps(pre.bounds, screen.view.target_area(target)):
        out.append(f"{target}: the preview covers its own piece")
    px0, py0, px1, py1 = pre.print_box
    aspect = art.SPONSOR_ASPECT if target[0] == "sponsor" else art.CARD_ASPECT
    if abs((px1 - px0) / (py1 - py0) - aspect) > 0.01:
        out.append(f"{target}: the print is not shown as its piece is shaped")
    small = [round(cap_px(pre.print_height, b), 1) for b in boxes if cap_px(pre.print_height, b) < READ_CAP]
    if small:
        out.append(f"{target}: words at cap height {small} px")
    return out + checks.violations(screen)


@pytest.mark.parametrize("players,size", [(2, (1280, 720)), (4, theme.MIN_WINDOW)])
def test_a_hovered_sponsor_or_contract_shows_its_print_large_and_whole(app, players, size):
    screen = hot_seat(app, players, size)
    s = screen.state
    me = s.current_player
    targets = [("sponsor", level) for level in range(1, len(s.table.sponsors) + 1)]
    targets += [("card", c) for c in s.table.public if c >= 0] + [("card", c) for c in s.players[me].hand]
    faults = []
    for target in targets:
        send(app, "on_mouse_motion", 2, theme.KEYS_HEIGHT + 2, 0, 0)
        point_at(app, screen, target)
        assert screen.pointing == target
        frames(app, 1)
        faults += faults_of(app, screen, target)
    assert not faults, faults


def test_a_contract_hidden_from_the_person_at_the_screen_shows_no_preview(app):
    screen = hot_seat(app, 2, (1280, 720))
    s = screen.state
    me = s.current_player
    theirs = [("card", c) for i, p in enumerate(s.players) if i != me for c in p.hand]
    shown = 0
    for target in theirs:
        try:
            point_at(app, screen, target)
        except AssertionError:
            continue  # under the own board or another piece: nothing to hover
        frames(app, 1)
        assert screen.pointing == target and screen.tooltip.shown
        assert screen.preview.shown is None and screen.preview.bounds is None, f"{target} previewed to seat {me}"
        shown += 1
    assert shown, "no other seat's contract under the pointer"
    assert all(screen.table.preview(("card", c)) is None for c in s.table.deck)
    own = ("card", s.players[me].hand[0])
    assert screen.table.preview(own) is not None
    screen.handover = True  # the screen being passed on: nobody's contract shows
    try:
        assert screen.eyes() == -1 and screen.table.preview(own) is None
    finally:
        screen.handover = False


def test_the_preview_goes_when_the_pointer_leaves_and_after_a_move(app):
    screen = hot_seat(app, 2, (1280, 720))
    left_and_back(app, screen, ("sponsor", 1))
    screen.submit(screen.state.legal_actions()[0])
    for _ in range(6):
        frames(app, 1)
        if screen.handover:
            send(app, "on_key_press", key.ENTER, 0)
    frames(app, 1)
    under = screen._pick(*screen.pointer)
    shown = screen.preview.shown
    assert shown is None or (under is not None and shown == screen.table.preview(under))
    assert not checks.violations(screen), checks.violations(screen)


def test_the_preview_reads_in_the_language_spoken(app, monkeypatch, tmp_path):
    from render import i18n

    if i18n.cjk_font() is None:
        pytest.skip("no CJK font on this machine")
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    screen = hot_seat(app, 2, (1280, 720))
    target = ("sponsor", 1)
    sponsor = screen.state.table.sponsors[0]
    at = ("sponsor", sponsor, screen.state.table.sides[sponsor])
    prints = {}
    try:
        for lang in ("en", "ja"):
            app.change_setting("language", lang)
            send(app, "on_mouse_motion", 2, theme.KEYS_HEIGHT + 2, 0, 0)
            point_at(app, screen, target)
            frames(app, 1)
            shown = screen.preview.shown
            assert shown is not None and shown.key[-1] == lang
            assert (shown.image == art.print_image(at)).all()  # the table's own print, in this language
            prints[lang] = shown.image.astype(int)
    finally:
        i18n.set_language("en")
    assert abs(prints["en"] - prints["ja"]).sum() > 0, "the sponsor's print is the same in both languages"


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
def test_a_key_the_person_may_play_previews_its_levels_sponsor(app, size):
    """Keys are chosen at the close camera, the Colony behind it: pointing at a playable key shows
    the sponsor tile of its level large (the key's tooltip names it too), over neither the key nor a lit piece."""
    from render.tables.otys.words import describe
    from tests.render.checks.test_own_board_on_screen import at_the_turn_of

    app.fixed_size = size
    app.on_resize(*size)
    screen = at_the_turn_of(app, "otys", 2, 0)
    assert {a.kind for a in screen.state.legal_actions()} <= {"key", "xkey"}, "not a choice of key"
    keys = [t for t in screen.table.lit() if t[0] == "key" and 1 <= t[2] <= len(screen.state.table.sponsors)]
    assert keys, "no playable key on a level is lit"
    faults = []
    for target in keys:
        send(app, "on_mouse_motion", 2, theme.KEYS_HEIGHT + 2, 0, 0)
        point_at(app, screen, target)
        frames(app, 1)
        sponsor = ("sponsor", target[2])
        if screen.preview.shown is None and size == theme.MIN_WINDOW:  # the own board fills the small window:
            named = describe(screen.state, sponsor, screen.eyes())  # no clear place, the tooltip names it
            faults += [] if named in screen.tooltip.shown else [f"neither a preview nor the tooltip names {sponsor}"]
            continue
        faults += [f for f in faults_of(app, screen, sponsor) if "covers its own piece" not in f]
        if screen.preview.bounds is not None and overlaps(screen.preview.bounds, screen.view.target_area(target)):
            faults.append(f"the preview of {sponsor} covers the key {target}")
    assert not faults, faults
