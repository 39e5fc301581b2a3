"""Random games at every player count and sponsor setting, invariants checked after every action;
replays from the seed are exact. ``scripts/test --long`` plays thousands."""
import json

import pytest

from game.core import savefile
from game.otys.rules import RULES
from tests.game.otys.invariants import random_game

SETTINGS = [(players, sponsors, spy) for players in (2, 3, 4) for sponsors in ("basic", "advanced", "random")
            for spy in (False, True)]


def _replay(seed, players, sponsors, spy, history, final):
    s = RULES.new_game(players=players, seed=seed, sponsors=sponsors, spy_variant=spy)
    for a in history:
        s.apply(RULES.action_from_dict(json.loads(json.dumps(a.to_dict()))))
    assert s.to_dict() == final.to_dict()


def _fuzz(games_per_setting, first_seed):
    for players, sponsors, spy in SETTINGS:
        for seed in range(first_seed, first_seed + games_per_setting):
            final, history = random_game(seed, players, sponsors, spy)
            if seed % 4 == 0:
                _replay(seed, players, sponsors, spy, history, final)


def test_fuzz_random_games():
    _fuzz(8, 0)  # 144 games, every setting; the deep run is the long test below


@pytest.mark.long
def test_fuzz_thousands_of_random_games():
    _fuzz(170, 1000)  # 3060 games


def test_save_file_replays_an_otys_game(tmp_path):
    final, history = random_game(7, 3, "random", True)
    data = savefile.SaveData("otys", 3, 7, {"sponsors": "random", "spy_variant": True}, ["random"] * 3, history)
    path = tmp_path / "otys.json"
    savefile.save(path, data, final)
    _, states = savefile.read(path)
    assert states[-1].to_dict() == final.to_dict() and len(states) == len(history) + 1


def test_damaged_state_is_a_one_line_save_error():
    from game.core import SaveError

    d = RULES.new_game(players=2, seed=1).to_dict()
    del d["players"][0]["divers"]
    with pytest.raises(SaveError, match="damaged Otys state") as e:
        RULES.from_dict(d)
    assert "\n" not in str(e.value)
