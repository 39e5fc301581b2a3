"""Red (swords) and orange (beaver) cards."""
from game.cubitos import drawing, phases
from game.cubitos.actions import Push
from game.cubitos.state import ACTIVE, DRAW
from tests.game.cubitos.cardkit import card_game, end_move_on, now_roll
from tests.game.cubitos.helpers import at_decision, at_run, do, put, rig, uses, zone_colours


def swords(s, *faces_per_seat):
    """Give each seat red dice on these faces and compare swords."""
    for p, faces in enumerate(faces_per_seat):
        for f in faces:
            put(s, p, "red", "active", f)
    phases.compare_swords(s, [])


def test_power_swords_count_two_and_ties_go_to_the_start_player():
    s = card_game("Mr. Soldier", players=3)
    s.start = 1
    swords(s, ["sym", "sym"], ["pow"], [])
    assert s.swords == [2, 2, 0] and s.most == 1


def test_no_swords_means_nobody_has_the_most():
    s = card_game("Mr. Soldier")
    swords(s, [], [])
    assert s.most == -1


def test_mr_soldier_only_for_the_most_swords():
    s = card_game("Mr. Soldier")
    swords(s, ["sym", "sym"], ["sym"])
    at_run(s, 1)
    assert not uses(s, "Mr. Soldier")
    at_run(s, 0)
    do(s, "use Mr. Soldier")
    assert (s.seats[0].credits, s.seats[0].move) == (4 + 3, 2) and not uses(s, "Mr. Soldier")


def test_swords_hold_for_the_round_even_after_losing_the_red_dice():
    s = card_game("Mr. Soldier")
    swords(s, ["sym"], [])
    for d in list(s.seats[0].zones[ACTIVE]):
        s.move_die(d, s.trays["red"])
    at_run(s, 0)
    assert uses(s, "Mr. Soldier")


def test_punch_guy_white_and_green_do_not_count_next_draw():
    s = card_game("Punch Guy")
    swords(s, ["sym"], [])
    at_run(s, 0)
    do(s, "use Punch Guy")
    assert s.seats[0].flags_next == ["punch"]
    s.seats[0].flags = ["punch"]
    put(s, 0, "white", "roll", n=2)
    put(s, 0, "green", "roll")
    put(s, 0, "lgray", "roll")
    s.seats[0].draw_amount = 9
    assert drawing.draw_need(s, 0) == 8


def test_supah_general_moves_the_fan_count():
    s = card_game("Supah General!")
    swords(s, ["sym"], [])
    s.seats[0].fans = 5
    at_run(s, 0)
    do(s, "use Supah General!")
    assert s.seats[0].move == 5


def test_jacques_couteau_rolls_two_non_red_dice_per_player_with_fewer_swords():
    s = card_game("Jacques Couteau", players=3)
    swords(s, ["sym", "sym"], ["sym"], ["sym", "sym"])
    at_run(s, 1)
    assert not uses(s, "Jacques Couteau")
    at_run(s, 0)
    put(s, 0, "lgray", "discard", n=2)
    put(s, 0, "red", "draw")
    put(s, 0, "dgray", "draw")
    do(s, "use Jacques Couteau")
    options = {a.option for a in uses(s, "Jacques Couteau")}
    assert ("discard/lgray", "draw/dgray") in options and not any("red" in k for o in options for k in o)
    rig(s, ("lgray", ""), ("dgray", "m"))
    do(s, "use Jacques Couteau discard/lgray draw/dgray")
    assert s.seats[0].move == 1 and zone_colours(s, 0, "roll") == ["lgray"]  # no bust: not a push


def test_jacques_couteau_may_roll_active_dice_whose_old_face_then_no_longer_counts():
    s = card_game("Jacques Couteau")
    swords(s, ["sym"], [])
    at_run(s, 0)
    put(s, 0, "lgray", "active", "$")
    put(s, 0, "dgray", "draw")
    s.seats[0].money = 1  # the active light gray's money, totalled when the Run Phase began
    do(s, "use Jacques Couteau")
    assert ("active/lgray:$", "draw/dgray") in {a.option for a in uses(s, "Jacques Couteau")}
    rig(s, ("lgray", ""), ("dgray", "m"))
    do(s, "use Jacques Couteau active/lgray:$ draw/dgray")
    assert (s.seats[0].money, s.seats[0].move) == (0, 1) and zone_colours(s, 0, "roll") == ["lgray"]


