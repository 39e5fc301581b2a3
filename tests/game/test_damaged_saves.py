"""Damaged saves of every game: ``verify``, ``cubetable --load`` and ``--replay``, the menu's Continue
and the Replays list each answer with one line and leave the file's bytes as they were; Continue
then resumes from the backup copy. Odd entries (a folder, a FIFO, a dangling link, a link to a
device, a file too big) are refused the same way, without blocking or reading them through."""
from __future__ import annotations

import contextlib
import json
import os
import random
import signal
from pathlib import Path
from typing import Any, Callable

import pytest

from game import registry
from game.cli import main as game_main
from game.core import SaveError, savefile
from game.core.match import Match

GAMES = ("octocube", "cubitos", "otys")
MOVES = 30

Damage = Callable[[dict[str, Any], bytes], bytes]


def _dump(d: dict[str, Any]) -> bytes:
    return json.dumps(d).encode()


def _with(key: str, value: Any) -> Damage:
    return lambda d, raw: _dump({**d, key: value})


def _with_action(change: Callable[[dict[str, Any], str], None]) -> Damage:
    """``change`` applied to the first action that has a field (besides its kind) and that field."""

    def damage(d: dict[str, Any], raw: bytes) -> bytes:
        actions = [dict(a) for a in d["actions"]]
        i, field = next((i, k) for i, a in enumerate(actions) for k in a if k != "kind")
        change(actions[i], field)
        return _dump({**d, "actions": actions})

    return damage


def _action_field(value: Any) -> Damage:
    return _with_action(lambda a, field: a.__setitem__(field, value))


def _int_field(change: Callable[[int], Any]) -> Damage:
    """``change`` applied to the first integer field of an action (a float or a bool equal to it);
    a game whose actions have no integer field (Cubitos) gets it on its first field, from 1."""

    def damage(d: dict[str, Any], raw: bytes) -> bytes:
        actions = [dict(a) for a in d["actions"]]
        fields = [(i, k) for i, a in enumerate(actions) for k, v in a.items() if type(v) is int]
        i, field = fields[0] if fields else next((i, k) for i, a in enumerate(actions) for k in a if k != "kind")
        actions[i][field] = change(actions[i][field] if fields else 1)
        return _dump({**d, "actions": actions})

    return damage


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def _illegal_inside(d: dict[str, Any], raw: bytes) -> bytes:
    """A real action of the game moved to a position where it is not legal."""
    rules = registry.get(d["game"])
    _, states = savefile.parse(d)
    first = rules.action_from_dict(d["actions"][0])
    i = next(i for i, s in enumerate(states[1:-1], 1) if first not in s.legal_actions())
    return _dump({**d, "actions": d["actions"][:i] + [d["actions"][0]] + d["actions"][i + 1:]})


