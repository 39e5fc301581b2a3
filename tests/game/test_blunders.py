"""Positions where one move is plainly right, which ``hard`` must find: the level's bot with its
time budget turned into a fixed number of iterations, so the answer is the same on any CPU.
docs/bots.md lists the positions."""
from game.bots import make_bot
from game.bots.factory import fixed_iterations
from game.core import GameRules, GameState
from game.cubitos.actions import Pass as CubitosPass, Push as CubitosPush
from game.cubitos.rules import RULES as CUBITOS
from game.octocube.actions import Score
from game.octocube.rules import RULES as OCTOCUBE
from game.otys import actions as OA
from game.otys.data import GOAL, METAL, PLANT, TRADER
from game.otys.rules import RULES as OTYS
from tests.game.cubitos.helpers import at_decision, at_run, empty, game as cubitos_game, put
from tests.game.octocube.positions import coin, cube_at, game as octocube_game, tile
from tests.game.otys.position import DONE, column, fresh, game as otys_game, hand_card, place_diver, place_sponsor, play, turn_on

HARD_PER_MS = 0.5  # iterations a millisecond of the level's budget


def hard_move(rules: GameRules, state: GameState, seed: int = 1):
    seat = state.current_player
    return make_bot(fixed_iterations("hard", HARD_PER_MS), rules, seat, seed).choose(state)


def wins_at_once(state: GameState, action) -> bool:
    """Whether ``action`` ends the game with the seat to move the sole winner."""
    seat, world = state.current_player, state.clone()
    world.apply(action)
    return world.is_over and world.winners() == [seat]


# ---- Octocube (2 players, 4x4 grid: cell = 4 * row + column) -------------------------------
def octocube_last_supply_tile():
    """Sky blue (second in the round) ahead on coins, its cube on a space it emptied, one Abyss
    tile left: leaving the space lays it, and the game ends before Orange moves again."""
    s = octocube_game()
    s.abyss_supply = s.abyss_supply[:1]
    s.stacks[5], s.abyss[5] = [], None
    s.collected = [[], [coin(0), coin(1)]]
    s.first_player = 0
    cube_at(s, 0, 15)
    return cube_at(s, 1, 5, [None, None, tile("pearl", "green"), None, None, None])


def test_octocube_ends_the_game_while_ahead():
    s = octocube_last_supply_tile()
    move = hard_move(OCTOCUBE, s)
    assert wins_at_once(s, move), move


def test_octocube_scores_a_full_series():
    """Six starfish fill the cube: scored together they are the best series there is."""
    s = octocube_game()
    faces = [tile("starfish", colour, n) for colour in ("white", "green") for n in range(3)]
    cube_at(s, 0, 5, faces)
    assert hard_move(OCTOCUBE, s) == Score(tuple(range(6)))


def octocube_needed_tile():
    """The last turn of the game: Sky blue trails by 2 and only the space to the north holds a
    tile, a coin (3 points); the other spaces around are empty."""
    s = octocube_game()
    s.end_triggered, s.first_player = True, 0
    s.collected = [[], []]
    s.vp = [10, 8]
    for cell in (4, 6, 9, 5):
        s.stacks[cell], s.abyss[cell] = [], -1
    s.stacks[1] = [coin(2)]
    cube_at(s, 0, 15)
    return cube_at(s, 1, 5)


def test_octocube_rolls_onto_the_tile_it_needs():
    s = octocube_needed_tile()
    move = hard_move(OCTOCUBE, s)
    assert str(move) == "roll north" and wins_at_once(s, move)


# ---- Otys (2 players; the seat to move is the last of the round) ---------------------------
def otys_last_turn():
    """Seat 1's turn, the round's last; the first seat has used key 1 and skipped the rest."""
    s = otys_game(2, seed=3)
    p = s.players[s.turn]
    p.batteries = 0
    place_diver(p, PLANT, 1)
    place_sponsor(s, 0, 1)
    play(s, next(a for a in s.legal_actions() if isinstance(a, (OA.Key, OA.XKey))), DONE, DONE)
    return s


def play_turn_as_hard(s) -> int:
    """Let ``hard`` play the seat to move until its turn is over; the seat."""
    seat = s.current_player
    while not s.is_over and s.current_player == seat:
        s.apply(hard_move(OTYS, s))
    return seat


def test_otys_completes_the_contract_that_ends_the_game_with_the_win():
    """One prestige short of the goal, ahead, with a one-prestige contract ready on level 2."""
    s = otys_last_turn()
    seat = s.turn
    s.players[seat].prestige, s.players[1 - seat].prestige = GOAL - 1, GOAL - 3
    hand_card(s, seat, 0)  # contract 1: a plant and a metal on one level, 1 prestige
    s.players[seat].res[1] = [1, 1, 1, 0]
    fresh(s)
    assert play_turn_as_hard(s) == seat
    assert s.is_over and s.winners() == [seat]


def test_otys_sells_for_the_prestige_that_wins():
    """Level with the other seat one short of the goal; the Trader may sell metal for 1 prestige."""
    s = otys_last_turn()
    seat = s.turn
    for p in s.players:
        p.prestige = GOAL - 1
    p = turn_on(s, 3, TRADER, batteries=1)
    p.res[2] = [int(c == METAL) for c in range(4)]
    s.table.store[METAL] = column(0)
    play(fresh(s), DONE)
    assert OA.Sell(METAL, True) in s.legal_actions()
    assert play_turn_as_hard(s) == seat
    assert s.is_over and s.winners() == [seat]


# ---- Cubitos (2 players, Race 1 on a point-to-point track) ---------------------------------
def cubitos_roll_decision(*roll: str):
    """Seat 0 to push or pass, one step from the finish, a dark gray die showing one movement
    among its active dice, and dice of ``roll`` in its Roll Zone."""
    s = cubitos_game(track="testing-the-waters")
    empty(s, 0)
    s.seats[0].node = s.board.node("40.0")
    put(s, 0, "dgray", "active", "m")
    for colour in roll:
        put(s, 0, colour, "roll")
    at_decision(s, 0)
    return s


def test_cubitos_pushes_when_it_cannot_bust():
    """Two active dice: no roll can bust, and every die rolled may bring more."""
    s = cubitos_roll_decision("white", "lgray")
    put(s, 0, "lgray", "active", "$")
    assert CUBITOS.bust_chance(s) == 0.0
    assert isinstance(hard_move(CUBITOS, s), CubitosPush)


def test_cubitos_passes_rather_than_risk_the_finish():
    """The active movement already reaches the finish; two white dice bust a quarter of the time."""
    s = cubitos_roll_decision("white", "white")
    put(s, 0, "lgray", "active", "$", n=2)
    assert CUBITOS.bust_chance(s) == 0.25
    assert hard_move(CUBITOS, s) == CubitosPass()


def test_cubitos_buys_the_movement_that_finishes():
    """Four money and one step to the finish, the other runner far behind: buy the step."""
    s = cubitos_game(track="testing-the-waters")
    at_run(s, 0, "move", hold=False)
    seat = s.seats[0]
    seat.node, seat.move, seat.wmove, seat.money, seat.credits = s.board.node("40.0"), 0, 0, 4, 0
    s._legal = None
    while not s.is_over and s.current_player == 0:
        s.apply(hard_move(CUBITOS, s))
    assert s.seats[0].finished  # the state's seat now: a move may give it a fresh copy (copy-on-write)
