"""Settings do what they say (issue 37): each one changed in the settings panel acts on the table at
once, and after a restart (a new App whose options come from the command line, as `scripts/play`
builds them) it acts again — not only that a value reached settings.json."""
from __future__ import annotations

import random
from typing import Any

import pytest
from pyglet.window import key, mouse

from game import registry
from game.core.match import Match
from render import settings
from render.cli import build_parser, make_options
from tests.render.screens.test_app_screens import button, click, frames, send

pytestmark = pytest.mark.gl


def set_in_panel(app, name: str, value: Any) -> None:
    """Open the settings panel (F2), click the setting's choice, close it again."""
    send(app, "on_key_press", key.F2, 0)
    assert app.panel is not None
    click(app, *button(app.panel, ("set", name, value)).centre)
    send(app, "on_key_press", key.ESCAPE, 0)
    assert app.panel is None


def play_some(app, moves: int = 30) -> None:
    screen, rng = app.screen, random.Random(0)
    for _ in range(moves):
        if screen.state.is_over:
            break
        screen.submit(rng.choice(screen.state.legal_actions()))
        app.tick(1 / 60)


def table(app, *argv: str) -> Any:
    app.start_game(app.options if not argv else make_options(build_parser().parse_args(argv)))
    app.tick(0)
    return app.screen


def test_mute_silences_the_table_and_stays_muted_after_a_restart(restart):
    app = restart("--game", "cubitos", "--seats", "human,human", "--anim-speed", "0")
    table(app)
    play_some(app, 10)
    assert app.speaker.played, "the table makes sounds before it is muted"
    set_in_panel(app, "mute", True)
    app.speaker.played.clear()
    play_some(app, 15)
    assert app.speaker.played == []
    again = restart("--game", "cubitos", "--seats", "human,human", "--anim-speed", "0")
    table(again)
    play_some(again, 15)
    assert again.speaker.mute and again.speaker.played == [], "a muted player got sound back after a restart"
    send(again, "on_key_press", key.M, 0)  # M unmutes
    play_some(again, 15)
    assert again.speaker.played


def test_volume_plays_softer_and_stays_after_a_restart(restart):
    app = restart("--game", "cubitos", "--seats", "human,human", "--anim-speed", "0")
    table(app)
    play_some(app, 10)
    loud = max(p.gain for p in app.speaker.played)
    value = min(v for v in (0.2, 0.4) if any(b.value == ("set", "volume", v) for b in _panel_buttons(app)))
    set_in_panel(app, "volume", value)
    app.speaker.played.clear()
    play_some(app, 15)
    assert app.speaker.played and max(p.gain for p in app.speaker.played) < loud
    again = restart("--game", "cubitos", "--seats", "human,human", "--anim-speed", "0")
    table(again)
    play_some(again, 15)
    assert again.speaker.played and max(p.gain for p in again.speaker.played) < loud


def _panel_buttons(app) -> list:
    app.toggle_settings()
    out = list(app.panel.buttons)
    app.toggle_settings()
    return out


def others_vp(screen) -> list[str]:
    """The HUD's Octocube seat pills of the seats not at the screen."""
    return [t for t in screen.hud.texts() if " VP" in t]


def test_every_seats_vp_shows_at_once_after_a_restart_and_with_the_flag(restart):
    argv = ("--game", "octocube", "--seats", "human,human", "--anim-speed", "0")
    app = restart(*argv)
    screen = table(app)
    assert any("? VP" in t for t in others_vp(screen))  # normally each person sees only their own
    set_in_panel(app, "show_all_scores", True)
    frames(app, 1)
    assert others_vp(app.screen) and not any("?" in t for t in others_vp(app.screen))
    again = restart(*argv)
    table(again)
    frames(again, 1)
    assert others_vp(again.screen) and not any("?" in t for t in others_vp(again.screen))
    set_in_panel(again, "show_all_scores", False)
    frames(again, 1)
    assert any("? VP" in t for t in others_vp(again.screen))
    flag = restart(*argv, "--show-all-scores")  # the flag alone, the setting off
    table(flag)
    frames(flag, 1)
    assert others_vp(flag.screen) and not any("?" in t for t in others_vp(flag.screen))


