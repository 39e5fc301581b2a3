"""White (cat) and brown (dog) cards."""
from game.cubitos.actions import Push
from game.cubitos.state import ACTIVE
from tests.game.cubitos.cardkit import card_game, end_move_on, now_roll
from tests.game.cubitos.helpers import at_decision, at_run, do, put, rig, uses, zone_colours


def test_smelly_cat_gains_two_movement():
    s = card_game("Smelly Cat")
    put(s, 0, "white", "active", "sym")
    at_run(s, 0)
    do(s, "use Smelly Cat white:sym")
    assert s.seats[0].move == 2 and not uses(s, "Smelly Cat")


def test_cat_tastrophy_gains_a_die_costing_at_most_the_fan_count():
    s = card_game("Cat Tastrophy")
    put(s, 0, "white", "active", "sym")
    at_run(s, 0)
    assert {a.option for a in uses(s)} == {("lgray",), ("dgray",)}  # no fans: cost 0 only
    s.seats[0].fans = 4
    s.trays["brown"].clear()
    s.trays["lgray"].extend([])
    s._legal = None
    assert {a.option[0] for a in uses(s)} == {"lgray", "dgray", "white", "orange"}  # brown tray empty
    do(s, "use Cat Tastrophy white:sym orange")
    assert "orange" in zone_colours(s, 0, "discard")


def test_fat_cat_gains_three_movement_and_a_gray_die_if_any():
    s = card_game("Fat Cat")
    put(s, 0, "white", "active", "sym")
    at_run(s, 0)
    assert {a.option for a in uses(s)} == {("lgray",), ("dgray",)}
    do(s, "use Fat Cat white:sym dgray")
    assert s.seats[0].move == 3 and zone_colours(s, 0, "discard") == ["dgray"]
    s = card_game("Fat Cat")
    put(s, 0, "white", "active", "sym")
    s.trays["lgray"].clear(), s.trays["dgray"].clear()
    at_run(s, 0)
    do(s, "use Fat Cat white:sym")
    assert s.seats[0].move == 3


def test_dope_cat_needs_brown_or_green_and_pays_both():
    s = card_game("Dope Cat")
    put(s, 0, "white", "active", "sym")
    at_run(s, 0)
    assert not uses(s, "Dope Cat")
    put(s, 0, "brown", "active", "")
    assert uses(s, "Dope Cat")
    put(s, 0, "green", "active", "")
    do(s, "use Dope Cat white:sym")
    assert s.seats[0].money == 5


def test_broken_cow_needs_two_cats_and_places_a_free_die_lost_at_round_end():
    s = card_game("Broken Cow")
    put(s, 0, "white", "active", "sym")
    at_run(s, 0, hold=False)
    assert not uses(s, "Broken Cow")
    put(s, 0, "white", "active", "sym")
    assert ("yellow", "pow") in {a.option for a in uses(s, "Broken Cow")}
    do(s, "use Broken Cow white:sym yellow pow")
    assert not uses(s, "Broken Cow")  # both cats are used
    placed = s.temp[0]
    assert s.colour(placed) == "yellow" and s.face_name(placed) == "pow" and placed in s.seats[0].zones[ACTIVE]
    do(s, "use Bad Cheese yellow:pow")
    assert (s.seats[0].move, s.seats[0].money) == (2, 3)
    do(s, "end move")
    do(s, "end turn") if s.phase == "turn" and s.current_player == 0 else None
    assert placed in s.trays["yellow"] and not s.temp


def test_broken_cow_with_an_empty_tray_offers_nothing_of_that_colour():
    s = card_game("Broken Cow")
    put(s, 0, "white", "active", "sym", n=2)
    s.trays["red"].clear()
    at_run(s, 0)
    assert "red" not in {a.option[0] for a in uses(s, "Broken Cow")}


def test_fast_cat_now_rolls_two_chosen_dice_from_draw():
    s = card_game("Fast Cat")
    put(s, 0, "lgray", "draw")
    put(s, 0, "dgray", "draw", n=2)
    now_roll(s, 0, "white", "sym")
    assert {a.option for a in uses(s, "Fast Cat")} == {("lgray", "dgray"), ("dgray", "dgray")}
    rig(s, ("dgray", "m"), ("dgray", ""))
    do(s, "use Fast Cat white:sym dgray dgray")
    assert zone_colours(s, 0, "active") == ["dgray", "white"] and zone_colours(s, 0, "roll") == ["dgray"]
    assert s.seats[0].stage == "decide" and not s.seats[0].risk


def test_fast_cat_reshuffles_the_discard_when_the_draw_runs_out():
    s = card_game("Fast Cat")
    put(s, 0, "dgray", "draw")
    put(s, 0, "lgray", "discard", n=3)
    now_roll(s, 0, "white", "sym")
    assert {a.option for a in uses(s, "Fast Cat")} == {("lgray", "dgray")}
    rig(s, ("dgray", ""), ("lgray", ""))
    events = do(s, "use Fast Cat white:sym lgray dgray")
    assert "reshuffled" in [e.kind for e in events] and zone_colours(s, 0, "draw") == ["lgray", "lgray"]


def test_now_abilities_may_be_skipped():
    s = card_game("Fast Cat")
    put(s, 0, "dgray", "draw", n=2)
    put(s, 0, "lgray", "roll")
    put(s, 0, "white", "roll")
    at_decision(s, 0)
    rig(s, ("lgray", ""), ("white", "sym"))
    s.apply(Push())
    assert uses(s, "Fast Cat")
    do(s, "skip")
    assert not uses(s, "Fast Cat") and zone_colours(s, 0, "draw") == ["dgray", "dgray"]


