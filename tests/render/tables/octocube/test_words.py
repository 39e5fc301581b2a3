"""Octocube's words come from the catalogue in every language: log lines, captions, tooltips, HUD
facts, final lines; the pseudo language shows no word that bypasses it; Japanese reads Japanese."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.octocube.actions import Roll, Score
from render import i18n
from tests.game.octocube.positions import cube_at, tile
from tests.render.tables.octocube.words_host import host, random_positions

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ASSETS = Path(__file__).parents[4] / "assets" / "i18n"


@pytest.fixture
def lang(request):
    chosen = i18n.set_language(request.param)
    if chosen != request.param:
        pytest.skip("no font with Japanese glyphs on this machine")
    yield chosen
    i18n.set_language("en")


def bare(text: str) -> str:
    """``text`` without its ⟪…⟫ stretches (nested)."""
    out, depth = [], 0
    for ch in text:
        depth += ch == i18n.OPEN
        if depth == 0:
            out.append(ch)
        depth -= ch == i18n.CLOSE and depth > 0
    return "".join(out)


def every_line(players: int, variant: str, seed: int, plies: int = 120) -> list[str]:
    """Each word a person could read over a random game: captions of every legal move, the HUD, each
    piece's tooltip (with the person to move's previews), log lines for every viewer, final lines."""
    lines: list[str] = []
    for h, legal in random_positions(players, variant, seed, plies):
        table, state = h.table, h.state
        table.reset(not state.is_over)
        lines += [table.describe_action(a) for a in legal[:12]]
        lines += [table.can_do(), table.table_news(), table.keys_help]
        lines += [s.text for viewer in (None, 0, -1) for s in table.scores(viewer)]
        targets = [("cell", c) for c in range(state.size ** 2)] + [("cube", s) for s in range(players)]
        targets += [("area", s) for s in range(players)] + [("face", s, f) for s in range(players) for f in range(6)]
        targets += [("board_tile", s, x) for s in range(players) for x in state.collected[s][:3]]
        targets += [("board_space", s, slot) for s in range(players) for slot in range(16) if variant == "kids"]
        lines += [table.describe_target(t) for t in targets]
        if table.input.gestures is not None and table.input.gestures.of_kind("score"):
            table.input.open_score()
            table.input.button("all")
            lines.append(table._score_outcome(table.input.score_choice()))
            table.input.cancel()
    lines += [table.log_text(e, v) for e in h.match.log for v in (None, 0, -1)]
    lines += table.final_lines() if h.state.is_over else []
    return [line for line in lines if line]


GAMES = [(2, "basic", 3), (3, "basic", 4), (4, "advanced", 5), (3, "advanced", 6), (2, "kids", 7), (3, "kids", 8)]


@pytest.mark.parametrize("lang", ["en", "ja", "xx"], indirect=True)
@pytest.mark.parametrize("players,variant,seed", GAMES)
def test_every_line_words_from_the_catalogue(lang, players, variant, seed):
    lines = every_line(players, variant, seed, plies=400)
    assert len(lines) > 200
    if lang == "xx":
        leaks = [line for line in lines if LATIN_WORD.search(bare(line))]
        assert not leaks, leaks[:5]
    if lang == "ja":
        assert sum(bool(KANA_KANJI.search(line)) for line in lines) > 0.9 * len(lines)


def test_both_catalogues_have_the_same_keys():
    en, ja = (json.loads((ASSETS / lang / "octocube.json").read_text(encoding="utf-8")) for lang in ("en", "ja"))
    assert en.keys() == ja.keys() and all(k.startswith("octocube.") for k in en)


def rigged(rig):
    h = host()
    rig(h.state)
    h.table.reset(True)
    return h


def test_english_and_japanese_captions_and_log_lines():
    def rig(s):
        cube_at(s, 1, 10, [tile("starfish", "white"), None, tile("starfish", "green"), None, None, None], turn=0)
        cube_at(s, 0, 5)
        s.stacks[1].append(tile("pearl", "green"))
    h = rigged(rig)
    assert h.table.describe_action(Roll(0)) == "Orange rolls north and picks up a green Pearl"
    h.submit(Roll(0))
    rolled = next(e for e in h.match.log if e.kind == "rolled")
    assert h.table.log_text(rolled, 1) == "Orange rolls north and picks up a green Pearl"
    h.table.reset(True)
    assert h.table.describe_action(Score((0, 2))) == "Sky blue scores a white Starfish and a green Starfish for 2 VP"
    h.submit(Score((0, 2)))
    scored = next(e for e in h.match.log if e.kind == "scored")
    assert h.table.log_text(scored, 1) == "Sky blue scores white Starfish and green Starfish for 2 VP"
    assert h.table.log_text(scored, 0) == "Sky blue scores white Starfish and green Starfish"  # tokens lie face down
    i18n.set_language("ja")
    try:
        if i18n.language() == "ja":
            assert h.table.log_text(rolled, None) == "オレンジ：北へロール、緑のパールが付く"
            assert h.table.log_text(scored, 1) == "スカイブルー：白のヒトデと緑のヒトデをスコア（2 VP）"
    finally:
        i18n.set_language("en")


def test_a_space_under_a_cube_keeps_its_top_tile_hidden():
    def rig(s):
        cube_at(s, 1, 10, turn=0)
        cube_at(s, 0, 5, [None, tile("amphora", "green")] + [None] * 4)
        s.stacks[5][-1] = tile("diamond", "white")
    h = rigged(rig)
    tip = h.table.describe_target(("cell", 5))
    assert tip == f"row 2, column 2: {len(h.state.stacks[5])} tiles under Orange's cube" and "Diamond" not in tip



def test_counted_objects_take_their_plural_in_both_languages():
    """A Score's summary counts its series: '2 Diamonds', never '2 Diamond'; Japanese counts alike."""
    from render.tables.octocube.words import object_count
    try:
        assert [object_count("diamond", n) for n in (1, 2)] == ["1 Diamond", "2 Diamonds"]
        assert object_count("starfish", 3) == "3 Starfish" and object_count("amphora", 2) == "2 Amphorae"
        i18n.set_language("ja")
        assert [object_count("diamond", n) for n in (1, 2)] == ["ダイヤ×1", "ダイヤ×2"]
    finally:
        i18n.set_language("en")
