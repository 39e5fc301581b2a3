"""The window half of network play (issue #42), headless on 127.0.0.1: a joined seat's screen
plays its seat through injected gestures and shows only its own hidden facts; the host's screen
shows where to join and the codes and plays a joiner's moves; a spectator sees public facts only."""
from __future__ import annotations

import random
import threading
import time
from typing import Any, Callable

import pytest

from game import registry
from game.core.match import Match
from game.net.client import Client
from game.net.codes import SPECTATORS
from game.net.hosting import Hosting
from game.net.table import Rewound
from game.core import Action
from game.net.remote_bot import play
from game.net.seat_match import SeatMatch
from render.options import Options
from render.ui import theme
from render.uifuzz.driver import Driver

pytestmark = [pytest.mark.gl, pytest.mark.timeout(180)]
LOOPBACK = "127.0.0.1"


def tick_until(app: Any, done: Callable[[], bool], timeout_s: float = 20.0, also: Callable[[], None] = lambda: None) -> None:
    deadline = time.monotonic() + timeout_s
    while not done():
        assert time.monotonic() < deadline, "timed out"
        also()
        app.tick(1 / 60)
        time.sleep(0.002)


class HostedGame:
    """A game hosted without a window: its own seats played at random by the test's thread."""

    def __init__(self, game: str, seats: list[str], seed: int) -> None:
        self.match = Match(registry.get(game), len(seats), seed, seats)
        self.hosting = Hosting(self.match, LOOPBACK, 0)
        self.invitation = self.hosting.start()
        self.rng = random.Random(seed)
        self.remote = [s for s, spec in enumerate(seats) if spec == "remote"]

    def step(self) -> None:
        for action in self.hosting.incoming():
            if isinstance(action, Rewound):
                self.hosting.rewind(action)
            elif isinstance(action, Action):
                self.match.apply(action)
        state = self.match.state
        if not state.is_over and state.current_player not in self.remote:
            action = self.rng.choice(state.legal_actions())
            self.match.apply(action)
            self.hosting.forward(action)


def joined(app: Any, address: str, code: str) -> Any:
    from render.screens.joined_game import JoinedScreen

    app.join_game(address, code)
    tick_until(app, lambda: isinstance(app.screen, JoinedScreen))
    return app.screen


def in_step(screen: Any, host: HostedGame) -> bool:
    """The joined screen shows the host's last position."""
    return screen.seat_match.moves == len(host.match.history) and not screen.seat_match.pending


def test_a_joined_seat_plays_by_gestures_and_sees_only_its_own_contracts(app) -> None:
    host = HostedGame("otys", ["human", "remote"], seed=5)
    try:
        screen = joined(app, host.invitation.address, host.invitation.codes[1])
        assert screen.seat == 1 and screen.eyes() == 1 and screen.viewer == 1
        driver, rng, mine = Driver(app), random.Random(1), 0
        while mine < 12 and not host.match.state.is_over:
            tick_until(app, lambda: in_step(screen, host) and (host.match.state.current_player == 1 or
                                                             host.match.state.is_over), also=host.step)
            assert screen.state.observation(1) == host.match.state.observation(1)
            if host.match.state.is_over:
                break
            tick_until(app, lambda: screen.table.active)
            n = len(host.match.history)
            screen.kit.by_hand(driver, rng.choice(screen.state.legal_actions()), rng)
            tick_until(app, lambda: len(host.match.history) > n, also=host.step)  # the gesture reached the host
            mine += 1
        assert mine >= 5
        hidden = host.match.state.observation(0)["players"][0]["hand"]
        assert isinstance(host.match.state.observation(1)["players"][0]["hand"], int)
        other = screen.state.players[0].hand
        assert len(other) == len(host.match.state.players[0].hand)  # as many cards, never which
        assert hidden == host.match.state.players[0].hand
        assert screen.eyes() == 1, "only this seat's contracts lie face up"
        assert any("Sky blue" in line or "You play" in line for line in screen.net_panel.lines)
    finally:
        host.hosting.stop()


