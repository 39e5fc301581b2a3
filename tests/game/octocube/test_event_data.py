"""Events carry the facts their words need, so a screen can word them in any language: why the end
came, whether an Abyss tile was laid face up; captions' facts match what the move really does."""
from __future__ import annotations

import random

from game.octocube.actions import Roll
from game.octocube.captions import facts
from tests.game.octocube.positions import cube_at, game, tile


def played_out(players: int, variant: str, seed: int) -> list:
    s, rng, log = game(players, variant, seed), random.Random(seed), []
    while not s.is_over:
        log += s.apply(rng.choice(s.legal_actions()))
    return log


def test_end_and_abyss_events_say_why_and_whether_shown():
    whys = set()
    for variant, seed in (("basic", 1), ("advanced", 2), ("kids", 3), ("kids", 4)):
        log = played_out(3, variant, seed)
        ends = [e.data for e in log if e.kind == "end_triggered"]
        assert len(ends) == 1 and ends[0]["why"] in ("abyss", "board", "blocked")
        assert ends[0]["why"] != "board" or ends[0]["player"] in range(3)
        whys.add(ends[0]["why"])
        laid = [e.data for e in log if e.kind == "abyss_placed"]
        assert all(d["shown"] == (variant == "advanced" and d["abyss"] >= 0) for d in laid)
    assert "abyss" in whys and whys & {"board", "blocked"}


def test_caption_facts_name_the_tile_a_roll_picks_up():
    s = game(2)
    cube_at(s, 0, 5)
    s.stacks[1].append(tile("pearl", "green"))
    assert facts(s, Roll(0)) == {"kind": "roll", "player": 0, "picked": tile("pearl", "green"), "direction": 0}
