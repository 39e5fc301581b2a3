"""The per-seat view of events (``GameState.event_seen_by``), on every game in the registry: what
a seat is shown of a move (the hot-seat log and the network both show it) tells it no more than
its observation, checked by tests/game/net/leaks.py from ``observation`` and ``determinize``
alone; and a planted leak turns the check red."""
from __future__ import annotations

import json
import random

import pytest

from game import registry
from game.core import Event, GameState
from game.otys.state import OtysState
from tests.game.net.leaks import contract_view, leaks

MAX_STEPS = 400


def _checked_game(name: str, players: int, seed: int, every: int) -> list[str]:
    """Leaks found in one random game, checking every ``every``-th move and every reveal."""
    rules = registry.get(name)
    state = rules.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    found: list[str] = []
    for step in range(MAX_STEPS):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        before = state.clone()
        events = state.apply(action)
        for seat in [-1, *range(players)]:
            seen = state.events_seen_by(events, seat)
            assert [e.kind for e in seen] == [e.kind for e in events]
            json.dumps([e.data for e in seen])  # JSON-safe, as a network message must be
            assert state.events_seen_by(seen, seat) == seen  # seen twice is seen once
        if step % every == 0 or any(e.reveal for e in events):
            found += leaks(before, action, contract_view, rng)
    return found


@pytest.mark.parametrize("name", registry.available())
@pytest.mark.parametrize("players", [2, 4])
def test_what_a_seat_is_shown_of_a_move_tells_no_more_than_its_observation(name: str, players: int) -> None:
    assert _checked_game(name, players, seed=players, every=7) == []


def test_the_other_seats_see_what_an_otys_seat_draws_as_a_count() -> None:
    state = registry.get("otys").new_game(players=3, seed=1)
    drawn = Event("contracts_drawn", "seat 1 draws 3 contracts", {"seat": 1, "count": 3, "private": {"cards": [4, 9, 2]}})
    assert state.event_seen_by(drawn, 1) == drawn
    for seat in (-1, 0, 2):
        assert state.event_seen_by(drawn, seat).data == {"seat": 1, "count": 3}


def test_a_planted_leak_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Otys telling everyone the contracts a seat draws and keeps: the check goes red."""
    def leaky(self: GameState, event: Event, seat: int) -> Event:
        return event

    monkeypatch.setattr(OtysState, "event_seen_by", leaky)
    found = _checked_game("otys", 2, seed=2, every=1000)
    assert any("private" in line for line in found)


def test_an_octocube_score_and_a_face_down_abyss_tile_are_seen_as_the_observation_shows_them() -> None:
    """What the twin check cannot reach (Octocube's worlds keep VP and Abyss tiles): said directly."""
    state = registry.get("octocube").new_game(players=2, seed=1)
    scored = Event("scored", "Orange scores a coin for 3 VP", {"player": 0, "tiles": [1], "vp": 3})
    assert state.event_seen_by(scored, 0) == scored
    assert state.event_seen_by(scored, 1).data["vp"] is None
    assert state.event_seen_by(scored, -1).text == "Orange scores a coin"
    laid = Event("abyss_placed", "an Abyss tile is laid on a1", {"cell": 0, "abyss": 5, "shown": False})
    assert state.event_seen_by(laid, 0).data["abyss"] == "face down"
