"""The end: 18 prestige finishes the round; ties go to resources left, then shared."""
from game.otys import actions as A
from game.otys.data import GOAL, PLANT
from game.otys.rules import RULES
from tests.game.otys.position import DONE, fresh, game, place_diver, place_sponsor, play


def _pass_turn(s):
    """The seat to play uses key or X key on level 1 and skips everything."""
    p = s.players[s.turn]
    p.batteries = 0
    place_diver(p, PLANT, 1)
    place_sponsor(s, 0, 1)
    key = next(a for a in s.legal_actions() if isinstance(a, (A.Key, A.XKey)))
    play(s, key, DONE, DONE)


def test_reaching_the_goal_finishes_the_round():
    s = game(3, seed=2)
    first = s.first
    _pass_turn(s)  # the first player
    second = s.turn
    s.players[second].prestige = GOAL
    _pass_turn(s)  # triggers the end; the third seat still plays
    assert s.end_triggered and not s.is_over and s.turn == (first + 2) % 3
    _pass_turn(s)
    assert s.is_over and s.current_player == -1 and s.legal_actions() == []
    assert s.winners() == [second] and s.scores()[second] == GOAL


def test_the_last_seat_of_the_round_ends_it_at_once():
    s = game(2, seed=3)
    _pass_turn(s)
    s.players[s.turn].prestige = GOAL + 2
    p = s.players[s.turn]
    p.batteries = 0
    place_diver(p, PLANT, 1)
    place_sponsor(s, 0, 1)
    events = play(fresh(s), A.Key(1), DONE, DONE)
    assert s.is_over and events[-1].kind == "game_over" and events[-1].data["winners"] == [1 - s.first]


def test_ties_go_to_resources_left_then_are_shared():
    s = game(3)
    for p in s.players:
        p.prestige = 10
    s.players[1].res[4] = [2, 0, 0, 0]
    assert s.winners() == [1]
    s.players[2].res[4] = [0, 2, 0, 0]
    assert s.winners() == [1, 2]


def test_random_games_end_with_a_winner_at_the_goal():
    import random

    for seed in range(3):
        s = RULES.new_game(players=2 + seed, seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            s.apply(r.choice(s.legal_actions()))
        assert max(s.scores()) >= GOAL and s.turn == (s.first - 1) % s.num_players
