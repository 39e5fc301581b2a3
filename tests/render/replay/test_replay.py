"""The replay viewer: saved games of every game with a table stepped both ways by injected keys
and the slider, watched through a seat's eyes or all, taken over from a position; damaged files
get one line, never a traceback."""
from __future__ import annotations

import pytest
from pyglet.window import key

from game import registry
from game.bots import make_bot
from game.core.match import HUMAN, Match
from render import i18n
from render.tables import registry as kits
from tests.render.screens.test_app_screens import button, click, frames, send
from tests.render.test_every_word_translated import bare_words

pytestmark = pytest.mark.gl
MOVES = 8


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """The saves folder (and every user folder) in the test's own directory."""
    monkeypatch.setenv("CUBETABLE_HOME", str(tmp_path / "home"))


def saved_game(path, game: str, moves: int | None = MOVES, seats=(HUMAN, "random")) -> Match:
    """A random-bot game of ``game`` (``moves`` moves, None: to its end) saved to ``path``."""
    match = Match(registry.get(game), 2, 7, list(seats))
    bot = make_bot("random", match.rules, 0, 3)
    while not match.state.is_over and (moves is None or len(match.history) < moves):
        match.apply(bot.choose(match.state))
    match.save(path)
    return match


def replay(app, path):
    from render.replay.screen import ReplayScreen

    app.open_replay(path)
    assert isinstance(app.screen, ReplayScreen)
    app.tick(0)
    return app.screen


def same_position(screen) -> None:
    """The table shows exactly the saved position of the move the screen is at."""
    assert not screen.view.busy
    assert screen.state.to_dict() == screen.timeline.positions[screen.k].to_dict()
    assert screen.log.current == screen.k and screen.log.marked.startswith(f"{screen.k}. ")


@pytest.mark.parametrize("game", kits.games())
def test_keys_and_slider_step_a_replay_both_ways_in_step_with_the_file(app, tmp_path, game):
    path = tmp_path / f"{game}.json"
    saved_game(path, game)
    screen = replay(app, path)
    assert screen.k == 0 and screen.timeline.moves == MOVES
    same_position(screen)
    for k in range(1, MOVES + 1):
        send(app, "on_key_press", key.RIGHT, 0)
        app.tick(1 / 60)
        assert screen.k == k
        same_position(screen)
    send(app, "on_key_press", key.RIGHT, 0)  # at the end nothing moves
    assert screen.k == MOVES
    frames(app, 1)
    for k in range(MOVES - 1, -1, -1):
        send(app, "on_key_press", key.LEFT, 0)
        app.tick(1 / 60)
        assert screen.k == k
        same_position(screen)
    send(app, "on_key_press", key.END, 0)
    app.tick(0)
    same_position(screen)
    assert screen.k == MOVES
    send(app, "on_key_press", key.HOME, 0)
    app.tick(0)
    assert screen.k == 0
    for k in (5, 2, MOVES, 0):
        click(app, *screen.bar.slider_pos(k))
        app.tick(0)
        assert screen.k == k
        same_position(screen)
    frames(app, 1)


def test_a_forward_step_animates_and_a_step_back_during_it_cuts_cleanly(app, tmp_path):
    path = tmp_path / "o.json"
    saved_game(path, "octocube")
    screen = replay(app, path)
    screen.view.anim_speed = screen.anim_speed = 1.0
    send(app, "on_key_press", key.RIGHT, 0)
    assert screen.view.busy  # the move plays on the table
    send(app, "on_key_press", key.RIGHT, 0)  # a second step finishes the first one at once
    send(app, "on_key_press", key.LEFT, 0)
    app.tick(1 / 60)
    same_position(screen)
    assert screen.k == 1


def test_digits_and_enter_go_to_a_move_and_space_plays_at_the_chosen_speed(app, tmp_path):
    path = tmp_path / "c.json"
    saved_game(path, "cubitos", moves=12)
    screen = replay(app, path)
    send(app, "on_key_press", key._1, 0)
    send(app, "on_key_press", key._0, 0)
    app.tick(0)
    assert screen.k == 0 and "10" in screen.bar.texts()[-1]
    send(app, "on_key_press", key.ENTER, 0)
    app.tick(0)
    assert screen.k == 10
    same_position(screen)
    send(app, "on_key_press", key.PLUS, 0)
    send(app, "on_key_press", key.PLUS, 0)
    assert screen.speed == 4.0
    send(app, "on_key_press", key.SPACE, 0)
    assert screen.playing and screen.busy()
    for _ in range(60):
        app.tick(1 / 60)
    assert screen.k == 12 and not screen.playing  # two moves in a second at speed 4, then it stops
    same_position(screen)


