"""Damaged saves of every game: ``verify``, ``cubetable --load`` and the menu's Continue each answer
with one line and leave the file's bytes as they were."""
from __future__ import annotations

import json
import random
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
            path = folder / f"{game}-{kind.replace(' ', '-')}.json"
            path.write_bytes(damage(json.loads(raw), raw))
            out[game, kind] = path
    return out


def _one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


CASES = pytest.mark.parametrize("game, kind", [(g, k) for g in GAMES for k in DAMAGE])


def test_there_are_at_least_ten_kinds_of_damage() -> None:
    assert len(DAMAGE) >= 10


@CASES
def test_verify_answers_one_line(damaged, capsys, game: str, kind: str) -> None:
    path = damaged[game, kind]
    before = path.read_bytes()
    assert game_main(["verify", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and _one_line(out.err).startswith("invalid: ")
    assert "replay failed" not in out.err  # a SaveError, not a crash met while replaying
    assert path.read_bytes() == before


@CASES
def test_load_answers_one_line(damaged, capsys, tmp_path, monkeypatch, game: str, kind: str) -> None:
    from render.cli import main as cubetable
    from render.paths import HOME_VAR

    monkeypatch.setenv(HOME_VAR, str(tmp_path))  # --home sets it for the process: put it back afterwards
    path = damaged[game, kind]
    before = path.read_bytes()
    assert cubetable(["--load", str(path), "--screenshot", str(tmp_path / "x.png"), "--home", str(tmp_path)]) == 2
    assert _one_line(capsys.readouterr().err).startswith("cubetable: ")
    assert path.read_bytes() == before and not (tmp_path / "x.png").exists()


@CASES
def test_resume_refuses_with_one_line_and_changes_nothing(damaged, game: str, kind: str) -> None:
    path = damaged[game, kind]
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        Match.resume(path)
    _one_line(str(e.value))
    assert path.read_bytes() == before


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
