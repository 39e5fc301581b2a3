"""What a seat remembers (issue 38 item 3): a deck rebuilt from the face-up discards holds cards
everyone has seen, so a re-dealt world keeps them apart from the cards a seat never saw."""
import json
import random

from game.core import Rng
from game.core.savefile import SaveData, parse, to_json
from game.otys import actions as A
from game.otys.contracts import CARDS
from game.otys.data import SPY
from game.otys.rules import RULES
from tests.game.otys.position import fresh, game, hand_card, me, play, turn_on

WORLDS = 20


def _rebuilt(players: int = 3, seed: int = 4):
    """Seats 1 and 2 of the table hold two hidden cards each, the rest lies in the discards, and
    the seat to play draws with its Spy: the discards become the deck and it draws four of them."""
    s = game(players, seed=seed)
    others = [q for q in range(players) if q != s.turn]
    for q in others:
        for _ in range(2):
            hand_card(s, q, s.table.deck[-1])
    t = s.table
    t.contract_discard, t.deck, t.deck_owner = t.deck, [], []
    fresh(s)
    discards = list(t.contract_discard)
    turn_on(s, 2, SPY, batteries=1)
    events = play(s, A.Done(), A.Draw())
    assert "deck_reshuffled" in [e.kind for e in events]
    return s, others, discards


def test_a_rebuilt_deck_holds_only_the_discards_in_every_world():
    s, others, discards = _rebuilt()
    for seat in others:  # the drawer sees its draw; the others know the deck is the rest of the discards
        for k in range(WORLDS):
            world = s.determinize(seat, Rng(k))
            assert set(world.table.deck) <= set(discards), f"seat {seat}, world {k}: a hand card went into the deck"
            assert set(world.pending[-1][2:]) <= set(discards), f"seat {seat}, world {k}: the draw holds a hand card"
            for q in others:
                assert not set(world.players[q].hand) & set(discards), "a discard went into a hidden hand"
            assert world.knowledge(seat) == s.knowledge(seat)


def test_the_deck_order_and_the_draw_are_still_re_dealt():
    """Knowing which cards are in the deck is not knowing their order, nor which four were drawn."""
    s, others, _ = _rebuilt()
    seat = others[0]
    worlds = [s.determinize(seat, Rng(k)) for k in range(WORLDS)]
    assert any(w.table.deck != s.table.deck for w in worlds)
    assert any(sorted(w.pending[-1][2:]) != sorted(s.pending[-1][2:]) for w in worlds)


def test_everyone_remembers_the_rebuild_and_old_files_load():
    s, _, discards = _rebuilt()
    assert s.memory is not None and len({m[discards[0]] for m in s.memory}) == 1
    assert all(m[c] == 0 for m in s.memory for q in range(3) for c in s.players[q].hand)
    back = RULES.from_dict(s.to_dict())
    assert back.memory == s.memory and back.knowledge(0) == s.knowledge(0)
    fresh_game = game(3, seed=4)
    d = fresh_game.to_dict()
    assert "memory" not in d  # nothing remembered yet: the file reads as it always has
    assert RULES.from_dict(d).memory is None
    assert "memory" not in s.observation(0)


def test_a_public_refill_that_rebuilds_the_deck_is_remembered_too():
    s = game(3, seed=4)
    other = (s.turn + 1) % 3
    hand_card(s, other, s.table.deck[-1])
    t = s.table
    t.contract_discard, t.deck, t.deck_owner = t.deck, [], []
    card = t.public[0]
    use = CARDS[card].uses[0]
    me(s).res[4] = list(use)
    play(fresh(s), A.Complete(card, 5, use))
    deck = set(s.table.deck)
    for k in range(WORLDS):
        assert set(s.determinize(s.turn, Rng(k)).table.deck) == deck


def test_cards_a_seat_put_under_the_deck_stay_known_after_another_seat_draws_them():
    """Seat a returns three cards under the deck; once seat b draws them, a knows they are in b's
    draw, never in a third seat's hand."""
    s = game(3, seed=4)
    a = s.turn
    turn_on(s, 2, SPY, batteries=1)
    play(s, A.Done(), A.Draw())
    play(s, s.legal_actions()[0])
    mine = list(s.table.deck[:3])
    while s.turn == a:
        s.apply(s.legal_actions()[0])
    b = s.turn
    third = 3 - a - b
    hand_card(s, third, s.table.deck[-1])
    t = s.table
    t.deck, t.deck_owner = t.deck[:3], t.deck_owner[:3]  # the next draw reaches a's cards
    fresh(s)
    turn_on(s, 2, SPY, batteries=1)
    play(s, A.Done(), A.Draw())
    assert set(mine) <= set(s.pending[-1][2:])
    for k in range(WORLDS):
        world = s.determinize(a, Rng(k))
        assert set(mine) <= set(world.pending[-1][2:]), f"world {k} moved a card seat {a} knows was drawn"
        assert world.knowledge(a) == s.knowledge(a)


def _remembering_game():
    """A seeded random 3-player game, played on until some seat remembers something."""
    s = game(3, seed=4, sponsors="random")
    pick = random.Random(4)
    actions = []
    while s.memory is None:
        actions.append(pick.choice(s.legal_actions()))
        s.apply(actions[-1])
    return s, actions


def test_a_save_written_before_memories_existed_still_loads():
    """Old files are seed + moves + the final position as it was written then, without "memory":
    replaying gives the same position, which now remembers, and the file still loads."""
    s, actions = _remembering_game()
    data = SaveData("otys", 3, 4, {"sponsors": "random"}, ["human"] * 3, actions)
    old = to_json(data, s)
    assert "memory" in old["final"]
    del old["final"]["memory"]  # as the file was written before
    _, states = parse(json.loads(json.dumps(old)))
    assert states[-1].memory == s.memory
    assert s.to_dict() != {**old["final"], "turn": 99}  # any real difference still tells


def test_the_memory_round_trips_through_a_new_save():
    s, actions = _remembering_game()
    new = json.loads(json.dumps(to_json(SaveData("otys", 3, 4, {"sponsors": "random"}, ["human"] * 3, actions), s)))
    _, states = parse(new)
    assert states[-1].to_dict() == s.to_dict() and states[-1].knowledge(0) == s.knowledge(0)
    assert RULES.from_dict(new["final"]).memory == s.memory