def only_move_position(game: str) -> tuple[int, list]:
    """A seed and the moves leading to a position where seat 0 has exactly one legal move."""
    rules = registry.get(game)
    for seed in range(10):
        s, rng, moves = rules.new_game(players=2, seed=seed), random.Random(seed), []
        for _ in range(200):
            if s.is_over:
                break
            legal = s.legal_actions()
            if s.current_player == 0 and len(legal) == 1 and moves:
                return seed, moves
            a = rng.choice(legal)
            s.apply(a)
            moves.append(a)
    raise AssertionError(f"no position with one legal move in {game}")


def at_only_move(app, game: str) -> tuple[Any, int]:
    seed, moves = only_move_position(game)
    match = Match(registry.get(game), 2, seed, ["human", "random"])
    for a in moves:
        match.apply(a)
    app.start_game(app.options, match)
    for _ in range(5):
        app.tick(1 / 60)
    return app.screen, len(moves)


def test_the_only_move_setting_takes_a_persons_only_move_and_stays_after_a_restart(restart):
    argv = ("--game", "otys", "--seats", "human,random", "--anim-speed", "0")
    app = restart(*argv)
    set_in_panel(app, "auto_forced", False)
    screen, ply = at_only_move(app, "otys")
    assert len(screen.match.history) == ply  # asked: it waits for the click
    set_in_panel(app, "auto_forced", True)
    for _ in range(5):
        app.tick(1 / 60)
    assert len(screen.match.history) > ply  # taken at once
    again = restart(*argv)
    screen, ply = at_only_move(again, "otys")
    assert len(screen.match.history) > ply
    set_in_panel(again, "auto_forced", False)
    off = restart(*argv)
    screen, ply = at_only_move(off, "otys")
    assert len(screen.match.history) == ply


def swing(app) -> float:
    """How far (pixels) a piece moves on screen when the camera is right-dragged 40 px."""
    screen = app.screen
    screen.view.camera.reset()
    target = screen.view._boxes()[0][0]
    x0, y0 = screen.view.target_pos(target)
    send(app, "on_mouse_drag", 640, 360, 40, 0, mouse.RIGHT, 0)
    x1, y1 = screen.view.target_pos(target)
    return ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5


def test_camera_sensitivity_turns_the_table_faster_and_stays_after_a_restart(restart):
    argv = ("--game", "octocube", "--seats", "human,human", "--anim-speed", "0")
    app = restart(*argv)
    table(app)
    normal = swing(app)
    assert normal > 1
    set_in_panel(app, "camera_speed", 2.0)
    fast = swing(app)
    assert fast > 1.5 * normal
    again = restart(*argv)
    table(again)
    assert swing(again) > 1.5 * normal


def test_the_bots_think_as_long_as_the_settings_say_after_a_restart(restart):
    app = restart("--game", "octocube", "--seats", "human,hard", "--anim-speed", "0")
    set_in_panel(app, "hard_ms", max(b.value[2] for b in _panel_buttons(app) if b.value[:2] == ("set", "hard_ms")))
    chosen = settings.load()["hard_ms"]
    assert chosen != settings.DEFAULTS["hard_ms"]
    again = restart("--game", "octocube", "--seats", "human,hard", "--anim-speed", "0")
    screen = table(again)
    assert screen.bots[1].budget_ms == chosen
    default = restart("--game", "octocube", "--seats", "human,expert", "--anim-speed", "0")
    assert table(default).bots[1].budget_ms == settings.DEFAULTS["expert_ms"]


def test_animation_speed_and_marks_act_after_a_restart(restart):
    from render.ui import theme

    app = restart("--game", "octocube", "--seats", "human,human")
    table(app)
    set_in_panel(app, "anim_speed", 2.0)
    assert app.screen.view.anim_speed == 2.0
    set_in_panel(app, "marks", False)
    frames(app, 1)
    assert not any(m in t for t in app.screen.hud.texts() for m in theme.PLAYER_MARKS)
    again = restart("--game", "octocube", "--seats", "human,human")
    table(again)
    frames(again, 1)
    assert again.screen.view.anim_speed == 2.0
    assert not any(m in t for t in again.screen.hud.texts() for m in theme.PLAYER_MARKS)
