"""The round: draw, roll, push/pass, busting, the Run Phase, movement, buying, the end."""
from game.cubitos import flow, phases
from game.cubitos.drawing import draw_need, prepare_draw
from game.cubitos.actions import Convert, Draw, EndMove, Pass, Push
from game.cubitos.state import ACTIVE, DISCARD, ROLL
from tests.game.cubitos.helpers import at_decision, at_run, do, empty, game, put, rig, zone_colours


def drawing(s, p):
    s.phase, s.actor = "roll", -1
    for q, seat in enumerate(s.seats):
        seat.stage = "draw" if q == p else "done"
    s._legal = None


# ---- draw ------------------------------------------------------------------------------------
def test_draw_amount_is_nine_plus_tokens_plus_red_lines_behind_the_leader():
    s = game(track="still-waters-run-deep")
    s.seats[1].node = s.board.node("17.0")  # three red lines passed
    s.seats[0].tokens = 2
    phases.begin_round(s, [])
    assert s.board.line[s.seats[1].node] == 3
    assert [x.draw_amount for x in s.seats] == [9 + 2 + 3, 9]


def test_draw_lets_you_choose_dice_one_at_a_time_then_fills_when_forced():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "draw", n=5)
    put(s, 0, "white", "draw", n=2)
    put(s, 0, "lgray", "roll", n=6)
    s.seats[0].draw_amount = 9
    drawing(s, 0)
    assert s.legal_actions() == [Draw(("lgray",)), Draw(("white",))]
    do(s, "draw white")
    rig(s, *[("white", "")] * 10)  # index 3: blank on every die
    do(s, "draw white")  # the last lgray is then forced: drawn at once, and everyone rolls
    assert zone_colours(s, 0, "draw") == ["lgray"] * 4
    assert s.seats[0].stage == "decide"


def test_start_player_die_does_not_count_toward_the_draw_amount():
    s = game()
    empty(s, s.start)
    put(s, s.start, "lgray", "draw", n=12)
    s.move_die(s.setup.start_die, s.seats[s.start].zones[ROLL])
    s.seats[s.start].draw_amount = 9
    assert draw_need(s, s.start) == 9


def test_an_empty_draw_zone_takes_the_discard_zone_back_in():
    s = game()
    empty(s, 0)
    put(s, 0, "dgray", "draw", n=2)
    put(s, 0, "lgray", "discard", n=4)
    put(s, 0, "red", "discard", n=3)
    s.seats[0].draw_amount = 5
    drawing(s, 0)
    events = []
    prepare_draw(s, 0, events)
    assert [e.kind for e in events] == ["drew", "reshuffled"]
    assert zone_colours(s, 0, "roll") == ["dgray", "dgray"]
    assert not s.seats[0].zones[DISCARD]
    assert sorted(str(a) for a in flow.legal(s)) == ["draw lgray", "draw red"]


# ---- roll, push, pass, bust -------------------------------------------------------------------
def test_timing_rule_most_roll_zone_dice_first_ties_from_the_start_player():
    s = game(players=3)
    for p, n in enumerate([2, 5, 5]):
        empty(s, p)
        put(s, p, "lgray", "roll", n=n)
    s.move_die(s.setup.start_die, s.trays["lgray"])  # out of the way for the count
    s.phase, s.actor = "roll", -1
    for seat in s.seats:
        seat.stage, seat.now, seat.tasks = "decide", [], []
    s.start = 2
    assert s.current_player == 2
    s.start = 0
    assert s.current_player == 1
    s.trays["lgray"].remove(s.setup.start_die)
    s.seats[0].zones[ROLL].append(s.setup.start_die)


def test_hits_go_to_the_active_zone_misses_stay():
    s = game()
    empty(s, 0)
    put(s, 0, "dgray", "roll", n=2)
    at_decision(s, 0)
    rig(s, ("dgray", "m"), ("dgray", ""))
    s.apply(Push())
    assert zone_colours(s, 0, "active") == ["dgray"] and zone_colours(s, 0, "roll") == ["dgray"]


def test_no_bust_risk_with_fewer_than_three_active_dice():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "active", "$", n=2)
    put(s, 0, "lgray", "roll", n=3)
    at_decision(s, 0)
    rig(s, *[("lgray", "")] * 3)
    s.apply(Push())
    assert s.seats[0].stage == "decide" and len(s.seats[0].zones[ACTIVE]) == 2


