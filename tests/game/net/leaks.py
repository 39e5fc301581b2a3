"""Checks that what a seat is shown of a move tells it nothing its observation does not, built
from the game contract's ``observation`` and ``determinize`` only, never from the redaction
(``event_seen_by``) they check:

a world the seat cannot tell from the real one (``determinize``, with the real dice: the same RNG
state), the same action: where the seat's observations afterwards agree, so must what it is shown.
(Another choice of the same position is no such twin: which action was taken is public.)
"""
from __future__ import annotations

import json
import random
from typing import Any, Callable

from game.core import Action, Event, GameState, Rng
from game.core.state import attribute_values

View = Callable[[GameState, list[Event], int], Any]  # (state after the move, its events, seat) -> what the seat is shown


def contract_view(state: GameState, events: list[Event], seat: int) -> Any:
    """What the network sends a seat of a move's events (game/net/table.py): the contract's view."""
    return json.loads(json.dumps([[e.kind, e.text, e.data] for e in state.events_seen_by(events, seat)]))


def _rngs(state: GameState) -> list[Rng]:
    return [v for v in attribute_values(state) if isinstance(v, Rng)]


def _after(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    s = state.clone()
    return s, s.apply(action)


def leaks(before: GameState, action: Action, view: View, rng: random.Random) -> list[str]:
    """Why what some seat is shown of ``action`` in ``before`` says more than its observation."""
    found: list[str] = []
    real, events = _after(before, action)
    for seat in range(before.num_players):  # a spectator sees less than any seat: its view is checked against theirs
        shown, seen = view(real, events, seat), real.observation(seat)
        twin = before.determinize(seat, Rng(rng.getrandbits(63)))
        for mine, theirs in zip(_rngs(twin), _rngs(before)):
            mine.state = theirs.state
        if action not in twin.legal_actions() or twin.observation(seat) != before.observation(seat):
            continue
        twin_events = twin.apply(action)
        if twin.observation(seat) == seen and view(twin, twin_events, seat) != shown:
            found.append(f"seat {seat} tells the real world from a twin after {action}: "
                         f"{shown} / {view(twin, twin_events, seat)}")
    return found
