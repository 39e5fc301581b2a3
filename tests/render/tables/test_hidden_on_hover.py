"""Hidden facts never show on hover (issue 37): in every game with hidden facts, for every person
at the screen, at positions through a game, pointing at every piece on the table says the same as
it would if everything that person cannot see were dealt otherwise (the rules' own re-deal of the
unseen, ``determinize``; Octocube also another seat's VP). So no tooltip, HUD line or lit piece
on hover names another person's contract, a tile under a cube or another's VP."""
from __future__ import annotations

import random
from typing import Any

import pytest
from pyglet.window import key

from game import registry
from game.core.match import Match
from game.core.rng import Rng
from render.options import Options
from tests.render.conftest import SIZE
from tests.render.screens.test_app_screens import send

pytestmark = pytest.mark.gl


def start(app, game: str, seats: list[str], seed: int):
    opts = Options(game=game, players=len(seats), seats=seats, seed=seed, anim_speed=0.0,
                   save=app.options.save)
    app.start_game(opts, Match(registry.get(game), len(seats), seed, seats))
    app.tick(0)
    return app.screen


def hover_all(app, screen) -> tuple[dict[Any, tuple], int]:
    """What every piece the pointer can reach shows when pointed at: the tooltip, the HUD's
    words and the lit pieces; and how many pieces were reached."""
    seen: dict[Any, tuple] = {}
    for target in screen.view._boxes()[0]:
        x, y = screen.view.target_pos(target)
        if not (0 <= x < SIZE[0] and 0 <= y < SIZE[1]) or screen._pick(x, y) != target:
            continue
        send(app, "on_mouse_motion", 1, 1, 0, 0)  # off every piece first: the next one is built anew
        send(app, "on_mouse_motion", x, y, 0, 0)
        seen[target] = (screen.tooltip.shown, tuple(screen.hud.texts()), frozenset(screen.table.lit()))
    return seen, len(seen)


def twin_of(state, eyes: int, seed: int):
    """``state`` with everything seat ``eyes`` cannot see dealt otherwise."""
    twin = state.determinize(eyes, Rng(seed))
    if hasattr(twin, "vp") and not state.is_over:  # Octocube: the others' VP tokens lie face down
        twin.vp = [v if i == eyes else v + 7 for i, v in enumerate(twin.vp)]
    return twin


def hidden_cards(state, eyes: int) -> set[int]:
    """Otys: the contracts seat ``eyes`` cannot see (the others' hands, what another seat is
    choosing from, the deck)."""
    out = {c for i, p in enumerate(state.players) if i != eyes for c in p.hand}
    out |= {int(c) for top in state.pending if top[0] == "keep" and int(top[1]) != eyes for c in top[2:]}
    out |= set(state.table.deck)
    return out - set(state.table.public)


def check_position(app, screen, monkeypatch) -> int:
    """Hover every piece. Otys: no words shown name a contract hidden from the person at the
    screen (its pieces are named by card, so a re-deal would rename them). Octocube: the same
    words, HUD and lit pieces as with the unseen dealt otherwise."""
    eyes = screen.eyes()
    assert eyes is not None and eyes >= 0
    real, reached = hover_all(app, screen)
    assert reached > 10
    if screen.match.rules.name == "otys":
        import re

        from render.tables.otys.words import card_words

        hidden = hidden_cards(screen.state, eyes)
        for target, (tip, hud, _) in real.items():
            for line in (tip, *hud):
                for c in hidden:
                    assert card_words(c) not in line and not re.search(rf"contract #{c + 1}\b", line), (
                        f"seat {eyes} pointing at {target} reads hidden contract #{c + 1}: {line!r}")
        return reached
    twin = twin_of(screen.state, eyes, len(screen.match.history))
    with monkeypatch.context() as m:
        m.setattr(type(screen), "state", property(lambda self: twin))
        other, _ = hover_all(app, screen)
    for target, shown in real.items():
        assert other.get(target) == shown, (
            f"seat {eyes} pointing at {target} learns a hidden fact: {shown} / {other.get(target)}")
    return reached


def hands_hidden(screen, eyes: int) -> int:
    """How many of the other seats' cards (Otys) lie on the table hidden from ``eyes``."""
    players = getattr(screen.state, "players", [])
    return sum(len(getattr(p, "hand", ())) for i, p in enumerate(players) if i != eyes)


@pytest.mark.parametrize("game,seats,seed", [
    ("otys", ["human", "human"], 6),
    ("otys", ["human", "random"], 4),
    pytest.param("otys", ["human", "human", "human"], 3, marks=pytest.mark.long),
    ("octocube", ["human", "human"], 5),
    ("octocube", ["human", "random", "human"], 2),
])
def test_pointing_at_any_piece_tells_no_hidden_fact(app, monkeypatch, game, seats, seed):
    screen = start(app, game, seats, seed)
    rng = random.Random(seed)
    checked, viewers, hidden_cards = 0, set(), 0
    for _ in range(400):
        if screen.state.is_over or checked >= (2 if game == "otys" else 3):
            break
        if screen.handover:
            send(app, "on_key_press", key.ENTER, 0)
            app.tick(0)
            continue
        if not screen.table.active:
            app.tick(1 / 60)
            screen.worker.wait()
            app.tick(0)
            continue
        ply = len(screen.match.history)
        worth = game != "otys" or hands_hidden(screen, screen.eyes()) > 0
        fresh = seats.count("human") < 2 or screen.eyes() not in {v for v, _ in viewers}  # each person once
        if ply >= 4 and ply % 7 == 0 and worth and fresh and (screen.eyes(), ply) not in viewers:
            viewers.add((screen.eyes(), ply))
            check_position(app, screen, monkeypatch)
            hidden_cards += hands_hidden(screen, screen.eyes())
            checked += 1
        legal = screen.state.legal_actions()
        keep = [a for a in legal if getattr(a, "kind", "") in ("draw", "keep")]  # Otys: contracts in hand
        screen.submit(keep[0] if keep and rng.random() < 0.7 else legal[rng.randrange(len(legal))])
        app.tick(0)
    assert checked >= 2
    if game == "otys":
        assert hidden_cards > 0  # other people's contracts were on the table, face down
    if seats.count("human") > 1:
        assert len({v for v, _ in viewers}) > 1  # more than one person at the screen
