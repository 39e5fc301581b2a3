"""Otys played on the table through injected mouse events (a piece, then a lit place; buttons; the
small menu), four bots to the end, and a hot-seat hand-over that shows nobody's contracts."""
from __future__ import annotations

import re

import pytest
from pyglet.window import mouse

from game import registry
from game.bots import make_bot
from game.core.match import Match
from render.options import Options
from tests.render.screens.test_app_screens import button, click, frames, send, wait_for

pytestmark = pytest.mark.gl
RULES = registry.get("otys")


def start(app, seats, seed, **options):
    opts = Options(game="otys", players=len(seats), seats=seats, seed=seed, anim_speed=0.0,
                   save=app.options.save, game_options=options)
    app.start_game(opts, Match(RULES, len(seats), seed, seats, **options))
    app.tick(0)
    return app.screen


def visible_pos(app, screen, target):
    """Where a click lands on ``target``; if another piece hides it, orbit the camera (right-drag)."""
    for _ in range(12):
        x, y = screen.view.target_pos(target)
        if 0 <= x < 1280 and 0 <= y < 720 and screen.table.under(x, y) == target:
            return x, y
        send(app, "on_mouse_drag", 640, 360, 70, 0, mouse.RIGHT, 0)
        app.tick(0)
    raise AssertionError(f"{target} stays hidden from every side")


def play_by_mouse(app, screen, action) -> None:
    """``action`` as a person would take it: a button, or a click on its piece (then its lit place,
    then the menu when several moves remain)."""
    table = screen.table
    g = table.gestures
    assert g is not None and action in g.legal
    ply = len(screen.match.history)
    if action in g.buttons:
        click(app, *button(table.context, action).centre)
    else:
        target = next(t for t, acts in g.by_target.items() if action in acts)
        click(app, *visible_pos(app, screen, target))
        if len(screen.match.history) == ply and table.selected is not None:
            app.tick(0)
            click(app, *visible_pos(app, screen, g.second[(target, action)]))
        if len(screen.match.history) == ply:
            app.tick(0)
            click(app, *next(b for b in table.menu.buttons if b.value == action).centre)
    assert len(screen.match.history) > ply and screen.match.history[ply] == action


def test_a_person_plays_a_whole_game_against_a_bot_with_the_mouse_only(app):
    screen = start(app, ["human", "random"], seed=12)  # a whole game, one of the shorter (~500 plies)
    me = make_bot("random", RULES, 0, 9)
    for _ in range(3000):
        wait_for(app, lambda: screen.table.active or screen.state.is_over, seconds=60)
        if screen.state.is_over:
            break
        play_by_mouse(app, screen, me.choose(screen.state.clone()))
    assert screen.state.is_over
    app.tick(0)
    assert screen.score_table.texts()[0] == "Final scores"
    assert any("wins" in line for line in screen.score_table.texts())


SAMPLE = 150  # plies between the table's checks while the bots move at the rules level


def show(app, screen) -> None:
    """The table catches up with the match and draws it; the bot the app then starts is let finish
    (its answer, for a ply already past, is dropped), so no two threads draw from a bot's dice."""
    screen.view.sync(screen.state)
    screen.refresh()
    assert frames(app, 1).std() > 10
    screen.worker.wait()


def test_four_bots_play_to_the_end(app):
    """The app's own four bots play a whole game: the table takes the opening and the last round
    move by move through its bot worker; in between (a thousand plies and more, each a scene and
    HUD rebuild on the table) the same bots move at the rules level and the table is re-synced
    and drawn every SAMPLE plies."""
    screen = start(app, ["random", "random", "random", "random"], seed=2)
    match = screen.match
    wait_for(app, lambda: len(match.history) >= 24)
    screen.worker.wait()
    while True:
        state = match.state
        action = screen.bots[state.current_player].choose(state.clone())
        probe = state.clone()
        probe.apply(action)
        if probe.end_triggered:
            break
        match.apply(action)
        if len(match.history) % SAMPLE == 0:
            show(app, screen)
    show(app, screen)
    before_last_round = len(match.history)
    wait_for(app, lambda: screen.state.is_over, seconds=120)
    assert len(match.history) > before_last_round and screen.state.end_triggered
    assert screen.state.winners()
    app.tick(0)
    assert screen.score_table.texts()[0] == "Final scores"
    assert frames(app, 2).std() > 10


def shown(screen) -> list[str]:
    overlays = [screen.hud, screen.tooltip, *screen.overlays()]
    return [t for o in overlays for t in o.texts()] + screen.log_panel.lines


