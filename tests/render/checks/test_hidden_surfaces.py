"""Hidden facts stay hidden on every surface a person reads: HUD, log, banner, caption, tooltip and
the game's panels show another seat's VP to nobody until the end (unless --show-all-scores)."""
from __future__ import annotations

import random
import re

import pytest

from render.options import Options
from render.ui import theme
from tests.render.screens.test_app_screens import button, click, send, wait_for

pytestmark = pytest.mark.gl
SCORED_VP = re.compile(r"^(.+?) scores .* for (\d+) VP")


def shown(screen) -> list[str]:
    """Every line of text on the screen now (the log's lines whole, as a wider panel shows them)."""
    overlays = [screen.hud, screen.tooltip, *screen.overlays()]
    return [t for o in overlays for t in o.texts()] + screen.log_panel.lines


def check(screen) -> None:
    """Nothing on screen shows a seat's VP to anyone but that seat's person."""
    eyes = screen.eyes()
    assert eyes is not None, "a game with people and hidden scores"
    names = [theme.player_name(s) for s in range(4)]
    for line in shown(screen):
        m = SCORED_VP.match(line)
        assert m is None or eyes >= 0 and m.group(1) == names[eyes], f"{line!r} read by seat {eyes}"
        for seat, name in enumerate(names[:screen.state.num_players]):
            if seat != eyes and re.search(rf"{name}\s+\d+ VP", line):
                raise AssertionError(f"{line!r} shows {name}'s VP to seat {eyes}")


def point_at_everything(app, screen) -> None:
    """Hover each seat's area and cube so their tooltips are up while the surfaces are checked."""
    for seat in range(screen.state.num_players):
        for target in (("area", seat), ("cube", seat)):
            send(app, "on_mouse_motion", *screen.view.target_pos(target), 0, 0)
            check(screen)


def scored(screen, by: set[int]) -> bool:
    return {e.data["player"] for e in screen.match.log if e.kind == "scored" and e.data["vp"] > 0} >= by


def choose(state, rng: random.Random):
    """A random move, but a Score only when it earns VP (so that VP tokens come into play)."""
    legal = state.legal_actions()
    for a in legal:
        if a.kind == "score" and any(e.kind == "scored" and e.data["vp"] > 0 for e in state.clone().apply(a)):
            return a
    return rng.choice([a for a in legal if a.kind != "score"] or legal)


def test_two_people_on_one_screen_read_only_their_own_vp(app):
    app.start_game(Options(seats=["human", "human"], seed=5, anim_speed=0.0, save=app.options.save))
    screen, rng = app.screen, random.Random(4)
    handovers = 0
    for _ in range(400):
        app.tick(0)
        if screen.state.is_over or scored(screen, {0, 1}) and handovers > 6:
            break
        check(screen)
        if screen.handover:
            handovers += 1
            assert screen.eyes() == -1
            point_at_everything(app, screen)
            click(app, *button(screen.banner, "take").centre)
            app.tick(0)
            check(screen)
            continue
        screen.submit(choose(screen.state, rng))
    assert scored(screen, {0, 1}) and handovers > 6
    log = [screen.table.log_text(e, None) for e in screen.match.log]
    assert any(SCORED_VP.match(line) for line in log)  # the words exist; the screen keeps them from others


def test_a_person_against_bots_never_reads_a_bots_vp(app):
    app.start_game(Options(seats=["human", "greedy", "greedy"], players=3, seed=11, anim_speed=0.0,
                           save=app.options.save))
    screen, rng = app.screen, random.Random(2)
    for _ in range(400):
        wait_for(app, lambda: screen.table.active or screen.state.is_over)
        if screen.state.is_over or scored(screen, {1, 2}):
            break
        check(screen)
        point_at_everything(app, screen)
        screen.submit(choose(screen.state, rng))
    assert scored(screen, {1}) or scored(screen, {2})
    app.tick(0)
    check(screen)


def test_show_all_scores_and_the_end_show_everyone(app):
    app.start_game(Options(seats=["human", "human"], seed=5, anim_speed=0.0, save=app.options.save,
                           show_all_scores=True))
    app.tick(0)
    assert app.screen.eyes() is None
