"""Otys' words on the screen: every caption, button, tooltip, log line and HUD fact of random-bot
positions comes from the catalogue in English, Japanese and the pseudo language; the hover preview
says what a diver's effect would give, exactly and without changing or revealing anything."""
from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest

from game import registry
from game.otys import actions as A
from game.otys.data import EXPERTS, LEVELS, SURFACE, TRADER
from render import i18n
from render.tables.otys import KIT
from render.tables.otys.preview import effect_preview
from render.tables.otys.sentences import action_words, caption, log_text
from render.tables.otys.table import OtysTable
from tests.render.tables.otys.moves import until

RULES = registry.get("otys")
INNER = re.compile("⟪[^⟪⟫]*⟫")
LATIN_WORD = re.compile("[A-Za-z]{2}")


@pytest.fixture
def lang():
    """Set a language for one test, English again afterwards."""
    yield i18n.set_language
    i18n.set_language("en")


def bare(text: str) -> str:
    """``text`` without its pseudo-language stretches (nested ones too): what bypassed the catalogue."""
    while INNER.search(text):
        text = INNER.sub("", text)
    return text


class FakeView:
    """What the table asks of its view when no picture is drawn."""

    def set_viewer(self, seat) -> None: ...
    def set_highlights(self, targets, hovered=None) -> None: ...


def table_for(state, eyes):
    host = SimpleNamespace(state=state, eyes=lambda: eyes, describe=lambda a: "")
    table = OtysTable(host, FakeView())  # type: ignore[arg-type]
    table.reset(True)
    return table


def pieces(s) -> list[tuple]:
    """A target of every kind the view can pick."""
    seat = s.turn
    p = s.players[seat]
    cards = [c for c in s.table.public if c >= 0] + [c for q in s.players for c in q.hand]
    out = [("sponsor", lv) for lv in range(1, LEVELS + 1)] + [("card", c) for c in cards]
    out += [("store", c, r) for c in range(4) for r in range(3)] + [("deck",), ("pile",), ("first",)]
    out += [("reward", lv, slot) for lv in range(1, LEVELS + 1) for slot in (0, 1)
            if s.table.display[lv - 1][slot] >= 0]
    out += [("diver", seat, d) for d in range(8)] + [("key", seat, k) for k in range(7)]
    out += [("level", seat, lv) for lv in range(1, LEVELS + 1)]
    out += [("res", seat, lv, c) for lv in range(1, LEVELS + 1) for c in range(4) if p.res[lv - 1][c]]
    out += [("pos", seat, i) for i in range(SURFACE + LEVELS)] + [("counter", seat, i) for i in range(3)]
    out += [("track", seat, 0), ("track", seat, 1)]
    out += [("preward", seat, lv) for lv in range(1, LEVELS + 1) if p.rewards[lv - 1] >= 0]
    return out


def everything_said(seed: int, players: int) -> list[str]:
    """Every line a screen could show over one random game (sampled positions for tooltips)."""
    rng = random.Random(seed)
    s = RULES.new_game(players=players, seed=seed, variant="random", spy_variant=bool(seed % 2))
    said: list[str] = []
    ply = 0
    while not s.is_over:
        if ply % 9 == 0:
            table = table_for(s, s.current_player)
            said += [table.can_do(), table.table_news(), table.keys_help]
            said += [sc.text for sc in table.scores(None)]
            said += [table.describe_target(target) for target in pieces(s)]
            said += [table.button_words(a) for a in s.legal_actions()]
        said += [caption(s, a) for a in s.legal_actions()]
        for ev in s.apply(rng.choice(s.legal_actions())):
            said += [log_text(ev, viewer) for viewer in (None, -1, 0)]
        ply += 1
    said += table_for(s, None).final_lines()
    return said


@pytest.mark.parametrize("language", ["en", "ja", "xx"])
def test_every_line_of_random_games_comes_from_the_catalogue(lang, language):
    if language == "ja" and i18n.cjk_font() is None:
        pytest.skip("no CJK font on this machine")
    lang(language)
    said = everything_said(3, 3) + everything_said(4, 4)  # a few hundred positions each
    assert len(said) > 10000 and all(said)
    if language == "xx":
        leaks = [line for line in said if LATIN_WORD.search(bare(line))]
        assert not leaks, leaks[:5]
    if language == "ja":
        assert sum(any(i18n.is_cjk(ch) for ch in line) for line in said) > 0.95 * len(said)


def test_menu_options_are_catalogue_keys():
    catalogue = i18n.catalogue("en")
    for option in KIT.menu_options:
        assert option.label in catalogue
        assert all(text in catalogue for text, _ in option.choices)
    assert i18n.t("otys.title") == "Otys"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_legal_move_reads_apart_on_buttons(lang, language):
    """Menus and button rows list several moves: no two may read the same."""
    lang(language)
    rng = random.Random(5)
    s = RULES.new_game(players=3, seed=5, variant="advanced", spy_variant=True)
    while not s.is_over:
        legal = s.legal_actions()
        words = [action_words(s, a) for a in legal]
        assert len(set(words)) == len(words), words
        s.apply(rng.choice(legal))


