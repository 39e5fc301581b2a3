"""Contracts: specific and free cards, levels, bonuses, reward backs, refills, several a turn."""
from game.otys import actions as A
from game.otys.contracts import CARDS, ways
from game.otys.data import CONTRACTS, PLANT
from game.otys.rules import RULES
from tests.game.otys.position import fresh, game, give_reward, hand_card, kinds, me, play, turn_on

MP, MT, MPFT, ONE_ONE_ONE, TWO_ONE, TWO_ONE_ONE, TWO_TWO_ONE_ONE = 0, 2, 14, 16, 18, 25, 31


def _completes(s):
    return [a for a in s.legal_actions() if isinstance(a, A.Complete)]


def test_the_deck_is_sixteen_specific_and_sixteen_free_worth_66():
    assert len(CONTRACTS) == 32 and sum(c.prestige for c in CARDS) == 66
    assert [c.kind for c in CARDS].count("free") == 16 and max(c.size for c in CARDS) == 6


def test_specific_contract_from_the_hand_pays_prestige_and_bonus():
    s = game()
    p = me(s)
    hand_card(s, s.turn, MP)
    p.res[1] = [1, 1, 1, 0]
    assert A.Complete(MP, 2, (1, 1, 0, 0)) in fresh(s).legal_actions()
    events = play(s, A.Complete(MP, 2, (1, 1, 0, 0)))
    assert p.prestige == 1 and p.credits == 4 and p.res[1] == [0, 0, 1, 0] and p.hand == []
    assert s.table.contract_discard == [MP] and kinds(events) == ["contract"]
    assert events[0].data["public"] is False and s.stage == "key"  # not an action: the turn goes on


def test_bonus_credit_and_battery():
    s = game()
    p = me(s)
    hand_card(s, s.turn, MPFT)
    p.res[3] = [1, 1, 1, 1]
    play(fresh(s), A.Complete(MPFT, 4, (1, 1, 1, 1)))
    assert (p.prestige, p.credits, p.batteries) == (3, 4, 2)


def test_free_contract_offers_each_way_to_pay_once():
    assert sorted(ways(ONE_ONE_ONE, [1, 1, 1, 1])) == sorted(
        [(0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1), (1, 1, 1, 0)])
    assert sorted(ways(TWO_ONE, [2, 2, 0, 0])) == [(1, 2, 0, 0), (2, 1, 0, 0)]
    assert ways(TWO_ONE, [3, 0, 0, 0]) == []  # the numbers need different colours
    s = game()
    p = me(s)
    hand_card(s, s.turn, TWO_ONE)
    p.res[2] = [2, 2, 0, 0]
    assert sorted(a.use for a in _completes(fresh(s))) == [(1, 2, 0, 0), (2, 1, 0, 0)]
    play(s, A.Complete(TWO_ONE, 3, (1, 2, 0, 0)))
    assert p.res[2] == [1, 0, 0, 0] and p.batteries == 2


def test_two_ways_to_pay_read_apart_in_words_and_captions():
    """Contract 26 (2-1-1 different) on level 4 paid two ways: each names its payment."""
    s = game()
    hand_card(s, s.turn, TWO_ONE_ONE)
    me(s).res[3] = [0, 2, 2, 1]
    completes = [a for a in _completes(fresh(s)) if a.card == TWO_ONE_ONE]
    assert completes == [A.Complete(TWO_ONE_ONE, 4, (0, 2, 1, 1)), A.Complete(TWO_ONE_ONE, 4, (0, 1, 2, 1))]
    assert [str(a) for a in completes] == ["complete contract 26 on 4 with 2 plant + 1 fuel + 1 tech",
                                           "complete contract 26 on 4 with 1 plant + 2 fuel + 1 tech"]
    captions = [RULES.describe_action(s, a) for a in completes]
    assert captions[0] != captions[1] and "with 1 plant + 2 fuel + 1 tech for 2 prestige" in captions[1]


