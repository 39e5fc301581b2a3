"""Blue (llama) and purple (dinosaur) cards."""
from game.cubitos.actions import Push
from game.cubitos.state import ACTIVE, ROLL
from tests.game.cubitos.cardkit import card_game
from tests.game.cubitos.helpers import at_decision, at_run, do, put, rig, uses, zone_colours


def test_bob_takes_a_reward_one_or_two_spaces_away_after_moving_not_your_own():
    s = card_game("Bob")
    put(s, 0, "blue", "active", "sym")
    at_run(s, 0, "buy")
    seat = s.seats[0]
    seat.node = s.board.node("2.21")  # water around; 1.20 (2 credits) and 3.24 (1 credit) in reach
    s._legal = None
    targets = {a.option[0] for a in uses(s, "Bob")}
    assert targets and seat.node not in [s.board.node(t) for t in targets]
    assert all(s.board.rewards[s.board.node(t)] for t in targets)
    assert targets == {"1.20", "3.24"}
    do(s, "use Bob blue:sym 1.20")
    assert seat.credits == 4 + 2


def test_bob_is_not_offered_after_buying():
    s = card_game("Bob")
    put(s, 0, "blue", "active", "sym")
    at_run(s, 0, "buy")
    s.seats[0].node = s.board.node("2.21")
    s.seats[0].money = 8
    do(s, "buy purple")
    assert not uses(s, "Bob")


def test_undercover_fish_and_bahama_llama_give_water_movement():
    s = card_game("Undercover Fish")
    put(s, 0, "blue", "active", "sym")
    at_run(s, 0)
    do(s, "use Undercover Fish blue:sym")
    assert (s.seats[0].move, s.seats[0].wmove) == (0, 2)
    s = card_game("Bahama Llama")
    put(s, 0, "blue", "active", "pow")
    at_run(s, 0)
    do(s, "use Bahama Llama blue:pow")
    assert (s.seats[0].money, s.seats[0].wmove) == (3, 1)


def test_water_movement_is_doubled_by_a_jet_pack():
    s = card_game("Bahama Llama")  # race 4: Still Waters Run Deep, jet pack at 10.4
    at_run(s, 0, "move")
    seat = s.seats[0]
    seat.node, seat.move, seat.wmove = s.board.node("9.4"), 1, 2
    do(s, "step 10.4")
    do(s, "use the space's effect")
    assert (seat.move, seat.wmove) == (0, 4)


def test_llama_rama_power_adds_a_fan_with_tokens_but_no_credits():
    s = card_game("Llama-Rama")
    put(s, 0, "blue", "active", "pow")
    s.seats[0].fans = 1
    at_run(s, 0)
    do(s, "use Llama-Rama blue:pow")
    assert (s.seats[0].money, s.seats[0].fans, s.seats[0].tokens, s.seats[0].credits) == (3, 2, 1, 4)


def test_llama_shaman_gains_money_and_a_red_die_if_any_left():
    s = card_game("Llama Shaman")
    put(s, 0, "blue", "active", "sym", n=2)
    at_run(s, 0)
    do(s, "use Llama Shaman blue:sym")
    assert s.seats[0].money == 2 and zone_colours(s, 0, "discard") == ["red"]
    s.trays["red"].clear()
    do(s, "use Llama Shaman blue:sym")
    assert s.seats[0].money == 4 and zone_colours(s, 0, "discard") == ["red"]


def test_stogie_rolls_all_gray_and_white_dice_from_draw_and_roll():
    s = card_game("Stogie")
    put(s, 0, "lgray", "draw")
    put(s, 0, "white", "draw")
    put(s, 0, "red", "draw")
    put(s, 0, "dgray", "roll")
    put(s, 0, "blue", "roll")
    at_decision(s, 0)
    rig(s, ("dgray", ""), ("blue", "sym"))
    s.apply(Push())
    rig(s, ("lgray", "$"), ("white", ""), ("dgray", "m"))
    do(s, "use Stogie blue:sym")
    assert zone_colours(s, 0, "active") == ["blue", "dgray", "lgray"]
    assert zone_colours(s, 0, "draw") == ["red"]