DAMAGE: dict[str, Damage] = {
    "truncated": lambda d, raw: raw[: len(raw) // 2],
    "empty": lambda d, raw: b"",
    "bad JSON": lambda d, raw: raw.replace(b":", b";", 3),
    "not UTF-8": lambda d, raw: b"\xff\xfe" + raw,
    "nested too deeply": lambda d, raw: b"[" * 100_000 + b"]" * 100_000,
    "not a save": lambda d, raw: _dump([1, 2, 3]),
    "wrong version": _with("version", 99),
    "unknown game": _with("game", "chess"),
    "no game": _with("game", None),
    "bad option": _with("options", {"no_such_option": True}),
    "bad option value": _with("options", {"variant": ["a", "list"]}),
    "seats that do not fit": _with("seats", ["human"]),
    "illegal action inside": _illegal_inside,
    "unknown action": lambda d, raw: _dump({**d, "actions": [{"kind": "teleport"}, *d["actions"]]}),
    "cut mid-way": lambda d, raw: _dump({**d, "actions": d["actions"][: len(d["actions"]) // 2]}),
    "final disagrees": lambda d, raw: _dump({**d, "final": {**d["final"], "extra": 1}}),
    "huge players": _with("players", 10**40),
    "huge seed": _with("seed", 10**400),
    "huge number in an action": _action_field(10**30),
    "infinite number": lambda d, raw: raw.replace(b'"seed":', b'"seed":1e999,"x":', 1),
    "players a word": _with("players", "two"),
    "players true": _with("players", True),
    "actions a word": _with("actions", "roll"),
    "action a number": lambda d, raw: _dump({**d, "actions": [7, *d["actions"]]}),
    "action field of the wrong type": _action_field({"a": [1, 2]}),
    "action with a missing field": _with_action(lambda a, field: a.pop(field)),
    # Issue 36: files that verify answered in one line but crashed the window.
    "action field a float equal to an int": _int_field(float),
    "action field a bool": _int_field(lambda v: bool(v % 2)),
    "action field a string": _int_field(str),
    "action nested 700 deep": _action_field(_nested(700)),
    "action nested 40 deep": _action_field(_nested(40)),
    "integer of 5000 digits": lambda d, raw: raw.replace(b'"seed":', b'"seed":' + b"7" * 5000 + b',"x":', 1),
    "a seat names an unknown bot": _with("seats", ["human", "foo"]),
    "a seat's bot thinks for ever": _with("seats", ["human", "mcts:99999999999999999"]),
    "version 1.0": _with("version", 1.0),
    "version true": _with("version", True),
    "players 2.0": _with("players", 2.0),
    "seed a float": _with("seed", 11.0),
    "an option a fraction": _with("options", {"laps": 1.0}),
}


# What the line says for some kinds (either of a pair): the damage is named, not met by a crash.
REASON = {
    "action field a float equal to an int": ("is not written as", "is not legal"),  # Cubitos: no int field
    "action field a bool": ("is not written as", "is not legal"),
    "a seat names an unknown bot": "unknown bot 'foo'",
    "a seat's bot thinks for ever": "bad mcts budget",
    "version 1.0": "version 1.0",
    "version true": "version true",
    "integer of 5000 digits": "digits",
    "action nested 700 deep": "nested",
    "a FIFO": "FIFO",
    "a link to a FIFO": "FIFO",
    "a link to /dev/zero": "device",
    "a folder": "folder",
    "too big": "too big",
}


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _link_to(target: str) -> Callable[[Path], None]:
    return lambda path: path.symlink_to(target)


def _too_big(path: Path) -> None:
    with path.open("wb") as f:  # sparse: no disk is used
        f.truncate(savefile.MAX_BYTES + 1)


# Entries that are no save file at all: each made in place of the file.
ODD: dict[str, Callable[[Path], None]] = {
    "a folder": lambda path: path.mkdir(),
    "a FIFO": _fifo,
    "a dangling link": _link_to("no-such-file.json"),
    "a link to /dev/zero": _link_to("/dev/zero"),
    "a link to a FIFO": lambda path: (_fifo(path.with_suffix(".fifo")), path.symlink_to(path.with_suffix(".fifo"))),
    "too big": _too_big,
}


def _save(game: str, folder: Path) -> Path:
    """A save of ``MOVES`` random moves of ``game``."""
    rules = registry.get(game)
    match = Match(rules, 2, 11, ["random", "random"])
    pick = random.Random(game)
    while len(match.history) < MOVES and not match.state.is_over:
        match.apply(pick.choice(match.state.legal_actions()))
    path = folder / f"{game}.json"
    match.save(path)
    return path


@pytest.fixture(scope="module")
def damaged(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """Every kind of damage to a save of every game, each in its own file."""
    folder = tmp_path_factory.mktemp("damaged")
    out = {}
    for game in GAMES:
        good = _save(game, folder)
        raw = good.read_bytes()
        for kind, damage in DAMAGE.items():
            path = folder / f"{game}-{_file_name(kind)}.json"
            path.write_bytes(damage(json.loads(raw), raw))
            out[game, kind] = path
        for kind, make in ODD.items():
            path = folder / f"{game}-{_file_name(kind)}.json"
            make(path)
            out[game, kind] = path
    return out


def _file_name(kind: str) -> str:
    return kind.replace(" ", "-").replace("/", "-").replace("'", "")


def _state(path: Path) -> Any:
    """What a test must leave as it was: a file's bytes, else the entry's kind and link."""
    st = os.lstat(path)
    if os.path.isfile(path) and st.st_size < 1 << 20:
        return path.read_bytes()
    return st.st_mode, st.st_size, os.readlink(path) if path.is_symlink() else None


class Hung(BaseException):
    """Raised into a read that blocks; no ``except OSError`` or ``except Exception`` takes it."""


@contextlib.contextmanager
def _deadline(seconds: int = 30):
    """A read that blocks (a FIFO) fails the test instead of hanging the run."""
    def overdue(signum, frame):
        raise Hung(f"still reading after {seconds} s")

    old = signal.signal(signal.SIGALRM, overdue)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


KINDS = [*DAMAGE, *ODD]
CASES = pytest.mark.parametrize("game, kind", [(g, k) for g in GAMES for k in KINDS])


def test_there_are_at_least_ten_kinds_of_damage() -> None:
    assert len(DAMAGE) >= 10


@CASES
def test_verify_answers_one_line(damaged, capsys, game: str, kind: str) -> None:
    path = damaged[game, kind]
    before = _state(path)
    with _deadline():
        assert game_main(["verify", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and _one_line(out.err).startswith("invalid: ")
    assert "replay failed" not in out.err  # a SaveError, not a crash met while replaying
    assert "cannot be replayed" not in out.err  # ... nor one the reader caught as a last resort
    reason = REASON.get(kind, "")
    assert any(words in out.err for words in ((reason,) if isinstance(reason, str) else reason)), out.err
    assert _state(path) == before


@CASES
def test_load_answers_one_line(damaged, capsys, tmp_path, monkeypatch, game: str, kind: str) -> None:
    from render.cli import main as cubetable
    from render.paths import HOME_VAR

    monkeypatch.setenv(HOME_VAR, str(tmp_path))  # --home sets it for the process: put it back afterwards
    path = damaged[game, kind]
    before = _state(path)
    for flag in ("--load", "--replay"):
        with _deadline():
            assert cubetable([flag, str(path), "--screenshot", str(tmp_path / "x.png"), "--home", str(tmp_path)]) == 2
        assert _one_line(capsys.readouterr().err).startswith("cubetable: ")
        assert _state(path) == before and not (tmp_path / "x.png").exists()


@CASES
def test_resume_refuses_with_one_line_and_changes_nothing(damaged, game: str, kind: str) -> None:
    path = damaged[game, kind]
    before = _state(path)
    with _deadline(), pytest.raises(SaveError) as e:
        Match.resume(path)
    _one_line(str(e.value))
    assert _state(path) == before


@CASES
def test_continue_resumes_from_the_backup_copy(damaged, tmp_path, game: str, kind: str) -> None:
    """The autosave damaged in any way, its copy one move earlier good: Continue goes on from the copy."""
    autosave = tmp_path / "autosave.json"
    ODD[kind](autosave) if kind in ODD else autosave.write_bytes(damaged[game, kind].read_bytes())
    good = tmp_path / "good.json"
    match = Match(registry.get(game), 2, 11, ["random", "random"])
    match.apply(match.state.legal_actions()[0])
    match.save(savefile.backup_path(autosave))
    before = _state(autosave)
    with _deadline():
        resumed = Match.resume(autosave)
    assert resumed.history == match.history and "resumed from the copy" in resumed.notice
    _one_line(resumed.notice)
    assert _state(autosave) == before and not good.exists()


@pytest.mark.parametrize("game", GAMES)
def test_the_replays_list_says_why_each_damaged_file_cannot_be_opened(damaged, tmp_path, monkeypatch, game: str) -> None:
    from render.replay import library

    monkeypatch.setenv("CUBETABLE_DATA_DIR", str(tmp_path))
    folder = library.saves_dir()
    folder.mkdir(parents=True)
    for kind in KINDS:
        name = folder / f"{_file_name(kind)}.json"
        ODD[kind](name) if kind in ODD else name.write_bytes(damaged[game, kind].read_bytes())
    with _deadline():
        rows = library.entries(tmp_path / "autosave.json")
    assert len(rows) == len(KINDS)
    for row in rows:
        assert not row.openable and row.error and "\n" not in row.error, row


def test_the_good_saves_are_valid(tmp_path, capsys) -> None:
    for game in GAMES:
        assert game_main(["verify", str(_save(game, tmp_path))]) == 0
    assert capsys.readouterr().out.count("valid: ") == len(GAMES)


def test_a_killed_writes_leftover_temporary_file_is_swept_but_a_fresh_one_kept(tmp_path):
    import os
    import time

    from game.core.match import Match

    autosave = tmp_path / "autosave.json"
    old, fresh = tmp_path / ".autosave.json.abc.tmp", tmp_path / ".autosave.json.def.tmp"
    for f in (old, fresh):
        f.write_text('{"half": ')
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    match = Match(registry.get("octocube"), 2, 1, ["human", "human"], autosave=str(autosave))
    match.apply(match.state.legal_actions()[0])
    assert not old.exists() and fresh.exists() and autosave.exists()
