"""Readable from the chair (issue 35): at the default camera the deciding seat's own dice are at
least 28 px across, for every seat of 2-4 hot-seat players, at 1280x720 and in the smallest window."""
from __future__ import annotations

import pytest

from game.cubitos.state import ACTIVE, DISCARD, ROLL
from render.ui import theme
from render.ui.areas import bounds

pytestmark = pytest.mark.gl

DIE_PX = 28.0
BOX_MARGIN = 1.1  # a die's pick box is this much larger than the die (view._boxes)


def own_dice_px(screen) -> list[tuple[int, float]]:
    """Each of the deciding seat's dice in its trays, with the width of its face in window pixels."""
    state, view = screen.table.state, screen.table.view
    out = []
    for zone in (ROLL, ACTIVE, DISCARD):
        for d in state.seats[state.current_player].zones[zone]:
            x0, _, x1, _ = bounds(view.target_area(("die", d)))
            out.append((d, (x1 - x0) / BOX_MARGIN))
    return out


def at_a_roll_of(app, players: int, seat: int):
    """A hot-seat game some moves in where ``seat`` decides about its dice (push, pass, draw)."""
    import random

    from game import registry
    from game.core.match import Match
    from render.options import Options

    rng = random.Random(seat)
    match = Match(registry.get("cubitos"), players, 5, ["human"] * players)
    for _ in range(600):
        s = match.state
        if len(match.history) > 12 and s.current_player == seat and \
                {a.kind for a in s.legal_actions()} & {"push", "pass", "draw"}:
            break
        match.apply(rng.choice(s.legal_actions()))
    app.start_game(Options(game="cubitos", players=players, seats=["human"] * players, anim_speed=0.0,
                           save=app.options.save), match)
    app.tick(0)
    assert app.screen.table.active and app.screen.state.current_player == seat
    return app.screen


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
def test_every_seats_own_dice_are_28_px_at_home(app, size):
    """While a seat decides about its dice; in the Run and market phases the camera backs off as
    far as the lit spaces, trays and cards need (the test below)."""
    app.fixed_size = size
    app.on_resize(*size)
    for players in (2, 3, 4):
        for seat in range(players):
            screen = at_a_roll_of(app, players, seat)
            dice = own_dice_px(screen)
            assert dice, f"{players} players, seat {seat}: no own dice to measure"
            small = [(d, round(px, 1)) for d, px in dice if px < DIE_PX]
            assert not small, f"{players} players, seat {seat} at {size}: dice under {DIE_PX} px: {small}"


def test_the_dice_stay_28_px_after_the_camera_turns_from_seat_to_seat(app):
    """On one screen the camera turns to each person in turn: framed only once it faces them (a
    frame taken mid-turn backed it off to 14 units, dice about 24 px, for good)."""
    from game.core.match import Match
    from game import registry
    from render.options import Options

    match = Match(registry.get("cubitos"), 4, 5, ["human"] * 4)
    app.start_game(Options(game="cubitos", players=4, seats=["human"] * 4, anim_speed=1.0,
                           save=app.options.save), match)
    screen, seen = app.screen, set()
    for _ in range(12):
        for _ in range(600):  # the move's animation and the camera's turn
            app.tick(1 / 30)
            if screen.table.active and not screen.view.busy and screen.turn_to is None:
                break
        seat = screen.state.current_player
        seen.add(seat)
        small = [(d, round(px, 1)) for d, px in own_dice_px(screen) if px < DIE_PX]
        assert not small, f"seat {seat} after the turn: dice under {DIE_PX} px: {small}"
        legal = screen.state.legal_actions()
        screen.submit(next((a for a in legal if a.kind == "pass"), legal[0]))
    assert len(seen) >= 3


