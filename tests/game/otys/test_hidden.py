"""Hidden information: observations leak no other hand, the deck order or the bag;
determinizations keep everything the seat has seen."""
import json
import random

from game.core import Rng
from game.otys import actions as A
from game.otys.data import SPY
from tests.game.otys.invariants import check
from tests.game.otys.position import game, hand_card, play, turn_on


def _midgame(players=3, seed=4, plies=400):
    s = game(players, seed=seed, sponsors="random")
    r = random.Random(seed)
    for _ in range(plies):
        if s.is_over:
            break
        s.apply(r.choice(s.legal_actions()))
    return s


def test_observation_hides_other_hands_deck_and_bag():
    s = game(3)
    for seat, card in enumerate(s.table.deck[-3:]):
        hand_card(s, seat, card)
    obs = s.observation(0)
    assert obs["players"][0]["hand"] == s.players[0].hand
    assert obs["players"][1]["hand"] == 1 and obs["players"][2]["hand"] == 1
    assert obs["table"]["deck"] == len(s.table.deck) and obs["table"]["bag"] == len(s.table.bag)
    assert "deck_owner" not in obs["table"] and "rng" not in obs
    json.dumps(obs)


def test_observation_does_not_change_when_hidden_things_do():
    s = game(3)
    for seat, card in enumerate(s.table.deck[-3:]):
        hand_card(s, seat, card)
    before = s.observation(0)
    other = s.clone()
    other.players[1].hand[0], other.table.deck[0] = other.table.deck[0], other.players[1].hand[0]
    other.table.deck.reverse()
    other.table.bag.reverse()
    other.rng = Rng(12345)
    assert other.observation(0) == before
    assert other.observation(1) != s.observation(1)  # seat 1 sees its own hand change


def test_cards_another_seat_is_choosing_from_stay_hidden():
    s = game(2)
    turn_on(s, 2, SPY, batteries=1)
    play(s, A.Done(), A.Draw())
    drawn = s.pending[-1][2:]
    mine, theirs = s.observation(s.turn), s.observation(1 - s.turn)
    assert mine["pending"][-1][2:] == drawn
    assert theirs["pending"][-1] == ["keep", s.turn, 4]


def test_determinize_keeps_what_the_seat_sees_and_redeals_the_rest():
    s = _midgame()
    for seat in range(3):
        changed = False
        for i in range(10):
            d = s.determinize(seat, Rng(i))
            check(d)
            assert d.observation(seat) == s.observation(seat)
            assert d.players[seat].hand == s.players[seat].hand
            changed |= d.table.deck != s.table.deck or any(
                d.players[q].hand != s.players[q].hand for q in range(3) if q != seat)
            assert d.rng.state != s.rng.state
        assert changed


def test_determinize_keeps_cards_the_seat_put_under_the_deck():
    s = game(2)
    seat = s.turn
    turn_on(s, 2, SPY, batteries=1)
    play(s, A.Done(), A.Draw())
    play(s, s.legal_actions()[0])
    under = s.table.deck[:3]
    for i in range(5):
        assert s.determinize(seat, Rng(i)).table.deck[:3] == under
    assert any(s.determinize(1 - seat, Rng(i)).table.deck[:3] != under for i in range(5))


def test_determinize_does_not_touch_the_original():
    s = _midgame()
    before = s.to_dict()
    d = s.determinize(0, Rng(1))
    d.apply(d.legal_actions()[0])
    assert s.to_dict() == before


def test_no_observation_changes_when_hidden_cards_are_redealt_during_whole_games():
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        s = game(players, seed=seed, sponsors="random")
        r = random.Random(seed)
        plies = 0
        while not s.is_over:
            if plies % 20 == 0:
                for seat in range(players):
                    d = s.determinize(seat, Rng(plies))
                    assert d.observation(seat) == s.observation(seat)
            s.apply(r.choice(s.legal_actions()))
            plies += 1
