"""The demo shows good play and says why: strong bots by default, a reason in each caption (R hides
it), and each caption stays up its reading time before the next move."""
from __future__ import annotations

import pytest
from pyglet.window import key

from render.options import Options
from render.tables import registry as kits
from tests.render.screens.test_app_screens import send, wait_for

pytestmark = pytest.mark.gl


def test_cli_demo_seats_default_to_hard_and_mix_on_request(tmp_path, monkeypatch):
    from render.cli import build_parser, make_options
    from render.paths import HOME_VAR

    monkeypatch.setenv(HOME_VAR, str(tmp_path))
    demo = make_options(build_parser().parse_args(["--demo", "--players", "3", "--seed", "1"]))
    assert demo.seats == ["hard"] * 3
    mix = make_options(build_parser().parse_args(["--demo", "--demo-mix", "--players", "3", "--seed", "1"]))
    assert len(set(mix.seats)) == 3 and "human" not in mix.seats
    game = make_options(build_parser().parse_args(["--players", "2", "--seed", "1"]))
    assert game.seats == ["human", "random"]  # a game against bots is unchanged


def test_menu_demo_keeps_the_chosen_bots_and_seats_hard_for_a_person(app):  # noqa: F811
    app.show_menu()
    app.screen.click("demo")
    assert app.screen.demo
    assert app.screen.match.seats[0] == "hard"
    assert "random" not in app.screen.match.seats


@pytest.mark.parametrize("game", kits.games())
def test_most_demo_captions_carry_a_reason(app, game):  # noqa: F811
    app.start_demo(Options(game=game, seats=["random", "random"], seed=3, anim_speed=0.0, save=app.options.save))
    screen = app.screen
    with_reason = 0
    for n in range(1, 31):
        wait_for(app, lambda: len(screen.match.history) >= n or screen.state.is_over)
        if screen.state.is_over:
            break
        assert screen.caption.startswith(screen.what)
        if screen.reason:
            assert screen.reason in screen.caption
            with_reason += 1
    assert with_reason >= 0.6 * n


def test_r_hides_and_shows_the_reasons(app):  # noqa: F811
    app.start_demo(Options(seats=["random", "random"], seed=2, anim_speed=0.0, save=app.options.save))
    screen = app.screen
    wait_for(app, lambda: bool(screen.reason))
    send(app, "on_key_press", key.R, 0)
    assert not app.demo_reasons and screen.caption == screen.what
    send(app, "on_key_press", key.R, 0)
    assert app.demo_reasons and screen.reason in screen.caption and screen.what in screen.caption


def test_the_next_move_waits_for_the_caption_to_be_read(app):  # noqa: F811
    from render.screens.demo import reading_time

    app.start_demo(Options(seats=["random", "random"], seed=4, anim_speed=2.0, save=app.options.save))
    screen = app.screen
    wait_for(app, lambda: len(screen.match.history) >= 1)
    dt = 1 / 60
    for _ in range(3):
        ply, needed, ticks = len(screen.match.history), reading_time(screen.caption, 2.0), 0
        while len(screen.match.history) == ply:
            app.tick(dt)
            ticks += 1
            assert ticks < 10_000
        assert ticks * dt >= needed - dt
