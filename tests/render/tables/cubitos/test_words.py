"""Cubitos' words at the screen: every log line, caption, button and tooltip of random-bot positions
words in English, Japanese and the pseudo language without a missing key, and nothing bypasses the
catalogue; hovering previews a push's bust chance and says what one may do with one's own pieces."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game import registry
from game.cubitos.cards import CARDS
from game.cubitos.state import ROLL, CubitosState
from render import i18n
from render.tables.cubitos import words
from render.tables.cubitos.table import CubitosTable

RULES = registry.get("cubitos")
LATIN_RUN = re.compile(r"[A-Za-z]{2}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
DOCS = Path(__file__).resolve().parents[4] / "docs" / "i18n.md"


class Rules:
    """The rules as the table asks them, counting bust-chance look-ups."""

    def __init__(self) -> None:
        self.asked = 0

    def bust_chance(self, state: CubitosState, seat: int | None = None, back: tuple[str, ...] = ()) -> float:
        self.asked += 1
        return RULES.bust_chance(state, seat, back)


class Match:
    def __init__(self) -> None:
        self.rules = Rules()


class Host:
    def __init__(self, state: CubitosState) -> None:
        self.state = state
        self.match = Match()


class View:
    def set_highlights(self, targets: set, hovered=None) -> None: ...
    def target_pos(self, target) -> tuple[float, float]:
        return (100.0, 100.0)


def table_for(state: CubitosState) -> CubitosTable:
    table = CubitosTable(Host(state), View())  # type: ignore[arg-type]
    table.reset(not state.is_over)
    return table


@pytest.fixture
def lang():
    """Switch language for one test, back to English after."""
    yield i18n.set_language
    i18n.set_language("en")


def positions(games: int = 6, seed: int = 7):
    """(state, events that led there) along random-bot games of 2-4 players on every track."""
    rng = random.Random(seed)
    tracks = ["nothing-goes-right", "ahead-of-the-curve", "testing-the-waters", "still-waters-run-deep", "grand-finale"]
    for g in range(games):
        state = RULES.new_game(players=2 + g % 3, seed=seed + g, card_set="random", track=tracks[g % len(tracks)])
        for _ in range(400):
            if state.is_over:
                break
            events = state.apply(rng.choice(state.legal_actions()))
            yield state, events


def targets(state: CubitosState) -> list[tuple]:
    out: list[tuple] = [("die", d) for d in range(len(state.setup.colour))]
    out += [("space", n) for n in range(0, state.board.size, 7)]
    out += [("tray", c) for c in state.trays] + [("card", c) for c in state.setup.colours()]
    for s in range(state.num_players):
        out += [("zone", s, z) for z in range(4)] + [("runner", s), ("fan", s)]
        out += [("token", s, k) for k in ("credits", "draw", "laps", "money", "move")]
    return out


def every_line(state: CubitosState, events) -> list[str]:
    table = table_for(state)
    lines = [table.log_text(e, None) for e in events]
    lines += [table.describe_action(a) for a in state.legal_actions()] if not state.is_over else []
    lines += [table.button_words(a) for a in (table.gestures.buttons if table.gestures else [])]
    for target in targets(state):
        table._hovered = target
        lines += [table.describe_target(target), table.can_do()]
    lines += [s.text for s in table.scores(None)] + [table.table_news(), table.keys_help, *table.final_lines()]
    return [line for line in lines if line]


def outside_marks(text: str) -> str:
    """``text`` without its ⟪…⟫ stretches (nested)."""
    out, depth = [], 0
    for ch in text:
        depth += ch == i18n.OPEN
        if depth == 0:
            out.append(ch)
        depth -= ch == i18n.CLOSE and depth > 0
    return "".join(out)


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
def test_every_line_of_many_positions_comes_from_the_catalogue_in_every_language(lang) -> None:
    seen = 0
    samples: list[tuple[CubitosState, list]] = []
    for k, (state, events) in enumerate(positions()):
        if k % 9 == 0 or state.is_over:
            samples.append((state.clone(), list(events)))
    assert len(samples) > 150
    for language in ("en", "ja", "xx"):
        assert lang(language) == language
        japanese = 0
        for state, events in samples:
            for line in every_line(state, events):
                seen += 1
                if language == "xx":
                    assert not LATIN_RUN.search(outside_marks(line)), line
                japanese += language == "ja" and bool(JAPANESE.search(line))
        if language == "ja":
            assert japanese > 1000
    assert seen > 10000


def test_english_wording_of_key_lines() -> None:
    state = RULES.new_game(players=2, seed=3)
    while not any(a.kind == "push" for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    table = table_for(state)
    push = next(a for a in state.legal_actions() if a.kind == "push")
    chance = RULES.bust_chance(state)
    assert table.button_words(push) == f"Push — {chance:.0%} chance to bust"
    assert table.describe_action(push) == f"{words.seat(state.current_player)}: Push — {chance:.0%} chance to bust"
    events = state.apply(push)
    rolled = next(e for e in events if e.kind == "rolled")
    line = table.log_text(rolled, None)
    assert line.startswith(f"{words.seat(rolled.data['seat'])} pushes: ")


def test_a_shortcut_button_says_what_it_costs() -> None:
    state = RULES.new_game(players=2, seed=1, track="ahead-of-the-curve")
    board = state.board
    node = next(i for i, e in enumerate(board.effect) if e is not None and e[0] in ("money", "move"))
    state.seats[state.current_player].node = node
    kind, cost, _ = board.effect[node]
    assert words.effect(state) == f"Take the shortcut ({cost} {'money' if kind == 'money' else 'movement'})"


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
def test_moves_are_worded_from_their_data_in_the_language_now_spoken(lang) -> None:
    state = RULES.new_game(players=2, seed=1, track="ahead-of-the-curve")
    board = state.board
    table = table_for(state)
    from game.core import Event
    credit = next(i for i, r in enumerate(board.rewards) if r and r[0][0] == "credits")
    cut = next(i for i, e in enumerate(board.effect) if e is not None and e[0] == "money")
    to, far = board.labels[credit], board.pot_all(credit)
    step = Event("moved", f"P1 moves to {to}", {"seat": 0, "from": "3.2", "to": to, "move": 1, "wmove": 0, "how": "step"})
    dest = board.effect[cut][2]
    short = Event("moved", "P2 takes the money shortcut", {"seat": 1, "to": board.labels[dest], "how": "money"})
    assert table.log_text(step, None) == f"Orange moves to a credit space, {far} steps from the finish"
    assert table.log_text(short, None) == \
        f"Sky blue takes the money shortcut to {words.space(board.labels[dest], board)}"
    assert f", {board.pot_all(dest)} steps from the finish" in table.log_text(short, None)
    lang("ja")
    assert table.log_text(step, None) == f"{words.seat(0)}がゴールまで{far}歩のクレジットのマスへ進む"


def test_a_space_is_named_by_what_it_is_and_how_far_from_the_finish_never_by_its_label() -> None:
    """The rules' labels ("3.20", "2:14.1") are coordinates no player reads on the board."""
    label = re.compile(r"\b\d+\.\d+\b|\d+:\d")
    for track in ("nothing-goes-right", "still-waters-run-deep", "grand-finale"):
        state = RULES.new_game(players=2, seed=1, track=track)
        board, table = state.board, table_for(state)
        for node in range(board.size):
            text = table.describe_target(("space", node))
            assert not label.search(text), text
            if board.labels[node].rpartition(":")[2] not in words.SPACE_WORDS:
                n = board.pot_all(node)
                assert f"{n} step{'s' if n != 1 else ''} from the finish" in text, text
                kind = words.space_kind(board, node)
                assert text.startswith(i18n.t(f"cubitos.space.kind.{kind}")), text
        water = next(i for i in range(board.size) if board.water[i] and not board.rewards[i] and not board.effect[i])
        assert table.describe_target(("space", water)).startswith("a water space, ")
    assert words.space("1:finish", board) == "the finish of track 1" and words.space("2:finish", board) == "finish"


