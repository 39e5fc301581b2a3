"""Every diver, basic and upgraded side, with its refusals."""
import pytest

from game.core import IllegalAction
from game.otys import actions as A
from game.otys.data import (BUY_COST, ENGINEER, EXPLORER, FUEL, METAL, OWN_X, PLANT, SELL_CREDITS, SPY, TECH,
                            TRADER)
from tests.game.otys.position import (DONE, OXYGEN, RESURFACE, column, fresh, game, place_diver, play, put_reward,
                                      turn_on)


def _step2(s, level, diver, upgraded=False, batteries=1, **kw):
    """Bring ``diver`` to step 2 on ``level`` (sponsor #1 basic left unused)."""
    p = turn_on(s, level, diver, batteries=batteries, **kw)
    p.upgraded[diver] = upgraded
    play(s, DONE)
    assert s.stage == "step2" and s.active == diver
    return p


@pytest.mark.parametrize("diver", [METAL, PLANT, FUEL, TECH])
def test_basic_expert_finds_its_colour_on_its_level(diver):
    s = game()
    p = _step2(s, 3, diver)
    before = p.res[2][:]
    assert s.legal_actions() == [A.Gather(True, 0), DONE]
    events = play(s, A.Gather(True, 0))
    assert p.res[2][diver] == before[diver] + 1 and sum(p.res[2]) == sum(before) + 1
    assert events[0].kind == "gather" and events[0].data["colour"] == diver and events[0].data["level"] == 3


def test_expert_refused_on_a_full_level():
    s = game()
    p = turn_on(s, 1, PLANT, batteries=1)
    p.res[0] = [3, 0, 0, 0]  # level 1 holds 3: full (and completes no contract)
    fresh(s)
    play(s, DONE)
    assert s.stage == "step3"  # nothing the expert could do: passed over
    with pytest.raises(IllegalAction):
        s.apply(A.Gather(True, 0))
    assert p.res[0] == [3, 0, 0, 0]


@pytest.mark.parametrize("diver, field", [(PLANT, "credits"), (FUEL, "batteries")])
def test_upgraded_plant_and_fuel_bonuses(diver, field):
    s = game()
    p = _step2(s, 2, diver, upgraded=True)
    assert s.legal_actions() == [A.Gather(True, 0), A.Gather(True, 1), A.Gather(False, 1), DONE]
    before, res = getattr(p, field), sum(p.res[1])
    play(s, A.Gather(True, 1))
    assert getattr(p, field) == before + 1 and sum(p.res[1]) == res + 1


def test_upgraded_bonus_without_the_resource():
    s = game()
    p = _step2(s, 2, PLANT, upgraded=True)
    res = sum(p.res[1])
    play(s, A.Gather(False, 1))
    assert p.credits == 4 and sum(p.res[1]) == res


def test_upgraded_metal_expert_gives_a_neutral_x_key():
    s = game()
    p = _step2(s, 2, METAL, upgraded=True)
    play(s, A.Gather(True, 1))
    assert p.neutral_x == 1 and s.table.neutral_pile == 11


def test_upgraded_metal_expert_without_neutral_keys_left():
    s = game()
    p = _step2(s, 2, METAL, upgraded=True)
    s.table.neutral_pile = 0
    assert fresh(s).legal_actions() == [A.Gather(True, 0), DONE]
    assert p.neutral_x == 0


def test_upgraded_tech_expert_returns_a_chosen_own_key():
    s = game()
    p = turn_on(s, 4, TECH, batteries=1)
    p.upgraded[TECH] = True
    p.track = [1, 0, OWN_X]
    play(fresh(s), DONE)
    legal = s.legal_actions()
    assert A.Gather(False, 1) in legal and A.Gather(True, OWN_X) in legal and A.Gather(True, 0) in legal
    assert not any(isinstance(a, A.Gather) and a.bonus == 2 for a in legal)  # key 2 is on the board
    events = play(s, A.Gather(False, OWN_X))
    assert p.track == [1, 0] and events[0].kind == "key_returned" and events[0].data["slot"] == 2