def test_the_host_screen_shows_the_codes_and_plays_a_joiners_moves(app, tmp_path) -> None:
    from render.screens.hosted_game import HostScreen

    autosave = tmp_path / "hosted.json"
    app.start_game(Options(game="otys", seats=["human", "remote"], seed=3, anim_speed=0.0, host=True,
                           bind=LOOPBACK, port=0, save=str(autosave)))
    screen = app.screen
    assert isinstance(screen, HostScreen)
    app.tick(1 / 60)
    assert screen.viewer == 0 and screen.eyes() == 0, "the one person here sees their own hand from the start"
    invitation = screen.hosting.invitation
    assert invitation is not None
    text = "\n".join(screen.net_panel.lines)
    assert invitation.address in text and invitation.codes[1] in text and invitation.codes[SPECTATORS] in text
    client = Client(invitation.address, invitation.codes[1], retry_s=5)
    client.start()
    result: dict[str, Any] = {}
    bot = threading.Thread(target=lambda: result.update(played=play(client, seed=2, timeout_s=120)), daemon=True)
    bot.start()
    try:
        driver, rng = Driver(app), random.Random(4)
        tick_until(app, lambda: 1 in screen.present)
        assert "here" in "\n".join(screen.net_panel.lines)
        theirs = 0
        while len(screen.match.history) < 40 and not screen.state.is_over:
            tick_until(app, lambda: screen.table.active or screen.state.is_over)
            if screen.state.is_over:
                break
            n = len(screen.match.history)
            screen.kit.by_hand(driver, rng.choice(screen.state.legal_actions()), rng)
            tick_until(app, lambda: len(screen.match.history) > n)
            seat_after = screen.state.current_player
            if seat_after == 1:
                tick_until(app, lambda: screen.state.current_player != 1 or screen.state.is_over)
                theirs += 1
        assert theirs >= 3, "the joiner's moves came to the host's table"
        replica = screen.hosting.table.match
        tick_until(app, lambda: len(replica.history) == len(screen.match.history))  # the last move forwarded
        assert screen.match.state == replica.state, "the server's replica is the same game"
    finally:
        app.show_menu()  # closing the host screen stops the server
        bot.join(15)
        client.close(2)
    assert result["played"].reason, "the joiner was told the game ended"
    assert (tmp_path / "hosted.json.codes.json").exists(), "the codes are kept beside the autosave"


def test_a_host_screen_with_no_person_shows_nobody_s_hidden_facts(app, tmp_path) -> None:
    app.start_game(Options(game="otys", seats=["random", "remote"], seed=3, anim_speed=0.0, bind=LOOPBACK, port=0,
                           save=str(tmp_path / "bots.json")))
    screen = app.screen
    try:
        assert type(screen).__name__ == "HostScreen" and screen.eyes() == -1, "a joiner's hand never shows here"
    finally:
        app.show_menu()


def test_a_spectator_sees_public_facts_only_and_makes_no_move(app) -> None:
    host = HostedGame("otys", ["human", "remote"], seed=2)
    try:
        screen = joined(app, host.invitation.address, host.invitation.codes[SPECTATORS])
        assert screen.seat == SPECTATORS and screen.eyes() == SPECTATORS and screen.humans() == []
        for _ in range(6):
            host.match.apply(host.rng.choice(host.match.state.legal_actions()))
            host.hosting.forward(host.match.history[-1])
        tick_until(app, lambda: in_step(screen, host))
        assert not screen.table.active
        assert screen.state.observation(SPECTATORS) == host.match.state.observation(SPECTATORS)
    finally:
        host.hosting.stop()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def test_a_wrong_code_and_no_server_are_one_line_on_the_joining_screen(app, monkeypatch) -> None:
    from render.i18n import t
    from render.screens import joining

    host = HostedGame("otys", ["human", "remote"], seed=1)
    try:
        app.join_game(host.invitation.address, "WRONGCODE2")
        tick_until(app, lambda: app.screen.failed)
        assert app.screen.note == t("net.wrong_code") and t("net.wrong_code") in app.screen.banner.texts()
    finally:
        host.hosting.stop()
    monkeypatch.setattr(joining, "NO_ANSWER_S", 0.1)
    monkeypatch.setattr(joining, "RETRY_S", 1.0)
    address = f"{LOOPBACK}:{_free_port()}"
    app.join_game(address, "ABCDEFGHJK")
    tick_until(app, lambda: app.screen.note == t("net.no_answer", address=address), timeout_s=5)
    tick_until(app, lambda: app.screen.failed, timeout_s=10)
    assert app.screen.note == t("net.no_server", address=address)
    app.join_game("no-port-here", "ABCDEFGHJK")
    assert app.screen.failed and app.screen.note == t("net.not_address", address="no-port-here")
    app.screen.on_key_press(0xff1b, 0)  # Esc: back to the menu
    assert type(app.screen).__name__ == "MenuScreen"