def test_pushing_is_previewed_with_its_bust_chance_worked_out_once_per_position() -> None:
    for state, _ in positions(games=3, seed=11):
        if any(a.kind == "push" for a in state.legal_actions()) and RULES.bust_chance(state) > 0:
            break
    table = table_for(state)
    push = next(a for a in state.legal_actions() if a.kind == "push")
    chance = f"{RULES.bust_chance(state, back=push.back):.0%}"
    table._button = push
    preview = table.can_do()
    assert preview.startswith(f"push now: {chance} chance to bust, rolling ")
    assert f"{chance} chance to bust" in table.describe_target(("zone", state.current_player, ROLL))
    for _ in range(20):
        table.button_words(push), table.can_do()
    assert table.host.match.rules.asked == len({a.back for a in state.legal_actions() if a.kind == "push"})
    table.reset(True)
    table.button_words(push)
    assert table.host.match.rules.asked == len({a.back for a in state.legal_actions() if a.kind == "push"}) + 1


def test_hovering_ones_own_piece_says_what_one_may_do_with_it() -> None:
    for state, _ in positions(games=3, seed=5):
        table = table_for(state)
        g = table.gestures
        dice = [t for t in (g.by_target if g else {}) if t[0] == "die"]
        if dice:
            break
    acts = g.click(dice[0])
    text = table.describe_target(dice[0])
    assert "you may: " + table.action_words(acts[0]) in text
    assert "die in " + words.seat(g.seat) + "'s " in text
    others = [("die", d) for d in range(len(state.setup.colour)) if ("die", d) not in g.by_target]
    assert "you may" not in table.describe_target(others[0])


