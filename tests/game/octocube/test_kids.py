from game.core import Rng
from game.octocube.actions import Board, Pile, Place, Retrieve, Roll, Stack
from game.octocube.components import BOTTOM, NORTH
from game.octocube.kids import assign
from game.octocube.state import BOARD, HOME_PHASES, MAIN, ORDER, PILE, RETRIEVE
from tests.game.octocube.positions import coin, cube_at, game, rig, tile


def kids(players=2, seed=1):
    return game(players, "kids", seed)


def test_only_roll_and_retrieve():
    s = kids(3)
    r = Rng(3)
    kinds = set()
    for _ in range(300):
        if s.is_over:
            break
        acts = s.legal_actions()
        kinds |= {a.kind for a in acts}
        s.apply(r.choice(acts))
    assert kinds <= {"place", "roll", "retrieve", "decline", "board", "pile", "stack"} and "retrieve" in kinds
    assert s.vp == [0, 0, 0]


def test_roll_turns_an_empty_face_down_and_picks_up():
    s = kids()
    held = tile("pearl", "green")
    cube_at(s, 0, 5, [None, None, held, None, None, None])  # a plain roll north would put it down
    top = s.stacks[1][-1]
    s.apply(Roll(0))
    faces = s.cube_faces[0]
    assert faces[BOTTOM] == top and held in faces and faces[NORTH] != held


def test_six_full_faces_force_retrieve():
    s = kids()
    cube_at(s, 0, 5, [tile("pearl", "white", k) for k in range(3)] + [coin(0), coin(1), None])
    s.apply(Roll(0))
    assert s.phase == RETRIEVE and s.current_player == 0
    assert all(isinstance(a, Retrieve) for a in s.legal_actions())


def test_blocked_cube_can_only_retrieve():
    s = kids(4)
    cube_at(s, 1, 1, turn=0)
    cube_at(s, 2, 5, turn=0)
    cube_at(s, 0, 0)
    assert all(isinstance(a, Retrieve) for a in s.legal_actions())


def test_retrieve_keeps_coins_and_asks_where_each_tile_goes():
    """Ruling changed (issue 8 item 13): the player, not the program, picks the board spaces."""
    s = kids()
    faces = [tile("starfish", "white"), tile("pearl", "green"), tile("pearl", "white"), coin(0), None, None]
    cube_at(s, 0, 5, faces)
    s.stacks[5] = [tile("diamond", "white")]
    s.apply(Retrieve())
    assert s.phase == BOARD and s.current_player == 0
    assert s.collected[0] == [coin(0)] and s.cube_cell[0] is None
    white_pearl = {a.slot for a in s.legal_actions() if s.cube_faces[0][a.face] == faces[2]}
    assert white_pearl == {9, 12}  # "pearl, any colour" or "white, any object": the player's pick
    s.apply(Board(2, 12))
    assert s.kids_board[0][12] == faces[2] and s.kids_board[0][0] == faces[0]  # the starfish had one space left
    green = {a.slot for a in s.legal_actions()}
    assert green == {3, 9, 15}
    s.apply(Board(1, 9))
    assert s.kids_board[0][9] == faces[1] and s.cube_faces[0] == [None] * 6
    assert s.phase == MAIN and s.current_player == 1


def test_a_choice_that_leaves_a_tile_over_is_the_players():
    """The white Pearl may take the only space left for the light-blue Pearl (EN:183)."""
    s = kids()
    white, blue = tile("pearl", "white"), tile("pearl", "light_blue")
    board = [None] * 16
    board[7], board[13] = tile("pearl", "light_blue", 1), tile("starfish", "light_blue")
    rig(s, kids_board=[board, [None] * 16])
    cube_at(s, 0, 5, [white, blue, None, None, None, None])
    s.apply(Retrieve())
    assert sorted((a.face, a.slot) for a in s.legal_actions()) == [(0, 9), (0, 12), (1, 9)]
    s.apply(Board(0, 9))
    assert s.phase == PILE and s.cube_faces[0][1] == blue  # nothing fits the blue Pearl any more


def test_no_question_when_there_is_one_way():
    s = kids()
    pearls = [tile("pearl", "white", 0), tile("pearl", "white", 1)]
    cube_at(s, 0, 5, [*pearls, None, None, None, None])
    s.apply(Retrieve())  # alike tiles on 9 and 12: one result whichever goes where
    assert s.phase == MAIN and {s.kids_board[0][9], s.kids_board[0][12]} == set(pearls)