def test_a_finished_game_shows_everything_an_unfinished_one_a_seats_view(app, tmp_path):
    done, going = tmp_path / "done.json", tmp_path / "going.json"
    saved_game(done, "octocube", moves=None, seats=("random", HUMAN))
    saved_game(going, "octocube", seats=("random", HUMAN))
    assert replay(app, done).eyes() is None
    screen = replay(app, going)
    assert screen.eyes() == 1  # the person's seat
    shown = [s.text.startswith("?") for s in screen.table.scores(screen.eyes())]
    assert shown == [True, False]
    send(app, "on_key_press", key.V, 0)
    assert screen.eyes() is None  # after the last seat: show all
    assert not any(s.text.startswith("?") for s in screen.table.scores(screen.eyes()))
    send(app, "on_key_press", key.V, 0)
    assert screen.eyes() == 0
    frames(app, 1)


@pytest.mark.parametrize("game", kits.games())
def test_take_over_from_move_k_branches_and_leaves_the_file_alone(app, tmp_path, game):
    from render.screens.game import GameScreen
    from render.replay.library import saves_dir

    path = tmp_path / "r.json"
    original = saved_game(path, game)
    before = path.read_bytes()
    screen = replay(app, path)
    screen.go(5)
    send(app, "on_key_press", key.T, 0)
    app.tick(0)
    assert screen.taking is not None
    click(app, *button(screen.chooser, ("seat", 1)).centre)  # the bot's seat: the next level
    chosen = list(screen.taking.seats[:2])
    click(app, *button(screen.chooser, "take_start").centre)
    game_screen = app.screen
    assert isinstance(game_screen, GameScreen)
    assert game_screen.match.history[:5] == original.history[:5]
    assert game_screen.match.seats == chosen and game_screen.match.data.seed == original.data.seed
    state = registry.get(game).from_dict(screen.timeline.positions[5].to_dict())
    for move in game_screen.match.history[5:]:  # any move since is a bot's, never one for a person
        assert chosen[state.current_player] != HUMAN, (move, chosen)
        state.apply(move)
    branch = game_screen.match.autosave
    assert branch and str(saves_dir()) in branch and branch != str(path)
    assert path.read_bytes() == before


def test_the_branch_match_holds_exactly_the_first_k_moves(tmp_path):
    from game.core.replay import Timeline

    path = tmp_path / "r.json"
    original = saved_game(path, "otys", moves=20)
    timeline = Timeline.read(path)
    for k in (0, 7, 20):
        match = timeline.branch(k, [HUMAN, HUMAN])
        assert match.history == original.history[:k]
        assert match.state.to_dict() == timeline.positions[k].to_dict()


def test_the_replays_list_shows_saved_games_and_unreadable_files(app, tmp_path):
    from render.replay.library import saves_dir
    from render.replay.menu import ReplayListScreen
    from render.replay.screen import ReplayScreen

    saves_dir().mkdir(parents=True)
    saved_game(app.options.save_path, "octocube")
    saved_game(saves_dir() / "done.json", "octocube", moves=None)
    (saves_dir() / "bad.json").write_text("{not json")
    app.show_menu()
    send(app, "on_key_press", key.R, 0)
    listing = app.screen
    assert isinstance(listing, ReplayListScreen)
    frames(app, 1)
    texts = listing.list.lines
    assert sum("Octocube" in s for s in texts) == 2
    assert any("unfinished" in s for s in texts) and any("won by" in s for s in texts)
    assert any("bad.json" in s and "not a save file" in s for s in texts)
    names = [e.path.name for e in listing.entries]
    assert names[0] == "autosave.json" and sorted(names[1:]) == ["bad.json", "done.json"]
    opens = [b.value[1] for b in listing.list.buttons if b.value[0] == "open"]
    assert sorted(names[i] for i in opens) == ["autosave.json", "done.json"]  # bad.json is not openable
    click(app, *button(listing.list, ("open", names.index("done.json"))).centre)
    assert isinstance(app.screen, ReplayScreen) and app.screen.timeline.finished