def test_hovering_a_space_one_may_step_to_previews_the_movement_left() -> None:
    for state, _ in positions(games=5, seed=3):
        if any(a.kind == "step" for a in state.legal_actions()):
            break
    table = table_for(state)
    space = next(t for t in table.gestures.by_target if t[0] == "space")
    seat = state.seats[state.current_player]
    text = table.describe_target(space)
    assert f"step here: {seat.move + seat.wmove - 1} movement left, then " in text and "you may" not in text


def test_hovering_a_tray_one_may_buy_from_previews_what_is_left_money_first() -> None:
    for state, _ in positions(games=5, seed=3):
        seat = state.seats[state.current_player]
        buys = [a for a in state.legal_actions() if a.kind == "buy" and state.setup.cost(a.colour) > seat.money]
        if buys:
            break
    table = table_for(state)
    cost = state.setup.cost(buys[0].colour)
    text = table.describe_target(("tray", buys[0].colour))
    assert f"buy: 0 money, {seat.credits - (cost - seat.money)} credits left" in text


@pytest.mark.gl
def test_every_tooltip_fits_on_the_screen_in_either_language(ctx, lang) -> None:
    from render.ui.widgets import text_width

    for language in ("en", "ja"):
        lang(language)
        for k, (state, _) in enumerate(positions(games=4)):
            if k % 15 == 0:
                table = table_for(state)
                for target in targets(state):
                    text = table.describe_target(target)
                    assert text_width(text, 9) + 16 <= 1280, text


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
def test_every_card_has_a_japanese_name_listed_in_the_docs(lang) -> None:
    ja = i18n.catalogue("ja")
    names = [ja[f"cubitos.card.{words.slug(c.name)}"] for c in CARDS]
    assert len(set(names)) == len(CARDS) == 56
    assert all(JAPANESE.search(n) for n in names)
    docs = DOCS.read_text(encoding="utf-8")
    assert "## Cubitos" in docs and all(n in docs and c.name in docs for n, c in zip(names, CARDS))
    lang("ja")
    assert words.card("Rock On") == "ロックオン" and words.colour("red") == "赤"


