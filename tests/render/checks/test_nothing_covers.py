"""Nothing covers what a person is deciding about (issue 34): in positions of every game, every
seat in turn, at 1280x720 and at the smallest window, no context button, panel, log or caption
lies over a lit target, over the deciding seat's own zones or over the piece whose tooltip is
shown (render/checks/cover.py); and buttons stay put between two clicks of the same decision."""
from __future__ import annotations

import random

import pytest

from game import registry
from game.core.match import Match
from render.checks.cover import covered
from render.options import Options
from render.ui import theme
from tests.render.screens.test_app_screens import click, send

pytestmark = pytest.mark.gl
SIZES = [(1280, 720), getattr(theme, "MIN_WINDOW", (1024, 600))]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized_app(request, gl_session, tmp_path):
    """The app drawing offscreen at the window size of the test."""
    from render.app import App

    a = App(gl_session.extra, gl_session, Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0),
            size=request.param)
    yield a
    a.close()


def start(app, game: str, players: int, seed: int):
    """A game of people only: every seat decides in turn (hot-seat hand-overs taken)."""
    seats = ["human"] * players
    opts = Options(game=game, players=players, seats=seats, seed=seed, anim_speed=0.0, save=app.options.save)
    app.start_game(opts, Match(registry.get(game), players, seed, seats))
    app.tick(0)
    return app.screen


def settle(app, screen) -> None:
    """Until a person may act (taking the screen when it is handed over) or the game is over."""
    for _ in range(50):
        if screen.handover:
            screen._button("take")
        app.tick(0)
        if screen.table.active or screen.state.is_over:
            return
    raise AssertionError("nobody may act")


def buttons_of(screen) -> dict:
    """The context buttons now: value -> the button."""
    return {b.value: b for b in screen.table.context.buttons}


def move(app, screen, action) -> None:
    """A button's move by a click on it (it must be the top thing there); a piece's move handed
    to the match (how a piece is clicked is the kits' tests' business)."""
    ply = len(screen.match.history)
    b = buttons_of(screen).get(action)
    if b is not None:
        click(app, *b.centre)
    else:
        screen.submit(action)
    assert len(screen.match.history) > ply and screen.match.history[ply] == action


def check(app, screen, rng: random.Random, where: str) -> None:
    """The position as built, then with the pointer on a few lit targets (their tooltips)."""
    assert covered(screen) == [], where
    lit = sorted(screen.table.lit(), key=repr)
    for target in rng.sample(lit, min(3, len(lit))):
        x, y = screen.view.target_pos(target)
        send(app, "on_mouse_motion", x, y, 0, 0)
        assert covered(screen) == [], f"{where}, pointing at {target!r}"


@pytest.mark.parametrize("game,players,seed,moves", [
    ("cubitos", 2, 3, 45), ("cubitos", 4, 2, 45), ("otys", 2, 3, 40), ("octocube", 2, 3, 40),
    ("octocube", 3, 5, 30)])
def test_nothing_covers_what_is_decided(sized_app, game, players, seed, moves):
    app = sized_app
    screen = start(app, game, players, seed)
    rng = random.Random(seed)
    seats = set()
    for n in range(moves):
        settle(app, screen)
        if screen.state.is_over:
            break
        seats.add(screen.state.current_player)
        check(app, screen, rng, f"{game} {app.width}x{app.height}, move {n}, seat {screen.state.current_player}")
        move(app, screen, rng.choice(screen.state.legal_actions()))
    assert seats == set(range(players))  # every seat decided at least once


def test_cubitos_buttons_stay_under_the_pointer_between_two_clicks(app):
    """Drawing one colour at a time, pushing, converting money: after a click on a button, the spot
    clicked holds the same button or none (a button that went leaves its slot empty, the next
    question's buttons stand elsewhere), and every button left keeps its place."""
    screen = start(app, "cubitos", 2, 3)
    rng = random.Random(1)
    gone = 0  # draw buttons that went while the draw went on
    for _ in range(300):
        settle(app, screen)
        if screen.state.is_over:
            break
        before = {v: (b.x, b.y, b.w, b.h) for v, b in buttons_of(screen).items()}
        draws = sorted((v for v in before if getattr(v, "kind", "") == "draw"), key=str)
        if not draws and (not before or rng.random() < 0.5):
            move(app, screen, rng.choice(screen.state.legal_actions()))
            continue
        seat = screen.state.current_player
        value = rng.choice(draws or sorted(before, key=str))
        x, y, w, h = before[value]
        click(app, x + w / 2, y + h / 2)
        settle(app, screen)
        if screen.state.current_player != seat or not screen.table.active:
            continue  # another person's turn: nobody clicks twice
        after = buttons_of(screen)
        here = screen.table.context.button_at(x + w / 2, y + h / 2)
        assert here is None or here.value == value, f"clicking {value} twice would {here.value}"
        if any(v in after for v in before):  # the same question: what is left stays put
            for v, (bx, by, _, _) in before.items():
                if v in after:
                    assert (after[v].x, after[v].y) == (bx, by), f"{v} moved between two clicks"
                elif getattr(v, "kind", "") == "draw":
                    gone += 1
    assert gone, "no draw button went away between two draws: nothing was checked"
