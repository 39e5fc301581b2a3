"""Set-up (RB:187-242) and the game options."""
import pytest

from game.cubitos import cards
from game.cubitos.rules import RULES
from game.cubitos.state import DRAW
from tests.game.cubitos.helpers import game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_seven_light_and_two_dark_and_the_pile_keeps_the_rest(players):
    s = game(players=players)
    for p in range(players):
        own = sorted(s.colour(d) for zone in s.seats[p].zones for d in zone if d != s.setup.start_die)
        assert own == ["dgray"] * 2 + ["lgray"] * 7
    assert len(s.trays["lgray"]) == 28 - 7 * players and len(s.trays["dgray"]) == 12 - 2 * players
    assert all(len(s.trays[c]) == 10 for c in s.setup.colours())
    holders = [p for p in range(players) if any(s.setup.start_die in z for z in s.seats[p].zones)]
    assert holders == [s.start]


def test_start_player_is_random_but_fixed_by_the_seed():
    starts = {game(players=4, seed=seed).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert game(players=4, seed=5).start == game(players=4, seed=5).start


@pytest.mark.parametrize("name", list(cards.SETS))
def test_named_sets_use_their_cards_and_suggested_track(name):
    s = game(name)
    names, track, laps = cards.SETS[name]
    assert sorted(s.setup.card_set.values()) == sorted(names)
    assert (s.setup.track, s.setup.laps) == (track, laps)


def test_race7_runs_two_laps_and_race1_one():
    assert game("race7").setup.laps == 2 and game("race1").setup.laps == 1
    assert game("race1", laps=3).setup.laps == 3


def test_any_track_may_be_chosen():
    s = game("race1", track="still-waters-run-deep")
    assert s.setup.track == "still-waters-run-deep" and not s.board.lap


def test_grand_finale_joins_two_tracks_with_a_one_money_crossing():
    b = game("grand-finale").board
    first_finish = b.node("1:finish")
    assert b.effect[first_finish] == ("cross", 1, b.node("2:start"))
    assert b.finish == b.node("2:finish") and b.start == b.node("1:start")


def test_random_set_has_one_card_per_colour_and_depends_on_the_seed():
    sets = {tuple(sorted(game("random", seed=k).setup.card_set.values())) for k in range(10)}
    assert len(sets) > 1
    for names in sets:
        assert sorted(cards.BY_NAME[n].colour for n in names) == sorted(cards.card_set_from(names))


def test_custom_set_from_card_names():
    names = ["Fast Cat", "Mr. Dog", "Crabby", "The Babe", "Cheese Boy", "Punk Fruit", "Stogie", "Pronto Bronto"]
    s = game(",".join(names))
    assert s.setup.set_name == "custom" and s.setup.card("green") == "Punk Fruit"


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 5}, "2-4 players"),
    ({"card_set": "race9"}, "unknown card set"),
    ({"card_set": "Smelly Cat,Fat Cat"}, "two white cards"),
    ({"track": "moon"}, "unknown Cubitos track"),
    ({"track": "testing-the-waters", "laps": 2}, "laps must be 1"),
    ({"colour": "red"}, "unknown Cubitos option"),
])
def test_bad_options_give_one_line_value_errors(kwargs, words):
    args = {"players": 2, "seed": 1, **kwargs}
    with pytest.raises(ValueError) as err:
        RULES.new_game(**args)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_first_draw_is_automatic_all_nine_dice_and_everyone_has_rolled():
    s = game(players=3)
    for p in range(3):
        assert not s.seats[p].zones[DRAW]
        assert s.seats[p].stage == "decide"
    assert s.current_player >= 0 and s.legal_actions()


def test_registry_finds_cubitos():
    from game import registry

    assert registry.get("cubitos") is RULES
