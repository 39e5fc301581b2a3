import pytest

from game.octocube.actions import Decline, Power, Roll
from game.octocube.components import BOTTOM, TOP
from game.octocube.geometry import ROTATIONS
from game.octocube.state import POWER
from tests.game.octocube.positions import coin, cube_at, game, tile

CELL = 6  # the Abyss tile sits east of the cube on 5 (2 players, 4x4)


def advanced(letter: str, players: int = 2):
    """A 2-player advanced game with power ``letter`` lying next to seat 0's cube."""
    s = game(players, "advanced", seed=2)
    s.stacks[CELL], s.abyss[CELL] = [], "BCDEFGHI".index(letter)
    return s


def powers(s):
    return [a for a in s.legal_actions() if isinstance(a, Power)]


def test_rolling_onto_a_power_tile_offers_it_or_decline():
    s = advanced("C")
    cube_at(s, 0, 5)
    s.apply(Roll(2))
    assert s.phase == POWER and s.current_player == 0
    acts = s.legal_actions()
    assert Decline() in acts and all(isinstance(a, Power) and a.cell == CELL for a in acts if a != Decline())
    s.apply(Decline())
    assert s.current_player == 1


def test_b_swaps_top_tile_with_a_board_tile():
    s = advanced("B")
    top, mine = tile("pearl", "white"), tile("diamond", "green")
    cube_at(s, 0, 5, [top, None, None, None, None, None])
    assert not powers(s)  # empty board
    s.collected[0] = [mine, tile("diamond", "green", 1)]
    s._legal = None
    assert powers(s) == [Power(CELL, "B", (mine,))]  # identical board tiles are one choice
    s.apply(powers(s)[0])
    assert s.cube_faces[0][TOP] == mine and top in s.collected[0] and s.vp[0] == 0
    cube_at(s, 0, 5, [None] * 6)
    assert not powers(s)  # empty cube top


def test_c_lifts_the_cube_anywhere_free_keeping_orientation():
    s = advanced("C")
    faces = [tile("amphora", "white"), tile("amphora", "green"), None, None, coin(0), None]
    cube_at(s, 1, 15, turn=0)
    cube_at(s, 0, 5, faces)
    targets = {a.args[0] for a in powers(s)}
    assert 15 not in targets and 5 not in targets and 0 in targets
    s.apply(Power(CELL, "C", (0,)))
    assert s.cube_cell[0] == 0 and s.cube_faces[0] == faces


def test_d_takes_a_visible_tile_onto_an_empty_top():
    s = advanced("D")
    cube_at(s, 0, 5)
    s.stacks[0] = s.stacks[0][-1:]
    wanted = s.stacks[0][0]
    events = s.apply(Power(CELL, "D", (0,)))
    assert s.cube_faces[0][TOP] == wanted and s.abyss[0] is not None
    assert any(e.kind == "abyss_placed" for e in events)
    cube_at(s, 0, 5, [coin(0), None, None, None, None, None])
    assert not powers(s)


def test_e_reorients_and_picks_up_with_an_empty_face_down():
    s = advanced("E")
    held = tile("sextant", "white")
    cube_at(s, 0, 5, [None, held, None, None, None, None])
    opts = powers(s)
    assert len(opts) == 5  # the held tile can face five other ways
    under = s.stacks[5][-1]
    turn = next(a for a in opts if ROTATIONS[a.args[0]][BOTTOM] != BOTTOM)
    s.apply(turn)
    assert s.cube_faces[0][BOTTOM] == under and held in s.cube_faces[0]


def test_f_swaps_an_adjacent_visible_tile_with_a_board_tile():
    s = advanced("F")
    cube_at(s, 0, 5)
    assert not powers(s)  # empty board
    mine = tile("diamond", "white")
    s.collected[0] = [mine]
    s.stacks[1].append(tile("amphora", "green"))  # this seed's top there is a coin, which F cannot take
    s._legal = None
    target = next(a for a in powers(s) if a.args[0] == 1)
    taken = s.stacks[1][-1]
    s.apply(target)
    assert s.stacks[1][-1] == mine and taken in s.collected[0] and mine not in s.collected[0]


def test_g_swaps_places_with_an_opponent_cube():
    s = advanced("G")
    cube_at(s, 0, 5)
    assert not powers(s)  # the opponent's cube is at home
    theirs = [coin(1)] + [None] * 5
    cube_at(s, 1, 0, theirs, turn=0)
    mine = [tile("pearl", "green"), tile("pearl", "white"), None, None, None, None]
    cube_at(s, 0, 5, mine)
    s.apply(Power(CELL, "G", (1,)))
    assert s.cube_cell[:2] == [0, 5] and s.cube_faces[0] == mine
    assert s.cube_faces[1][TOP] == coin(1) and s.cube_faces[1][BOTTOM] is not None  # picked up at 5


