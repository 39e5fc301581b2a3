"""The rules guide: F1 / ? / the ? button open it over every game's table, it owns the pointer and
the keys while open, every page has words in both languages and a picture of the real table."""
from __future__ import annotations

import re

import numpy as np
import pyglet
import pytest
from pyglet.window import key

from render import i18n
from render.options import Options
from render.tables import registry as kits
from render.ui import theme
from render.ui.rules_guide import OPEN, RulesGuide, breakable
from tests.render.screens.test_app_screens import button, click, frames, send

PAGES = {game: kits.get(game).guide_pages for game in kits.games()}  # each kit's guide
pytestmark = pytest.mark.gl
GAMES = kits.games()


@pytest.fixture
def lang():
    """Switch the screen's language for one test, back to English after."""
    yield i18n.set_language
    i18n.set_language("en")


def start(app, game: str):  # noqa: F811
    app.start_game(Options(game=game, seats=["human", "human"], seed=5, anim_speed=0.0, save=app.options.save))
    frames(app, 1)
    return app.screen


def picture(app, screen) -> np.ndarray:  # noqa: F811
    """The pixels of the open page's picture, as the window shows them."""
    image = frames(app, 1)
    x, y, w, h = (round(v) for v in screen.guide.picture_box)
    return image[app.height - y - h + 2:app.height - y - 2, x + 2:x + w - 2]


