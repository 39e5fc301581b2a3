"""Your board is on screen: at the default camera and after Home, the deciding seat's own pieces
(its board, tray, cube) lie wholly inside the window, between the HUD bar and the key line — for
every game, every number of seats, every seat, at 1280x720 and at the smallest window allowed."""
from __future__ import annotations

import random

import pytest
from pyglet.window import key, mouse

from game import registry
from game.core.match import Match
from render.checks.onscreen import own_zones_off_screen
from render.options import Options
from render.ui import theme
from tests.render.screens.test_app_screens import send

pytestmark = pytest.mark.gl


def at_the_turn_of(app, game: str, players: int, seat: int):
    """A hot-seat game some moves in, where ``seat`` decides and has the screen."""
    rng = random.Random(seat)
    match = Match(registry.get(game), players, 5, ["human"] * players)
    for _ in range(400):
        s = match.state
        if match.history and s.current_player == seat and len(s.legal_actions()) > 1 and len(match.history) > 12:
            break
        match.apply(rng.choice(s.legal_actions()))
    assert match.state.current_player == seat
    return handed_over(app, game, match)


def handed_over(app, game: str, match: Match):
    """The hot-seat ``match`` on the screen, handed over to the seat to move."""
    players = match.state.num_players
    app.start_game(Options(game=game, players=players, seats=["human"] * players, anim_speed=0.0,
                           save=app.options.save), match)
    app.tick(0)
    screen = app.screen
    if screen.handover:
        send(app, "on_key_press", key.ENTER, 0)
        app.tick(0)
    assert screen.table.active
    return screen


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
@pytest.mark.parametrize("game", ["octocube", "cubitos", "otys"])
def test_every_seats_own_pieces_are_in_view_at_home(app, game, size):
    app.fixed_size = size
    app.on_resize(*size)
    for players in (2, 3, 4):
        for seat in range(players):
            screen = at_the_turn_of(app, game, players, seat)
            assert screen.table.own_zones(), f"{game} names no own zone for seat {seat}"
            assert own_zones_off_screen(screen, *size) == [], f"{players} players, seat {seat}"
            send(app, "on_mouse_drag", 600, 300, 0, -160, mouse.RIGHT, 0)  # the person looks elsewhere ...
            send(app, "on_key_press", key.HOME, 0)  # ... and comes home
            app.tick(0)
            assert own_zones_off_screen(screen, *size) == [], f"{players} players, seat {seat}, after Home"


def test_the_score_panel_leaves_the_cube_and_its_tiles_in_view_in_the_smallest_window(app):
    """Score asks for tiles "here or on the cube": the cube is framed above the panel."""
    from render.checks.cover import covered

    app.fixed_size = theme.MIN_WINDOW
    app.on_resize(*theme.MIN_WINDOW)
    opened = 0
    for seed in range(1, 13):
        rng = random.Random(seed)
        match = Match(registry.get("octocube"), 2 + seed % 3, seed, ["human"] * (2 + seed % 3))
        for _ in range(300):
            s = match.state
            if len(match.history) > 15 and any(a.kind == "score" for a in s.legal_actions()):
                break
            match.apply(rng.choice(s.legal_actions()))
        else:
            continue
        app.start_game(Options(game="octocube", players=match.state.num_players, seats=match.seats,
                               anim_speed=0.0, save=app.options.save), match)
        app.tick(0)
        screen = app.screen
        if screen.handover:
            send(app, "on_key_press", key.ENTER, 0)
            app.tick(0)
        send(app, "on_key_press", key.S, 0)
        app.tick(0)
        app.tick(0)
        assert screen.table.input.mode == "score"
        opened += 1
        assert covered(screen) == [], f"seed {seed}"
    assert opened >= 8


def a_match_at(game: str, players: int, kind: str) -> Match:
    """A hot-seat match some moves in where the seat to move may make a move of ``kind``."""
    rng = random.Random(players)
    match = Match(registry.get(game), players, players, ["human"] * players)
    for _ in range(3000):
        s = match.state
        if s.is_over:
            match = Match(registry.get(game), players, rng.randrange(1000), ["human"] * players)
        elif any(a.kind == kind for a in s.legal_actions()) and len(match.history) > 8:
            return match
        else:
            match.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"no {kind} came up in {game} with {players} players")


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
def test_contracts_drawn_to_choose_from_are_whole_on_screen(app, size):
    """Otys: the Spy's draw (or a reward's) lays the drawn contracts in a row at the board's left;
    the person reads them whole before keeping one (the camera once framed only their middles, the
    end one cut by the window's edge)."""
    app.fixed_size = size
    app.on_resize(*size)
    for players in (2, 3, 4):
        match = a_match_at("otys", players, "keep")
        s = match.state
        screen = handed_over(app, "otys", match)
        drawn = [t for t, _ in screen.table.own_zones() if t[0] == "card" and t[1] not in s.players[s.current_player].hand]
        assert drawn, f"{players} players: the drawn contracts are not among the seat's own pieces"
        assert own_zones_off_screen(screen, *size) == [], f"{players} players"
        lefts = [min(x for x, _ in area) for t, area in screen.table.own_zones() if t in drawn]
        assert lefts == sorted(lefts), "the drawn contracts do not read 1, 2, 3... from left to right"


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
def test_the_market_trays_a_person_may_buy_from_are_whole_in_view(app, size):
    """Cubitos' close camera backs off to a market decision: each lit tray (and card) whole between
    the HUD bar and the key line, not just its middle (trays once lay half under the top bar)."""
    from render.ui.areas import inside

    app.fixed_size = size
    app.on_resize(*size)
    for players in (2, 3, 4):
        screen = handed_over(app, "cubitos", a_match_at("cubitos", players, "buy"))
        lit = [t for t in screen.table.lit() if t[0] in ("tray", "card")]
        assert lit, f"{players} players: no market tray lit at a buy"
        cut = [t for t in lit if not inside(screen.view.target_area(t), theme.table_rect(*size))]
        assert cut == [], f"{players} players: lit market pieces cut by the window's edges or bars"


@pytest.mark.parametrize("size", [(1280, 720), theme.MIN_WINDOW])
def test_push_and_pass_leave_the_names_of_the_zones_readable(app, size):
    """Cubitos: the words printed under a seat's zones (DRAW, ROLL, ACTIVE, DISCARD) are its own
    board's print; Push and Pass once stood on DRAW (seen in a real window)."""
    from render.ui.areas import overlaps

    app.fixed_size = size
    app.on_resize(*size)
    for players in (2, 3, 4):
        screen = handed_over(app, "cubitos", a_match_at("cubitos", players, "push"))
        seat = screen.state.current_player
        labels = [screen.view.label_area(seat, k) for k in range(4)]
        buttons = screen.table.context.buttons
        assert buttons
        over = [(b.text, k) for b in buttons for k, a in enumerate(labels) if overlaps((b.x, b.y, b.x + b.w, b.y + b.h), a)]
        assert over == [], f"{players} players: buttons over the zones' names"