def test_chilly_rolls_the_roll_zone_twice_without_busting():
    s = card_game("Chilly McChillster")
    put(s, 0, "blue", "active", "sym")
    put(s, 0, "lgray", "active", "$", n=3)
    put(s, 0, "dgray", "roll", n=2)
    at_decision(s, 0)
    s.seats[0].risk = 1
    rig(s, ("dgray", ""), ("dgray", ""), ("dgray", "m"), ("dgray", ""))
    events = do(s, "use Chilly McChillster blue:sym")
    assert "bust" not in [e.kind for e in events]
    assert zone_colours(s, 0, "active").count("dgray") == 1 and len(s.seats[0].zones[ROLL]) == 1


# ---- purple -----------------------------------------------------------------------------------
def test_rollosaurus_gains_four():
    s = card_game("Rollosaurus")
    put(s, 0, "purple", "active", "sym")
    at_run(s, 0)
    do(s, "use Rollosaurus purple:sym")
    assert s.seats[0].move == 4


def test_dancing_dino_and_you_bet_jurassican_count_their_colours():
    s = card_game("Dancing Dino")
    put(s, 0, "purple", "active", "sym", n=2)
    at_run(s, 0)
    do(s, "use Dancing Dino purple:sym")
    put(s, 0, "red", "active", "")
    put(s, 0, "orange", "active", "")
    do(s, "use Dancing Dino purple:sym")
    assert s.seats[0].move == 2 + 5
    s = card_game("You Bet Jurassican")
    put(s, 0, "purple", "active", "sym")
    put(s, 0, "yellow", "active", "")
    at_run(s, 0)
    do(s, "use You Bet Jurassican purple:sym")
    assert s.seats[0].move == 3


def test_cubasaurus_now_places_any_tray_die_lost_at_round_end_and_the_dinosaur_is_lost():
    s = card_game("Cubasaurus")
    put(s, 0, "lgray", "roll")
    put(s, 0, "purple", "roll")
    at_decision(s, 0)
    rig(s, ("lgray", ""), ("purple", "sym"))
    s.apply(Push())
    assert ("blue", "$2") in {a.option for a in uses(s, "Cubasaurus")}
    do(s, "use Cubasaurus purple:sym blue $2")
    (free,) = s.temp
    assert free in s.seats[0].zones[ACTIVE] and s.face_name(free) == "$2"
    at_run(s, 0)
    s.seats[0].credits = 0
    (dino,) = [d for d in s.seats[0].zones[ACTIVE] if s.colour(d) == "purple"]
    do(s, "end move")
    assert dino in s.trays["purple"]
    if s.phase == "turn":
        do(s, "end turn")
    assert free in s.trays["blue"] and not s.temp


def test_wikiwiki_counts_colours_grays_as_one_the_start_die_as_its_own():
    s = card_game("Wikiwiki Dinosaur")
    put(s, 0, "purple", "active", "sym")
    put(s, 0, "lgray", "active", "$")
    put(s, 0, "dgray", "active", "m")
    s.move_die(s.setup.start_die, s.seats[0].zones[ACTIVE])
    at_run(s, 0)
    do(s, "use Wikiwiki Dinosaur purple:sym")
    assert s.seats[0].move == 3  # purple, gray, start


def test_shimmy_counts_white_and_gray_active_dice():
    s = card_game("Shimmy Shimmy Dino")
    put(s, 0, "purple", "active", "sym")
    put(s, 0, "white", "active", "")
    put(s, 0, "lgray", "active", "", n=2)
    put(s, 0, "red", "active", "")
    at_run(s, 0)
    do(s, "use Shimmy Shimmy Dino purple:sym")
    assert s.seats[0].move == 3


def test_pronto_bronto_half_the_red_lines_to_the_end_of_the_lap_none_in_a_tiebreak():
    s = card_game("Pronto Bronto")
    put(s, 0, "purple", "active", "sym", n=2)
    s.seats[0].node = s.board.node("7.16")  # line index 3 on the oval: 5 lines to go
    at_run(s, 0)
    do(s, "use Pronto Bronto purple:sym")
    do(s, "use Pronto Bronto purple:sym")
    assert s.seats[0].move == 4  # the rulebook's example: 5 lines, two dinosaurs
    s.tiebreak = 1
    put(s, 0, "purple", "active", "sym")
    do(s, "use Pronto Bronto purple:sym")
    assert s.seats[0].move == 4