def label_boxes(overlay) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of every label the overlay shows."""
    boxes = []
    for label in overlay._items:
        if isinstance(label, pyglet.text.DocumentLabel):
            w, h = label.content_width, label.content_height
            x0 = label.x - {"left": 0, "center": w / 2, "right": w}[label.anchor_x]
            y1 = label.y + {"top": 0, "center": h / 2, "bottom": h, "baseline": h}[label.anchor_y]
            boxes.append((x0, y1 - h, x0 + w, y1))
    return boxes


def test_every_game_with_a_table_has_a_guide():
    assert set(PAGES) == set(GAMES)
    for game in GAMES:
        names = [p.name for p in PAGES[game]]
        assert names[:4] == ["goal", "turn", "scoring", "end"] and len(names) == 5  # and a variants page


@pytest.mark.parametrize("game", GAMES)
def test_f1_opens_and_esc_closes_the_guide(app, game):  # noqa: F811
    from render.screens.game import GameScreen

    screen = start(app, game)
    assert not screen.guide.shown
    send(app, "on_key_press", key.F1, 0)
    assert screen.guide.shown
    assert i18n.t(f"guide.{game}.heading") in screen.guide.texts()
    assert i18n.t(f"guide.{game}.goal.title") in screen.guide.texts()
    send(app, "on_key_press", key.RIGHT, 0)
    assert screen.guide.page == 1 and i18n.t(f"guide.{game}.turn.title") in screen.guide.texts()
    send(app, "on_key_press", key.ESCAPE, 0)
    assert not screen.guide.shown
    assert app.screen is screen and isinstance(screen, GameScreen)  # Esc closed the guide, not the game
    send(app, "on_key_press", key.SLASH, key.MOD_SHIFT)  # "?"
    assert screen.guide.shown and screen.guide.page == 1  # where the reader left it
    send(app, "on_key_press", key.F1, 0)
    assert not screen.guide.shown
    frames(app, 1)


def test_the_question_button_at_the_right_of_the_key_line_opens_it(app):  # noqa: F811
    screen = start(app, "octocube")
    b = button(screen.guide, OPEN)
    assert b.x + b.w > app.width - 3 * theme.PAD and b.y + b.h <= theme.KEYS_HEIGHT
    click(app, *b.centre)
    assert screen.guide.shown
    click(app, *button(screen.guide, "guide.close").centre)
    assert not screen.guide.shown


def test_clicks_and_keys_go_to_the_guide_while_it_is_open(app):  # noqa: F811
    screen = start(app, "otys")
    pressed = []
    screen.table.press = lambda x, y: pressed.append((x, y))
    screen.table.release = lambda x, y: pressed.append((x, y))
    history, camera = len(screen.match.history), screen.view.camera.distance
    send(app, "on_key_press", key.F1, 0)
    click(app, app.width / 2, app.height / 2)  # on the panel, over the table
    click(app, 5, 5)  # on the dimmed table
    send(app, "on_mouse_scroll", app.width / 2, app.height / 2, 0, 3)
    send(app, "on_key_press", key.L, 0)  # the log's key: taken by the guide
    assert pressed == [] and len(screen.match.history) == history
    assert screen.view.camera.distance == camera and not screen.log_folded
    assert screen._modal()  # no tooltips from the table underneath
    click(app, *button(screen.guide, "guide.next").centre)
    assert screen.guide.page == 1
    click(app, *button(screen.guide, ("guide.page", 4)).centre)
    assert screen.guide.page == 4 and not button(screen.guide, "guide.next").enabled
    send(app, "on_key_press", key.ESCAPE, 0)
    click(app, 5, 5)
    assert pressed  # closed: the table has the pointer again


def test_the_game_waits_while_its_rules_are_read(app):  # noqa: F811
    app.start_game(Options(game="octocube", seats=["random", "random"], seed=5, anim_speed=0.0,
                           save=app.options.save))
    screen = app.screen
    screen.open_guide()
    for _ in range(30):
        app.tick(1 / 60)
    assert screen.match.history == [] and not screen.worker.busy and not screen.busy()


@pytest.mark.parametrize("lang_code", ["en", "ja"])
def test_every_page_has_a_title_and_a_body_in_both_languages(lang_code):
    words = i18n.catalogue(lang_code)
    english = i18n.catalogue("en")
    for game in GAMES:
        for page in PAGES[game]:
            for part in ("title", "body"):
                text = words[f"guide.{game}.{page.name}.{part}"]
                assert text.strip()
                if lang_code == "ja":
                    assert text != english[f"guide.{game}.{page.name}.{part}"]
                    assert any(i18n.is_cjk(ch) for ch in text)
            body = words[f"guide.{game}.{page.name}.body"].split("\n\n")
            assert 2 <= len(body) <= 8 and all(len(p) < 420 for p in body)  # short paragraphs a page holds


def test_the_words_are_right_about_key_rules():
    en = i18n.catalogue("en")
    assert "1 → 0, 2 → 2, 3 → 4, 4 → 7, 5 → 10, 6 → 15 VP" in en["guide.octocube.scoring.body"]
    assert "5 of them with 2 players, 6 with 3, 7 with 4" in en["guide.octocube.end.body"]
    assert "18 ★" in en["guide.otys.end.body"]
    assert "up to 2 dice of different colours" in en["guide.cubitos.scoring.body"]


@pytest.mark.parametrize("size, language", [((1280, 720), "en"), ((1024, 640), "ja"), ((1024, 640), "en")])
def test_pictures_show_each_games_own_table(app, size, language, lang):  # noqa: F811
    lang(language)
    app.fixed_size = size
    app.on_resize(*size)
    pictures = {}
    for game in GAMES:
        screen = start(app, game)
        screen.open_guide()
        pixels = picture(app, screen).astype(float)
        panel = np.array(theme.PANEL[:3], float)
        assert np.abs(pixels - panel).sum(axis=2).mean() > 60  # not the panel's flat colour
        assert pixels.std() > 20  # a picture, not a fill
        pictures[game] = pixels.mean(axis=(0, 1))
        for page in range(len(PAGES[game])):  # every page's words fit above the buttons, inside the window
            screen.guide.click(("guide.page", page))
            screen._build_guide()
            footer = button(screen.guide, "guide.back")
            for x0, y0, x1, y1 in label_boxes(screen.guide):
                assert 0 <= x0 and x1 <= size[0] and y1 <= size[1]
                assert y0 > footer.y + footer.h or y1 < footer.y + footer.h  # above the footer, or in it
    colours = list(pictures.values())
    assert all(np.abs(a - b).sum() > 5 for i, a in enumerate(colours) for b in colours[i + 1:])


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
def test_a_picture_is_drawn_once_per_page_until_the_size_or_language_changes(gl_session, lang):
    drawn = []

    def painter(shot, size):
        drawn.append((shot, size))
        return pyglet.image.ImageData(1, 1, "RGB", b"\x80\x80\x80")

    guide = RulesGuide()
    guide.open("cubitos", kits.get("cubitos").guide_pages, painter, stamp=1)
    guide.build(1280, 720)
    guide.key("RIGHT")
    guide.build(1280, 720)
    guide.key("LEFT")
    guide.build(1280, 720)
    assert len(drawn) == 2  # page 1 was kept
    guide.build(1024, 640)
    assert len(drawn) == 3
    lang("ja")
    guide.build(1024, 640)
    assert len(drawn) == 4
    guide.open("cubitos", kits.get("cubitos").guide_pages, painter, stamp=2)  # a new position on the table
    guide.build(1024, 640)
    assert len(drawn) == 5


def _bare(text: str) -> str:
    """``text`` without its ⟪…⟫ stretches (nested)."""
    while True:
        stripped = re.sub("⟪[^⟪⟫]*⟫", "", text)
        if stripped == text:
            return text
        text = stripped


@pytest.mark.parametrize("game", GAMES)
def test_in_the_pseudo_language_every_guide_word_comes_from_the_catalogue(app, game, lang):  # noqa: F811
    lang("xx")
    screen = start(app, game)
    send(app, "on_key_press", key.F1, 0)
    for _ in PAGES[game]:
        texts = screen.guide.texts()
        assert texts
        for text in texts:
            assert not re.search("[A-Za-z]{2}", _bare(text)), text
        send(app, "on_key_press", key.RIGHT, 0)


def test_japanese_lines_may_break_between_characters_but_not_before_a_full_stop():
    out = breakable("タイルを取る。次へ")
    assert "\u200b" in out and "\u200b。" not in out
    assert out.replace("\u200b", "") == "タイルを取る。次へ"
    assert breakable("Roll a cube") == "Roll a cube"