def test_a_dropped_connection_catches_up_and_a_host_that_quits_leaves_the_table_readable(app) -> None:
    import asyncio

    from render.i18n import t
    from render.screens.joined_game import JoinedScreen

    host = HostedGame("otys", ["human", "remote"], seed=6)
    try:
        screen = joined(app, host.invitation.address, host.invitation.codes[1])
        server = host.hosting.server
        peer = next(p for p in server.peers if p.seat == 1)
        assert server._loop is not None
        asyncio.run_coroutine_threadsafe(peer.ws.close(1011, "dropped by the test"), server._loop)
        tick_until(app, lambda: screen.seat_match.drops == 1)  # (the client tries again within 0.2 s)
        for _ in range(3):  # the host plays on meanwhile where it may
            host.step()
        tick_until(app, lambda: screen.seat_match.lost is None and in_step(screen, host), also=host.step)
        assert screen.state.observation(1) == host.match.state.observation(1), "the table caught up"
        screen.seat_match.lost = {"type": "lost", "left": False}  # what the panel says while it tries again
        screen.refresh()
        assert t("net.reconnecting") in screen.net_panel.lines
        screen.seat_match.lost = None
        host.hosting.stop()
        tick_until(app, lambda: screen._status() == t("net.host_left"))
        app.tick(1 / 60)
        assert isinstance(app.screen, JoinedScreen) and t("net.host_left") in screen.net_panel.lines
    finally:
        host.hosting.stop()


def test_the_start_menu_hosts_a_game_and_joins_one_with_the_address_and_code_typed_in(app, tmp_path) -> None:
    from render.screens.hosted_game import HostScreen
    from render.screens.join_form import JoinFormScreen
    from render.screens.joined_game import JoinedScreen
    from render.screens.menu import MenuScreen

    app.options = Options(anim_speed=0.0, bind=LOOPBACK, port=0, save=str(tmp_path / "menu.json"))
    app.show_menu()
    menu = app.screen
    assert isinstance(menu, MenuScreen)
    menu.click(("game", "otys"))
    host_button = next(b for b in menu.menu.buttons if b.value == "host")
    menu.on_mouse_press(*host_button.centre, 1, 0)  # Host a game: the last seat is for someone joining
    screen = app.screen
    assert isinstance(screen, HostScreen) and screen.match.seats[-1] == "remote"
    invitation = screen.hosting.invitation
    assert invitation is not None
    app.show_menu()  # the host quits; a game hosted elsewhere is joined from the menu
    host = HostedGame("otys", ["human", "remote"], seed=8)
    try:
        join_button = next(b for b in app.screen.menu.buttons if b.value == "join")
        app.screen.on_mouse_press(*join_button.centre, 1, 0)
        form = app.screen
        assert isinstance(form, JoinFormScreen)
        form.on_key_press(0xff0d, 0)  # Enter with nothing typed: one line says what is missing
        assert form.note
        for text in (host.invitation.address, "\t"):
            form.on_text(text) if text != "\t" else form.on_key_press(0xff09, 0)  # Tab to the code field
        form.on_text(host.invitation.codes[1].lower())  # as typed: the code's case does not matter
        assert host.invitation.codes[1].lower() + "|" in form.panel.texts(), "the field shows what is typed"
        form.on_key_press(0xff0d, 0)
        tick_until(app, lambda: isinstance(app.screen, JoinedScreen))
        assert app.screen.seat == 1
        assert app.prefs["last_menu"]["join_address"] == host.invitation.address
    finally:
        host.hosting.stop()


