"""A tournament's games kept one JSON line each as they finish, so a long run that is stopped
keeps what it played and a later run with the same ``--log`` plays only the games still missing.

Game g of a tournament depends on its number alone (deal, seating, bot seeds), so a game read
back from the log is the game that would be played again; the first line names the tournament
(game, players, options, seats, first seed) and a log of another tournament is refused.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, TextIO, TypeVar

from game.cli.runner import GameResult

Outcome = GameResult | str  # a finished game, or what went wrong with it in one line
K = TypeVar("K")
V = TypeVar("V")


class LogError(ValueError):
    """A log that cannot be resumed from; one line, and the file is left as it is."""


def header(game: str, players: int, options: dict[str, Any], specs: list[str], seed: int) -> dict[str, Any]:
    return {"tournament": {"game": game, "players": players, "options": options, "seats": specs, "seed": seed}}


def read(path: Path, expected: dict[str, Any]) -> dict[int, Outcome]:
    """The games ``path`` already holds, by number; empty when it does not exist yet."""
    players = expected["tournament"]["players"]
    return read_records(path, expected, lambda record: _outcome(record, players), "tournament log",
                        lambda first: f"another tournament ({_describe(first)}); give another --log")


def read_records(path: Path, expected: dict[str, Any], parse: Callable[[Any], tuple[K, V]], kind: str,
                 other: Callable[[Any], str]) -> dict[K, V]:
    """The records of a log of ``kind`` whose first line is ``expected``, each made by ``parse``
    (which raises KeyError, TypeError or ValueError for a damaged one); empty when there is no
    log yet. A last line cut short by a stop is left out (its work is done again); any other
    damage, or a log of another run (``other`` says which, from its first line), is a LogError."""
    if not path.exists():
        return {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise LogError(f"cannot read the log {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise LogError(f"{path} is not a {kind} (it is not text)") from None
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        raise LogError(f"{path} is not a {kind} (its first line is not JSON)") from None
    if first != json.loads(json.dumps(expected)):
        raise LogError(f"{path} holds {other(first)}")
    records: dict[K, V] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            records.update([parse(json.loads(line))])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            if number == len(lines):  # the last line of a run stopped mid-write: played again
                break
            raise LogError(f"{path} line {number} is damaged; the log was left as it is") from None
    return records


def open_for_append(path: Path, expected: dict[str, Any]) -> TextIO:
    """The log opened to add games; a new log starts with the tournament's line. A last line cut
    short by a stop is dropped first, so every line stays whole."""
    try:
        if path.exists() and path.stat().st_size:
            text = path.read_text(encoding="utf-8")
            if not text.endswith("\n"):
                _truncate(path, text[: text.rfind("\n") + 1])
        out = path.open("a", encoding="utf-8")
        if out.tell() == 0:
            out.write(json.dumps(expected) + "\n")
            out.flush()
    except OSError as e:
        raise LogError(f"cannot write the log {path}: {e.strerror or e}") from None
    return out


def write(out: TextIO, game: int, outcome: Outcome) -> None:
    """One finished game, flushed at once so a stop loses at most the games still being played."""
    if isinstance(outcome, str):
        record: dict[str, Any] = {"game": game, "error": outcome}
    else:
        record = {"game": game, "scores": outcome.scores, "winners": outcome.winners,
                  "actions": outcome.actions, "think_seconds": outcome.think_seconds,
                  "moves": outcome.moves}
    write_record(out, record)


def write_record(out: TextIO, record: dict[str, Any]) -> None:
    """One line, flushed at once so a stop loses at most the work still being done."""
    out.write(json.dumps(record) + "\n")
    out.flush()
    os.fsync(out.fileno())


def _outcome(record: dict[str, Any], players: int) -> tuple[int, Outcome]:
    game = int(record["game"])
    if game < 0:
        raise ValueError("a game number is never negative")
    if "error" in record:
        return game, str(record["error"])
    result = GameResult(
        scores=[float(s) for s in record["scores"]], winners=[int(w) for w in record["winners"]],
        actions=int(record["actions"]), think_seconds=[float(t) for t in record["think_seconds"]],
        moves=[int(m) for m in record["moves"]])
    if not (len(result.scores) == len(result.think_seconds) == len(result.moves) == players
            and result.winners and all(0 <= w < players for w in result.winners)):
        raise ValueError("a game of another number of seats")
    return game, result


def _truncate(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def _describe(first: Any) -> str:
    t = first.get("tournament") if isinstance(first, dict) else None
    if not isinstance(t, dict):
        return "not a tournament log"
    return f"{t.get('game')}, {t.get('players')} players, seats {','.join(map(str, t.get('seats', [])))}, seed {t.get('seed')}"