def test_h_swaps_two_unoccupied_stacks():
    s = advanced("H")
    cube_at(s, 1, 0, turn=0)
    cube_at(s, 0, 5)
    pairs = {a.args for a in powers(s)}
    assert (1, 2) in pairs and not any(0 in p or 5 in p for p in pairs)
    a, b = list(s.stacks[1]), list(s.stacks[2])
    s.apply(Power(CELL, "H", (1, 2)))
    assert s.stacks[1] == b and s.stacks[2] == a


def test_i_swaps_top_tiles_with_an_opponent():
    s = advanced("I")
    cube_at(s, 1, 0, [coin(1)] + [None] * 5, turn=0)
    cube_at(s, 0, 5)
    assert not powers(s)  # my top is empty
    cube_at(s, 0, 5, [tile("pearl", "green")] + [None] * 5)
    s.apply(Power(CELL, "I", (1,)))
    assert s.cube_faces[0][TOP] == coin(1) and s.cube_faces[1][TOP] == tile("pearl", "green")


@pytest.mark.parametrize("letter", list("BCDEFGHI"))
def test_power_of_a_non_adjacent_tile_is_not_offered(letter):
    s = advanced(letter)
    cube_at(s, 0, 12)
    assert not powers(s)


def test_c_off_an_emptied_space_lays_its_abyss_tile():
    s = advanced("C")
    s.stacks[5] = []  # the cube took the last tile of space 5 on arrival
    cube_at(s, 0, 5, [tile("pearl", "white")] + [None] * 5)
    events = s.apply(Power(CELL, "C", (0,)))
    assert s.abyss[5] is not None and s.abyss[5] >= 0
    assert [e.kind for e in events][:2] == ["power", "abyss_placed"]


def test_d_emptying_a_stack_with_the_last_abyss_tile_triggers_the_end():
    s = advanced("D")
    s.abyss_supply = s.abyss_supply[:1]
    s.stacks[0] = s.stacks[0][-1:]
    cube_at(s, 0, 5)
    events = s.apply(Power(CELL, "D", (0,)))
    assert s.end_triggered and "end_triggered" in [e.kind for e in events]


def test_h_leaves_out_empty_spaces():
    s = advanced("H")
    s.stacks[3], s.abyss[3] = [], -1
    cube_at(s, 0, 5)
    assert not any(3 in a.args for a in powers(s))
    assert any(CELL in a.args for a in powers(s))  # an Abyss tile is stack material


def test_power_phase_offers_only_the_tile_rolled_onto():
    s = advanced("C")
    s.stacks[1], s.abyss[1] = [], "BCDEFGHI".index("G")  # north of the cube
    cube_at(s, 1, 15, turn=0)
    cube_at(s, 0, 5)
    assert any(a.power == "G" for a in powers(s))  # adjacent G usable instead of an action
    s.apply(Roll(2))
    assert s.phase == POWER and {a.power for a in powers(s)} == {"C"}


def test_advanced_centre_gives_its_power_not_an_extra_roll():
    s = game(3, "advanced", seed=2)
    s.abyss[12] = "BCDEFGHI".index("C")
    cube_at(s, 0, 7)
    s.apply(Roll(1))
    assert s.phase == POWER and all(a.power == "C" for a in powers(s))


def test_abyss_tiles_are_laid_power_side_up_with_a_reveal():
    s = advanced("C")
    s.stacks[1] = s.stacks[1][-1:]
    cube_at(s, 0, 5)
    s.apply(Roll(0))
    cube_at(s, 0, 1)
    events = s.apply(Roll(1))
    laid = next(e for e in events if e.kind == "abyss_placed")
    assert laid.reveal and laid.data["abyss"] == s.abyss[1] and "(" in laid.text


def test_b_and_f_never_send_a_coin_to_the_board():
    """A coin has no matching board space (ruling: B and F with coins)."""
    s = advanced("B")
    s.collected[0] = [tile("diamond", "green")]
    cube_at(s, 0, 5, [coin(0), None, None, None, None, None])
    assert not powers(s)
    s = advanced("F")
    s.collected[0] = [tile("diamond", "green")]
    s.stacks[1].append(coin(0))
    s.stacks[9].append(tile("amphora", "white"))
    cube_at(s, 0, 5)
    assert {a.args[0] for a in powers(s)} == {9}  # the coin-topped stacks on 1 and 4 are left out


def test_h_leaves_out_swaps_of_two_alike_one_tile_stacks():
    s = advanced("H")
    s.stacks[1], s.stacks[2] = [tile("pearl", "white", 0)], [tile("pearl", "white", 1)]
    s.stacks[3] = [tile("pearl", "green")]
    cube_at(s, 0, 5)
    pairs = {a.args for a in powers(s)}
    assert (1, 2) not in pairs and (1, 3) in pairs and (2, 3) in pairs
