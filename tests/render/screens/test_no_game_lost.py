"""No game is ever lost (issue 36, section 1): every game autosaves into a file of its own in the
data folder's saves/, Continue offers the unfinished ones latest first, pruning past the setting
never takes an unfinished game, quitting from the menu asks once, and closing the window mid-game
leaves the game to Continue."""
from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest
from pyglet.window import key

from game import registry
from game.core.match import Match
from render.options import Options
from tests.render.conftest import SIZE

pytestmark = pytest.mark.gl


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("CUBETABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def menu_app(gl_session, home):
    """The app as the program opens it: no --save, so each game keeps its own autosave."""
    from render.app import App

    a = App(gl_session.extra, gl_session, Options(anim_speed=0.0), size=SIZE)
    a.quits = 0

    def quit_() -> None:
        a.quits += 1
    a.on_quit = quit_
    yield a
    a.close()


def press(app, symbol: int) -> None:
    app.window.dispatch_event("on_key_press", symbol, 0)
    app.window.dispatch_events()


def played(game: str, moves: int | None, seed: int = 3) -> Match:
    """A match autosaving as a new game does, ``moves`` random moves in (None: to its end)."""
    match = Options(game=game, seats=["random", "random"], seed=seed).new_match()
    rng = random.Random(seed)
    while not match.state.is_over and (moves is None or len(match.history) < moves):
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def test_a_new_game_never_replaces_the_last_ones_autosave(home):
    first = played("octocube", 3)
    second = played("octocube", 2, seed=4)
    third = played("cubitos", 1)
    paths = {Path(m.autosave) for m in (first, second, third)}
    assert len(paths) == 3 and {p.parent for p in paths} == {home / "data" / "saves"}
    assert all(p.name.startswith(g) for p, g in ((Path(first.autosave), "octocube"), (Path(third.autosave), "cubitos")))
    assert [len(json.loads(Path(m.autosave).read_text())["actions"]) for m in (first, second, third)] == [3, 2, 1]


def test_continue_lists_the_unfinished_games_latest_first_and_opens_the_one_clicked(menu_app, home):
    from render.screens.game import GameScreen
    from render.screens.menu import MenuScreen
    from render.screens.resume import ContinueScreen

    done = played("octocube", None, seed=5)  # finished: Replays has it, Continue does not
    older, newer = played("octocube", 4, seed=6), played("cubitos", 2, seed=7)
    os.utime(older.autosave, (1_700_000_000, 1_700_000_000))
    menu_app.show_menu(quick=True)
    assert isinstance(menu_app.screen, MenuScreen) and menu_app.screen.resumable
    press(menu_app, key.C)
    screen = menu_app.screen
    assert isinstance(screen, ContinueScreen)
    assert [str(r.path) for r in screen.rows] == [newer.autosave, older.autosave]
    first, second = screen.list.lines
    assert "Cubitos" in first and "move 2" in first and "random bot, random bot" in first
    assert "Octocube" in second and "move 4" in second
    assert time.strftime("%Y-%m-%d %H:%M", time.localtime(1_700_000_000)) in second
    assert done.autosave not in [str(r.path) for r in screen.rows]
    screen.click(("open", 1))
    assert isinstance(menu_app.screen, GameScreen)
    assert menu_app.screen.match.history == older.history and menu_app.screen.match.autosave == older.autosave
    assert menu_app.screen.options.game == "octocube"  # a new game after it is the same game


def test_old_finished_games_go_past_the_limit_never_an_unfinished_one(home):
    from render import saves, settings

    kept = [played("octocube", 2, seed=s) for s in (1, 2)]
    finished = [played("octocube", None, seed=s) for s in (3, 4, 5)]
    for i, m in enumerate(kept + finished):
        os.utime(m.autosave, (1_700_000_000 + i, 1_700_000_000 + i))
    damaged = saves.saves_dir() / "octocube-damaged.json"
    damaged.write_text("{not json")
    os.utime(damaged, (1_600_000_000, 1_600_000_000))
    settings.save(keep_saves=4)  # six files: the two oldest finished games go
    try:
        new = played("octocube", 1, seed=9)  # a new game prunes first
    finally:
        settings.save(keep_saves=100)
    left = {p.name for p in saves.saves_dir().glob("*.json")}
    # The new game may take a pruned game's name when both began in the same second.
    stay = {Path(m.autosave).name for m in (*kept, finished[2], new)} | {damaged.name}
    assert left == stay  # the two oldest finished games went, nothing else
    assert len(json.loads(Path(new.autosave).read_text())["actions"]) == 1


def test_quitting_from_the_menu_asks_once_enter_quits_esc_stays(menu_app):
    from render.screens.menu import MenuScreen

    menu_app.start_game(Options(seats=["human", "human"], anim_speed=0.0))
    press(menu_app, key.ESCAPE)  # Esc at a table: the menu
    assert isinstance(menu_app.screen, MenuScreen)
    press(menu_app, key.ESCAPE)  # Esc in the menu: the question, not the end
    menu = menu_app.screen
    assert menu_app.quits == 0 and menu.dialog.shown == "quit"
    menu_app.tick(0)
    menu_app.capture()
    assert "Quit Cubetable?" in menu.dialog.texts()
    press(menu_app, key.D)  # nothing else is asked: no demo starts under the question
    assert menu_app.screen is menu and menu_app.quits == 0
    press(menu_app, key.ESCAPE)  # Esc stays
    assert menu.dialog.shown == "" and menu_app.quits == 0
    press(menu_app, key.ESCAPE)
    press(menu_app, key.ENTER)  # Enter quits
    assert menu_app.quits == 1


def test_closing_the_window_mid_game_leaves_the_game_to_continue(gl_session, menu_app, home):
    from render.app import App
    from render.screens.game import GameScreen

    menu_app.start_game(Options(seats=["human", "human"], anim_speed=0.0, seed=11))
    screen = menu_app.screen
    assert isinstance(screen, GameScreen)
    for _ in range(3):
        screen.submit(screen.state.legal_actions()[0])
    moves = list(screen.match.history)
    menu_app.window.dispatch_event("on_close")
    menu_app.window.dispatch_events()
    assert menu_app.quits == 1
    again = App(gl_session.extra, gl_session, Options(anim_speed=0.0), size=SIZE)  # the next start
    try:
        again.show_menu(quick=True)
        assert again.screen.resumable
        again.show_continue()
        row = again.screen.rows[0]
        assert row.moves == 3 and row.game == "octocube"
        again.screen.click(("open", 0))
        assert again.screen.match.history == moves
    finally:
        again.close()


def test_a_loaded_file_from_elsewhere_is_never_written(home, tmp_path):
    rules = registry.get("octocube")
    outside = tmp_path / "mine.json"
    m = Match(rules, 2, 3, ["human", "human"])
    m.apply(m.state.legal_actions()[0])
    m.save(outside)
    before = outside.read_bytes()
    match = Options(load=str(outside)).new_match()
    match.apply(match.state.legal_actions()[0])
    assert outside.read_bytes() == before and Path(match.autosave).parent == home / "data" / "saves"


def test_a_start_reads_only_the_saves_that_changed_since_the_last(home, monkeypatch):
    from render import saves

    games = [played("cubitos", 3, seed=s) for s in (1, 2)]
    assert len(saves.unfinished()) == 2  # reads both files and keeps their rows in the cache folder
    saves._cache.clear()
    monkeypatch.setattr(saves, "_index", None)  # as a new start finds it
    read = []
    real = saves._read_row
    monkeypatch.setattr(saves, "_read_row", lambda path, mtime: read.append(path.name) or real(path, mtime))
    games[0].apply(games[0].state.legal_actions()[0])  # one game moved on since
    rows = saves.unfinished()
    assert read == [Path(games[0].autosave).name] and {r.moves for r in rows} == {3, 4}
