"""Tab reaches every piece a click acts on (the fuzzer found a position where a focused key's lit
levels re-ordered the cycle so that the sponsor was never reached)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from pyglet.window import key

from game import registry
from game.core.match import Match
from render.options import Options
from tests.render.screens.test_app_screens import send

pytestmark = pytest.mark.gl
SAVE = Path(__file__).parent / "data" / "tab_sponsor.json"


def reached_by_tab(app, screen) -> set:
    table = screen.table
    seen = set()
    for _ in range(3 * len(table.gestures.targets()) + 2):
        send(app, "on_key_press", key.TAB, 0)
        seen.add(table.focus)
    return seen


def test_tab_reaches_every_clickable_piece(app, tmp_path):
    data = Match.load(SAVE, autosave=tmp_path / "a.json").data
    people = ["human"] * data.players
    rng = random.Random(4)
    checked = 0
    for extra in range(0, 40, 3):  # the fuzzer's position, then others after it
        match = Match(registry.get("otys"), data.players, data.seed, people, **data.options)
        for a in data.actions:
            match.apply(a)
        for _ in range(extra):
            if not match.state.is_over:
                match.apply(rng.choice(match.state.legal_actions()))
        app.start_game(Options(game="otys", players=data.players, seats=people, anim_speed=0.0,
                               save=str(tmp_path / "b.json")), match)
        app.tick(0)
        screen = app.screen
        if screen.handover:
            send(app, "on_key_press", key.ENTER, 0)
            app.tick(0)
        if screen.table.active and len(screen.table.gestures.targets()) > 1:
            assert screen.table.gestures.targets() <= reached_by_tab(app, screen), f"{extra} moves on"
            checked += 1
    assert checked >= 6