def test_champion_lets_you_take_any_dice_from_draw_active_discard_next_round():
    s = card_game("Champion")
    s.seats[0].flags_next = ["champion"]
    put(s, 0, "lgray", "draw", n=2)
    put(s, 0, "purple", "discard")
    at_run(s, 0, "buy", hold=False)
    s.seats[1].flags_next = []
    do(s, "end turn")
    assert s.seats[0].stage == "champion" or s.current_player == 0
    assert {str(a) for a in s.legal_actions()} >= {"take draw/lgray", "take discard/purple", "end draw"}
    do(s, "take discard/purple")
    assert "purple" in zone_colours(s, 0, "roll")
    assert "take discard/purple" not in {str(a) for a in s.legal_actions()}


def test_crabby_gives_a_die_to_the_fewest_swords_player_of_your_choice():
    s = card_game("Crabby", players=3)
    swords(s, ["sym", "sym"], [], [])
    put(s, 0, "lgray", "discard")
    at_run(s, 0)
    targets = {a.option[0] for a in uses(s, "Crabby")}
    assert targets == {"1", "2"}
    do(s, "use Crabby 2 discard/lgray")
    assert zone_colours(s, 2, "discard") == ["lgray"] and "lgray" not in zone_colours(s, 0, "discard")


def test_el_bandito_a_credit_per_player_with_fewer_swords_ties_do_not_count():
    s = card_game("El Bandito", players=4)
    swords(s, ["sym", "sym"], ["pow"], ["sym"], [])
    at_run(s, 0)
    do(s, "use El Bandito")
    assert s.seats[0].credits == 4 + 2
    at_run(s, 3)
    assert not uses(s, "El Bandito")


# ---- orange -----------------------------------------------------------------------------------
def test_dugout_now_rolls_three_chosen_dice_from_draw():
    s = card_game("Dugout")
    put(s, 0, "lgray", "draw", n=4)
    now_roll(s, 0, "orange", "pow")
    assert {a.option for a in uses(s, "Dugout")} == {("lgray", "lgray", "lgray")}
    rig(s, ("lgray", ""), ("lgray", "$"), ("lgray", ""))
    do(s, "use Dugout orange:pow lgray lgray lgray")
    assert zone_colours(s, 0, "active") == ["lgray", "orange"] and len(s.seats[0].zones[DRAW]) == 1


def test_reliever_beaver_loses_a_roll_zone_die_or_nothing_if_empty():
    s = card_game("Reliever Beaver")
    put(s, 0, "orange", "active", "sym")
    at_run(s, 0)
    assert not uses(s, "Reliever Beaver")
    put(s, 0, "lgray", "roll")
    do(s, "use Reliever Beaver orange:sym lgray")
    assert not zone_colours(s, 0, "roll") and s.seats[0].lost


def test_benchwarmer_loses_itself_and_one_other_die():
    s = card_game("Benchwarmer")
    (beaver,) = put(s, 0, "orange", "active", "sym")
    at_run(s, 0)
    assert not uses(s, "Benchwarmer")  # no other die
    put(s, 0, "lgray", "discard")
    do(s, "use Benchwarmer orange:sym discard/lgray")
    assert beaver in s.trays["orange"] and not zone_colours(s, 0, "discard")


def test_benchwarmer_with_two_beavers_may_lose_the_other_beaver():
    s = card_game("Benchwarmer")
    put(s, 0, "orange", "active", "sym", n=2)
    at_run(s, 0)
    do(s, "use Benchwarmer orange:sym active/orange:sym")
    assert not zone_colours(s, 0, "active")


def beaver_after_move(reward: tuple, fans: int = 0):
    """A Batter Beaver player who ends the move on a space paying ``reward``."""
    s = card_game("Batter Beaver")
    put(s, 0, "orange", "active", "sym")
    put(s, 0, "lgray", "discard")
    at_run(s, 0)
    s.seats[0].fans = fans
    assert not uses(s, "Batter Beaver")  # nothing to lose before moving: no credit gained yet
    end_move_on(s, 0, reward)
    return s


