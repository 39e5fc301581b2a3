import pytest

from game.otys import actions as A
from game.otys.data import CONTRACTS, NEUTRAL_X_KEYS, REWARDS
from game.otys.rules import RULES
from tests.game.otys.invariants import check
from tests.game.otys.position import game


@pytest.mark.parametrize("players, public", [(2, 2), (3, 3), (4, 3)])
def test_set_up_follows_the_rulebook(players, public):
    s = game(players, seed=players)
    check(s)
    for p in s.players:
        assert p.track == [] and p.neutral_x == 0  # keys 1-5 and the own X on the board
        assert p.mechanic == 0 and p.hacker == 0
        assert sorted(p.divers) == list(range(8)) and not any(p.upgraded)
        assert sum(p.res[0]) == 0 and all(sum(level) == 1 for level in p.res[1:])
        assert sorted(c for level in p.res[1:] for c in range(4) if level[c]) == [0, 1, 2, 3]
        assert (p.credits, p.batteries, p.prestige, p.hand) == (3, 1, 0, [])
    t = s.table
    assert all(len(row) == 2 and min(row) >= 0 for row in t.display)
    assert len(t.bag) == len(REWARDS) - 10
    assert sorted(t.sponsors) == [0, 1, 2, 3, 4] and t.sides == [0] * 5
    assert sorted(map(sum, t.store)) == [0, 1, 1, 2]
    assert len(t.public) == public and len(t.deck) == len(CONTRACTS) - public
    assert t.neutral_pile == NEUTRAL_X_KEYS
    assert s.scores() == [0.0] * players and s.turn == s.first and s.stage == "key"
    assert s.legal_actions() == [A.Key(k) for k in range(1, 6)] + [A.XKey(k, False) for k in range(1, 6)]


def test_set_up_is_random_but_seeded():
    assert game(3, seed=5).to_dict() == game(3, seed=5).to_dict()
    boards = {tuple(game(2, seed=seed).players[0].divers) for seed in range(10)}
    assert len(boards) > 5


@pytest.mark.parametrize("sponsors, sides", [("basic", {0}), ("advanced", {1}), ("babab", None)])
def test_sponsor_sides(sponsors, sides):
    t = game(2, sponsors=sponsors).table
    if sides is None:
        assert t.sides == [0, 1, 0, 1, 0]
    else:
        assert set(t.sides) == sides


def test_random_sponsor_sides_vary():
    assert len({tuple(game(2, seed=i, sponsors="random").table.sides) for i in range(12)}) > 3


def test_variant_names_the_sponsor_setting():
    assert RULES.new_game(players=2, seed=1, variant="advanced").table.sides == [1] * 5


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 5}, "2-4 players"),
    ({"players": 1}, "2-4 players"),
    ({"players": 2, "sponsors": "shiny"}, "sponsors must be"),
    ({"players": 2, "colour": "red"}, "unknown Otys option"),
    ({"players": 2, "spy_variant": "yes"}, "spy_variant"),
    ({"players": 2, "variant": "basic", "sponsors": "advanced"}, "disagree"),
])
def test_bad_options_are_one_line_errors(kwargs, message):
    with pytest.raises(ValueError, match=message) as e:
        RULES.new_game(seed=1, **kwargs)
    assert "\n" not in str(e.value)


def test_registry_knows_otys():
    from game import registry

    assert registry.get("otys") is RULES
