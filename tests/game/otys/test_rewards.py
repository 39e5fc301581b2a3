"""Reward tokens: every front, taken by the explorer or sponsor #2 advanced; the bag."""
from game.otys import actions as A
from game.otys.data import EXPLORER, METAL, PLANT, REWARDS, SPY
from tests.game.otys.position import DONE, fresh, game, kinds, play, put_reward, turn_on

RESOURCE_MP, BATTERY, DRAW, UPGRADE, PRESTIGE = 0, 12, 17, 22, 27


def _front(token, level=3):
    """Sponsor #2 advanced on ``level`` takes ``token`` (slot 0); returns state and player."""
    s = game()
    put_reward(s, level, 0, token)
    p = turn_on(s, level, PLANT, sponsor=1, advanced=True, batteries=1)
    play(s, A.TakeReward(0))
    return s, p


def test_the_mix_is_sixteen_orange_sixteen_green():
    backs = [back for _, _, back in REWARDS]
    assert len(REWARDS) == 32 and backs.count("credits") == backs.count("prestige") == 16
    assert REWARDS[RESOURCE_MP][:2] == ("resource", (0, 1)) and REWARDS[BATTERY][0] == "battery"
    assert [REWARDS[t][0] for t in (DRAW, UPGRADE, PRESTIGE)] == ["draw", "upgrade", "prestige"]


def test_resource_front_one_of_the_two_colours_on_the_key_level():
    s, p = _front(RESOURCE_MP, level=3)
    before = p.res[2][:]
    assert s.legal_actions() == [A.Front(METAL), A.Front(PLANT), DONE]
    play(s, A.Front(PLANT))
    assert p.res[2][PLANT] == before[PLANT] + 1


def test_resource_front_needs_a_free_space():
    s = game()
    put_reward(s, 1, 0, RESOURCE_MP)
    p = turn_on(s, 1, PLANT, sponsor=1, advanced=True, batteries=1)
    p.res[0] = [3, 0, 0, 0]
    play(fresh(s), A.TakeReward(0))
    assert s.stage == "step1" and not s.pending  # nothing to take: the front passes


def test_battery_and_prestige_fronts():
    s, p = _front(BATTERY)
    play(s, A.Front(0))
    assert p.batteries == 2
    s, p = _front(PRESTIGE)
    events = play(s, A.Front(0))
    assert p.prestige == 1
    assert [e.data["prestige"] for e in events if e.kind == "front"] == [1]  # the end table counts it


def test_draw_front_draws_four_and_keeps_one():
    s, p = _front(DRAW)
    play(s, A.Front(0))
    assert s.pending[-1][0] == "keep" and len(s.pending[-1]) == 6
    keep = s.legal_actions()[0]
    play(s, keep)
    assert p.hand == [keep.card]


def test_upgrade_front_flips_any_diver_without_prestige():
    s, p = _front(UPGRADE)
    p.upgraded[SPY] = True
    legal = fresh(s).legal_actions()
    assert A.Front(SPY) not in legal and A.Front(EXPLORER) in legal
    play(s, A.Front(EXPLORER))
    assert p.upgraded[EXPLORER] and p.prestige == 0


def test_front_is_optional():
    s, p = _front(PRESTIGE)
    play(s, DONE)
    assert p.prestige == 0 and not s.pending and s.stage == "step1"


def test_empty_bag_is_refilled_from_the_discards():
    s = game()
    t = s.table
    t.reward_discard, t.bag = t.bag, []
    turn_on(s, 2, PLANT, sponsor=1, advanced=True, batteries=1)
    token = t.display[1][0]
    events = play(s, A.TakeReward(0))
    assert kinds(events)[:4] == ["sponsor", "reward_taken", "bag_refilled", "reward_revealed"] and events[2].reveal
    assert t.reward_discard == [] and len(t.bag) == 22 and token not in t.display[1]