def test_ctrl_s_keeps_a_copy_in_the_saves_folder(app, tmp_path):
    from render.options import Options
    from render.replay.library import saves_dir

    app.start_game(Options(seats=[HUMAN, HUMAN], seed=5, anim_speed=0.0, save=str(tmp_path / "s.json")))
    app.screen.submit(app.screen.state.legal_actions()[0])
    send(app, "on_key_press", key.S, key.MOD_CTRL)
    copies = list(saves_dir().glob("octocube-*.json"))
    assert len(copies) == 1 and copies[0].read_bytes() == (tmp_path / "s.json").read_bytes()


def test_a_damaged_file_gives_one_line_and_the_menu(app, tmp_path):
    from render.screens.menu import MenuScreen

    path = tmp_path / "bad.json"
    path.write_text('{"format": "cubetable-save", "version": 1, "game": "octocube"}')
    app.open_replay(path)
    assert isinstance(app.screen, MenuScreen)
    assert "cannot open the replay" in app.screen.note and "\n" not in app.screen.note
    frames(app, 1)


def test_replay_flag_with_a_bad_file_exits_2_with_one_line_before_any_window(capsys, tmp_path):
    from render.cli import main

    path = tmp_path / "bad.json"
    path.write_text("[1, 2")
    assert main(["--replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a save file" in err and "Traceback" not in err


@pytest.mark.parametrize("game", kits.games())
def test_no_word_of_the_replay_screens_bypasses_the_catalogue(app, tmp_path, game):
    from render.replay.library import saves_dir

    saves_dir().mkdir(parents=True)
    saved_game(saves_dir() / "g.json", game)
    (saves_dir() / "bad.json").write_text("{}")
    i18n.set_language("xx")
    try:
        app.show_replays()
        texts = list(app.screen.list.lines)
        screen = replay(app, saves_dir() / "g.json")
        for k in (0, 3, MOVES):
            screen.go(k)
            send(app, "on_key_press", key.V, 0)
            send(app, "on_key_press", key._4, 0)
            app.tick(0)
            table = screen.table  # the kit's own words (scores, news) are the kit's tests' business
            kit_words = [s.text for s in table.scores(screen.eyes())] + [table.table_news()]
            texts += [x for x in screen.hud.texts() if not any(w and w in x for w in kit_words)]
            texts += screen.bar.texts() + screen.log.lines
        send(app, "on_key_press", key.T, 0)
        app.tick(0)
        texts += screen.chooser.texts()
    finally:
        i18n.set_language("en")
    leaks = sorted({t for t in texts if bare_words(t)})
    assert leaks == [], leaks[:8]


def test_replay_flag_draws_a_screenshot_at_a_move_and_refuses_a_game_without_a_table(capsys, tmp_path,
                                                                                    monkeypatch):
    from render.cli import main
    from render.gl.png import read_png

    saved_game(tmp_path / "o.json", "octocube")
    out = tmp_path / "shot.png"
    assert main(["--replay", str(tmp_path / "o.json"), "--after", "3", "--screenshot", str(out),
                 "--size", "320x200"]) == 0
    assert read_png(str(out)).shape == (200, 320, 3)
    monkeypatch.setitem(registry._MODULES, "toy", "tests.game.toy")
    Match(registry.get("toy"), 2, 1).save(tmp_path / "toy.json")
    assert main(["--replay", str(tmp_path / "toy.json")]) == 2
    err = capsys.readouterr().err
    assert "toy game, which cannot be shown on screen" in err and err.count("\n") == 1


def test_a_replay_screenshot_after_n_is_the_viewer_at_move_n(app, tmp_path):
    """`--replay FILE --after N --screenshot` draws what the viewer shows at move N: the same
    picture as the viewer stepped there, and not the one of another move."""
    from render.cli import main
    from render.gl.png import read_png

    path = tmp_path / "c.json"
    saved_game(path, "cubitos")
    size = f"{app.width}x{app.height}"
    shots = {}
    for k in (3, 4):
        out = tmp_path / f"after{k}.png"
        assert main(["--replay", str(path), "--after", str(k), "--screenshot", str(out), "--size", size]) == 0
        shots[k] = read_png(str(out)).astype(int)
    screen = replay(app, path)
    screen.go(3)
    app.tick(0)
    viewer = app.capture().astype(int)

    def differ(a, b) -> float:
        return float((abs(a - b).sum(axis=2) > 24).mean())

    assert differ(shots[3], viewer) < 0.0005, differ(shots[3], viewer)  # 0.0 here
    assert differ(shots[4], viewer) > 0.005, differ(shots[4], viewer)  # 2.6% here: a move's change


def test_the_minus_key_slows_the_replay_down_to_half_speed(app, tmp_path):
    path = tmp_path / "c.json"
    saved_game(path, "cubitos", moves=12)
    screen = replay(app, path)
    assert screen.speed == 1.0
    send(app, "on_key_press", key.MINUS, 0)
    assert screen.speed == 0.5
    send(app, "on_key_press", key.MINUS, 0)  # half speed is the slowest
    assert screen.speed == 0.5
    send(app, "on_key_press", key.SPACE, 0)  # the first move plays at once, the next after 2 s
    for _ in range(90):  # 1.5 s: at speed 1 the second move would have played too
        app.tick(1 / 60)
    assert screen.k == 1 and screen.playing
    for _ in range(45):
        app.tick(1 / 60)
    assert screen.k == 2


def test_the_log_marks_the_current_move_where_it_is_drawn(app, tmp_path):
    """The current move's line has the marked colour behind it, drawn on the screen, and it
    follows the move: the marked band moves down a row when the move steps forward."""
    import numpy as np

    from render.ui import theme

    path = tmp_path / "o.json"
    saved_game(path, "octocube")
    screen = replay(app, path)
    marked = np.array(theme.BUTTON_ON[:3])

    def band_rows() -> set[int]:
        image = app.capture().astype(int)
        x0, y0, x1, y1 = screen.log.bounds
        part = image[app.height - int(y1):app.height - int(y0), int(x0):int(x1)]
        lit = (abs(part - marked).sum(axis=2) < 12).sum(axis=1) > 0.6 * part.shape[1]
        return {int(r) for r in np.flatnonzero(lit)}

    screen.go(2)
    app.tick(0)
    at2 = band_rows()
    screen.go(3)
    app.tick(0)
    at3 = band_rows()
    assert at2 and at3 and at2 != at3, (at2, at3)


def test_the_record_button_films_the_replay_in_a_second_process(app, tmp_path, monkeypatch):
    """R starts `cubetable --record` on the replayed file; the viewer stays usable meanwhile and
    says where the film went once it is done."""
    import time

    import av

    from render.replay import recording

    monkeypatch.setattr(recording, "FILM_SIZE", (160, 90))
    monkeypatch.setattr(recording, "FILM_FPS", 4)
    path = tmp_path / "game.json"
    saved_game(path, "octocube", moves=2)
    screen = replay(app, path)
    send(app, "on_key_press", key.R, 0)
    assert screen.film is not None and not screen.film.out.exists()
    send(app, "on_key_press", key.RIGHT, 0)  # the viewer still steps while the film is made
    end = time.monotonic() + 180
    while screen.film is not None:
        assert time.monotonic() < end, "the film took too long"
        app.tick(1 / 60)
        time.sleep(0.05)
    (film,) = (tmp_path / "home" / "data" / "films").glob("game-*.mp4")
    assert str(film) in screen.message
    with av.open(str(film)) as container:
        frames = [f for f in container.decode(video=0)]
    assert len(frames) > 8 and (frames[0].width, frames[0].height) == (160, 90)


@pytest.mark.parametrize("game", kits.games())
def test_take_over_starts_exactly_at_the_position_shown(app, tmp_path, game):
    """The new game holds exactly the moves up to the one shown (no fewer, no more) and its
    position is the viewer's, byte for byte; its autosave replays to that same position."""
    from render.screens.game import GameScreen

    path = tmp_path / "r.json"
    original = saved_game(path, game, moves=14, seats=(HUMAN, HUMAN))
    for k in (3, 11):
        screen = replay(app, path)
        screen.go(k)
        app.tick(0)
        shown = screen.state.to_dict()
        assert shown == screen.timeline.positions[k].to_dict()
        send(app, "on_key_press", key.T, 0)
        app.tick(0)
        click(app, *button(screen.chooser, "take_start").centre)
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        assert game_screen.match.history == original.history[:k]
        assert game_screen.state.to_dict() == shown
        saved = Match.load(game_screen.match.autosave)
        assert saved.history == original.history[:k] and saved.state.to_dict() == shown
