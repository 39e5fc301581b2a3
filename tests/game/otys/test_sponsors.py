"""Every sponsor, both sides."""
from game.otys import actions as A
from game.otys.data import ENGINEER, EXPLORER, FUEL, METAL, OWN_X, PLANT, SPY, TRADER
from tests.game.otys.position import SPONSOR, column, fresh, game, hand_card, me, place_diver, play, put_reward, turn_on


def test_1_basic_gives_a_credit():
    s = game()
    p = turn_on(s, 2, PLANT, sponsor=0)
    events = play(s, SPONSOR)
    assert p.credits == 4 and events[0].data["credits"] == 1 and events[0].data["sponsor"] == 0


def test_1_advanced_makes_own_divers_free_this_turn():
    for diver, action in [(ENGINEER, A.Improve(0)), (SPY, A.Draw()), (EXPLORER, A.TakeReward(0))]:
        s = game()
        p = turn_on(s, 3, diver, sponsor=0, advanced=True)
        p.credits = 0
        play(fresh(s), SPONSOR)
        assert action in s.legal_actions()
        play(s, action)
        assert p.credits == 0


def test_1_advanced_makes_a_trader_purchase_free_but_not_a_copied_divers_cost():
    s = game()
    p = turn_on(s, 3, TRADER, sponsor=0, advanced=True)
    p.credits = 0
    s.table.store[FUEL] = column(2)
    play(fresh(s), SPONSOR, A.Buy(FUEL, 0))  # even the dearest row
    assert p.credits == 0 and p.res[2][FUEL] >= 1
    s = game()
    opp = s.players[1 - s.turn]
    place_diver(opp, ENGINEER, 3)
    p = turn_on(s, 3, SPY, sponsor=0, advanced=True)
    p.credits = 1
    play(fresh(s), SPONSOR, A.Copy(1 - s.turn))  # the own spy is free ...
    assert p.credits == 1
    play(s, A.Improve(0))  # ... the copied engineer is not
    assert p.credits == 0


def test_2_basic_uses_the_diver_twice_with_a_contract_in_between():
    s = game()
    p = turn_on(s, 1, PLANT, sponsor=1)
    p.res[0] = [1, 0, 0, 0]
    hand_card(s, s.turn, 0)  # specific M P
    play(s, SPONSOR, A.Gather(True, 0))  # no battery: step 2 follows the sponsor at once
    assert s.stage == "step2" and A.Complete(0, 1, (1, 1, 0, 0)) in s.legal_actions()
    play(s, A.Complete(0, 1, (1, 1, 0, 0)))
    assert p.prestige == 1 and p.res[0] == [0, 0, 0, 0]
    play(s, A.Gather(True, 0))
    assert p.res[0] == [0, 1, 0, 0] and p.divers[0] == PLANT


def test_2_advanced_uses_a_reward_front_then_discards_and_refills():
    s = game()
    put_reward(s, 2, 1, 27)  # +1 prestige
    p = turn_on(s, 2, PLANT, sponsor=1, advanced=True)
    assert A.TakeReward(1) in s.legal_actions()
    events = play(s, A.TakeReward(1))
    assert s.table.reward_discard == [27] and s.table.display[1][1] not in (27, -1)
    assert events[0].kind == "sponsor" and events[1].kind == "reward_taken" and not events[1].data["explorer"]
    play(s, A.Front(0))
    assert p.prestige == 1 and p.rewards == [-1] * 5


def test_2_advanced_identical_tokens_are_one_choice():
    s = game()
    put_reward(s, 2, 0, 12)
    put_reward(s, 2, 1, 13)  # both +1 battery, orange
    turn_on(s, 2, PLANT, sponsor=1, advanced=True)
    assert [a for a in s.legal_actions() if isinstance(a, A.TakeReward)] == [A.TakeReward(0)]


def test_3_basic_returns_an_own_key_not_a_neutral_one():
    s = game()
    me(s).track = [0, 2, OWN_X]
    p = turn_on(s, 4, PLANT, sponsor=2)
    legal = s.legal_actions()
    assert A.ReturnKey(2) in legal and A.ReturnKey(OWN_X) in legal and A.ReturnKey(0) not in legal
    play(s, A.ReturnKey(2))
    assert p.track == [0, OWN_X]


def test_3_advanced_resurfaces_the_level_5_diver_before_step_2():
    s = game()
    p = turn_on(s, 3, PLANT, sponsor=2, advanced=True)
    above = p.divers[4]  # on level 2: shifted down onto level 3
    bottom = p.divers[7]
    play(s, SPONSOR)
    assert p.divers[0] == bottom and p.diver_at(3) == above
    assert s.active == above


def test_4_basic_upgrades_the_activated_diver_for_two_credits():
    s = game()
    p = turn_on(s, 2, PLANT, sponsor=3)
    assert A.Upgrade(PLANT) in s.legal_actions()
    play(s, A.Upgrade(PLANT))
    assert p.upgraded[PLANT] and p.credits == 1 and p.prestige == 1
    assert A.Gather(False, 1) in s.legal_actions()  # the upgraded side applies this turn


def test_4_refused_without_two_credits():
    s = game()
    p = turn_on(s, 2, PLANT, sponsor=3)
    p.credits = 1
    assert not any(isinstance(a, A.Upgrade) for a in fresh(s).legal_actions())


def test_4_advanced_upgrades_one_of_the_surface_divers():
    s = game()
    p = turn_on(s, 2, PLANT, sponsor=3, advanced=True)
    surface = p.divers[:3]
    assert sorted(a.diver for a in s.legal_actions() if isinstance(a, A.Upgrade)) == sorted(surface)
    play(s, A.Upgrade(surface[1]))
    assert p.upgraded[surface[1]] and p.prestige == 1 and p.credits == 1


def test_5_basic_gives_a_battery():
    s = game()
    p = turn_on(s, 5, PLANT, sponsor=4)
    play(s, SPONSOR)
    assert p.batteries == 1


def test_5_advanced_battery_or_a_paid_resource_move_either_way():
    s = game()
    p = turn_on(s, 3, PLANT, sponsor=4, advanced=True, batteries=1)
    p.res = [[0, 0, 0, 0], [1, 0, 0, 0], [0, 2, 0, 0], [0, 0, 0, 0], [6, 0, 0, 0]]
    legal = fresh(s).legal_actions()
    moves = {a for a in legal if isinstance(a, A.MoveResource)}
    assert SPONSOR in legal
    assert A.MoveResource(METAL, 2, 3) in moves and A.MoveResource(PLANT, 3, 1) in moves
    assert A.MoveResource(PLANT, 3, 5) not in moves  # level 5 is full
    assert A.MoveResource(METAL, 2, 1) not in moves  # neither end is the activated level
    play(s, A.MoveResource(PLANT, 3, 1))
    assert p.res[0][PLANT] == 1 and p.res[2][PLANT] == 1 and p.batteries == 0
    s2 = game()
    p2 = turn_on(s2, 3, PLANT, sponsor=4, advanced=True, batteries=0)
    assert not any(isinstance(a, A.MoveResource) for a in fresh(s2).legal_actions())
    play(s2, SPONSOR)
    assert p2.batteries == 1
