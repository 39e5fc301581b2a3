"""The game knowledge bots read: evaluation and captions."""
import random

from game.otys import actions as A
from game.otys.data import DIVERS, PLANT, SPY, TECH
from game.otys.rules import RULES
from tests.game.otys.position import DONE, fresh, game, hand_card, me, play, turn_on


def test_evaluation_prefers_prestige_and_contracts_in_reach():
    s = game()
    seat = s.turn
    base = RULES.evaluate(s, seat)
    richer = s.clone()
    richer.players[seat].prestige += 2
    assert RULES.evaluate(richer, seat) > base
    assert RULES.evaluate(richer, 1 - seat) < RULES.evaluate(s, 1 - seat)
    closer = s.clone()
    hand_card(closer, seat, 0)  # M P
    closer.players[seat].res[0] = [1, 1, 0, 0]
    farther = s.clone()
    hand_card(farther, seat, 0)
    assert RULES.evaluate(closer, seat) > RULES.evaluate(farther, seat)


def test_evaluation_of_a_finished_game_is_the_result():
    s = game()
    r = random.Random(1)
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
    winner = s.winners()[0]
    assert RULES.evaluate(s, winner) > 0 > RULES.evaluate(s, 1 - winner)


def test_captions_name_the_seat_and_the_piece():
    s = game()
    seat = s.turn
    p = me(s)
    diver = p.diver_at(3)
    assert RULES.describe_action(s, A.Key(3)) == f"Seat {seat} plays key 3 on the {DIVERS[diver]}"
    t = game()
    turn_on(t, 2, PLANT, sponsor=0, batteries=1)
    assert RULES.describe_action(t, A.Sponsor()) == f"Seat {t.turn} uses sponsor #1: gain 1 credit"
    play(t, DONE)
    assert RULES.describe_action(t, A.Gather(True, 0)) == f"Seat {t.turn}'s plant expert finds plant"


def test_captions_of_kept_contracts_tell_them_apart_without_naming_them():
    s = game()
    turn_on(s, 2, SPY, batteries=1)
    play(s, DONE, A.Draw())
    drawn = s.pending[-1][2:]
    keeps = s.legal_actions()
    captions = [RULES.describe_action(s, keep) for keep in keeps]
    assert captions[0] == f"Seat {s.turn} keeps drawn contract 1 of {len(drawn)}"
    assert len(set(captions)) == len(keeps) > 1
    assert not any(f"contract {keep.card + 1}" in text for keep, text in zip(keeps, captions))


def test_caption_of_the_tech_bonus_names_the_key():
    s = game()
    me(s).track = [1]
    p = turn_on(s, 2, TECH, batteries=1)
    p.upgraded[TECH] = True
    play(fresh(s), DONE)
    assert RULES.describe_action(s, A.Gather(False, 1)) == f"Seat {s.turn}'s tech expert returns key 1"


def test_every_legal_action_has_a_caption():
    for seed, sponsors in enumerate(("basic", "advanced", "random")):
        s = RULES.new_game(players=3, seed=seed, sponsors=sponsors, spy_variant=True)
        r = random.Random(seed)
        while not s.is_over:
            legal = s.legal_actions()
            for a in legal:
                text = RULES.describe_action(s, a)
                assert text.startswith(f"Seat {s.current_player}") and "\n" not in text
            s.apply(r.choice(legal))
