"""A window's hosted game without the window: the host's match plays its own seats, a SeatMatch
joins for the remote seat and plays from the worlds it rebuilds; both end on the same game, and a
joined seat's world always shows what its observation says (tests/game/net/test_world.py)."""
from __future__ import annotations

import json
import random
import time

import pytest

from game import registry
from game.core.match import Match
from game.net.client import Client
from game.net.hosting import Hosting
from game.net.seat_match import SeatMatch

LOOPBACK = "127.0.0.1"


def _j(x: object) -> object:
    return json.loads(json.dumps(x))


def play_hosted(game: str, seats: list[str], seed: int, timeout_s: float = 90.0) -> tuple[Match, SeatMatch]:
    match = Match(registry.get(game), len(seats), seed, seats)
    hosting = Hosting(match, LOOPBACK, 0)
    invitation = hosting.start()
    remote = seats.index("remote")
    joined = SeatMatch(Client(invitation.address, invitation.codes[remote], retry_s=5))
    joined.client.start()
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout_s
    try:
        while not (match.state.is_over and joined.state is not None and joined.state.is_over):
            assert time.monotonic() < deadline, "the game did not end in time"
            for action in hosting.incoming():  # the window's poll
                match.apply(action)
            state = match.state
            if not state.is_over and state.current_player != remote:
                action = rng.choice(state.legal_actions())
                match.apply(action)
                hosting.forward(action)
            joined.poll()
            while joined.advance() is not None:
                assert joined.state is not None
                assert _j(joined.state.observation(remote)) == _j(match.state.observation(remote)) or \
                    joined.moves < len(match.history), "the joined world shows what the seat may see"
            if joined.legal and not joined.waiting:
                joined.apply(rng.choice(joined.legal))
            time.sleep(0.001)
    finally:
        joined.client.close()
        hosting.stop()
    return match, joined


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", registry.shipped())
def test_a_hosted_game_and_a_joined_seat_play_the_same_game_to_the_end(game: str) -> None:
    match, joined = play_hosted(game, ["human", "remote", "random"][: 3 if game != "octocube" else 2], seed=4)
    assert joined.state is not None and joined.state.is_over
    assert joined.moves == len(match.history)
    assert joined.state.scores() == match.state.scores()
    assert joined.seat == 1 and joined.seats[1] == "human" and joined.seats[0] == "remote"
