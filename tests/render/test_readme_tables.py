"""The README's Cubitos and Otys paragraphs, key by key: the number keys press the buttons beside
the board (each the button whose label names that number), and in Cubitos Tab and Enter reach
every lit piece and act on it as a click does."""
from __future__ import annotations

import random
import re

import pytest
from pyglet.window import key

from render.options import Options
from tests.render.screens.test_app_screens import send

pytestmark = pytest.mark.gl
DIGITS = [key._1, key._2, key._3, key._4, key._5, key._6, key._7, key._8, key._9]


def positions(app, game: str, seats: int, seed: int, every: int):
    """One table of people only, ``every`` random moves between stops, each stop at a person's
    decision (the hand-over taken), until the game ends."""
    rng = random.Random(seed)
    app.start_game(Options(game=game, players=seats, seats=["human"] * seats, seed=seed, anim_speed=0.0,
                           save=app.options.save))
    screen = app.screen
    while True:
        for _ in range(every):
            if screen.state.is_over:
                return
            screen.submit(rng.choice(screen.state.legal_actions()))
        app.tick(0)
        if screen.handover:
            send(app, "on_key_press", key.ENTER, 0)
            app.tick(0)
        if screen.table.active and not screen.state.is_over:
            yield screen


@pytest.mark.parametrize("game", ["cubitos", "otys"])
def test_number_keys_press_the_button_whose_label_names_them(app, game):
    pressed = 0
    for screen in positions(app, game, 2, seed=3, every=2):
        screen.refresh()
        shown = {int(m.group(1)): b.value for b in screen.table.context.buttons
                 if (m := re.search(r"\((\d)\)$", b.text))}
        if not shown:
            continue
        n = random.Random(pressed).choice(sorted(shown))
        ply = len(screen.match.history)
        send(app, "on_key_press", DIGITS[n - 1], 0)
        assert len(screen.match.history) > ply and screen.match.history[ply] == shown[n], \
            f"key {n} did not press the button labelled ({n})"
        pressed += 1
        if pressed == 6:
            break
    assert pressed == 6


def test_cubitos_tab_reaches_every_lit_piece_and_enter_acts_on_it_as_a_click(app):
    checked = 0
    for screen in positions(app, "cubitos", 2, seed=5, every=2):
        table = screen.table
        lit = table.gestures.targets()
        if not lit:
            continue
        seen = []
        for _ in range(2 * len(lit) + 2):
            send(app, "on_key_press", key.TAB, 0)
            seen.append(table.focus)
        assert lit <= set(seen), "Tab never reaches some lit piece"
        target = seen[-1]
        actions = table.gestures.click(target)
        ply = len(screen.match.history)
        send(app, "on_key_press", key.ENTER, 0)
        if len(actions) == 1:
            assert screen.match.history[ply:ply + 1] == actions
        else:  # several moves on that piece: the small menu asks, as for a click
            assert len(screen.match.history) == ply and [a for _, a in table.menu_items] == actions
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_in_a_demo_plus_and_minus_change_the_speed(app):
    app.start_demo(Options(seats=["random", "random"], seed=2, anim_speed=1.0, save=app.options.save))
    screen = app.screen
    send(app, "on_key_press", key.PLUS, 0)
    assert screen.view.anim_speed == pytest.approx(1.5)
    send(app, "on_key_press", key.MINUS, 0)
    send(app, "on_key_press", key.MINUS, 0)
    assert screen.view.anim_speed == pytest.approx(1 / 1.5)
    assert screen.demo and not screen.paused  # the demo's own keys left alone


@pytest.mark.parametrize("game, own", [("octocube", "Q/E/W: pivot"), ("cubitos", "1-9"), ("otys", "1-9 the buttons")])
def test_the_hud_lists_the_games_own_keys(app, game, own):
    app.start_game(Options(game=game, seats=["human", "human"], seed=3, anim_speed=0.0, save=app.options.save))
    app.tick(0)
    app.capture()
    line = next((s for s in app.screen.hud.texts() if "Esc menu" in s), "")
    assert own in line and all(k in line for k in ("Tab/Enter", "H hint", "U undo", "Ctrl+S save", "L log"))
