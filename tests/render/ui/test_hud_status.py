"""The top bar says what the person to move may do, whole, even beside four seats' pills: on two
lines where one is too short, and where even that needs the room, the turn's words give way (the
lit pill names whose turn it is). At 1024x600 with four seats it said nothing at all before."""
from __future__ import annotations

import pytest

from render.ui import theme
from render.ui.hud import HudBar, SeatScore
from render.ui.widgets import text_width

pytestmark = pytest.mark.gl

SCORES = [SeatScore(i, name, "0 cr · 0 fans", i == 0) for i, name in enumerate(["Orange", "Sky blue", "Green", "Vermillion"])]
PUSH = "push your luck or pass (the buttons say the chance to bust)"
TURN = "Orange (you) to move"


def shown(bar: HudBar) -> list:
    return [item for item in bar._items if hasattr(item, "text") and hasattr(item, "content_width")]


@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720)])
def test_what_one_may_do_is_said_whole_beside_four_pills(gl_session, width, height):
    bar = HudBar()
    bar.build(width, height, TURN, PUSH, SCORES, "keys")
    labels = shown(bar)
    status = [lb for lb in labels if lb.text.replace("\n", " ") == PUSH]
    assert status, [lb.text for lb in labels]  # whole, never clipped
    assert all(len(lb.text.split("\n")) <= 2 for lb in status)
    pills_left = min(lb.x for lb in labels if "0 cr" in lb.text)
    for lb in status:  # in the bar, left of the pills
        assert lb.x + lb.content_width <= pills_left and lb.y - lb.content_height / 2 >= height - theme.HUD_HEIGHT


def test_the_turns_words_stay_where_there_is_room_and_give_way_where_there_is_not(gl_session):
    bar = HudBar()
    bar.build(1280, 720, TURN, PUSH, SCORES[:2], "keys")
    assert TURN in [lb.text for lb in shown(bar)]  # two seats: room for both
    bar.build(1024, 600, TURN, PUSH, SCORES, "keys")
    assert TURN not in [lb.text for lb in shown(bar)] and text_width(PUSH, 10) > 0
    bar.build(1024, 600, TURN, "", SCORES, "keys")
    assert TURN in [lb.text for lb in shown(bar)]  # nothing to say beside them: the words stay


@pytest.mark.parametrize("width,height", [(1024, 600), (1280, 720)])
def test_a_saved_files_long_path_keeps_inside_the_bar_and_its_name_shows(gl_session, width, height):
    """A path is one word no line can break: it once ran 259 px out of the bar on its left in
    Japanese at 1024x600 ("…/saves/cubitos-branch-… に保存しました"). Its middle gives way now."""
    from render import i18n

    path = "/tmp/cubetable-uifuzz-63z8jx_5/data/saves/cubitos-branch-2026-12-06-171203.json"
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        try:
            said = i18n.t("msg.saved", path=path)
            bar = HudBar()
            bar.build(width, height, TURN, said, SCORES, "keys")
        finally:
            i18n.set_language("en")
        pills_left = min(lb.x for lb in shown(bar) if "0 cr" in lb.text)
        status = [lb for lb in shown(bar) if "…" in lb.text or "json" in lb.text]
        assert status, [lb.text for lb in shown(bar)]
        for lb in status:
            assert lb.x >= 0 and lb.x + lb.content_width <= pills_left, (lang, lb.text)
        assert any("171203.json" in lb.text for lb in status), [lb.text for lb in status]  # the file's name


@pytest.mark.parametrize("key", ["msg.undo_hidden", "net.undo_own_only", "net.undone_by"])
def test_a_japanese_sentence_wraps_whole_rather_than_losing_its_middle(gl_session, key):
    """Japanese has no spaces: a status line too long for one line lost its middle at 1024x600
    ("取り消せません…隠れた情報が公開されています") rather than going on to the second line."""
    from render import i18n

    i18n.set_language("ja")
    try:
        said = i18n.t(key, who="■ スカイブルー")
        bar = HudBar()
        seats = [SeatScore(i, name, "0★ 3C 1B 手札0", i == 1) for i, name in enumerate(["オレンジ", "スカイブルー"])]
        bar.build(1024, 600, "■ スカイブルー（あなた）の手番", said, seats, "keys")  # an Otys game's bar
    finally:
        i18n.set_language("en")
    status = ["".join(lb.text.split()) for lb in shown(bar)]
    assert "".join(said.split()) in status, status


STATUS_LINES = ["msg.undone", "msg.undo_hidden", "msg.nothing_to_undo", "msg.demo_no_undo", "sound.muted",
                "replay.record_needs_av", "net.host_keeps", "net.undo_own_only", "net.undone_by", "net.undo_late",
                *[f"fault.{what}.{why}" for what in ("move", "hint") for why in ("error", "died", "slow", "illegal")]]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("seats", [2, 4])
def test_every_status_line_without_a_path_is_read_whole_at_the_smallest_window(gl_session, lang, seats):
    """What the status line says (a refused undo, a bot's fallback) on at most two lines beside the
    pills of an Otys game, the widest, at 1024x600: "…a random legal move is played f…" was cut."""
    from render import i18n

    i18n.set_language(lang)
    try:
        labels = [theme.player_label(s) for s in range(4)]
        who = max(labels, key=lambda label: text_width(label, 10))
        pills = [SeatScore(s, theme.player_name(s), "0★ 3C 1B 0 in hand" if lang == "en" else "0★ 3C 1B 手札0", s == 1)
                 for s in range(seats)]
        for key in STATUS_LINES:
            said = i18n.t(key, who=who)
            bar = HudBar()
            bar.build(1024, 600, i18n.t("turn.you", who=labels[1]), said, pills, "keys")
            assert "".join(said.split()) in ["".join(lb.text.split()) for lb in shown(bar)], (key, said)
    finally:
        i18n.set_language("en")


def test_a_line_too_long_for_two_lines_beside_the_turns_words_takes_their_room(gl_session):
    """Cubitos, four seats at 1280x720: Crabby's line (die or space, movement and money left) took
    three lines beside "Orange (you) to move" and lost its end; the lit pill says whose turn it is."""
    crabby = ("Crabby: click a lit die to give it away (a menu asks to whom), or a lit space to step · "
              "2 movement, 6 money left")
    bar = HudBar()
    bar.build(1280, 720, TURN, crabby, SCORES, "keys")
    texts = [lb.text for lb in shown(bar)]
    assert crabby in [t.replace("\n", " ") for t in texts] and TURN not in texts


def test_the_pills_are_a_size_smaller_where_the_status_line_needs_their_room(gl_session):
    """Otys, four seats, 1024x600, Japanese: a sponsor's caption took three lines of the room the
    full-size pills left, and lost its end; the pills step down a size and it reads whole."""
    from render import i18n

    said = "クリック：スポンサー#3：ハッカートラックから自分の鍵を1つ戻す（鍵1）"
    i18n.set_language("ja")
    try:
        pills = [SeatScore(s, theme.player_name(s), text, s == 0)
                 for s, text in enumerate(["2★ 1C 0B 手札1", "0★ 1C 0B 手札0", "1★ 0C 0B 手札0", "1★ 0C 0B 手札0"])]
        bar = HudBar()
        bar.build(1024, 600, "● オレンジ、あなたの番です", said, pills, "keys")
        assert said in [lb.text.replace("\n", "") for lb in shown(bar)]
        bar.build(1024, 600, "● オレンジ、あなたの番です", "", pills, "keys")
        assert "● オレンジ、あなたの番です" in [lb.text for lb in shown(bar)]  # nothing to say: the words stay
    finally:
        i18n.set_language("en")
