"""Yellow (cheese) and green (rock) cards."""
from game.cubitos import drawing
from game.cubitos.actions import Push
from game.cubitos.state import ACTIVE, DRAW, ROLL
from tests.game.cubitos.cardkit import card_game
from tests.game.cubitos.helpers import at_decision, at_run, do, put, rig, uses, zone_colours


def pushing(s, *rolls):
    at_decision(s, 0)
    rig(s, *rolls)
    return s.apply(Push())


def test_reckless_cheese_steps_one_space_per_cheese_after_a_push_without_bust():
    s = card_game("Reckless Cheese")
    put(s, 0, "yellow", "active", "sym")
    put(s, 0, "yellow", "active", "pow")
    put(s, 0, "lgray", "roll", n=2)
    pushing(s, ("lgray", "$"), ("lgray", ""))
    steps = uses(s, "Reckless Cheese")
    assert steps and all(not s.board.water[s.board.node(a.option[0])] for a in steps)
    s.apply(steps[0])
    s.apply(uses(s, "Reckless Cheese")[0])
    assert s.progress(0) == 2 and not uses(s, "Reckless Cheese")


def test_reckless_cheese_gives_no_reward_in_the_roll_phase():
    s = card_game("Reckless Cheese")
    put(s, 0, "yellow", "active", "sym")
    put(s, 0, "lgray", "roll", n=2)
    s.seats[0].node = s.board.node("0.21")
    pushing(s, ("lgray", "$"), ("lgray", ""))
    do(s, "use Reckless Cheese 0.23")  # a lose-a-die space
    assert not s.seats[0].tasks and s.seats[0].credits == 0


def test_the_big_cheese_one_movement_or_half_the_fans():
    s = card_game("The Big Cheese")
    put(s, 0, "yellow", "active", "sym", n=2)
    at_run(s, 0)
    do(s, "use The Big Cheese yellow:sym")
    s.seats[0].fans = 7
    do(s, "use The Big Cheese yellow:sym")
    assert s.seats[0].move == 1 + 3


def test_ledercheesen_rolls_a_die_from_draw_after_each_push_and_power_runs_per_four_dice():
    s = card_game("Ledercheesen")
    put(s, 0, "yellow", "active", "pow")
    put(s, 0, "lgray", "roll")
    put(s, 0, "dgray", "draw")
    pushing(s, ("lgray", "$"))
    assert [a.option for a in uses(s, "Ledercheesen")] == [("dgray",)]
    rig(s, ("dgray", "m"))
    do(s, "use Ledercheesen dgray")
    assert zone_colours(s, 0, "active") == ["dgray", "lgray", "yellow"]
    put(s, 0, "lgray", "active", "", n=5)
    at_run(s, 0)
    do(s, "use Ledercheesen yellow:pow")
    assert s.seats[0].move == 1 + 8 // 4  # the dark gray's movement face, then 8 active dice


def test_stinky_cheese_power_stops_gray_dice_counting_next_draw():
    s = card_game("Stinky Cheese")
    put(s, 0, "yellow", "active", "pow")
    at_run(s, 0)
    do(s, "use Stinky Cheese yellow:pow")
    assert s.seats[0].move == 2 and s.seats[0].flags_next == ["stinky"]
    s.seats[0].flags = ["stinky"]
    put(s, 0, "lgray", "roll", n=3)
    put(s, 0, "dgray", "roll")
    s.seats[0].draw_amount = 9
    assert drawing.draw_need(s, 0) == 9


def test_bad_cheese_power_gains_money_and_is_lost_even_unused():
    s = card_game("Bad Cheese")
    put(s, 0, "yellow", "active", "sym")
    (power,) = put(s, 0, "yellow", "active", "pow")
    at_run(s, 0)
    do(s, "use Bad Cheese yellow:pow")
    assert (s.seats[0].move, s.seats[0].money) == (2, 3) and power in s.trays["yellow"]
    s = card_game("Bad Cheese")
    (power,) = put(s, 0, "yellow", "active", "pow")
    at_run(s, 0)
    do(s, "end move")
    assert power in s.trays["yellow"]


def test_the_cheese_stands_alone_forces_one_more_push_per_roll():
    s = card_game("The Cheese Stands Alone")
    put(s, 0, "yellow", "roll", n=2)
    put(s, 0, "lgray", "roll")
    events = pushing(s, ("yellow", "sym"), ("yellow", "pow"), ("lgray", ""), ("lgray", "$"))
    pushes = [e for e in events if e.kind == "rolled" and e.data["why"] == "pushes"]
    assert len(pushes) == 2  # two cheese on one roll force a single push, made at once: no choice
    assert s.seats[0].forced == 0


