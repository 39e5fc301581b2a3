import pytest

from game.core import IllegalAction
from game.octocube.actions import Decline, Pass, Pivot, Place, Roll, Score
from game.octocube.components import BOTTOM, EAST, NORTH, SOUTH, TOP, WEST
from game.octocube.state import EXTRA_ROLL
from tests.game.octocube.positions import coin, cube_at, game, rig, tile

N, S, E, W = range(4)


def test_empty_cube_has_one_placement_per_free_edge_space():
    s = game(2)
    acts = s.legal_actions()
    assert sorted(a.cell for a in acts) == [0, 1, 2, 3, 4, 7, 8, 11, 12, 13, 14, 15]
    assert all(isinstance(a, Place) and a.orientation == 0 for a in acts)
    s4 = game(4)
    assert len(s4.legal_actions()) == 16


def test_placement_skips_occupied_edges_and_picks_up_on_arrival():
    s = game(2)
    other = 1 - s.turn
    cube_at(s, other, 0, turn=s.turn)
    assert 0 not in {a.cell for a in s.legal_actions()}
    me, top = s.turn, s.stacks[3][-1]
    events = s.apply(Place(3))
    assert s.cube_faces[me][BOTTOM] == top and s.cube_cell[me] == 3
    assert events[0].kind == "placed" and events[0].data["picked"] == top and events[0].reveal


def test_orientations_are_distinct_arrangements_of_tile_types():
    s = game(2)
    cube_at(s, 0, None, [tile("pearl", "green"), None, None, None, None, None])
    assert len(s.legal_actions()) == 12 * 6
    twin = [tile("pearl", "green", 0), tile("pearl", "green", 1), None, None, None, None]
    cube_at(s, 0, None, twin)
    assert len(s.legal_actions()) == 12 * 3  # the pair lies on opposite faces: 3 axes
    full = [tile("pearl", "green", k) for k in range(3)] + [coin(0), coin(1), coin(2)]
    cube_at(s, 0, None, full)
    orients = {a.orientation for a in s.legal_actions()}
    assert len(orients) == len(s.legal_actions()) // 12


def test_placing_a_full_bottom_face_picks_nothing():
    s = game(2)
    mine = tile("sextant", "white")
    cube_at(s, 0, None, [mine, None, None, None, None, None])
    turned = next(a for a in s.legal_actions() if isinstance(a, Place) and a.cell == 0 and _bottom_after(s, a) == mine)
    height = len(s.stacks[0])
    s.apply(turned)
    assert len(s.stacks[0]) == height and s.cube_faces[0][BOTTOM] == mine


def _bottom_after(s, action):
    c = s.clone()
    c.apply(action)
    return c.cube_faces[0][BOTTOM]


def test_roll_is_a_quarter_turn_about_the_bottom_edge():
    s = game(2)
    faces = [1, None, 2, 3, 4, 5]  # top, -, north, south, east, west
    cube_at(s, 0, 5, list(faces))
    s.stacks[1] = []
    s.abyss[1] = 3
    s.apply(Roll(N))
    assert s.cube_cell[0] == 1
    f = s.cube_faces[0]
    assert (f[NORTH], f[BOTTOM], f[SOUTH], f[TOP], f[EAST], f[WEST]) == (1, 2, None, 3, 4, 5)
    cube_at(s, 0, 5, list(faces))
    s.stacks[6] = []
    s.abyss[6] = 4
    s.apply(Roll(E))
    f = s.cube_faces[0]
    assert s.cube_cell[0] == 6 and (f[EAST], f[BOTTOM], f[WEST], f[TOP]) == (1, 4, None, 5)


def test_roll_picks_up_only_onto_an_empty_bottom_face():
    s = game(2)
    cube_at(s, 0, 5)
    top = s.stacks[1][-1]
    height = len(s.stacks[1])
    events = s.apply(Roll(N))
    assert s.cube_faces[0][BOTTOM] == top and len(s.stacks[1]) == height - 1
    assert events[0].data["picked"] == top and events[0].reveal
    cube_at(s, 0, 5, [None, None, 7, None, None, None])  # north face rolls onto the bottom
    height = len(s.stacks[1])
    events = s.apply(Roll(N))
    assert s.cube_faces[0][BOTTOM] == 7 and len(s.stacks[1]) == height
    assert events[0].data["picked"] is None and not events[0].reveal


def test_roll_needs_a_free_neighbour():
    s = game(2)
    cube_at(s, 1, 1)
    cube_at(s, 0, 0)
    rolls = [a for a in s.legal_actions() if isinstance(a, Roll)]
    assert rolls == [Roll(S)]
    with pytest.raises(IllegalAction) as e:
        s.apply(Roll(E))
    assert "\n" not in str(e.value)


def test_abyss_tile_laid_when_the_cube_leaves_the_emptied_stack():
    s = game(2)
    s.stacks[1] = [s.stacks[1][0]]
    cube_at(s, 0, 5)
    s.apply(Roll(N))
    assert s.stacks[1] == [] and s.abyss[1] is None
    supply = list(s.abyss_supply)
    rig(s, 0)
    events = s.apply(Roll(S))
    placed = [e for e in events if e.kind == "abyss_placed"]
    assert placed and placed[0].data["cell"] == 1 and s.abyss[1] in supply
    assert len(s.abyss_supply) == len(supply) - 1


