"""The turn: keys, X keys, batteries (propeller, oxygen), resurfacing, the Hacker track."""
import pytest

from game.core import IllegalAction
from game.otys import actions as A
from game.otys.data import ENGINEER, NEUTRAL_X, OWN_X, PLANT, TRADER
from tests.game.otys.position import DONE, OXYGEN, RESURFACE, SPONSOR, fresh, game, kinds, me, place_diver, \
    place_sponsor, play


def _quiet(s, level=1):
    """A position where level ``level`` holds the plant expert under sponsor #1 (basic)."""
    p = me(s)
    place_diver(p, PLANT, level)
    place_sponsor(s, 0, level)
    return p


def test_a_whole_turn_slides_activates_resurfaces_and_places_the_key():
    s = game()
    p = _quiet(s, 2)
    seat = s.turn
    events = play(s, A.Key(2))
    assert s.stage == "step1" and SPONSOR in s.legal_actions() and DONE in s.legal_actions()
    events += play(s, SPONSOR, DONE)
    assert p.credits == 4 and s.stage == "step2" and s.active == PLANT
    events += play(s, A.Gather(True, 0))
    assert s.stage == "step3" and s.legal_actions() == [RESURFACE, OXYGEN]
    events += play(s, RESURFACE)
    assert p.divers[0] == PLANT and p.res[1][PLANT] == 1 + (p.res[1][PLANT] - 1)
    assert p.track == [2] and s.turn != seat and s.stage == "key"
    assert kinds(events) == ["key", "sponsor", "activate", "gather", "resurface", "key_to_track"]
    resurface = events[4].data
    assert resurface["diver"] == PLANT and resurface["src"] == 4 and resurface["order"][0] == PLANT


def test_resurfacing_shifts_the_divers_above_down():
    s = game()
    p = _quiet(s, 3)
    before = p.divers[:]
    p.batteries = 0
    play(s, A.Key(3), DONE, DONE)
    assert p.divers == [PLANT] + before[:5] + before[6:]


def test_used_key_is_no_longer_available_until_the_reset():
    s = game()
    p = _quiet(s, 1)
    p.batteries = 0
    play(s, A.Key(1), DONE, DONE)
    s.turn = s.players.index(p)
    s.stage = "key"
    assert A.Key(1) not in fresh(s).legal_actions() and A.Key(2) in s.legal_actions()
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply(A.Key(1))


def _own_turn_again(s, seat):
    s.turn, s.stage = seat, "key"
    fresh(s)


def test_hacker_reset_after_six_keys_returns_all_and_neutral_x_to_the_pile():
    s = game()
    seat = s.turn
    p = me(s)
    p.batteries = 0
    p.neutral_x = 1
    s.table.neutral_pile -= 1
    for key in (A.Key(1), A.XKey(3, True), A.Key(2), A.Key(3), A.Key(4)):
        _own_turn_again(s, seat)
        play(s, key)
        while s.turn == seat:
            play(s, DONE if DONE in s.legal_actions() else RESURFACE)
    assert p.track == [1, NEUTRAL_X, 2, 3, 4]
    _own_turn_again(s, seat)
    play(s, A.Key(5))
    while s.turn == seat:
        events = play(s, DONE if DONE in s.legal_actions() else RESURFACE)
    assert p.track == [] and s.table.neutral_pile == 12
    reset = [e for e in events if e.kind == "keys_reset"][0]
    assert reset.data["returned"] == [1, NEUTRAL_X, 2, 3, 4, 5]


def test_six_own_keys_make_one_cycle():
    s = game()
    seat = s.turn
    p = me(s)
    p.batteries = 0
    for i, key in enumerate([A.Key(1), A.Key(2), A.Key(3), A.Key(4), A.Key(5), A.XKey(1, False)]):
        _own_turn_again(s, seat)
        if i == 5:
            assert s.legal_actions() == [A.XKey(level, False) for level in range(1, 6)]
        play(s, key)
        while s.turn == seat:
            play(s, DONE if DONE in s.legal_actions() else RESURFACE)
    assert p.track == []


def test_x_key_rotates_sponsors_then_uses_the_sponsor_of_its_level():
    s = game()
    p = me(s)
    order = s.table.sponsors[:]
    events = play(s, A.XKey(4, False))
    assert s.table.sponsors == [order[4]] + order[:4]
    assert kinds(events) == ["key", "sponsors_rotated"]
    sponsor = s.table.sponsors[3]
    assert sponsor == order[2]
    credits = p.credits
    if sponsor == 0:
        play(s, SPONSOR)
        assert p.credits == credits + 1