def test_the_cheese_stands_alone_run_gains_three_movement():
    s = card_game("The Cheese Stands Alone")
    put(s, 0, "yellow", "active", "sym")
    at_run(s, 0)
    do(s, "use The Cheese Stands Alone yellow:sym")
    assert s.seats[0].move == 3


def test_cheese_boy_brown_for_movement_orange_to_lose_a_roll_die():
    s = card_game("Cheese Boy")
    put(s, 0, "yellow", "active", "sym")
    at_run(s, 0)
    assert not uses(s, "Cheese Boy")
    put(s, 0, "orange", "active", "")
    put(s, 0, "lgray", "roll")
    assert {a.option for a in uses(s, "Cheese Boy")} == {(), ("lgray",)}
    put(s, 0, "brown", "active", "")
    do(s, "use Cheese Boy yellow:sym lgray")
    assert s.seats[0].move == 2 and not s.seats[0].zones[ROLL]


# ---- green ------------------------------------------------------------------------------------
def test_rock_on_moves_the_rock_back_to_roll_with_the_push():
    s = card_game("Rock On")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "roll")
    at_decision(s, 0)
    assert {a.back for a in s.legal_actions() if isinstance(a, Push)} == {(), ("green:sym",)}
    rig(s, ("lgray", ""), ("green", "m"))
    do(s, "push green:sym")
    assert zone_colours(s, 0, "active") == ["green"] and s.face_name(s.seats[0].zones[ACTIVE][0]) == "m"


def test_pina_cubelada_protects_the_next_push_only():
    s = card_game("Piña Cubelada")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "lgray", "roll")
    at_decision(s, 0)
    do(s, "use Piña Cubelada green:sym")
    assert not uses(s, "Piña Cubelada")
    rig(s, ("lgray", ""))
    s.apply(Push())
    assert s.seats[0].stage == "decide" and s.seats[0].risk and not s.seats[0].safe
    rig(s, ("lgray", ""))
    assert "bust" in [e.kind for e in s.apply(Push())]


def test_keep_on_rollin_loses_the_rock_instead_of_busting():
    s = card_game("Keep On Rollin'")
    (rock,) = put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "lgray", "roll")
    pushing(s, ("lgray", ""))
    assert [str(a) for a in s.legal_actions()] == ["use Keep On Rollin' green:sym", "skip"]
    do(s, "use Keep On Rollin' green:sym")
    assert rock in s.trays["green"] and s.seats[0].stage == "decide" and len(s.seats[0].zones[ACTIVE]) == 2


def test_keep_on_rollin_may_be_declined():
    s = card_game("Keep On Rollin'")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "lgray", "roll")
    pushing(s, ("lgray", ""))
    assert "bust" in [e.kind for e in do(s, "skip")]


def test_pineapple_rocks_power_rock_brings_another_die_back():
    s = card_game("Pineapple Rocks")
    put(s, 0, "green", "active", "pow")
    put(s, 0, "lgray", "active", "$")
    put(s, 0, "lgray", "roll")
    at_decision(s, 0)
    backs = {a.back for a in s.legal_actions() if isinstance(a, Push)}
    assert backs == {(), ("lgray:$", "green:pow")}
    rig(s, ("lgray", ""), ("lgray", ""), ("green", ""))
    do(s, "push lgray:$ green:pow")
    assert not s.seats[0].zones[ACTIVE] and len(s.seats[0].zones[ROLL]) == 3


def test_up_to_11_returns_rocks_and_its_power_moves_per_two_dice_at_most_eleven():
    s = card_game("Up to 11")
    put(s, 0, "green", "active", "pow")
    put(s, 0, "lgray", "active", "", n=13)
    at_run(s, 0)
    do(s, "use Up to 11 green:pow")
    assert s.seats[0].move == 11 // 2
    s = card_game("Up to 11")
    put(s, 0, "green", "active", "sym")
    at_run(s, 0)
    assert not uses(s, "Up to 11")
    put(s, 0, "lgray", "roll")
    at_decision(s, 0)
    assert {a.back for a in s.legal_actions() if isinstance(a, Push)} == {(), ("green:sym",)}


def test_rolling_stoned_rolls_the_gray_dice_to_escape_a_bust():
    s = card_game("Rolling Stoned")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "dgray", "roll")
    put(s, 0, "lgray", "draw")
    pushing(s, ("dgray", ""))
    do(s, "use Rolling Stoned green:sym")
    do(s, "take draw/lgray")
    do(s, "take roll/dgray")
    rig(s, ("lgray", ""), ("dgray", "m"))
    do(s, "roll the chosen dice")
    assert s.seats[0].stage == "decide" and "dgray" in zone_colours(s, 0, "active")