# ---- trader -------------------------------------------------------------------------
def _trader(s, upgraded=False, level=3, colour=METAL, store=0, credits=3):
    p = turn_on(s, level, TRADER, batteries=1)
    p.upgraded[TRADER] = upgraded
    p.res[level - 1] = [0, 0, 0, 0]
    p.res[level - 1][colour] = 1
    p.credits = credits
    s.table.store[colour] = column(store)
    play(fresh(s), DONE)
    return p


def test_trader_sells_to_the_top_row_for_credits_or_prestige():
    s = game()
    p = _trader(s, store=0)
    assert A.Sell(METAL, False) in s.legal_actions() and A.Sell(METAL, True) in s.legal_actions()
    events = play(s, A.Sell(METAL, True))
    assert p.prestige == 1 and p.credits == 3 and s.table.store[METAL] == column(1) and p.res[2][METAL] == 0
    assert events[0].data["row"] == 0


def test_trader_sells_lower_rows_for_credits_only():
    s = game()
    p = _trader(s, store=1)
    assert A.Sell(METAL, True) not in s.legal_actions()
    play(s, A.Sell(METAL, False))
    assert p.credits == 3 + SELL_CREDITS[1] and s.table.store[METAL] == column(2)


def test_trader_refuses_a_sale_to_a_full_column():
    s = game()
    _trader(s, store=3)
    assert not any(isinstance(a, A.Sell) for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(A.Sell(METAL, False))


def test_trader_buys_from_the_row_the_buyer_chooses_at_that_rows_cost():
    s = game()
    p = _trader(s, colour=METAL, store=0, credits=5)
    s.table.store[FUEL] = column(2)
    legal = fresh(s).legal_actions()
    assert [a for a in legal if isinstance(a, A.Buy) and a.colour == FUEL] == [A.Buy(FUEL, 0), A.Buy(FUEL, 1)]
    assert str(A.Buy(FUEL, 0)) != str(A.Buy(FUEL, 1))
    play(s, A.Buy(FUEL, 1))
    assert p.credits == 5 - BUY_COST[1] and s.table.store[FUEL] == [True, False, False] and p.res[2][FUEL] == 1


def test_buying_the_top_row_frees_it_for_the_next_sale_of_prestige():
    """Paying more for the top row frees the only row that pays prestige for a later sale."""
    s = game()
    p = _trader(s, colour=FUEL, store=0, credits=5)
    p.res[2][FUEL] = 0
    s.table.store[FUEL] = column(2)
    events = play(fresh(s), A.Buy(FUEL, 0))
    assert p.credits == 5 - BUY_COST[0] and s.table.store[FUEL] == [False, True, False]
    assert events[0].data["row"] == 0 and "row 1" in events[0].text
    s2 = game()
    p2 = _trader(s2, colour=FUEL, store=0)
    s2.table.store[FUEL] = [False, True, False]
    assert A.Sell(FUEL, True) in fresh(s2).legal_actions()
    play(s2, A.Sell(FUEL, True))
    assert p2.prestige == 1 and s2.table.store[FUEL] == [True, True, False]


def test_trader_refuses_a_purchase_without_credits_or_space():
    s = game()
    _trader(s, store=0, credits=1)
    s.table.store = [column(0), column(3), column(2), column(0)]  # metal, plant (1 at the bottom), fuel (3, 2)
    legal = fresh(s).legal_actions()
    assert [a for a in legal if isinstance(a, A.Buy)] == [A.Buy(PLANT, 2)]
    s2 = game()
    p2 = _trader(s2, level=1, credits=9)
    p2.res[0] = [1, 1, 1, 0]
    s2.table.store[FUEL] = column(1)
    assert not any(isinstance(a, A.Buy) for a in fresh(s2).legal_actions())


def test_upgraded_trader_earns_one_more_and_pays_one_less():
    s = game()
    p = _trader(s, upgraded=True, store=1, credits=3)
    legal = s.legal_actions()
    assert A.Sell(METAL, True) in legal  # every row now gives prestige
    play(s, A.Sell(METAL, False))
    assert p.credits == 3 + SELL_CREDITS[1] + 1
    s2 = game()
    p2 = _trader(s2, upgraded=True, store=0, credits=3)
    play(s2, A.Sell(METAL, True))
    assert p2.prestige == 2
    s3 = game()
    p3 = _trader(s3, upgraded=True, store=0, credits=0)
    s3.table.store[TECH] = column(3)
    play(fresh(s3), A.Buy(TECH, 2))  # row 3 costs 1, upgraded 0
    assert p3.credits == 0 and p3.res[2][TECH] == 1


# ---- spy ----------------------------------------------------------------------------
def test_spy_draws_four_keeps_one_and_puts_three_under_the_deck():
    s = game()
    p = _step2(s, 2, SPY)
    top4 = s.table.deck[-4:][::-1]
    events = play(s, A.Draw())
    assert p.credits == 2 and events[-1].kind == "contracts_drawn" and events[-1].reveal
    assert events[-1].data["private"]["cards"] == top4
    assert s.pending == [["keep", s.turn, *top4]]
    play(s, A.Keep(top4[2]))
    assert p.hand == [top4[2]]
    rest = [c for c in top4 if c != top4[2]]
    assert s.table.deck[:3] == rest[::-1] and s.table.deck_owner[:3] == [s.turn] * 3


def test_spy_copies_the_neighbours_diver_on_the_same_level():
    s = game()
    opp = s.players[1 - s.turn]
    place_diver(opp, FUEL, 2)
    p = _step2(s, 2, SPY)
    legal = s.legal_actions()
    assert A.Copy(1 - s.turn) in legal
    fuel = p.res[1][FUEL]
    events = play(s, A.Copy(1 - s.turn))
    assert p.credits == 2 and events[0].kind == "copy" and events[0].data["diver"] == FUEL
    assert s.legal_actions() == [A.Gather(True, 0), DONE]
    play(s, A.Gather(True, 0))
    assert p.res[1][FUEL] == fuel + 1 and opp.diver_at(2) == FUEL  # the copied diver stays down


def test_copied_diver_keeps_its_side_and_its_cost():
    s = game()
    opp = s.players[1 - s.turn]
    place_diver(opp, EXPLORER, 3)
    opp.upgraded[EXPLORER] = True
    p = _step2(s, 3, SPY)
    p.credits = 2
    play(fresh(s), A.Copy(1 - s.turn))  # 1 for the spy
    play(s, A.TakeReward(0))  # 1 for an upgraded explorer
    assert p.credits == 0 and p.rewards[2] >= 0


def test_a_copied_spy_cannot_copy_a_spy_again():
    s = game()
    opp = s.players[1 - s.turn]
    place_diver(opp, SPY, 4)
    _step2(s, 4, SPY)
    play(s, A.Copy(1 - s.turn))
    assert s.legal_actions() == [A.Draw(), DONE]


def test_spy_without_credits_does_nothing():
    s = game()
    p = turn_on(s, 2, SPY, batteries=1)
    p.credits = 0
    play(fresh(s), DONE)
    assert s.stage == "step3"


def test_upgraded_spy_is_free():
    s = game()
    p = _step2(s, 2, SPY, upgraded=True)
    p.credits = 0
    assert A.Draw() in fresh(s).legal_actions()
    play(s, A.Draw())
    assert p.credits == 0


@pytest.mark.parametrize("players, copies", [(3, 2), (4, 2)])
def test_spy_reaches_only_the_neighbours(players, copies):
    s = game(players)
    _step2(s, 2, SPY)
    seats = sorted(a.seat for a in s.legal_actions() if isinstance(a, A.Copy))
    n, t = players, s.turn
    assert seats == sorted({(t - 1) % n, (t + 1) % n}) and len(seats) == copies


def test_designer_variant_pays_the_opponent_who_may_keep_its_diver_down():
    s = game(spy_variant=True)
    opp_seat = 1 - s.turn
    opp = s.players[opp_seat]
    place_diver(opp, PLANT, 2)
    opp.batteries = 1
    p = _step2(s, 2, SPY)
    play(s, A.Copy(opp_seat))
    assert p.credits == 2 and opp.credits == 4
    play(s, A.Gather(True, 0), RESURFACE)
    assert s.current_player == opp_seat and s.legal_actions() == [RESURFACE, OXYGEN]
    play(s, OXYGEN)
    assert opp.batteries == 0 and opp.diver_at(2) == PLANT and s.turn == opp_seat and s.current_player == opp_seat
    assert p.divers[0] == SPY


def test_designer_variant_copied_diver_resurfaces_with_the_spy():
    s = game(spy_variant=True)
    opp_seat = 1 - s.turn
    opp = s.players[opp_seat]
    place_diver(opp, PLANT, 2)
    opp.batteries = 0
    _step2(s, 2, SPY)
    play(s, A.Copy(opp_seat), A.Gather(True, 0), RESURFACE)
    assert opp.divers[0] == PLANT


# ---- engineer -----------------------------------------------------------------------
def test_engineer_improves_mechanic_or_hacker_for_a_credit():
    s = game()
    p = _step2(s, 5, ENGINEER)
    assert s.legal_actions() == [A.Improve(0), A.Improve(1), DONE]
    play(s, A.Improve(0))
    assert p.mechanic == 1 and p.reach == 2 and p.credits == 2


def test_engineer_stops_at_three_and_needs_a_credit():
    s = game()
    p = _step2(s, 5, ENGINEER)
    p.mechanic = 3
    assert fresh(s).legal_actions() == [A.Improve(1), DONE]
    p.credits = 0
    assert fresh(s).legal_actions() == [DONE]


def test_upgraded_engineer_is_free():
    s = game()
    p = _step2(s, 5, ENGINEER, upgraded=True)
    p.credits = 0
    play(fresh(s), A.Improve(1))
    assert p.hacker == 1 and p.free_spaces == 4 and p.credits == 0


# ---- explorer -----------------------------------------------------------------------
def test_explorer_takes_a_token_uses_its_front_and_keeps_it_on_that_level():
    s = game()
    put_reward(s, 4, 0, 12)  # +1 battery, orange back
    p = _step2(s, 4, EXPLORER)
    old = s.table.reward_discard[:]
    p.rewards[3] = 30
    s.table.bag.remove(30)
    events = play(fresh(s), A.TakeReward(0))
    assert p.credits == 1 and p.rewards[3] == 12 and s.table.reward_discard == old + [30]
    assert s.table.display[3][0] not in (12, -1)
    assert [e.kind for e in events] == ["reward_taken", "reward_revealed"] and events[1].reveal
    assert s.legal_actions() == [A.Front(0), DONE]
    play(s, A.Front(0))
    assert p.batteries == 2


def test_upgraded_explorer_costs_one_and_basic_needs_two():
    s = game()
    p = _step2(s, 1, EXPLORER)
    p.credits = 1
    assert fresh(s).legal_actions() == [DONE]
    p.upgraded[EXPLORER] = True
    assert any(isinstance(a, A.TakeReward) for a in fresh(s).legal_actions())


def test_two_neighbours_showing_the_same_tile_are_one_choice_unless_the_variant_pays_them():
    for variant, copies in ((False, 1), (True, 2)):
        s = game(3, spy_variant=variant)
        for seat in range(3):
            if seat != s.turn:
                place_diver(s.players[seat], FUEL, 2)
        _step2(s, 2, SPY)
        assert len([a for a in s.legal_actions() if isinstance(a, A.Copy)]) == copies
