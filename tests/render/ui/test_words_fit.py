"""Every word fits (issue 34): every screen and panel, in English and Japanese, at 1280x720 and at
the smallest window the program allows, has each label inside its panel and the window and each
button's label inside its button (render.checks.words)."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.bots import make_bot
from game.core.match import Match
from game.octocube.components import TILES
from render import i18n
from render.checks.words import words_outside
from render.options import Options
from render.tables import registry as kits
from render.ui import theme
from tests.render.screens.test_app_screens import wait_for

pytestmark = pytest.mark.gl

SIZES = [(1280, 720), theme.MIN_WINDOW]
CASES = [pytest.param((size, lang), id=f"{size[0]}x{size[1]}-{lang}") for size in SIZES for lang in ("en", "ja")]


@pytest.fixture(params=CASES)
def app(request, gl_session, tmp_path):
    """The app drawing offscreen at one size, speaking one language."""
    from render.app import App

    size, lang = request.param
    assert i18n.set_language(lang) == lang, "Japanese needs a CJK font (fonts-droid-fallback)"
    a = App(gl_session.extra, gl_session, Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0), size=size)
    yield a
    a.close()
    i18n.set_language("en")


class Faults:
    """Violations gathered over a whole walk, each with where it was seen, so one run names them all."""

    def __init__(self, app: Any) -> None:
        self.app, self.seen = app, {}

    def check(self, where: str, overlays: list | None = None) -> None:
        for line in words_outside(overlays if overlays is not None else shown(self.app), self.app.width,
                                  self.app.height):
            self.seen.setdefault(line, where)

    def assert_none(self) -> None:
        if self.seen:
            pytest.fail("\n".join(f"{where}: {line}" for line, where in self.seen.items()), pytrace=False)


def shown(app: Any) -> list:
    """Every overlay on the screen now, the settings panel included."""
    s = app.screen
    out = list(s.overlays()) if hasattr(s, "overlays") else []
    out += [o for name in ("hud", "tooltip", "menu", "list") if (o := getattr(s, name, None)) is not None
            and hasattr(o, "labels") and o not in out]
    return out + ([app.panel] if app.panel is not None else [])


def game_options(app: Any, game: str, seats: list[str], seed: int = 3) -> Options:
    return Options(game=game, players=len(seats), seats=seats, seed=seed, anim_speed=0.0, save=app.options.save)


def played(game: str, seats: list[str], seed: int, moves: int) -> Match:
    """A match after ``moves`` random moves (fewer if it ends)."""
    match = Match(registry.get(game), len(seats), seed, seats)
    bot = make_bot("random", match.rules, 0, seed)
    for _ in range(moves):
        if match.state.is_over:
            break
        match.apply(bot.choose(match.state))
    return match


def along(app: Any, game: str, seats: list[str], stops: tuple[int, ...]) -> Any:
    """One table through a random game, stopping after each of ``stops`` moves with the screen
    rebuilt for the person to move (one table for all: setting a table up costs seconds)."""
    app.start_game(game_options(app, game, seats))
    screen = app.screen
    bot = make_bot("random", screen.match.rules, 0, 3)
    for stop in stops:
        while len(screen.match.history) < stop and not screen.state.is_over:
            screen.submit(bot.choose(screen.state))
        if screen.state.is_over:
            return
        settle(app)
        if screen.handover:
            screen._button("take")
            settle(app)
        yield stop


def settle(app: Any) -> None:
    screen = app.screen
    screen.dirty = True
    screen.update(0.0)


# ---- the start menu, settings, replays ------------------------------------------------------------
def test_the_start_menu_fits_on_every_page(app):
    app.show_menu()
    menu = app.screen
    faults = Faults(app)
    for game in kits.games():
        menu.click(("game", game))
        for players in (2, 4):
            menu.click(("players", players))
            for option in menu.choice.shown() if players == 4 else ():  # four seats: the tallest menu
                values = [v for _, v in option.choices]
                for value in values[:1] if option.cycle else values:
                    if option.cycle:
                        menu.click(("cycle", option.name))
                    else:
                        menu.click(("option", (option.name, value)))
                    for shown_option in menu.choice.shown():  # a choice that opens more (a custom card set)
                        if shown_option.cycle:
                            menu.click(("cycle", shown_option.name))
                    menu.layout(app.width, app.height)
                    faults.check(f"menu {game} {players}p {option.name}={value}", [menu.menu])
            menu.click(("guide", True))
            menu.note = "cannot open that file: " + "a damaged or foreign save file, " * 6
            menu.layout(app.width, app.height)
            faults.check(f"menu {game} {players}p guide on, a note", [menu.menu])
            menu.note = ""
    faults.assert_none()


def test_the_settings_panel_fits(app):
    app.show_menu()
    app.toggle_settings()
    faults = Faults(app)
    faults.check("settings", [app.panel])
    faults.assert_none()


def test_the_replay_list_and_viewer_fit(app, tmp_path):
    from render.replay.screen import ReplayScreen

    faults = Faults(app)
    match = played("otys", ["human", "random"], 5, 30)
    match.save(app.options.save_path)
    saves = Path(app.options.save_path).parent / "saves"
    saves.mkdir(exist_ok=True)
    (saves / "damaged-game-file-with-a-long-name.json").write_text("{ not json")
    app.show_replays()
    faults.check("replay list")
    app.open_replay(app.options.save_path)
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    for k in (0, 1, 10, 30):
        screen.go(k)
        settle(app)
        faults.check(f"replay at move {k}")
    screen.click("take")
    settle(app)
    faults.check("replay: take over")
    faults.assert_none()


# ---- banners, hints, the end ---------------------------------------------------------------------
def test_the_hand_over_banner_fits(app):
    game = next(g for g in kits.games() if kits.get(g).hidden_info)
    app.start_game(game_options(app, game, ["human", "human"]))
    screen = app.screen
    settle(app)
    screen.submit(screen.state.legal_actions()[0])
    wait_for(app, lambda: screen.handover or screen.state.current_player == 0)
    settle(app)
    faults = Faults(app)
    faults.check(f"{game} hand-over")
    faults.assert_none()


@pytest.mark.parametrize("game", kits.games())
def test_hints_fit(app, game):
    """The hint banner at positions along a game: a hint's reason may be long."""
    faults = Faults(app)
    for moves in (0, 7, 15):
        app.start_game(game_options(app, game, ["human", "random"]), played(game, ["human", "random"], 3, moves))
        screen = app.screen
        wait_for(app, lambda: screen.table.active or screen.state.is_over, seconds=60)
        if screen.state.is_over:
            continue
        screen.ask_hint()
        wait_for(app, lambda: screen.hint_action is not None, seconds=60)
        settle(app)
        faults.check(f"{game} after {moves} moves: {screen.caption!r}")
    faults.assert_none()


