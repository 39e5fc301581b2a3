"""Tile A as the table sees it (issue 38 items 1 and 2), and tiles seen before they were covered (item 4): its Abyss side is marked A (data §6) and
Abyss tiles lie Abyss side up (EN:35, EN:83), so every seat knows where tile A lies, in the centre
at set-up (EN:29) and wherever a kids leftover stack sent it back to be laid again (EN:185)."""
import pytest

from game.core import Rng
from game.octocube.actions import Retrieve, Roll, Stack
from game.octocube.components import ABYSS_A
from game.octocube.state import FACE_DOWN, TILE_A
from tests.game.octocube.positions import cube_at, game, rig, tile

CENTRE = 12
SOUTH, WEST = 1, 3


@pytest.mark.parametrize("variant", ["basic", "kids"])
@pytest.mark.parametrize("players", [3, 4])
def test_every_seat_sees_tile_a_in_the_centre(variant: str, players: int) -> None:
    s = game(players, variant)
    assert s.abyss[CENTRE] == ABYSS_A
    for seat in range(players):
        assert s.observation(seat)["abyss"][CENTRE] == TILE_A
        assert s.determinize(seat, Rng(seat)).abyss[CENTRE] == ABYSS_A


def test_other_abyss_tiles_still_look_alike() -> None:
    s = game(3, "basic")
    cube_at(s, 0, 0, [None, tile("pearl", "green"), None, None, None, None])
    s.stacks[0] = []
    s.apply(Roll(SOUTH))
    laid = s.abyss[0]
    assert laid is not None and laid != ABYSS_A and s.observation(1)["abyss"][0] == FACE_DOWN


def _tile_a_laid_again():
    """Kids, 3 players, seed 1: the seat to move holds a green Pearl on a full board and retrieves;
    the only Abyss tile in play is A in the centre, so the leftover goes there and A back to the
    supply. The next seat then rolls south off cell 0, whose last tile is on its cube: A is laid."""
    s = game(3, "kids", seed=1)
    p = s.turn
    q = (p + 1) % 3
    rig(s, p, kids_board=[[40] * 16 if i == p else [None] * 16 for i in range(3)], abyss_supply=[])
    cube_at(s, p, 7, [tile("pearl", "green"), None, None, None, None, None])
    s.apply(Retrieve())
    assert s.abyss[CENTRE] is None and s.stacks[CENTRE] == [tile("pearl", "green")]
    assert s.abyss_supply == [ABYSS_A] and s.turn == q
    s.stacks[0] = []
    cube_at(s, q, 0, [None, tile("starfish", "white"), None, None, None, None])
    s.apply(Roll(SOUTH))
    assert s.abyss[0] == ABYSS_A
    return s, q


def test_tile_a_laid_again_shows_to_every_seat_where_it_lies() -> None:
    s, _ = _tile_a_laid_again()
    for seat in range(3):
        assert s.observation(seat)["abyss"][0] == TILE_A
        assert TILE_A not in [a for c, a in enumerate(s.observation(seat)["abyss"]) if c != 0]


def test_every_re_dealt_world_has_tile_a_where_the_seat_sees_it() -> None:
    s, q = _tile_a_laid_again()
    for seat in range(3):
        for k in range(20):
            world = s.determinize(seat, Rng(k))
            assert world.abyss[0] == ABYSS_A and world.observation(seat) == s.observation(seat)


def test_the_extra_roll_is_where_the_observation_says() -> None:
    """A person sees the A and so knows rolling onto it gives a second Roll; so does a bot."""
    s, q = _tile_a_laid_again()
    r = (q + 1) % 3
    cube_at(s, r, 1, [None] * 6)
    s.apply(Roll(WEST))  # from cell 1 onto cell 0
    assert s.current_player == r and {a.kind for a in s.legal_actions()} == {"roll", "decline"}
    assert s.observation((r + 1) % 3)["abyss"][0] == TILE_A


def test_a_top_seen_before_a_full_bottomed_cube_covered_it_stays_in_every_world() -> None:
    s = game(2, "basic", seed=3)
    top = s.stacks[5][-1]
    cube_at(s, 0, 6, [None, None, None, None, None, tile("pearl", "green")])
    s.apply(Roll(WEST))  # the west face goes down, full: nothing picked up on cell 5, its top covered
    assert s.cube_cell[0] == 5 and s.stacks[5][-1] == top
    assert all(s.determinize(1, Rng(k)).stacks[5][-1] == top for k in range(10))


def test_a_kids_leftover_stack_stays_as_the_player_stacked_it_in_every_world() -> None:
    s = game(3, "kids", seed=1)
    p = s.turn
    left = [tile("pearl", "green"), tile("amphora", "white")]
    rig(s, p, kids_board=[[40] * 16 if i == p else [None] * 16 for i in range(3)], abyss_supply=[])
    cube_at(s, p, 7, [*left, None, None, None, None])
    s.apply(Retrieve())
    s.apply(Stack(0))  # the pearl first, at the bottom; the amphora on top of it
    assert s.stacks[CENTRE] == left
    assert all(s.determinize(1, Rng(k)).stacks[CENTRE] == left for k in range(10))


def test_a_save_written_before_the_memory_of_seen_tiles_still_loads() -> None:
    import json
    import random

    from game.core.savefile import SaveData, parse, to_json
    from game.octocube.rules import RULES

    s, pick, actions = game(3, "basic", seed=2), random.Random(2), []
    tops = s.known
    while s.known == tops:  # until a cube covers a top it saw: more than old files could say
        actions.append(pick.choice(s.legal_actions()))
        s.apply(actions[-1])
        tops = [1 if st and c not in s.cube_cell else 0 for c, st in enumerate(s.stacks)]
    old = to_json(SaveData("octocube", 3, 2, {"variant": "basic"}, ["human"] * 3, actions), s)
    del old["final"]["known"]  # as files were written before
    _, states = parse(json.loads(json.dumps(old)))
    assert states[-1].known == s.known
    assert RULES.from_dict(s.to_dict()).known == s.known