def test_x_key_may_go_on_a_level_whose_key_is_used_and_lands_on_the_track():
    s = game()
    seat = s.turn
    p = _quiet(s, 2)
    p.track = [2]
    p.batteries = 0
    fresh(s)
    assert A.Key(2) not in s.legal_actions() and A.XKey(2, False) in s.legal_actions()
    play(s, A.XKey(2, False))
    while s.turn == seat:
        play(s, s.legal_actions()[-1])
    assert p.track == [2, OWN_X]


def test_neutral_x_keys_are_offered_only_when_held():
    s = game()
    p = me(s)
    assert not any(isinstance(a, A.XKey) and a.neutral for a in s.legal_actions())
    p.neutral_x = 2
    assert A.XKey(5, True) in fresh(s).legal_actions()
    play(s, A.XKey(5, True))
    assert p.neutral_x == 1 and s.key_token == NEUTRAL_X


def test_propeller_moves_within_mechanic_reach_and_changes_the_activated_diver():
    s = game()
    p = _quiet(s, 2)
    place_diver(p, TRADER, 3)
    p.batteries = 2
    play(s, A.Key(2))
    propels = [a for a in s.legal_actions() if isinstance(a, A.Propel)]
    assert A.Propel(PLANT, 5) in propels  # the L2/L3 swap, listed as the upper diver moving down
    assert A.Propel(TRADER, 4) not in propels  # ... and only so
    assert A.Propel(TRADER, 3) not in propels  # two positions: beyond reach 1
    events = play(s, A.Propel(PLANT, 5))  # the plant expert swims down: the trader comes up to L2
    assert p.batteries == 1 and events[0].kind == "propel" and events[0].data["src"] == 4
    play(s, A.Propel(PLANT, 6))  # several batteries in one step
    assert p.batteries == 0 and p.divers[6] == PLANT
    play(s, SPONSOR)  # batteries spent: step 2 starts by itself
    assert s.stage == "step2" and s.active == TRADER


def test_adjacent_swaps_are_offered_once():
    s = game()
    p = me(s)
    play(s, A.Key(1))
    propels = [a for a in s.legal_actions() if isinstance(a, A.Propel)]
    columns = set()
    for a in propels:
        col = p.divers[:]
        col.insert(a.to, col.pop(col.index(a.diver)))
        columns.add(tuple(col))
    assert len(columns) == len(propels) == 7  # reach 1 over 8 positions: 7 swaps


def test_mechanic_improvements_widen_the_reach():
    s = game()
    p = me(s)
    p.mechanic = 3
    play(s, A.Key(1))
    top = p.divers[0]
    assert A.Propel(top, 4) in s.legal_actions() and A.Propel(top, 5) not in s.legal_actions()


def test_no_battery_no_propeller_and_no_oxygen():
    s = game()
    p = _quiet(s, 1)
    p.batteries = 0
    play(s, A.Key(1))
    assert not any(isinstance(a, A.Propel) for a in s.legal_actions())
    play(s, SPONSOR)  # nothing else in step 1: the diver is activated at once
    assert s.stage == "step2"
    play(s, A.Gather(True, 0))
    assert s.stage == "key"  # nothing left to choose: the diver resurfaced by itself


def test_oxygen_keeps_the_diver_down():
    s = game()
    p = _quiet(s, 4)
    play(s, A.Key(4), SPONSOR, DONE, A.Gather(True, 0), OXYGEN)
    assert p.diver_at(4) == PLANT and p.batteries == 0


def test_done_skips_the_diver():
    s = game()
    p = _quiet(s, 4)
    res = [r[:] for r in p.res]
    play(s, A.Key(4), DONE, DONE, RESURFACE)
    assert p.res == res and p.divers[0] == PLANT


def test_hacker_improvement_that_overlaps_keys_returns_them_at_the_end_of_the_turn():
    s = game()
    p = me(s)
    place_diver(p, ENGINEER, 5)
    place_sponsor(s, 0, 5)
    p.track = [1, 2, 3, 4]  # free spaces: 5; after the improvement: 4, all taken
    p.batteries = 0
    play(s, A.Key(5), DONE, A.Improve(1))
    assert p.hacker == 1 and p.track == [] and p.credits == 2
