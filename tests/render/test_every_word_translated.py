"""No word a player reads bypasses the catalogue: every screen is drawn in the pseudo language ``xx``
(every template wrapped in ⟪ ⟫) and each text it shows — labels, buttons, tooltips over the whole
table, log lines, captions, final standings, menus — must be wrapped, but for marks and numbers.
The same screens in English and Japanese must word without a missing key."""
from __future__ import annotations

import random
import re

import pytest

from game.core.match import HUMAN
from render import i18n
from render.options import Options
from render.tables import registry as kits

pytestmark = pytest.mark.gl
SIZE = (1280, 720)
WRAPPED = re.compile("⟪[^⟪⟫]*⟫")
BARE = re.compile("[A-Za-z]{2,}")


def bare_words(text: str) -> list[str]:
    """The Latin words of ``text`` outside every ⟪…⟫ (nested ones too); a line clipped with … to
    fit its panel is closed where it was cut."""
    if text.endswith("…"):
        text += "⟫" * max(0, text.count("⟪") - text.count("⟫"))
    while True:
        shorter = WRAPPED.sub("", text)
        if shorter == text:
            return BARE.findall(text)
        text = shorter


def test_the_checker_finds_words_outside_the_wrappers():
    assert bare_words("⟪⟪● ⟪Orange⟫⟫ scores 3 VP⟫") == []
    assert bare_words("● ⟪Orange⟫ 3 VP") == ["VP"]
    assert bare_words("⟪Hint: ⟪rolls north⟫ (x)⟫ thinking") == ["thinking"]
    assert bare_words("⟪⟪Green⟫ rolls ⟪ea…") == [] and bare_words("Green ⟪rolls…") == ["Green"]


@pytest.fixture
def app(gl_session, tmp_path):
    from render.app import App

    a = App(gl_session.extra, gl_session, Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0), size=SIZE)
    yield a
    a.close()
    i18n.set_language("en")


def overlay_texts(screen) -> list[str]:
    out = []
    for o in [screen.hud, screen.tooltip, screen.log_panel, *screen.overlays()]:
        out += o.texts()
    return out


def table_texts(screen) -> list[str]:
    """What the table can say at this position: panels, HUD facts, every piece under the pointer
    on a grid over the window, each legal action, the whole log as each seat may read it."""
    table, state = screen.table, screen.state
    screen.refresh()
    out = overlay_texts(screen) + [table.can_do(), table.table_news(), screen._turn_text(), table.keys_help]
    out += [s.text for s in table.scores(None)] + [s.name for s in table.scores(None)]
    seen = set()
    for x in range(10, SIZE[0], 40):
        for y in range(10, SIZE[1], 40):
            for target in screen.view.pick_all(x, y):
                if target not in seen:
                    seen.add(target)
                    out.append(table.describe_target(target))
    if not state.is_over:
        out += [table.describe_action(a) for a in state.legal_actions()[:60]]
    for eyes in (None, -1, 0):
        out += [table.log_text(e, eyes) for e in screen.match.log]
    return [s for s in out if s]


def visit_game(app, game: str, players: int, stops: list[int]) -> list[str]:
    """A game of ``game`` played by random bots, looked at by a person at each ply of ``stops``
    (with every panel the kit can open), and at its end."""
    from game.bots import make_bot

    kit = kits.get(game)
    options = Options(game=game, players=players, seats=[HUMAN] * players, seed=11, anim_speed=0.0,
                      save=app.options.save)
    match = options.new_match()
    match.autosave = None
    bots = [make_bot("random", match.rules, i, 11 + i) for i in range(players)]
    rng = random.Random(3)
    texts: list[str] = []
    ply = 0
    for stop in [*stops, 10 ** 6]:
        while ply < stop and not match.state.is_over:
            match.apply(bots[match.state.current_player].choose(match.state))
            ply += 1
        app.start_game(options, match)
        screen = app.screen
        screen.handover = False
        screen.viewer = None if match.state.is_over else match.state.current_player
        screen.refresh()
        texts += table_texts(screen)
        for open_panel in kit.screenshot_panels.values():
            open_panel(screen.table)
            texts += table_texts(screen)
        if match.state.is_over:
            break
        screen.handover = True  # the hand-over banner between two people
        screen.refresh()
        texts += overlay_texts(screen)
        rng.random()
    return texts


def menu_texts(app) -> list[str]:
    from render.screens.menu import MenuScreen

    app.show_menu()
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    texts = []
    for game in kits.games():
        menu.click(("game", game))
        texts += menu.menu.texts()
        for option in menu.choice.shown():
            if option.cycle:
                continue
            for _, value in option.choices:  # options shown only after another choice
                menu.click(("option", (option.name, value)))
                texts += menu.menu.texts()
    return texts


def demo_texts(app) -> list[str]:
    app.start_demo(Options(game=kits.games()[0], players=2, seats=["random", "random"], seed=2, anim_speed=0.0,
                           save=app.options.save))
    for _ in range(40):
        app.tick(1 / 60)
    return overlay_texts(app.screen)


STOPS = {"octocube": [2, 9, 30], "cubitos": [1, 25, 120], "otys": [1, 15, 60]}


@pytest.mark.parametrize("game", kits.games())
def test_no_word_of_a_game_screen_bypasses_the_catalogue(app, game):
    i18n.set_language("xx")
    texts = visit_game(app, game, 3, STOPS.get(game, [1, 20]))
    assert len(texts) > 50
    leaks = sorted({t for t in texts if bare_words(t)})
    assert leaks == [], f"{len(leaks)} texts bypass the catalogue, e.g. {leaks[:8]}"


def test_no_word_of_the_menu_or_the_demo_bypasses_the_catalogue(app):
    i18n.set_language("xx")
    texts = menu_texts(app) + demo_texts(app)
    leaks = sorted({t for t in texts if bare_words(t) and t not in i18n.NAMES.values()})  # each language's
    assert leaks == [], f"{len(leaks)} texts bypass the catalogue, e.g. {leaks[:8]}"  # own name stays


@pytest.mark.skipif(i18n.cjk_font() is None, reason="no CJK font on this machine")
@pytest.mark.parametrize("game", kits.games())
def test_every_screen_words_in_japanese(app, game):
    i18n.set_language("ja")
    texts = visit_game(app, game, 2, STOPS.get(game, [1, 20])[:2]) + menu_texts(app)
    japanese = [t for t in texts if re.search("[\u3040-\u30ff\u4e00-\u9fff]", t)]
    assert len(japanese) > 0.8 * len(texts), [t for t in texts if t not in japanese][:10]
