from game.octocube.actions import Decline, Pivot, Roll, Score
from game.octocube.captions import tile_caption
from game.octocube.rules import RULES
from tests.game.octocube.positions import coin, cube_at, game, tile


def test_caption_names_seat_direction_and_tile():
    s = game(2)
    cube_at(s, 0, 5)
    s.stacks[1].append(tile("pearl", "green"))
    assert RULES.describe_action(s, Roll(0)) == "Orange rolls north and picks up a green Pearl"
    cube_at(s, 1, 10, [tile("starfish", "white"), None, tile("starfish", "green"), None, None, None])
    assert RULES.describe_action(s, Score((0, 2))) == "Sky blue scores a white Starfish and a green Starfish for 2 VP"
    assert RULES.describe_action(s, Pivot(2)) == "Sky blue pivots the cube 180°"
    assert tile_caption(coin(0)) == "a coin" and tile_caption(tile("diamond", "light_blue")) == "a light-blue Diamond"


def test_caption_for_declining_the_extra_roll():
    s = game(3)
    cube_at(s, 0, 7)
    s.apply(Roll(1))
    assert RULES.describe_action(s, Decline()) == "Orange declines the extra Roll"


def test_evaluation_values_a_series_in_hand_and_majorities():
    s = game(2)
    cube_at(s, 1, 0, turn=0)
    cube_at(s, 0, 5)
    base = RULES.evaluate(s, 0)
    cube_at(s, 0, 5, [tile("pearl", "green", k) for k in range(3)] + [None] * 3)
    assert RULES.evaluate(s, 0) > base + 10  # a series of 3 (4 VP), pearl and green majorities
    assert RULES.evaluate(s, 1) < -10


def test_evaluation_of_a_finished_game_is_the_score_lead():
    s = game(2)
    s.collected = [[coin(0)], []]
    s.over = True
    assert RULES.evaluate(s, 0) == 3.0 and RULES.evaluate(s, 1) == -3.0


def test_evaluation_in_kids_counts_board_spaces():
    s = game(2, "kids")
    cube_at(s, 1, 0, turn=0)
    cube_at(s, 0, 5, [tile("starfish", "white")] + [None] * 5)
    assert RULES.evaluate(s, 0) > RULES.evaluate(s, 1)


def test_power_captions_name_spaces_and_seats():
    from game.octocube.actions import Power

    s = game(2, "advanced", seed=2)
    s.stacks[6], s.abyss[6] = [], "BCDEFGHI".index("H")
    cube_at(s, 1, 0, turn=0)
    cube_at(s, 0, 5)
    assert RULES.describe_action(s, Power(6, "H", (1, 2))) == \
        "Orange uses power H: swaps the stacks on row 1, column 2 and row 1, column 3"
    s.abyss[6] = "BCDEFGHI".index("G")
    assert RULES.describe_action(s, Power(6, "G", (1,))) == "Orange uses power G: swaps places with Sky blue"
