import json

import pytest

from game.core import Rng, SaveError
from game.octocube.actions import Roll
from game.octocube.rules import RULES
from tests.game.octocube.positions import coin, cube_at, game


def _played(players=3, variant="basic", moves=40, seed=2):
    s = game(players, variant, seed)
    r = Rng(seed)
    for _ in range(moves):
        s.apply(r.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("variant", ["basic", "kids", "advanced"])
def test_to_dict_round_trips_through_json_rng_included(variant):
    s = _played(variant=variant)
    back = RULES.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back == s and back.legal_actions() == s.legal_actions()
    r = Rng(9)
    a = r.choice(s.legal_actions())
    assert back.apply(a) == s.apply(a) and back == s


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("stacks"),
    lambda d: d["stacks"][0].append(d["stacks"][1][0]),
    lambda d: d.__setitem__("players", 7),
    lambda d: d.__setitem__("phase", "dance"),
    lambda d: d["cube_faces"].pop(),
    lambda d: d["stacks"].__setitem__(0, "abc"),
    lambda d: d.__setitem__("abyss_supply", [d["abyss_supply"][0]] * 2),
    lambda d: d.__setitem__("game", "otys"),
    lambda d: d.__setitem__("phase", "power"),
    lambda d: d.__setitem__("cube_cell", [None, None, None]) or d.__setitem__("phase", "extra_roll"),
])
def test_damaged_state_raises_save_error(damage):
    d = _played().to_dict()
    damage(d)
    with pytest.raises(SaveError) as e:
        RULES.from_dict(d)
    assert "\n" not in str(e.value)


def test_observation_hides_other_vp_and_tiles_below_tops():
    s = _played(moves=60)
    s.vp = [7, 8, 9]
    obs = s.observation(1)
    assert obs["vp"] == [None, 8, None]
    assert all(o["height"] == len(st) and o["top"] == (st[-1] if st and c not in s.cube_cell else None)
               for c, (o, st) in enumerate(zip(obs["stacks"], s.stacks)))  # a cube hides the top under it
    assert "rng" not in obs and isinstance(obs["abyss_supply"], int)
    json.dumps(obs)


def test_determinize_redeals_hidden_tiles_keeping_heights_and_tops():
    s = _played(moves=20)
    before = s.to_dict()
    d = s.determinize(0, Rng(5))
    assert s.to_dict() == before
    assert [len(x) for x in d.stacks] == [len(x) for x in s.stacks]
    free = [c for c in range(len(s.stacks)) if c not in s.cube_cell]  # tops under cubes are unseen too
    assert [d.stacks[c][-1:] for c in free] == [s.stacks[c][-1:] for c in free]
    assert sorted(t for x in d.stacks for t in x) == sorted(t for x in s.stacks for t in x)
    assert d.stacks != s.stacks and d.rng.state != s.rng.state
    assert d.stacks == s.determinize(0, Rng(5)).stacks


def test_reveal_only_when_a_new_top_shows():
    s = game(2)
    s.stacks[1] = s.stacks[1][-2:]
    cube_at(s, 0, 5)
    assert s.apply(Roll(0))[0].reveal
    s.stacks[6] = s.stacks[6][-1:]
    cube_at(s, 0, 5)
    assert not s.apply(Roll(2))[0].reveal


@pytest.mark.parametrize("variant", ["basic", "kids", "advanced"])
def test_match_save_and_load_replays_the_game(tmp_path, variant):
    from game.core.match import Match

    m = Match(RULES, 3, seed=11, seats=["human", "random", "random"], variant=variant)
    r = Rng(3)
    for _ in range(50):
        m.apply(r.choice(m.state.legal_actions()))
    path = tmp_path / "octo.json"
    m.save(path)
    loaded = Match.load(path)
    assert loaded.state == m.state and loaded.history == m.history


def test_evaluation_values_empty_faces_less_as_the_end_nears():
    s = game(2)
    cube_at(s, 1, 0, turn=0)
    cube_at(s, 0, 5)
    early = RULES.evaluate(s, 0)
    s.abyss_supply = s.abyss_supply[:1]
    assert RULES.evaluate(s, 0) == early  # both cubes are empty: the promise cancels out
    cube_at(s, 1, 0, [coin(0)] + [None] * 5, turn=0)
    late = RULES.evaluate(s, 0)
    s.abyss_supply = list(range(1, 6))
    assert RULES.evaluate(s, 0) > late
