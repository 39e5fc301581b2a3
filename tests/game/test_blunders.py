"""Positions where one move is plainly right, which ``hard`` must find: the level's bot with its
time budget turned into a fixed number of iterations, so the answer is the same on any CPU.
docs/bots.md lists the positions."""
from game.bots import make_bot
from game.bots.factory import fixed_iterations
from game.core import GameRules, GameState
from game.octocube.actions import Score
from game.octocube.rules import RULES as OCTOCUBE
from tests.game.octocube.positions import coin, cube_at, game as octocube_game, tile

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
