from game.octocube.scoring import final_breakdown, majority, series_vp
from tests.game.octocube.positions import coin, game, rig, tile


def test_majority_first_and_second():
    assert majority([3, 1, 2], 5, 2) == [5, 0, 2]


def test_tie_for_first_shares_and_cancels_second():
    assert majority([3, 3, 2, 1], 5, 2) == [5, 5, 0, 0]


def test_tie_for_second_shares():
    assert majority([4, 2, 2, 0], 6, 3) == [6, 3, 3, 0]


def test_zero_tiles_never_place():
    assert majority([0, 0], 5, 2) == [0, 0]
    assert majority([2, 0], 5, 2) == [5, 0]


def test_series_ignores_colour_and_coins():
    taken = [tile("sextant", "white"), tile("sextant", "green"), coin(0), tile("pearl", "green")]
    assert series_vp(taken) == 2


def test_final_breakdown_adds_tokens_coins_rows_and_columns():
    a = [tile("diamond", "white"), tile("diamond", "green"), coin(0), coin(1)]
    b = [tile("starfish", "white"), tile("starfish", "white", 1)]
    rows = final_breakdown([a, b], [10, 4])
    assert rows[0]["coins"] == 6 and rows[0]["tokens"] == 10
    assert rows[0]["objects"]["diamond"] == 7 and rows[1]["objects"]["starfish"] == 3
    assert rows[0]["colours"]["white"] == 2 and rows[1]["colours"]["white"] == 5  # 1 white vs 2
    assert rows[0]["colours"]["green"] == 5 and rows[1]["colours"]["green"] == 0
    assert rows[0]["total"] == 10 + 6 + 7 + 2 + 5


def test_winner_tie_broken_by_most_object_tiles():
    s = game(2)
    rig(s, collected=[[coin(0), coin(1)], [tile("starfish", "white")]], vp=[0, 0])
    # seat 0: 6 (coins); seat 1: 3 starfish + 5 white = 8
    assert s.scores() == [6.0, 8.0] and s.winners() == [1]
    rig(s, collected=[[coin(0)], [tile("pearl", "green")]], vp=[11, 3])
    # seat 0: 11 + 3 = 14; seat 1: 3 + 6 pearl + 5 green = 14, one object tile
    assert s.scores() == [14.0, 14.0] and s.winners() == [1]
    rig(s, collected=[[], []], vp=[5, 5])
    assert s.winners() == [0, 1]


def test_final_totals_match_the_breakdown():
    from game.core import Rng
    from game.octocube.scoring import final_totals

    r = Rng(4)
    for _ in range(50):
        tiles = list(range(84))
        r.shuffle(tiles)
        hands = [tiles[:r.randrange(20)], tiles[20:20 + r.randrange(20)], tiles[40:40 + r.randrange(20)]]
        vp = [r.randrange(30) for _ in hands]
        assert final_totals(hands, vp) == [b["total"] for b in final_breakdown(hands, vp)]