def test_resources_must_be_on_one_level():
    s = game()
    p = me(s)
    hand_card(s, s.turn, MP)
    p.res[0] = [1, 0, 0, 0]
    p.res[1] = [0, 1, 0, 0]
    assert _completes(fresh(s)) == []


def test_big_contracts_fit_only_deep_levels():
    s = game()
    p = me(s)
    hand_card(s, s.turn, TWO_TWO_ONE_ONE)
    p.res[4] = [2, 2, 1, 1]
    assert [(a.level, a.use) for a in _completes(fresh(s)) if a.card == TWO_TWO_ONE_ONE] == [(5, (2, 2, 1, 1))]
    play(s, A.Complete(TWO_TWO_ONE_ONE, 5, (2, 2, 1, 1)))
    assert p.prestige == 5


def test_public_contract_is_refilled_from_the_deck():
    s = game()
    p = me(s)
    card = s.table.public[0]
    top = s.table.deck[-1]
    use = CARDS[card].uses[0]
    p.res[4] = list(use)
    events = play(fresh(s), A.Complete(card, 5, use))
    assert s.table.public[0] == top and p.prestige == CARDS[card].prestige
    assert kinds(events) == ["contract", "contract_revealed"] and events[1].reveal


def test_identical_public_contracts_are_one_choice():
    s = game()
    t = s.table
    t.deck += t.public
    t.deck_owner += [-1] * len(t.public)
    t.public = []
    for card in (ONE_ONE_ONE, ONE_ONE_ONE + 1):
        t.deck_owner.pop(t.deck.index(card))
        t.deck.remove(card)
        t.public.append(card)
    me(s).res[2] = [1, 1, 1, 0]
    assert _completes(fresh(s)) == [A.Complete(ONE_ONE_ONE, 3, (1, 1, 1, 0))]


def test_reward_back_pays_on_its_level_orange_credits_green_prestige():
    for token, credits, prestige in [(0, 3 + 1 + 2, 1), (1, 3 + 1, 2)]:
        s = game()
        p = me(s)
        give_reward(s, s.turn, 2, token)
        hand_card(s, s.turn, MP)
        p.res[1] = [1, 1, 0, 0]
        play(fresh(s), A.Complete(MP, 2, (1, 1, 0, 0)))
        assert (p.credits, p.prestige) == (credits, prestige)


def test_several_contracts_in_one_turn():
    s = game()
    p = me(s)
    hand_card(s, s.turn, MP)
    hand_card(s, s.turn, MT)
    p.res[3] = [2, 1, 0, 1]
    play(fresh(s), A.Complete(MP, 4, (1, 1, 0, 0)), A.Complete(MT, 4, (1, 0, 0, 1)))
    assert p.prestige == 2 and p.res[3] == [0, 0, 0, 0]


def test_contracts_can_be_completed_in_every_stage_of_the_turn():
    s = game()
    p = turn_on(s, 1, PLANT, batteries=1)
    hand_card(s, s.turn, MP)
    p.res[4] = [1, 1, 0, 0]
    assert A.Complete(MP, 5, (1, 1, 0, 0)) in fresh(s).legal_actions()  # step 1
    play(s, A.Done())
    assert A.Complete(MP, 5, (1, 1, 0, 0)) in s.legal_actions()  # step 2
    play(s, A.Done())
    assert s.stage == "step3" and A.Complete(MP, 5, (1, 1, 0, 0)) in s.legal_actions()


def test_an_empty_deck_is_made_again_from_the_discards():
    s = game()
    p = me(s)
    t = s.table
    t.contract_discard, t.deck, t.deck_owner = t.deck, [], []
    card = t.public[0]
    use = CARDS[card].uses[0]
    p.res[4] = list(use)
    events = play(fresh(s), A.Complete(card, 5, use))
    assert kinds(events) == ["contract", "deck_reshuffled", "contract_revealed"]
    assert t.public[0] >= 0 and len(t.deck) == 32 - len(t.public) and t.contract_discard == []