def test_batter_beaver_loses_a_die_for_a_credit_from_a_reward_space():
    s = beaver_after_move((("credits", 1),))
    assert {a.kind for a in s.legal_actions()} == {"use"}  # compulsory before buying or ending
    do(s, "use Batter Beaver orange:sym discard/lgray")
    assert not zone_colours(s, 0, "discard") and "end turn" in {str(a) for a in s.legal_actions()}


def test_batter_beaver_loses_a_die_for_a_credit_from_the_fan_track():
    s = beaver_after_move((("fan", 1),))
    assert s.seats[0].fans == 1 and {a.kind for a in s.legal_actions()} == {"use"}
    do(s, "use Batter Beaver orange:sym active/orange:sym")
    assert not zone_colours(s, 0, "active")


def test_batter_beaver_costs_nothing_without_a_credit():
    s = beaver_after_move((("fan", 1),), fans=1)  # the second fan space gives a draw token only
    assert not uses(s, "Batter Beaver") and "end turn" in {str(a) for a in s.legal_actions()}


def test_batter_beaver_now_rolls_two_from_draw():
    s = card_game("Batter Beaver")
    put(s, 0, "dgray", "draw", n=2)
    now_roll(s, 0, "orange", "sym")
    assert {a.option for a in uses(s, "Batter Beaver")} == {("dgray", "dgray")}


def test_mr_bats_counts_a_fan_gained_on_a_reward_space():
    s = card_game("Mr. Bats")
    put(s, 0, "orange", "active", "sym")
    s.seats[0].fans = 1
    at_run(s, 0)
    end_move_on(s, 0, (("fan", 1),))
    credits = s.seats[0].credits
    do(s, "use Mr. Bats orange:sym credits")
    assert s.seats[0].credits == credits + 1


def test_mr_bats_two_money_or_half_the_fans_in_credits():
    s = card_game("Mr. Bats")
    put(s, 0, "orange", "active", "sym", n=2)
    s.seats[0].fans = 5
    at_run(s, 0)
    do(s, "use Mr. Bats orange:sym credits")
    do(s, "use Mr. Bats orange:sym money")
    assert (s.seats[0].money, s.seats[0].credits) == (2, 4 + 2)


def test_the_babe_power_adds_movement_and_loses_the_beaver_even_unused():
    s = card_game("The Babe")
    put(s, 0, "orange", "active", "sym")
    (power,) = put(s, 0, "orange", "active", "pow")
    at_run(s, 0)
    do(s, "use The Babe orange:sym")
    assert s.seats[0].money == 5 and "orange" in zone_colours(s, 0, "active")
    do(s, "use The Babe orange:pow")
    assert (s.seats[0].money, s.seats[0].move) == (10, 1) and power in s.trays["orange"]
    s = card_game("The Babe")
    (power,) = put(s, 0, "orange", "active", "pow")
    at_run(s, 0)
    do(s, "end move")
    assert power in s.trays["orange"]


def test_pinch_eater_sets_a_roll_zone_die_on_a_chosen_face():
    s = card_game("Pinch Eater")
    put(s, 0, "red", "roll")
    put(s, 0, "orange", "roll")
    at_decision(s, 0)
    rig(s, ("red", ""), ("orange", "sym"))
    s.apply(Push())
    assert ("red", "pow") in {a.option for a in uses(s, "Pinch Eater")}
    do(s, "use Pinch Eater orange:sym red pow")
    assert not s.seats[0].zones[1] and "red:pow" in [s.key(d, ACTIVE) for d in s.seats[0].zones[ACTIVE]]


def test_pinch_eater_with_an_empty_roll_zone_has_no_effect_to_offer():
    s = card_game("Pinch Eater")
    put(s, 0, "orange", "roll")
    at_decision(s, 0)
    rig(s, ("orange", "sym"))
    events = s.apply(Push())
    kinds = [e.kind for e in events]
    assert "placed" not in kinds and kinds[:2] == ["rolled", "passed"]  # nothing to pinch: no choice left