def test_japanese_keys_are_all_english_keys() -> None:
    en, ja = i18n.catalogue("en"), i18n.catalogue("ja")
    cubitos_ja = {k for k in ja if k.startswith("cubitos.")}
    assert cubitos_ja == {k for k in en if k.startswith("cubitos.")}  # a missing ".one" would speak English
    for k in cubitos_ja:  # the same fields to fill
        assert set(re.findall(r"{(\w+)}", ja[k])) == set(re.findall(r"{(\w+)}", en[k])), k


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
def test_cards_print_their_name_in_the_language_spoken(lang) -> None:
    from render.tables.cubitos import art

    english = art.card("green", "Rock On")
    lang("ja")
    japanese = art.card("green", "Rock On")
    assert english.shape == japanese.shape and (english != japanese).any()
    lang("en")
    assert (art.card("green", "Rock On") == english).all()


def test_long_card_names_break_where_a_reader_expects() -> None:
    from render.tables.cubitos.art import card_lines

    assert card_lines("Rock On") == ["Rock On"]
    assert card_lines("The Cheese Stands Alone") == ["The Cheese", "Stands Alone"]
    assert card_lines("ロックオン") == ["ロックオン"]
    assert card_lines("ピニャ・キューベラーダ") == ["ピニャ・", "キューベラーダ"]
    assert card_lines("ひとりぼっちのチーズ") == ["ひとりぼっちの", "チーズ"]
    assert card_lines("リヴィングストン博士") == ["リヴィングストン", "博士"]
    assert card_lines("まかせろジュラシカン") == ["まかせろ", "ジュラシカン"]


def test_an_ability_names_its_card_the_face_that_uses_it_and_its_choices() -> None:
    board = RULES.new_game(players=2, seed=1).board
    assert words.use("The Babe", "orange:pow", (), board) == "Use The Babe (power)"
    assert words.use("Mr. Bats", "orange:sym", ("credits",), board) == "Use Mr. Bats (symbol): credits"
    assert words.use("Crabby", "", ("1", "red"), board) == f"Use Crabby: red to {words.seat(1)}"
    assert words.use("Jacques Couteau", "", ("draw/lgray", "roll/white"), board) == \
        "Use Jacques Couteau: light gray (Draw Zone), white (Roll Zone)"
    space = next(i for i, r in enumerate(board.rewards) if r and r[0][0] == "credits")  # Bob claims a space's reward
    assert words.use("Bob", "", (board.labels[space],), board) == \
        f"Use Bob: a credit space, {board.pot_all(space)} steps from the finish"


def test_an_ability_that_chooses_the_start_finish_space_is_worded_as_that_space(lang) -> None:
    """On a course of laps the start and the finish are one space, labelled "start/finish"; an
    ability choosing it (Reckless Cheese) was read as a die key ("zone/colour") and its button's
    words raised (the fuzzer: "no message 'cubitos.colour.finish'", the table back at the menu)."""
    rng, worded = random.Random(1), 0
    for seed in range(4):
        state = RULES.new_game(players=2, seed=seed, card_set="race1", laps=2)
        for _ in range(2500):
            if state.is_over:
                break
            for a in state.legal_actions():
                text = words.action(state, a)
                if a.kind == "use" and "start/finish" in a.option:  # type: ignore[attr-defined]
                    worded += 1
                    assert i18n.t("cubitos.space.start_finish") in text, text
            state.apply(rng.choice(state.legal_actions()))
    assert worded, "no ability chose the start/finish space: the test checked nothing"
    assert lang("ja") == "ja" and words.option("start/finish", state.board) == "スタート／ゴール"