def test_rolling_stoned_rolls_the_gray_dice_the_player_chooses():
    s = card_game("Rolling Stoned")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "dgray", "roll")
    put(s, 0, "lgray", "draw", n=2)
    put(s, 0, "dgray", "discard")
    pushing(s, ("dgray", ""))
    do(s, "use Rolling Stoned green:sym")
    first = [str(a) for a in s.legal_actions()]
    assert first == ["take draw/lgray", "take roll/dgray", "take active/lgray:$", "take discard/dgray", "skip"]
    do(s, "take draw/lgray")
    do(s, "take draw/lgray")  # counts, not identities: the two light grays are alike
    assert [str(a) for a in s.legal_actions()] == ["take roll/dgray", "take active/lgray:$", "take discard/dgray",
                                                   "roll the chosen dice"]
    do(s, "take discard/dgray")  # nothing comes after the Discard Zone: rolled at once
    assert "take draw/lgray" not in [str(a) for a in s.legal_actions()]
    assert zone_colours(s, 0, "discard") == [] and zone_colours(s, 0, "active").count("lgray") >= 2


def test_rolling_stoned_without_a_hit_busts():
    s = card_game("Rolling Stoned")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "dgray", "roll")
    pushing(s, ("dgray", ""))
    do(s, "use Rolling Stoned green:sym")
    do(s, "take roll/dgray")
    rig(s, ("dgray", ""))
    events = do(s, "roll the chosen dice")
    assert "bust" in [e.kind for e in events]


def test_punk_fruit_keeps_green_and_gray_dice_when_busting():
    s = card_game("Punk Fruit")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "red", "active", "sym")
    put(s, 0, "dgray", "roll")
    pushing(s, ("dgray", ""))
    events = do(s, "use Punk Fruit green:sym")
    assert "bust" in [e.kind for e in events] and s.seats[0].fans == 1
    assert zone_colours(s, 0, "active") == ["green", "lgray", "lgray"] and zone_colours(s, 0, "discard") == ["red"]


def test_punk_fruit_run_rolls_one_die_of_each_chosen_colour_from_draw_and_roll():
    s = card_game("Punk Fruit")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "roll")
    put(s, 0, "dgray", "draw")
    put(s, 0, "red", "draw", n=2)
    at_run(s, 0)
    do(s, "use Punk Fruit green:sym")
    assert [str(a) for a in s.legal_actions()] == ["take draw/dgray", "take roll/lgray", "take draw/red", "skip"]
    do(s, "take roll/lgray")
    assert [str(a) for a in s.legal_actions()] == ["take draw/red", "roll the chosen dice"]  # one gray
    rig(s, ("lgray", "$"), ("red", "sym"))
    events = do(s, "take draw/red")  # the last colour: rolled at once
    rolled = [e for e in events if e.kind == "rolled"][0]
    assert [c for _, c, _ in rolled.data["dice"]] == ["lgray", "red"]
    assert s.seats[0].money == 1 and len(s.seats[0].zones[DRAW]) == 2


def test_punk_fruit_run_may_roll_fewer_colours():
    s = card_game("Punk Fruit")
    put(s, 0, "green", "active", "sym")
    put(s, 0, "lgray", "roll")
    put(s, 0, "red", "draw")
    at_run(s, 0)
    do(s, "use Punk Fruit green:sym")
    rig(s, ("red", "sym"))
    events = do(s, "take draw/red")
    rolled = [e for e in events if e.kind == "rolled"][0]
    assert [c for _, c, _ in rolled.data["dice"]] == ["red"] and zone_colours(s, 0, "roll") == ["lgray"]
    s2 = card_game("Punk Fruit")
    put(s2, 0, "green", "active", "sym")
    put(s2, 0, "lgray", "roll")
    at_run(s2, 0)
    do(s2, "use Punk Fruit green:sym")
    events = do(s2, "skip")  # up to 9: none at all
    assert not [e for e in events if e.kind == "rolled"] and zone_colours(s2, 0, "roll") == ["lgray"]


def test_punk_fruit_run_rolls_at_most_nine_colours():
    s = card_game("Punk Fruit")
    put(s, 0, "green", "active", "sym")
    for c in ("lgray", "white", "brown", "red", "orange", "yellow", "green", "blue", "purple"):
        put(s, 0, c, "draw")
    put(s, 0, "green", "roll")
    s.move_die(s.setup.start_die, s.seats[0].zones[ROLL])
    at_run(s, 0)
    do(s, "use Punk Fruit green:sym")
    for _ in range(9):
        do(s, str(s.legal_actions()[0]))
    assert [str(a) for a in s.legal_actions()] == ["roll the chosen dice"] or s.seats[0].tasks == []