def test_the_player_orders_the_leftover_stack():
    s = kids()
    full = [40] * 16
    rig(s, kids_board=[full, [None] * 16])
    spare = [tile("diamond", "white"), tile("pearl", "green"), tile("pearl", "green", 1)]
    s.stacks[10], s.abyss[10] = [], s.abyss_supply.pop()
    cube_at(s, 0, 5, [*spare, None, None, None])
    s.apply(Retrieve())
    assert s.phase == ORDER and s.stacks[10] == []  # the one Abyss tile: no question where
    assert [a.face for a in s.legal_actions()] == [2, 0]  # one per kind (pearls alike; not the bottom one)
    s.apply(Stack(0))
    assert s.stacks[10] == spare and s.phase == MAIN  # one kind left: no question


def test_leftovers_replace_a_chosen_abyss_tile_which_returns_to_supply():
    s = kids()
    spare = [tile("diamond", "white", k) for k in range(2)]
    rig(s, kids_board=[[None] * 8 + [tile("diamond", "green")] + [None] * 7, [None] * 16])
    s.stacks[10], s.abyss[10] = [], s.abyss_supply.pop()
    s.stacks[15], s.abyss[15] = [], s.abyss_supply.pop()
    cube_at(s, 0, 5, [spare[0], spare[1], None, None, None, None])
    s.apply(Retrieve())
    assert s.phase == PILE and {a.cell for a in s.legal_actions()} == {10, 15}
    returned = s.abyss[15]
    s.apply(Pile(15))
    assert s.stacks[15] == [spare[1]] and s.abyss[15] is None and returned in s.abyss_supply
    assert s.kids_board[0][12] == spare[0]  # the white space takes one diamond


def test_leftovers_go_on_the_shortest_stack_without_abyss_tiles():
    s = kids()
    s.stacks[7] = s.stacks[7][:1]
    s.stacks[12] = s.stacks[12][:1]
    full = [None] * 8 + [tile("diamond", "green")] + [None] * 3 + [tile("amphora", "white")] + [None] * 3
    rig(s, kids_board=[full, [None] * 16])
    cube_at(s, 0, 5, [tile("diamond", "white"), None, None, None, None, None])
    s.apply(Retrieve())
    assert {a.cell for a in s.legal_actions()} == {7, 12}


def test_assign_finds_a_maximum_matching():
    board = [None] * 16
    board[12] = tile("starfish", "white")  # the white colour space is taken
    tiles = [tile("pearl", "green", 0), tile("pearl", "green", 1), tile("pearl", "green", 2)]
    placed = assign(board, tiles)
    assert sorted(placed) == [3, 9, 15]


def test_sixteenth_tile_ends_after_the_round_and_complete_board_wins():
    s = kids()
    first = s.first_player
    almost = [40] * 16  # stand-in tiles; only the free pearl/green space matters
    almost[3] = None
    rig(s, first, kids_board=[almost if p == first else [None] * 16 for p in range(2)])
    cube_at(s, first, 5, [tile("pearl", "green", 2), None, None, None, None, None])
    s.apply(Retrieve())
    assert s.end_triggered and not s.is_over
    s.apply(next(a for a in s.legal_actions() if isinstance(a, Place)))
    assert s.is_over and s.winners() == [first] and s.scores()[first] == 16


def test_tile_a_gives_its_extra_roll_in_the_kids_game():
    s = kids(3)
    cube_at(s, 0, 7)
    s.apply(Roll(1))
    assert s.cube_cell[0] == 12 and s.current_player == 0
    assert {a.kind for a in s.legal_actions()} == {"roll", "decline"}


def test_game_ends_when_no_board_can_be_completed():
    s = kids()
    greens = {tile("pearl", "green", k) for k in range(3)}
    s.stacks = [[t for t in st if t not in greens] for st in s.stacks]
    almost = [40] * 16
    almost[3] = None  # both boards lack only a green Pearl, and none is left in play
    rig(s, 0, kids_board=[list(almost), list(almost)])
    cube_at(s, 0, 5, [tile("starfish", "white")] + [None] * 5)
    events = s.apply(next(a for a in s.legal_actions() if isinstance(a, Retrieve)))
    while s.phase in HOME_PHASES:  # where the leftover starfish goes
        events = s.apply(s.legal_actions()[0])
    assert s.end_triggered and "no board can be completed" in events[-1].text