@pytest.mark.parametrize("game", kits.games())
def test_the_longest_hint_fits(app, game):
    """The hint banner for the move with the longest words at positions along a game, with the
    longest reason a hint gives (a search's share and visits)."""
    faults = Faults(app)
    for moves in along(app, game, ["human", "human"], (0, 9, 20, 33)):
        screen = app.screen
        action = max(screen.state.legal_actions(), key=lambda a: len(screen.describe(a)))
        screen.hint_action = action
        screen.caption = i18n.t("hint.caption", text=screen.describe(action),
                                why=i18n.t("hint.why.search", share=37, visits=12345))
        settle(app)
        faults.check(f"{game} after {moves} moves: {screen.caption!r}")
    faults.assert_none()


@pytest.mark.parametrize("game", kits.games())
def test_the_final_score_table_fits(app, game):
    seats = ["human", "random", "random", "random"]
    app.start_game(game_options(app, game, seats), played(game, seats, 3, 5000))
    screen = app.screen
    assert screen.state.is_over
    settle(app)
    faults = Faults(app)
    faults.check(f"{game} final scores")
    faults.assert_none()


# ---- the tables: HUD, context buttons, panels, small menus, tooltips, the rules guide ----------------
def _open_menus(app: Any, faults: Faults, where: str) -> None:
    """Each lit piece a click on which means several moves: its small menu."""
    screen = app.screen
    table = screen.table
    g = getattr(table, "gestures", None)
    if g is None or not hasattr(table, "act"):
        return
    for target in sorted(g.targets(), key=repr):
        actions = g.click(target)
        if len(actions) > 1:
            table.act(actions, screen.view.target_pos(target))
            settle(app)
            faults.check(f"{where}: menu on {target}")
            table.menu_items = []
    settle(app)