def test_at_a_hand_over_no_private_contract_is_drawn_or_written(app):
    from render.tables.otys import art

    screen = start(app, ["human", "human"], seed=6)
    rng_moves = 0
    while not (screen.handover and all(p.hand for p in screen.state.players)):
        wait_for(app, lambda: screen.table.active or screen.handover)
        if screen.handover:
            send(app, "on_key_press", __import__("pyglet").window.key.ENTER, 0)
            app.tick(0)
            continue
        legal = screen.state.legal_actions()
        keep = [a for a in legal if a.kind in ("draw", "keep")]
        screen.submit(keep[0] if keep else legal[rng_moves % len(legal)])
        rng_moves += 1
        assert rng_moves < 2000
    app.tick(0)
    assert screen.eyes() == -1
    view = screen.view
    _, rects = art.atlas()
    back = rects[("back",)]
    hands = {c for p in screen.state.players for c in p.hand}
    for piece in view._shown:
        if piece.target and piece.target[0] == "card" and piece.target[1] in hands:
            assert piece.rect == back, f"{piece.target} drawn face up at the hand-over"
    for card in hands:  # pointing at a hand card names no card
        send(app, "on_mouse_motion", *view.target_pos(("card", card)), 0, 0)
        assert "#" not in screen.table.describe_target(("card", card))
    assert not hands & set(screen.state.table.public)  # a hand card is never also public: no excuse needed
    for line in shown(screen):
        for card in hands:
            assert not re.search(rf"#{card + 1}\b|contract {card + 1}\b", line), f"{line!r} names a hidden contract"
    frames(app, 1)
    send(app, "on_key_press", __import__("pyglet").window.key.ENTER, 0)
    app.tick(0)
    seat = screen.state.current_player
    faces = {piece.target[1]: piece.rect for piece in view._shown if piece.target and piece.target[0] == "card"}
    assert all(faces[c] != back for c in screen.state.players[seat].hand)  # the person now at the screen sees theirs
    assert all(faces[c] == back for s, p in enumerate(screen.state.players) if s != seat for c in p.hand)


def test_a_diver_dragged_to_a_lit_position_swims_there_and_a_hovered_contract_lights_its_levels(app):
    from game.otys import actions as A

    screen = start(app, ["human", "human"], seed=3)
    wait_for(app, lambda: screen.table.active)
    g = screen.table.gestures
    play_by_mouse(app, screen, next(a for a in g.legal if isinstance(a, A.Key)))
    wait_for(app, lambda: screen.table.active)
    g = screen.table.gestures
    seat = g.seat
    propel = next(a for a in g.legal if isinstance(a, A.Propel))
    lower = screen.state.players[seat].divers[propel.to]  # dragged up onto the upper one's place: the same swap
    src = screen.state.players[seat].position_of(propel.diver)
    assert g.places(("diver", seat, lower))[("pos", seat, src)] == [propel]
    x0, y0 = visible_pos(app, screen, ("diver", seat, lower))
    x1, y1 = screen.view.target_pos(("pos", seat, src))
    ply = len(screen.match.history)
    send(app, "on_mouse_motion", x0, y0, 0, 0)
    send(app, "on_mouse_press", x0, y0, mouse.LEFT, 0)
    send(app, "on_mouse_drag", x1, y1, x1 - x0, y1 - y0, mouse.LEFT, 0)
    send(app, "on_mouse_release", x1, y1, mouse.LEFT, 0)
    assert screen.match.history[ply] == propel
    assert screen.state.players[seat].divers[propel.to] == propel.diver
    assert screen.state.players[seat].divers[src] == lower
    app.tick(0)
    table = screen.table
    for _ in range(400):  # play on until the person at the screen holds a contract a click can complete
        g = table.gestures if table.active else None
        cards = [t for t in g.by_target if t[0] == "card" and any(p[0] == "level" for p in g.places(t))] if g else []
        if cards or screen.state.is_over:
            break
        if screen.handover:
            send(app, "on_key_press", __import__("pyglet").window.key.ENTER, 0)
        elif table.active:
            legal = screen.state.legal_actions()
            keep = [a for a in legal if a.kind in ("draw", "keep")]
            screen.submit(keep[0] if keep else legal[len(screen.match.history) % len(legal)])
        app.tick(0)
    assert cards, "no contract in hand could be completed on a level: the hover below would check nothing"
    for card in cards:  # pointing at a contract that can be completed lights the levels that hold what it needs
        send(app, "on_mouse_motion", *screen.view.target_pos(card), 0, 0)
        assert {t for t in table.lit() if t[0] == "level"} == set(table.gestures.places(card))


def test_hovering_a_key_to_play_names_the_sponsor_its_level_uses(app):
    """Choosing a key is choosing the sponsor on its level too (rulebook: "You may immediately use
    the effect of the Sponsor tile located on the same level"); the close camera over the own board
    leaves the Colony out of view, so the key's tooltip says which sponsor and what it does."""
    from render.tables.otys.words import describe
    from tests.render.tables.otys.test_readable import _at_a_key_choice
    from tests.render.screens.test_app_screens import send

    screen = _at_a_key_choice(app, 2, 0)
    keys = [t for t in screen.table.lit() if t[0] == "key" and 1 <= t[2] <= 5]
    assert keys
    for target in keys:
        send(app, "on_mouse_motion", *screen.view.target_pos(target), 0, 0)
        assert screen.pointing == target
        sponsor = describe(screen.state, ("sponsor", target[2]), 0)
        assert sponsor.startswith("sponsor #") and sponsor in screen.tooltip.shown, (sponsor, screen.tooltip.shown)