def test_bust_with_three_active_dice_moves_them_to_discard_and_gives_a_fan():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "active", "$", n=3)
    put(s, 0, "dgray", "roll", n=2)
    at_decision(s, 0)
    rig(s, ("dgray", ""), ("dgray", ""))
    events = s.apply(Push())
    assert "bust" in [e.kind for e in events]
    seat = s.seats[0]
    assert not seat.zones[ACTIVE] and zone_colours(s, 0, "discard") == ["lgray"] * 3
    assert (seat.fans, seat.credits) == (1, 1)  # fan space 1 pays a credit
    assert [str(a) for a in s.legal_actions()] == ["discard dgray", "skip"]
    do(s, "discard dgray")
    do(s, "skip")
    assert zone_colours(s, 0, "roll") == ["dgray"] and zone_colours(s, 0, "discard") == ["dgray"] + ["lgray"] * 3


def test_busting_with_fewer_dice_once_the_risk_was_taken():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "active", "$")
    put(s, 0, "lgray", "roll")
    at_decision(s, 0)
    s.seats[0].risk = 1
    rig(s, ("lgray", ""))
    assert "bust" in [e.kind for e in s.apply(Push())]


def test_pushing_with_three_active_sets_the_risk_for_the_rest_of_the_phase():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "active", "$", n=3)
    put(s, 0, "dgray", "roll", n=2)
    at_decision(s, 0)
    rig(s, ("dgray", "m"), ("dgray", ""))
    s.apply(Push())
    assert s.seats[0].risk == 1


def test_cannot_push_an_empty_roll_zone():
    s = game()
    empty(s, 0)
    put(s, 0, "lgray", "active", "$")
    at_decision(s, 0)
    assert s.legal_actions() == [Pass()] or s.seats[0].stage == "done"


# ---- Run Phase --------------------------------------------------------------------------------
def test_run_phase_totals_the_money_and_movement_faces():
    s = game()
    for p in range(2):
        empty(s, p)
    put(s, 0, "dgray", "active", "m")
    put(s, 0, "lgray", "active", "$", n=2)
    s.move_die(s.setup.start_die, s.seats[1].zones[ROLL])
    at_decision(s, 0)
    s.apply(Pass())
    assert (s.seats[0].money, s.seats[0].move) == (2, 1)
    assert s.phase == "turn" and s.current_player == 0


def test_four_money_or_credits_buy_one_movement_money_first():
    s = game()
    at_run(s, 0, "move", hold=False)
    s.seats[0].money, s.seats[0].credits, s.seats[0].move = 3, 5, 1
    s.apply(Convert())
    assert (s.seats[0].money, s.seats[0].credits, s.seats[0].move) == (0, 4, 2)


def test_ordinary_movement_cannot_enter_water_but_llama_movement_can():
    s = game(track="still-waters-run-deep")
    at_run(s, 0, "move")
    s.seats[0].node = s.board.node("3.2")
    s.seats[0].move = 2
    assert "step 4.2" not in [str(a) for a in s.legal_actions()]
    s.seats[0].wmove = 1
    s._legal = None
    do(s, "step 4.2")
    assert (s.seats[0].move, s.seats[0].wmove) == (2, 0)


def test_runners_never_step_away_from_the_finish():
    s = game(track="ahead-of-the-curve")
    at_run(s, 0, "move")
    s.seats[0].node = s.board.node("10.1")
    s.seats[0].move = 1
    targets = [str(a) for a in s.legal_actions() if a.kind == "step"]
    assert "step 9.1" not in targets and "step 11.1" in targets


def test_a_reward_is_gained_only_when_ending_the_move_there_and_not_starting_there():
    s = game(track="ahead-of-the-curve")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node = seat.start_node = s.board.node("2.3")
    seat.move = 2
    do(s, "step 3.3")  # c1
    do(s, "step 4.3")
    assert seat.credits == 4  # only the held credits
    s = game(track="ahead-of-the-curve")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node = seat.start_node = s.board.node("2.3")
    seat.move = 1
    do(s, "step 3.3")
    do(s, "end move")
    assert seat.credits == 4 + 1
    s = game(track="ahead-of-the-curve")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node = seat.start_node = s.board.node("3.3")
    s.apply(EndMove())
    assert seat.credits == 4


def test_rulebook_movement_shortcut_example():
    """RB:646: move 2 into the shortcut, pay its price in movement, move on with the rest."""
    s = game(track="testing-the-waters")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node = s.board.node("18.1")
    seat.move = 10
    do(s, "step 19.1")
    do(s, "step 20.1")  # m5>B
    do(s, "use the space's effect")
    assert s.board.labels[seat.node] == "30.1" and seat.move == 3
    assert "use the space's effect" not in [str(a) for a in s.legal_actions()]
    do(s, "step 31.1")
    assert seat.move == 2


def test_a_movement_shortcut_needs_the_full_price():
    s = game(track="testing-the-waters")
    at_run(s, 0, "move")
    s.seats[0].node = s.board.node("20.1")
    s.seats[0].move = 4
    assert "use the space's effect" not in [str(a) for a in s.legal_actions()]