# Octocube's short game in the default run; Cubitos' and Otys' longer ones (20 s each) behind --long
# (their games through the protocol, headless, are in tests/game/net/test_whole_games.py)
@pytest.mark.parametrize("game", [g if g == "octocube" else pytest.param(g, marks=pytest.mark.long)
                                  for g in registry.shipped()])
def test_a_joined_screen_plays_a_whole_game_to_its_final_scores(app, game: str) -> None:
    host = HostedGame(game, ["random", "remote"], seed=9)
    try:
        screen = joined(app, host.invitation.address, host.invitation.codes[1])
        rng = random.Random(9)
        deadline = time.monotonic() + 150
        while not (screen.state.is_over and in_step(screen, host)):
            assert time.monotonic() < deadline, "the game did not end in time"
            host.step()
            app.tick(1 / 60)
            if screen.table.active and not screen.seat_match.waiting:
                screen.submit(rng.choice(screen.state.legal_actions()))  # (the gestures: the tests above)
        app.tick(1 / 60)
        assert screen.state.scores() == host.match.state.scores()
        assert screen.score_table.buttons, "the final scores show, with their buttons"
    finally:
        host.hosting.stop()


def test_an_absent_joiner_s_turn_counts_down_and_the_host_may_let_a_bot_play_it_at_once(app, tmp_path) -> None:
    """The table waits for a joiner who is away, saying for how long; B lets a bot play their seat
    now, until they join (issue 42: a countdown the host can skip)."""
    from pyglet.window import key

    from render.screens.hosted_game import HostScreen

    app.start_game(Options(game="octocube", seats=["human", "remote"], seed=3, anim_speed=0.0, host=True,
                           bind=LOOPBACK, port=0, save=str(tmp_path / "hosted.json")))
    screen = app.screen
    assert isinstance(screen, HostScreen)
    try:
        driver, rng = Driver(app), random.Random(1)
        app.tick(1 / 60)
        while screen.state.current_player != 1:  # the person here plays until the joiner is to move
            n = len(screen.match.history)
            tick_until(app, lambda: screen.table.active)
            screen.kit.by_hand(driver, rng.choice(screen.state.legal_actions()), rng)
            tick_until(app, lambda: len(screen.match.history) > n)
        tick_until(app, lambda: screen.awaited[0] is not None)
        left = screen.awaited[0]
        assert left is not None and 0 < left <= 60
        assert f"in {left} s (B: now)" in screen._turn_text(), "the status line counts down"
        n = len(screen.match.history)
        screen.on_key_press(key.B, 0)
        tick_until(app, lambda: len(screen.match.history) > n or screen.state.is_over)
        assert 1 in screen.hosting.standing_in(), "a bot plays the seat until they join"
        assert "until they rejoin" in screen._turn_text() or screen.state.current_player != 1
    finally:
        app.show_menu()


