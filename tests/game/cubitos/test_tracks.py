"""The direction ruling (docs/rulings/cubitos.md, "moving"): runners follow the printed track,
never back along it, and every space can be reached from the start."""
from collections import deque

import pytest

from game.cubitos.board import build, track_names
from tests.game.cubitos.helpers import at_run, do, game


def steps(s) -> list[str]:
    return [a.space for a in s.legal_actions() if a.kind == "step"]


def test_the_two_credit_space_beside_the_start_of_nothing_goes_right_is_entered_from_the_start():
    s = game("race7")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.move = 1
    assert "1.20" in steps(s)
    do(s, "step 1.20")
    credits = seat.credits
    do(s, "end move")
    assert seat.credits == credits + 2


def test_a_runner_on_water_never_steps_back_onto_land():
    s = game(track="still-waters-run-deep")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node, seat.move, seat.wmove = s.board.node("10.2"), 1, 1
    s._legal = None
    assert sorted(steps(s)) == ["10.1", "10.3", "11.2"]


def test_a_runner_never_steps_back_along_the_oval():
    b = build("nothing-goes-right")
    assert b.node("0.23") in b.steps(b.node("0.21"))  # the first section runs away from the start
    assert b.node("0.21") not in b.steps(b.node("0.23"))


def test_distance_beyond_the_start_counts_the_steps_from_it():
    s = game("race7", laps=1)
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.laps, seat.finished, seat.node = 1, 1, s.board.node("1.20")
    assert s.beyond(0) == 1


@pytest.mark.parametrize("track", track_names())
def test_every_space_is_reachable_from_the_start(track):
    """Over any space (water movement) along the direction rule, with the movement effects; and
    every land space over land alone."""
    b = build(track)
    for land in (False, True):
        seen, queue = {b.start}, deque([b.start])
        while queue:
            a = queue.popleft()
            eff = b.effect[a]
            for n in b.steps(a) + ([eff[2]] if eff and eff[2] >= 0 else []):
                if n not in seen and not (land and b.water[n]):
                    seen.add(n)
                    queue.append(n)
        assert [b.labels[n] for n in range(b.size) if n not in seen and not (land and b.water[n])] == []


@pytest.mark.parametrize("track", track_names())
def test_no_land_space_is_a_dead_end(track):
    """From every land space but the finish a runner can go on over land (a step or an effect)."""
    b = build(track)
    stuck = [b.labels[n] for n in range(b.size) if n != b.finish and not b.water[n] and not b.effect[n]
             and not [m for m in b.steps(n) if not b.water[m]]]
    assert stuck == []