def test_money_shortcut_pays_money():
    s = game(track="ahead-of-the-curve")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node, seat.money = s.board.node("26.0"), 5
    do(s, "use the space's effect")
    assert s.board.labels[seat.node] == "34.0" and (seat.money, seat.credits) == (1, 4)


def test_rulebook_jet_pack_example():
    """RB:650: 6 movement, 3 spaces away: 3 to get there, the other 3 doubled to 6."""
    s = game(track="ahead-of-the-curve")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node, seat.move = s.board.node("9.0"), 6
    for label in ("10.0", "11.0", "12.0"):
        do(s, f"step {label}")
    do(s, "use the space's effect")
    assert seat.move == 6
    assert "use the space's effect" not in [str(a) for a in s.legal_actions()]


def test_starting_on_a_jet_pack_doubles_converted_money_too():
    s = game(track="ahead-of-the-curve")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node, seat.move, seat.money = s.board.node("12.0"), 3, 4
    do(s, "use the space's effect")
    s.apply(Convert())
    assert seat.move == 8


def test_buy_at_most_two_dice_of_different_colours_into_discard():
    s = game()
    at_run(s, 0, "buy", hold=False)
    seat = s.seats[0]
    seat.money, seat.credits = 10, 10
    do(s, "buy purple")
    assert "buy purple" not in [str(a) for a in s.legal_actions()]
    assert (seat.money, seat.credits) == (2, 10)
    events = do(s, "buy red")
    assert [e.data["colour"] for e in events if e.kind == "bought"] == ["red"]
    assert seat.credits == 7 and s.round == 2  # nothing left to decide: the turn and round ended
    owned = [s.colour(d) for z in seat.zones for d in z]
    assert owned.count("purple") == 1 and owned.count("red") == 1


def test_end_turn_discards_active_keeps_roll_and_passes_the_start_die():
    s = game()
    for p in range(2):
        empty(s, p)
    put(s, 0, "lgray", "active", "$")
    put(s, 0, "dgray", "roll")
    old = s.start
    at_run(s, 0, "buy")
    s.seats[1].stage, s.seats[1].credits = "abil", 4
    do(s, "end turn")
    assert zone_colours(s, 0, "discard") == ["lgray"] and "dgray" in zone_colours(s, 0, "roll") + zone_colours(s, 0, "active")
    assert s.current_player == 1
    s.seats[1].credits = 0
    do(s, "end move")
    assert s.start == 1 - old
    assert any(s.setup.start_die in z for z in s.seats[s.start].zones)


# ---- the end ----------------------------------------------------------------------------------
def finish_round(s, p, beyond_moves):
    at_run(s, p, "move")
    seat = s.seats[p]
    seat.node, seat.move = s.board.node("40.0"), 1 + beyond_moves
    seat.money = 4
    do(s, "step finish")


def test_reaching_the_finish_ends_the_game_after_the_round():
    s = game(track="testing-the-waters")
    finish_round(s, 0, 2)
    assert s.seats[0].finished and not s.is_over
    do(s, "end move")
    if not s.is_over:
        do(s, "end turn")
    assert s.is_over and s.winners() == [0] and s.current_player == -1 and s.legal_actions() == []


def test_most_distance_beyond_wins_and_a_tie_plays_another_round():
    s = game(track="testing-the-waters")
    for p in range(2):
        s.seats[p].node = s.board.node("40.1")
        s.seats[p].finished, s.seats[p].beyond = 1, 0
    s.seats[0].node = s.seats[1].node = s.board.finish
    at_run(s, 0, "buy")
    s.seats[1].stage = "done"
    do(s, "end turn")
    assert not s.is_over and s.tiebreak == 1 and s.round == 2
    s.seats[1].beyond = 1
    at_run(s, 0, "buy")
    do(s, "end turn")
    assert s.is_over and s.winners() == [1]


def test_beyond_on_a_point_to_point_track_is_the_movement_left():
    s = game(track="testing-the-waters")
    finish_round(s, 0, 3)
    s.apply(Convert())
    do(s, "end move")
    assert s.seats[0].beyond == 4 and s.beyond(0) == 4


def test_lap_track_counts_laps_and_continues_past_the_finish():
    s = game("race7")
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node, seat.move = s.board.node("0.15"), 3
    do(s, "step start/finish")
    assert seat.laps == 1 and not seat.finished
    forward = min(s.board.steps(s.board.start), key=lambda n: s.board.dist_land[n])
    do(s, f"step {s.board.labels[forward]}")
    assert s.progress(0) == s.board.lap_length + 1
    seat.node, seat.move = s.board.node("0.15"), 1
    s._legal = None
    do(s, "step start/finish")
    assert seat.laps == 2 and seat.finished
