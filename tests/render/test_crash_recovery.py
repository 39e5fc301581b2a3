"""Crash recovery: a real cubetable process playing bots against bots is killed with SIGKILL at
seeded random moments (also in the middle of an autosave), started again from its autosave, and
every time the autosave loads whole and holds the moves made so far; the menu's Continue answers
a damaged autosave in one line, or resumes from the copy before it."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from game.core import SaveError, savefile
from game.core.match import Match
from tests.game.test_damaged_saves import DAMAGE, _save


STARTUP_S = 120.0  # a loaded machine starts a GL process slowly
SLOW_SAVE_S = "0.2"  # CUBETABLE_TEST_SLOW_SAVE: each autosave write lingers, so kills land inside one


def _start(folder: Path, load: bool, slow: bool) -> subprocess.Popen:
    """cubetable on Octocube, two random bots, instant animation; ``slow``: every write lingers."""
    save = folder / "autosave.json"
    args = ["--load", str(save)] if load else ["--game", "octocube", "--seats", "random,random", "--seed", "5"]
    env = {**os.environ, "PYGLET_HEADLESS": "1"}
    env.pop("CUBETABLE_TEST_SLOW_SAVE", None)
    if slow:
        env["CUBETABLE_TEST_SLOW_SAVE"] = SLOW_SAVE_S
    return subprocess.Popen([sys.executable, "-m", "render.cli", *args, "--save", str(save), "--home",
                             str(folder / "home"), "--anim-speed", "0", "--frames", "1000000"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _moves(path: Path) -> int:
    try:
        return len(savefile.read(path)[0].actions)
    except SaveError:
        return -1


def _writing(folder: Path) -> bool:
    """An autosave write (of the newest copy or of its backup) is under way."""
    return any(folder.glob(".autosave.json*.tmp"))


def _kill(proc: subprocess.Popen, save: Path, more_than: int, mid_write: bool, pick: random.Random) -> None:
    """Once the autosave holds more than ``more_than`` moves, SIGKILL ``proc``: at a random moment,
    or as soon as a write is under way."""
    end = time.monotonic() + STARTUP_S
    while _moves(save) <= more_than or (mid_write and not _writing(save.parent)):
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "exited"
        assert time.monotonic() < end, "the process made no move"
        time.sleep(0.01 if mid_write else 0.05)
    if not mid_write:
        time.sleep(pick.uniform(0.0, 0.6))
    proc.send_signal(signal.SIGKILL)
    proc.wait()


def _kill_and_restart(folder: Path, kills: int, seed: int) -> None:
    pick = random.Random(seed)
    save = folder / "autosave.json"
    history: list = []
    for k in range(kills):
        mid_write = k % 2 == 1
        proc = _start(folder, load=k > 0, slow=mid_write)
        _kill(proc, save, len(history), mid_write, pick)
        assert _writing(folder) or not mid_write  # the half-written temporary file is still there
        match = Match.resume(save)  # what the menu's Continue does
        assert not match.notice, match.notice  # the newest copy was whole
        assert match.history[:len(history)] == history, "moves made before the crash were lost"
        assert len(match.history) > len(history)
        if savefile.backup_path(save).exists():  # the previous good copy: one move behind at most
            backup = savefile.read(savefile.backup_path(save))[0].actions
            assert backup == match.history[:len(backup)] and len(match.history) - len(backup) in (0, 1)
        else:  # a new game's first autosave has no copy before it
            assert k == 0 and len(match.history) == 1
        history = list(match.history)


def test_sigkill_at_random_moments_never_loses_the_last_saved_move(tmp_path: Path) -> None:
    _kill_and_restart(tmp_path, kills=2, seed=1)


@pytest.mark.long
def test_many_kills(tmp_path: Path) -> None:
    _kill_and_restart(tmp_path, kills=12, seed=2)


def test_an_autosave_keeps_the_previous_good_copy(tmp_path: Path) -> None:
    from game import registry

    save = tmp_path / "autosave.json"
    match = Match(registry.get("octocube"), 2, 3, ["human", "human"], autosave=save)
    for _ in range(3):
        match.apply(match.state.legal_actions()[0])
    assert len(savefile.read(savefile.backup_path(save))[0].actions) == 2
    save.write_bytes(save.read_bytes()[:100])  # a bad disk write
    again = Match.resume(save)
    assert len(again.history) == 2 and "resumed from the copy one move earlier" in again.notice
    assert "\n" not in again.notice
    again.apply(again.state.legal_actions()[0])  # the damaged newest copy is never kept as the backup
    assert len(savefile.read(savefile.backup_path(save))[0].actions) == 2
    assert len(savefile.read(save)[0].actions) == 3


def test_a_failing_autosave_is_said_once_on_the_table_and_play_goes_on(app, tmp_path: Path) -> None:
    from game import registry
    from render.screens.game import GameScreen
    from render.i18n import t

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("keep me")
    options = replace(app.options, game="octocube", seats=["human", "human"], save=str(blocker / "auto.json"))
    app.start_game(options, Match(registry.get("octocube"), 2, 3, ["human", "human"], autosave=blocker / "auto.json"))
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.submit(screen.state.legal_actions()[0])
    said = t("msg.autosave_failed", path=screen.match.autosave, why=screen.match.autosave_error)
    assert screen.message == said and str(blocker / "auto.json") in said and "\n" not in said
    screen.message = ""
    screen.submit(screen.state.legal_actions()[0])  # the same failure is not said again every move
    assert screen.message == "" and len(screen.match.history) == 2 and blocker.read_text() == "keep me"


@pytest.mark.parametrize("kind", ["truncated", "bad JSON", "illegal action inside", "huge seed",
                                  "action field of the wrong type", "final disagrees"])
def test_menu_continue_answers_a_damaged_autosave_in_one_line(app, tmp_path: Path, kind: str, monkeypatch) -> None:
    import json

    from render.screens.game import GameScreen
    from render.screens.resume import ContinueScreen

    monkeypatch.setenv("CUBETABLE_HOME", str(tmp_path / "home"))
    good = _save("octocube", tmp_path)
    raw = good.read_bytes()
    path = tmp_path / "autosave.json"
    path.write_bytes(DAMAGE[kind](json.loads(raw), raw))
    before = path.read_bytes()
    app.options = replace(app.options, save=str(path))
    app.show_menu(quick=True)
    app.screen.click("continue")
    screen = app.screen
    assert isinstance(screen, ContinueScreen)
    at = next(i for i, r in enumerate(screen.rows) if r.path == path)
    if screen.rows[at].openable:  # damage only a replay finds: said when it is opened
        screen.click(("open", at))
        assert app.screen is screen and screen.note and "\n" not in screen.note
    else:  # damage the list sees: the row says why and cannot be opened
        assert path.name in screen.list.lines[at] and "\n" not in screen.list.lines[at]
        assert ("open", at) not in [b.value for b in screen.list.buttons]
    assert path.read_bytes() == before
    savefile.backup_path(path).write_bytes(raw)  # with the copy before it, Continue resumes from that
    app.show_continue()
    at = next(i for i, r in enumerate(app.screen.rows) if r.path == path)
    app.screen.click(("open", at))
    assert isinstance(app.screen, GameScreen) and "damaged" in app.screen.message
    moves = savefile.read(good)[0].actions
    assert app.screen.match.history[:len(moves)] == moves
    assert path.read_bytes() == before