def _open_panels(app: Any, faults: Faults, where: str) -> None:
    screen = app.screen
    for name, opener in screen.kit.screenshot_panels.items():
        opener(screen.table)
        settle(app)
        if screen.table.modal():
            faults.check(f"{where}: {name} panel")
            screen.table.reset(True)
            settle(app)


def _point_at_pieces(app: Any, faults: Faults, where: str) -> None:
    screen = app.screen
    for target in sorted(screen.table.lit(), key=repr)[:12]:
        x, y = screen.view.target_pos(target)
        if 0 <= x < app.width and 0 <= y < app.height:
            screen.on_mouse_motion(x, y, 0, 0)
            faults.check(f"{where}: pointing at {target}")


@pytest.mark.parametrize("game", kits.games())
def test_a_table_fits_along_a_game(app, game):
    """Positions along a four-seat game, each seat's own turn: the HUD, the buttons beside the piece,
    every small menu, the game's panels (Octocube's Score and orientation) and tooltips."""
    faults = Faults(app)
    for moves in along(app, game, ["human"] * 4, (0, 3, 8, 14, 20, 21, 27, 35, 50)):
        where = f"{game} after {moves} moves"
        faults.check(where)
        _open_menus(app, faults, where)
        _open_panels(app, faults, where)
        _point_at_pieces(app, faults, where)
    faults.assert_none()


def _fullest_cube(seeds: range, moves: int) -> Match:
    """The Octocube position, among games of a collector (a person who keeps rolling and never
    scores until late), whose person may score the most kinds of tile: the longest summary."""
    best: tuple = (-1,)
    for seed in seeds:
        match = played("octocube", ["human"] * 4, seed, 0)
        rng = random.Random(seed)
        for n in range(moves):
            state = match.state
            if state.is_over:
                break
            legal = state.legal_actions()
            if any(a.kind == "score" for a in legal):
                kinds = len({TILES[f].object for f in state.cube_faces[state.current_player] if f is not None})
                best = max(best, (kinds, -n, seed, list(match.history)))
            match.apply(rng.choice([a for a in legal if a.kind not in ("score", "pass")] or legal))
    _, _, seed, history = best
    match = played("octocube", ["human"] * 4, seed, 0)
    for action in history:
        match.apply(action)
    return match


def test_the_octocube_score_summary_fits(app):
    """The Score panel of a cube carrying the most tiles: the summary of taking them all is long."""
    match = _fullest_cube(range(1, 30), 150)
    moves, seed = len(match.history), match.data.seed
    app.start_game(game_options(app, "octocube", ["human"] * 4, seed), match)
    screen = app.screen
    settle(app)
    table = screen.table
    faults = Faults(app)
    table.input.open_score()
    for press in ("all", "none", "all"):
        table.input.button(press)
        settle(app)
        assert table.modal()
        faults.check(f"octocube score panel after {moves} moves of seed {seed}, {press}")
        for chip in [b for b in table.score_panel.buttons if isinstance(b.value, tuple) and b.value[0] == "face"]:
            screen.on_mouse_motion(*chip.centre, 0, 0)  # the preview: the Score with or without that tile
            settle(app)
            faults.check(f"octocube score panel after {moves} moves of seed {seed}, {press}, pointing at {chip.value}")
    faults.assert_none()


@pytest.mark.parametrize("game", kits.games())
def test_the_rules_guide_fits_on_every_page(app, game):
    app.start_game(game_options(app, game, ["human", "random"]))
    screen = app.screen
    settle(app)
    faults = Faults(app)
    for page in range(len(kits.get(game).guide_pages)):
        screen.open_guide(page)
        faults.check(f"{game} guide page {page + 1}", [screen.guide])
    faults.assert_none()