def test_the_network_panel_stands_above_a_table_s_own_panel_in_its_corner(app) -> None:
    """Octocube's six faces of the cube sit bottom left too: the codes go above them, not under."""
    from render.ui.net_panel import NetPanel

    alone, stacked = NetPanel(), NetPanel()
    alone.build(1280, 720, "Network game", ["Join at 127.0.0.1:1"])
    cube_panel = (8.0, 34.0, 266.0, 230.0)
    stacked.build(1280, 720, "Network game", ["Join at 127.0.0.1:1"], [cube_panel, None, (900.0, 600.0, 1270.0, 680.0)])
    assert alone.bounds is not None and stacked.bounds is not None
    assert alone.bounds[1] < cube_panel[3] and stacked.bounds[1] >= cube_panel[3], "above the cube's panel"
    assert stacked.bounds[0] == alone.bounds[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_joiner_s_key_line_leaves_out_save_and_keeps_undo(lang) -> None:
    """The host keeps a joiner's save: the key line does not offer it; undo (of one's own move) it does."""
    from render import i18n
    from render.i18n import t
    from render.ui.net_panel import KEY_SEP, keys_without

    try:
        i18n.set_language(lang)
        for line in (t("octocube.keys"), t("cubitos.keys_help"), t("otys.keys")):
            items = line.split(KEY_SEP)
            joined = keys_without(line, ("Ctrl+S",)).split(KEY_SEP)
            assert len(joined) == len(items) - 1 and "Ctrl+S" not in KEY_SEP.join(joined)
            assert any(i.startswith("U ") for i in joined)
    finally:
        i18n.set_language("en")


def _quiet(state: Any, legal: list[Any]) -> Any:
    """A legal move that shows nothing hidden (undo may take it back), tried on a copy of the host's state."""
    return next(a for a in legal if not any(e.reveal for e in state.clone().apply(a)))


def test_a_joiner_takes_back_its_own_move_with_u_and_both_tables_go_back(app) -> None:
    from pyglet.window import key

    from render.i18n import t

    host = HostedGame("otys", ["human", "remote"], seed=5)
    try:
        screen = joined(app, host.invitation.address, host.invitation.codes[1])
        tick_until(app, lambda: in_step(screen, host) and host.match.state.current_player == 1, also=host.step)
        tick_until(app, lambda: screen.table.active)
        n = len(host.match.history)
        screen.submit(_quiet(host.match.state, screen.seat_match.legal))
        tick_until(app, lambda: len(host.match.history) == n + 1 and in_step(screen, host), also=host.step)
        screen.on_key_press(key.U, 0)
        tick_until(app, lambda: len(host.match.history) <= n and in_step(screen, host), also=host.step)
        assert screen.message == t("msg.undone") and screen.seat_match.undone == 1
        assert screen.state.observation(1) == host.match.state.observation(1)
        assert host.match.state.to_dict() == host.hosting.table.match.state.to_dict()
        tick_until(app, lambda: screen.table.active)  # the seat decides again, from the position gone back to
        screen.on_key_press(key.U, 0)  # the host's person moved last (or nothing is left): refused, in a line
        tick_until(app, lambda: screen.message != t("msg.undone"), also=host.step)
        assert screen.message in (t("net.undo_own_only"), t("msg.nothing_to_undo"), t("msg.undo_hidden"))
        assert len(host.match.history) == len(screen.seat_match.history)
        n = len(host.match.history)
        screen.submit(screen.seat_match.legal[0])  # the next move: the line said before it goes
        tick_until(app, lambda: len(host.match.history) > n and in_step(screen, host), also=host.step)
        assert screen.message == ""
    finally:
        host.hosting.stop()


def test_the_host_s_person_takes_back_their_own_move_and_the_joiner_s_table_goes_back(app, tmp_path) -> None:
    from pyglet.window import key

    from render.i18n import t
    from render.screens.hosted_game import HostScreen

    app.start_game(Options(game="otys", seats=["human", "remote"], seed=3, anim_speed=0.0, host=True,
                           bind=LOOPBACK, port=0, save=str(tmp_path / "hosted.json")))
    screen = app.screen
    assert isinstance(screen, HostScreen)
    invitation = screen.hosting.invitation
    assert invitation is not None
    joiner = SeatMatch(Client(invitation.address, invitation.codes[1], retry_s=5))
    joiner.client.start()

    def follow() -> None:
        joiner.poll()
        while joiner.advance() is not None:
            pass

    try:
        rng = random.Random(2)
        assert screen.state.current_player == 1, "the joiner moves first in this game"
        tick_until(app, lambda: joiner.legal and not joiner.waiting, also=follow)
        joiner.apply(_quiet(screen.state, joiner.legal))  # the joiner's move, taken back: the host's table goes back
        tick_until(app, lambda: len(screen.match.history) == 1 and joiner.moves == 1, also=follow)
        joiner.undo()
        tick_until(app, lambda: not screen.match.history and joiner.undone == 1, also=follow)
        assert screen.message == t("net.undone_by", who=theme.player_label(1))
        while screen.state.current_player != 0:  # the joiner plays until the host's person is to move
            tick_until(app, lambda: joiner.legal and not joiner.waiting or screen.state.current_player == 0, also=follow)
            if screen.state.current_player != 0:
                joiner.apply(rng.choice(joiner.legal))
        tick_until(app, lambda: screen.table.active, also=follow)
        n = len(screen.match.history)
        screen.submit(_quiet(screen.state, screen.state.legal_actions()))
        tick_until(app, lambda: joiner.moves == n + 1, also=follow)
        screen.on_key_press(key.U, 0)
        tick_until(app, lambda: joiner.moves <= n and len(screen.match.history) <= n, also=follow)
        assert screen.message == t("msg.undone") and joiner.undone == 0
        assert screen.match.state.to_dict() == screen.hosting.table.match.state.to_dict()
        assert joiner.state is not None and joiner.state.observation(1) == screen.state.observation(1)
    finally:
        joiner.client.close(2.0)
        app.show_menu()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_undo_line_of_a_network_game_fits_the_smallest_window(app, tmp_path, lang) -> None:
    """The lines undo gives at the host and at a joiner's are read whole in the status line (on two
    lines where one is short), at 1280x720 and at the smallest window, in English and Japanese."""
    from render import i18n
    from render.checks import violations
    from render.i18n import t

    host = HostedGame("otys", ["human", "remote"], seed=5)
    try:
        i18n.set_language(lang)
        screen = joined(app, host.invitation.address, host.invitation.codes[1])
        tick_until(app, lambda: in_step(screen, host))
        lines = [t("msg.undone"), t("net.undone_by", who=theme.player_label(0)), t("net.undo_own_only"),
                 t("msg.undo_hidden"), t("msg.nothing_to_undo"), t("net.undo_late")]
        for size in ((1280, 720), theme.MIN_WINDOW):
            app.fixed_size = size
            app.on_resize(*size)
            for line in lines:
                screen.message = line
                screen.dirty = True
                assert violations(screen) == [], (size, line)
                shown = ["".join(item.text.split()) for item in screen.hud._items if hasattr(item, "text")]
                assert "".join(line.split()) in shown, f"not whole in the status line at {size}: {line}"
    finally:
        i18n.set_language("en")
        host.hosting.stop()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_host_s_and_a_joiner_s_screens_keep_the_screen_invariants(app, tmp_path, lang) -> None:
    """The checks the screen fuzzer runs on a local game (every word fits, nothing covers what one
    decides about, one's own board on screen) hold at the host's screen and at a joiner's, at
    1280x720 and at the smallest window, with the network panel up, some moves in."""
    from render import i18n
    from render.checks import violations
    from render.screens.hosted_game import HostScreen

    i18n.set_language(lang)
    try:
        app.start_game(Options(game="cubitos", players=3, seats=["human", "remote", "remote"], seed=4, anim_speed=0.0, host=True,
                               bind=LOOPBACK, port=0, save=str(tmp_path / "hosted.json")))
        host = app.screen
        assert isinstance(host, HostScreen)
        for size in ((1280, 720), theme.MIN_WINDOW):
            app.fixed_size = size
            app.on_resize(*size)
            app.tick(1 / 60)
            assert violations(host) == [], size
        app.show_menu()
        hosted = HostedGame("otys", ["human", "remote"], seed=5)
        try:
            screen = joined(app, hosted.invitation.address, hosted.invitation.codes[1])
            for _ in range(6):
                hosted.step()
            for size in ((1280, 720), theme.MIN_WINDOW):
                app.fixed_size = size
                app.on_resize(*size)
                tick_until(app, lambda: in_step(screen, hosted) and not screen.view.busy, also=hosted.step)
                assert violations(screen) == [], size
        finally:
            hosted.hosting.stop()
    finally:
        i18n.set_language("en")