def test_declining_and_being_done_say_what_they_mean(lang) -> None:
    """Issue 35: not "choose: Skip" or "choose: Ready" but what the button does: no more Now
    abilities (the roll kept), no save (the bust taken), nothing taken; done using abilities."""
    rng, seen = random.Random(2), set()
    for seed in range(8):
        state = RULES.new_game(players=2 + seed % 3, seed=seed, card_set=("race1", "race2", "random")[seed % 3])
        while not state.is_over:
            table = table_for(state)
            seat = state.seats[state.current_player]
            for a in state.legal_actions():
                if a.kind == "skip":
                    words_ = table.button_words(a)
                    want = "cubitos.act.skip_now" if seat.now else \
                        "cubitos.act.skip_bust" if seat.tasks and seat.tasks[0][0] == "bust" else \
                        "cubitos.act.skip_bust_discard" if seat.tasks and seat.tasks[0][0] == "bustdiscard" else \
                        "cubitos.act.skip"
                    assert words_ == i18n.t(want) and words_ != "Skip", (words_, seat.now, seat.tasks[:1])
                    seen.add(want)
                if a.kind == "ready":
                    assert table.button_words(a) == "Done using abilities: move now"
                    seen.add("ready")
            state.apply(rng.choice(state.legal_actions()))
    assert {"cubitos.act.skip_now", "cubitos.act.skip_bust_discard", "ready"} <= seen, seen


def test_busting_s_bonus_says_click_a_die_of_the_roll_zone_or_keep_the_rest(lang) -> None:
    """RB:546, a bust's bonus: Roll Zone dice may go to the Discard Zone. The status line said
    "choose: Take nothing", which told a newcomer neither that it was a bonus nor that a die is
    clicked; now it says both, and the button says what it keeps (seen in a real window)."""
    rng, seen = random.Random(4), 0
    for seed in range(6):
        state = RULES.new_game(players=2, seed=seed, card_set="race1")
        while not state.is_over and seen < 12:
            if words.bust_bonus(state):
                table = table_for(state)
                roll = {("die", d) for d in state.seats[state.current_player].zones[ROLL]}
                assert table.can_do() == "you bust · as a bonus, click a die in your Roll Zone to discard it, or keep the rest"
                assert table.lit() and table.lit() <= roll
                skips = [a for a in state.legal_actions() if a.kind == "skip"]
                assert [table.button_words(a) for a in skips] == ["Keep the rest in the Roll Zone"]
                lang("ja")
                assert table.can_do().startswith("バースト・ボーナス")
                lang("en")
                seen += 1
            state.apply(rng.choice(state.legal_actions()))
    assert seen >= 5


def test_click_a_lit_space_is_said_only_when_a_space_is_lit() -> None:
    """Issue 35: "0 movement · click a lit space" showed with nothing lit (only End move left)."""
    rng, seen = random.Random(3), {"step": 0, "none": 0}
    for seed in range(6):
        state = RULES.new_game(players=2, seed=seed, card_set="race1")
        while not state.is_over:
            kinds = {a.kind for a in state.legal_actions()}
            if "end-move" in kinds:
                table = table_for(state)
                says = table.can_do()
                lit = any(t[0] == "space" for t in table.lit())
                assert ("click a lit space" in says) == lit, (says, kinds)
                seen["step" if lit else "none"] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert seen["step"] and seen["none"], seen


@pytest.mark.gl
@pytest.mark.parametrize("language", ["en", "ja"])
def test_busting_s_bonus_line_is_read_whole_in_the_smallest_window_beside_four_pills(app, language) -> None:
    from game.core.match import Match as GameMatch
    from render.checks.status import status_cut
    from render.options import Options
    from render.ui import theme

    rng = random.Random(5)
    seats = ["human"] * 4
    match = GameMatch(RULES, 4, 3, seats, card_set="race1")
    while not words.bust_bonus(match.state):
        match.apply(rng.choice(match.state.legal_actions()))
    try:
        i18n.set_language(language)
        app.start_game(Options(game="cubitos", players=4, seats=seats, anim_speed=0.0, save=app.options.save), match)
        app.fixed_size = theme.MIN_WINDOW
        app.on_resize(*theme.MIN_WINDOW)
        app.tick(0)
        assert app.screen.table.can_do() == i18n.t("cubitos.can.bust_discard")
        assert status_cut(app.screen) == []
    finally:
        i18n.set_language("en")