def test_in_the_market_phase_every_lit_tray_and_card_is_in_view_and_the_camera_comes_close_again(app):
    """The home camera sits close over the seat's board; buying, it backs off until the market's
    lit pieces are on screen (the fuzzer found a card to buy 'hidden from every side'), and at the
    next roll it is close again."""
    from game.core.match import Match
    from game import registry
    from render.options import Options

    rng = __import__("random").Random(2)
    match = Match(registry.get("cubitos"), 3, 4, ["human"] * 3)
    app.start_game(Options(game="cubitos", players=3, seats=["human"] * 3, anim_speed=0.0,
                           save=app.options.save), match)
    screen, w, h = app.screen, app.width, app.height
    bought = rolled_after = 0
    for _ in range(400):
        app.tick(0)
        legal = screen.state.legal_actions()
        if any(a.kind in ("buy", "step") for a in legal):  # the market's trays and cards, the track's spaces
            for t in screen.table.lit():
                x0, y0, x1, y1 = bounds(screen.view.target_area(t))
                assert x0 >= 0 and x1 <= w and y0 >= theme.KEYS_HEIGHT and y1 <= h - theme.HUD_HEIGHT, (t, (x0, y0, x1, y1))
            bought += 1
        elif bought and any(a.kind == "push" for a in legal):
            assert screen.view.camera.distance == screen.view.camera.home[2]  # close again
            rolled_after += 1
            if rolled_after >= 2:
                break
        screen.submit(rng.choice(legal))
    assert bought and rolled_after


def test_the_market_cards_turn_to_read_upright_from_the_north_seat(app):
    """The north seat (seat 1) saw every market card upside down: its print now turns to it."""
    import random

    import numpy as np

    from game import registry
    from game.core.match import Match
    from render.options import Options

    rng = random.Random(3)
    match = Match(registry.get("cubitos"), 2, 4, ["human"] * 2)
    while not (len(match.history) > 10 and match.state.current_player == 1):
        match.apply(rng.choice(match.state.legal_actions()))
    app.start_game(Options(game="cubitos", players=2, seats=["human"] * 2, anim_speed=0.0,
                           save=app.options.save), match)
    app.tick(0)
    screen = app.screen
    assert screen.viewer == 1 and screen.view._side == 1
    x0, y0, x1, y1 = (int(v) for v in bounds(screen.view.target_area(("card", "red"))))
    north = app.capture()[app.height - y1:app.height - y0, x0:x1].astype(int)
    screen.view.face_reader(None)  # the south's print, from the same camera (drawn before a refresh turns it back)
    south = app.capture()[app.height - y1:app.height - y0, x0:x1].astype(int)
    assert north.shape == south.shape and np.abs(north - south).mean() > 3  # the card's print turned
    # turned half round: the north's card is the south's upside down, near enough (perspective)
    assert np.abs(north - south[::-1, ::-1]).mean() < np.abs(north - south).mean()


def test_while_the_camera_swings_the_panels_keep_clear_of_what_is_decided_and_stand_off_the_rest_after(app):
    """Every frame of the camera's swing to the next person lays the panels out again: clear of the
    lit pieces and the person's own zones (checked on each frame), but not of every other piece, whose
    screen areas all change each frame; once the camera rests they stand off those too."""
    from game.core.match import Match
    from game import registry
    from render import checks
    from render.options import Options

    match = Match(registry.get("cubitos"), 3, 5, ["human"] * 3)
    app.start_game(Options(game="cubitos", players=3, seats=["human"] * 3, anim_speed=1.0,
                           save=app.options.save), match)
    screen, swung = app.screen, 0
    for _ in range(6):
        for _ in range(600):
            app.tick(1 / 30)
            if screen.turn_to is not None:
                swung += 1
                assert screen.table.swinging and screen.table.spare() == []
                assert checks.violations(screen) == []
            elif screen.table.active and not screen.view.busy:
                break
        assert not screen.table.swinging and screen.table.spare()  # at rest: every other piece spared
        legal = screen.state.legal_actions()
        screen.submit(next((a for a in legal if a.kind == "pass"), legal[0]))
    assert swung > 10
