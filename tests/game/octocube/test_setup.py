import pytest

from game import registry
from game.octocube.components import ABYSS_A, NUM_TILES, STACK_LAYOUTS, TILES
from game.octocube.rules import RULES
from tests.game.octocube.positions import game


@pytest.mark.parametrize("players,size,supply", [(2, 4, 5), (3, 5, 6), (4, 5, 7)])
def test_set_up_deals_all_tiles_per_layout(players, size, supply):
    s = game(players)
    assert s.size == size and s.num_players == players
    heights = [h or 0 for row in STACK_LAYOUTS[players] for h in row]
    assert len(STACK_LAYOUTS[players]) == size and sum(heights) == NUM_TILES
    assert [len(st) for st in s.stacks] == heights
    assert sorted(t for st in s.stacks for t in st) == list(range(NUM_TILES))
    assert len(s.abyss_supply) == supply and ABYSS_A not in s.abyss_supply
    centre = [a for a in s.abyss if a is not None]
    assert centre == ([] if players == 2 else [ABYSS_A])
    if players > 2:
        assert s.abyss[12] == ABYSS_A
    assert s.cube_cell == [None] * players and s.vp == [0] * players


def test_component_counts():
    objects = [t.object for t in TILES if t.kind == "object"]
    assert len(TILES) == 84 and len(objects) == 72
    assert [objects.count(o) for o in ("diamond", "pearl", "sextant", "amphora", "starfish")] == [9, 12, 15, 17, 19]
    colours = [t.colour for t in TILES if t.kind == "object"]
    assert {colours.count(c) for c in ("white", "light_blue", "dark_blue", "green")} == {18}


def test_set_up_is_seeded_and_first_player_random():
    assert game(3, seed=5) == game(3, seed=5)
    assert game(3, seed=5) != game(3, seed=6)
    assert {game(4, seed=k).first_player for k in range(40)} == {0, 1, 2, 3}
    s = game(3, seed=9)
    assert s.current_player == s.first_player


def test_advanced_centre_is_a_random_power_tile():
    centres = {game(3, "advanced", seed=k).abyss[12] for k in range(60)}
    assert len(centres) > 4
    s = game(2, "advanced", seed=3)
    assert len(s.abyss_supply) == 5 and all(a is None for a in s.abyss)


def test_bad_options_are_one_line_value_errors():
    for kwargs in ({"players": 5}, {"players": 2, "variant": "expert"}, {"players": 2, "colour": "red"}):
        with pytest.raises(ValueError) as e:
            RULES.new_game(seed=1, **{"players": 2, **kwargs})
        assert "\n" not in str(e.value)


def test_registered():
    assert registry.get("octocube") is RULES