def test_english_wording_of_key_lines():
    s = RULES.new_game(players=2, seed=1)
    seat, diver = s.turn, s.players[s.turn].diver_at(3)
    name = ("Orange", "Sky blue")[seat]
    assert caption(s, A.Key(3)) == f"{name}: play key 3 on the {i18n.t(f'otys.diver.{diver}')}"
    events = s.apply(A.Key(3))
    assert log_text(events[0], None) == f"{name} plays key 3"
    deck = len(s.table.deck)
    assert table_for(s, seat).table_news() == f"First to 18 Prestige ends the round · {deck} contracts in the deck"


def test_a_kept_contract_is_named_to_its_owner_only():
    s = RULES.new_game(players=3, seed=2)
    until(s, lambda a: isinstance(a, A.Keep))
    seat = s.turn
    kept = next(ev for ev in s.apply(s.legal_actions()[0]) if ev.kind == "contract_kept")
    card = kept.data["private"]["card"]
    mine = log_text(kept, seat)
    assert f"keeps contract {card + 1}" in mine
    for viewer in (None, -1, (seat + 1) % 3):
        assert f"contract {card + 1}" not in log_text(kept, viewer)


def test_an_expert_previews_its_resource_and_a_sold_resource_its_price():
    s = RULES.new_game(players=2, seed=3)
    seat = s.turn
    p = s.players[seat]
    for d in EXPERTS:
        colour = i18n.t(f"otys.colour.{d}")
        level = p.position_of(d) - SURFACE + 1 if p.position_of(d) >= SURFACE else 2
        if p.has_space(level):
            assert f"+1 {colour}" in effect_preview(s, seat, d, level)
    p.res[1][0] = 1  # one metal on level 2: the trader sells it to the Store's top free metal space
    row = s.table.sale_row(0)
    credits = (3, 2, 1)[row]
    assert f"−1 metal, +{credits} credits" in effect_preview(s, seat, TRADER, 2)


def test_a_preview_changes_nothing_and_names_no_drawn_card():
    s = RULES.new_game(players=3, seed=4)
    before = s.to_dict()
    seat = s.turn
    for d in range(8):
        for level in range(1, LEVELS + 1):
            words = effect_preview(s, seat, d, level)
            assert "contract" not in words or "draw" in words  # the spy's draw is told by its count
    assert s.to_dict() == before


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
def test_hovering_own_pieces_says_what_may_be_done_and_previews_the_diver(lang):
    s = RULES.new_game(players=2, seed=6)
    seat = s.turn
    p = s.players[seat]
    table = table_for(s, seat)
    key3 = table.describe_target(("key", seat, 3))
    assert "you may: play key 3" in key3
    diver = i18n.t(f"otys.diver.{p.diver_at(3)}")
    assert f"{diver} on level 3: " in key3
    waiting = table_for(s, seat)
    waiting.reset(False)  # a bot or another person is to move: nothing to offer, the preview stays
    assert "you may" not in waiting.describe_target(("key", seat, 3))
    assert f"{diver} on level 3: " in waiting.describe_target(("key", seat, 3))
    assert f"{diver} on level 3" in table.describe_target(("level", seat, 3))
    lang("ja")
    assert "可能：" in table.describe_target(("key", seat, 3))


def test_a_chosen_diver_previews_its_effect_on_the_level_it_may_swim_to():
    s = RULES.new_game(players=2, seed=7)
    propel = until(s, lambda a: isinstance(a, A.Propel) and a.to >= SURFACE)
    seat = s.turn
    table = table_for(s, seat)
    table.selected = ("diver", seat, propel.diver)
    level = propel.to - SURFACE + 1
    words = table.describe_target(("pos", seat, propel.to))
    assert f"{i18n.t(f'otys.diver.{propel.diver}')} on level {level}: " in words
    assert "you may: spend a battery" in words


def test_a_contract_needing_any_different_resources_says_so_in_a_players_words():
    """Issue 35: not "needs 3-2 of different resources" but "needs 3 of one resource and 2 of
    another on one level", every such contract, its counts read back from the words."""
    from game.otys.contracts import CARDS
    from render.tables.otys.words import card_words

    free = [i for i, c in enumerate(CARDS) if c.kind != "specific"]
    assert free
    for i in free:
        text = card_words(i)
        counts = [int(n) for n in CARDS[i].text.split()[0].split("-")]
        assert "-" not in text.split("needs ")[1].split(" on one level")[0], text
        if all(n == 1 for n in counts):
            assert f"needs {len(counts)} different resources, one of each on one level" in text, text
        else:
            said = [int(n) for n in re.findall(r"(\d+) of (?:one resource|another|a third|a fourth)", text)]
            assert said == counts and "of one resource" in text and "of another" in text, text