def test_schmutz_pays_credits_for_a_die_lost_to_a_lose_a_die_reward_space():
    s = card_game("Schmutz")
    put(s, 0, "white", "active", "sym")
    put(s, 0, "lgray", "discard")
    at_run(s, 0)
    end_move_on(s, 0, (("lose", 1),))
    do(s, "lose discard/lgray")
    credits = s.seats[0].credits
    do(s, "use Schmutz white:sym")
    assert s.seats[0].credits == credits + 3


def test_cat_tastrophy_counts_a_fan_gained_on_a_reward_space():
    s = card_game("Cat Tastrophy")
    put(s, 0, "white", "active", "sym")
    s.seats[0].fans = 2
    at_run(s, 0)
    cheap = [a for a in uses(s, "Cat Tastrophy")]
    end_move_on(s, 0, (("fan", 1),))
    assert len(uses(s, "Cat Tastrophy")) > len(cheap)  # the 3-cost dice join the choice


def test_schmutz_pays_credits_only_after_losing_a_die():
    s = card_game("Schmutz")
    put(s, 0, "white", "active", "sym", n=2)
    at_run(s, 0)
    do(s, "use Schmutz white:sym")
    assert (s.seats[0].move, s.seats[0].credits) == (1, 4)
    s.seats[0].lost = 1
    do(s, "use Schmutz white:sym")
    assert (s.seats[0].move, s.seats[0].credits) == (2, 7)


# ---- brown ------------------------------------------------------------------------------------
def test_rich_dog_gains_three_money_and_loses_the_dog():
    s = card_game("Rich Dog")
    (dog,) = put(s, 0, "brown", "active", "sym")
    at_run(s, 0)
    do(s, "use Rich Dog brown:sym")
    assert s.seats[0].money == 3 and dog in s.trays["brown"] and s.seats[0].lost


def test_unused_dogs_are_lost_when_moving_but_not_after_a_bust():
    s = card_game("Rich Dog")
    (dog,) = put(s, 0, "brown", "active", "sym")
    (money_dog,) = put(s, 0, "brown", "active", "$3")
    at_run(s, 0)
    do(s, "end move")
    assert dog in s.trays["brown"] and money_dog not in s.trays["brown"]
    s = card_game("Rich Dog")
    put(s, 0, "lgray", "active", "$", n=2)
    (dog,) = put(s, 0, "brown", "active", "sym")
    put(s, 0, "lgray", "roll")
    at_decision(s, 0)
    rig(s, ("lgray", ""))
    s.apply(Push())
    assert dog in s.seats[0].zones[3]  # busted: discarded, not lost


def test_captain_bark_fan_then_credits_with_the_same_dog():
    s = card_game("Captain Bark")
    put(s, 0, "brown", "active", "sym")
    at_run(s, 0)
    assert {a.option for a in uses(s, "Captain Bark")} == {("credits",)}
    put(s, 0, "white", "active", "")
    put(s, 0, "red", "active", "")
    do(s, "use Captain Bark brown:sym fan")
    assert (s.seats[0].fans, s.seats[0].credits) == (1, 4)  # fan space 1 has a credit: not paid
    assert {a.option for a in uses(s, "Captain Bark")} == {("credits",)}
    do(s, "use Captain Bark brown:sym credits")
    assert s.seats[0].credits == 6 and "brown" not in zone_colours(s, 0, "active")


def test_wizard_gains_a_credit_per_push_without_bust_and_is_lost_in_the_run():
    s = card_game("Wizard")
    (wiz,) = put(s, 0, "brown", "active", "sym")
    put(s, 0, "lgray", "roll", n=2)
    at_decision(s, 0)
    rig(s, ("lgray", "$"), ("lgray", ""))
    s.apply(Push())
    assert s.seats[0].credits == 1 and s.seats[0].got_credit
    at_run(s, 0)
    do(s, "end move")
    assert wiz in s.trays["brown"]


def test_dapper_doggie_repeats_the_gray_dice_and_loses_the_dog():
    s = card_game("Dapper Doggie")
    put(s, 0, "brown", "active", "sym", n=2)
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "dgray", "active", "m")
    put(s, 0, "lgray", "active", "")
    at_run(s, 0)
    s.seats[0].money, s.seats[0].move = 2, 1
    do(s, "use Dapper Doggie brown:sym")
    do(s, "use Dapper Doggie brown:sym")
    assert (s.seats[0].money, s.seats[0].move) == (6, 3)  # the rulebook's example shape: 3x the grays
    assert "brown" not in zone_colours(s, 0, "active")


def test_dr_livingstone_and_mr_dog():
    s = card_game("Dr. Livingstone")
    put(s, 0, "brown", "active", "sym")
    at_run(s, 0)
    do(s, "use Dr. Livingstone brown:sym")
    assert s.seats[0].move == 2 and not zone_colours(s, 0, "active")
    s = card_game("Mr. Dog")
    put(s, 0, "brown", "active", "sym")
    at_run(s, 0)
    do(s, "use Mr. Dog brown:sym")
    assert s.seats[0].credits == 6 and not zone_colours(s, 0, "active")


def test_muggles_now_rolls_two_then_run_gains_two_money_and_loses_the_dog():
    s = card_game("Muggles")
    put(s, 0, "lgray", "draw", n=2)
    now_roll(s, 0, "brown", "sym")
    rig(s, ("lgray", "$"), ("lgray", "$"))
    do(s, "use Muggles brown:sym lgray lgray")
    assert zone_colours(s, 0, "active") == ["brown", "lgray", "lgray"]
    at_run(s, 0)
    do(s, "use Muggles brown:sym")
    assert s.seats[0].money == 2 + 2 and "brown" not in zone_colours(s, 0, "active")