def test_extra_roll_after_rolling_onto_tile_a_is_optional():
    s = game(3)
    cube_at(s, 0, 7)
    s.apply(Roll(S))
    assert s.cube_cell[0] == 12 and s.phase == EXTRA_ROLL and s.current_player == 0
    acts = s.legal_actions()
    assert set(acts) == {Roll(N), Roll(S), Roll(E), Roll(W), Decline()}
    s.apply(Roll(E))
    assert s.cube_cell[0] == 13 and s.current_player == 1
    cube_at(s, 0, 7)
    s.apply(Roll(S))
    s.apply(Decline())
    assert s.cube_cell[0] == 12 and s.current_player == 1


def test_no_extra_roll_on_other_abyss_tiles():
    s = game(3)
    s.stacks[6], s.abyss[6] = [], 2
    cube_at(s, 0, 7)
    s.apply(Roll(W))
    assert s.current_player == 1


def test_pivot_turns_clockwise_seen_from_above_and_drops_identical_results():
    s = game(2)
    cube_at(s, 0, 5, [None, None, 1, None, None, None])
    assert {a for a in s.legal_actions() if isinstance(a, Pivot)} == {Pivot(1), Pivot(2), Pivot(3)}
    s.apply(Pivot(1))
    assert s.cube_faces[0][EAST] == 1 and s.cube_faces[0][NORTH] is None
    cube_at(s, 0, 5, [1, 2, None, None, None, None])
    assert not [a for a in s.legal_actions() if isinstance(a, Pivot)]
    pair = [None, None, tile("diamond", "white", 0), tile("diamond", "white", 1), None, None]
    cube_at(s, 0, 5, pair)
    assert [a for a in s.legal_actions() if isinstance(a, Pivot)] == [Pivot(1)]


def test_score_offers_each_distinct_subset_once():
    s = game(2)
    twins = [tile("amphora", "green", 0), tile("amphora", "green", 1)]
    cube_at(s, 0, 5, [twins[0], None, twins[1], None, None, None])
    scores = [a for a in s.legal_actions() if isinstance(a, Score)]
    assert len(scores) == 4  # none, top, north, both: the two single ones leave different faces
    cube_at(s, 0, 5, [twins[0], twins[1], None, None, None, None])
    assert len([a for a in s.legal_actions() if isinstance(a, Score)]) == 4


def test_rulebook_score_example():
    """EN:111: a coin, 3 starfish and an amphora taken, the pearl left on the cube: 4 VP."""
    s = game(2)
    faces = [coin(0), tile("starfish", "white"), tile("starfish", "green"), tile("starfish", "white", 1),
             tile("amphora", "dark_blue"), tile("pearl", "white")]
    cube_at(s, 0, 5, faces)
    events = s.apply(Score((0, 1, 2, 3, 4)))
    assert s.vp[0] == 4 and events[0].data["vp"] == 4
    assert sorted(s.collected[0]) == sorted(faces[:5])
    assert s.cube_cell[0] is None and s.cube_faces[0] == [None] * 5 + [faces[5]]


@pytest.mark.parametrize("n,vp", [(1, 0), (2, 2), (3, 4), (4, 7), (5, 10), (6, 15)])
def test_series_table(n, vp):
    s = game(2)
    faces = [tile("starfish", ("white", "green")[k % 2], k // 2) for k in range(n)] + [None] * (6 - n)
    cube_at(s, 0, 5, faces)
    s.apply(Score(tuple(range(n))))
    assert s.vp[0] == vp


def test_pass_and_turn_order():
    s = game(3)
    cube_at(s, 2, 0, turn=2)
    s.apply(Pass())
    assert s.current_player == 0 and s.cube_cell[2] == 0


def test_game_ends_after_the_round_with_a_last_score():
    s = game(2)
    first, last = s.first_player, 1 - s.first_player
    s.abyss_supply = s.abyss_supply[:1]
    s.stacks[1] = [tile("diamond", "green")]
    pearls = [tile("pearl", "white", 0), tile("pearl", "white", 1), None, None, None, None]
    cube_at(s, last, 15, pearls)
    cube_at(s, first, 5)
    s.apply(Roll(N))
    s.apply(Pass())
    assert s.current_player == first and not s.end_triggered
    events = s.apply(Roll(S))
    assert s.end_triggered and [e.kind for e in events][-2:] == ["abyss_placed", "end_triggered"]
    assert not s.is_over and s.current_player == last
    events = s.apply(Pass())
    assert s.is_over and s.current_player == -1 and s.legal_actions() == []
    kinds = [e.kind for e in events]
    assert kinds.count("scored") == 2 and kinds[-2:] == ["final_scoring", "game_over"]
    assert all(f == [None] * 6 for f in s.cube_faces) and s.cube_cell == [None, None]
    assert s.vp[last] == 2 and s.vp[first] == 0
    assert events[-1].data["winners"] == s.winners()
    with pytest.raises(IllegalAction):
        s.apply(Pass())
