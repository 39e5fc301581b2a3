"""Play one headless game between bots: the loop simulate and tournament share."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from game.bots import make_bot
from game.core import Event, GameRules, GameState
from game.core.match import Match

MAX_ACTIONS = 20000  # a game still running after this many actions is reported as an error


@dataclass
class GameResult:
    scores: list[float]
    winners: list[int]
    actions: int
    think_seconds: list[float] = field(default_factory=list)  # per seat
    moves: list[int] = field(default_factory=list)  # decisions per seat
    facts: dict[str, Any] = field(default_factory=dict)  # what a ``Facts`` hook read from the game


Facts = Callable[[GameState, GameState, list[Event]], dict[str, Any]]  # (start, end, events) -> JSON-safe


def bot_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own generator, fixed by the game's seed."""
    return game_seed * 1_000_003 + 7919 * (seat + 1)


def play(rules: GameRules, seed: int, specs: Sequence[str], options: dict[str, Any],
         save_path: Path | None = None, facts: Facts | None = None) -> GameResult:
    """Play one game from ``seed`` with bots ``specs`` (one per seat) to its end.

    With ``save_path`` the game is saved there, also when it fails part-way (a bug report).
    With ``facts`` the result carries what it reads from the first and last positions and the events.
    """
    players = len(specs)
    match = Match(rules, players, seed, list(specs), **options)
    opening = match.state.clone() if facts else None
    bots = [make_bot(spec, rules, seat, bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
    think, moves = [0.0] * players, [0] * players
    try:
        while not match.state.is_over:
            if len(match.history) >= MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
            seat = match.state.current_player
            start = time.perf_counter()
            action = bots[seat].choose(match.state)
            think[seat] += time.perf_counter() - start
            moves[seat] += 1
            match.apply(action)
    finally:
        if save_path is not None:  # a game that failed is saved too, as a bug report
            match.save(save_path)
    state = match.state
    found = facts(opening, state, match.log) if facts and opening else {}
    return GameResult(list(state.scores()), list(state.winners()), len(match.history), think, moves, found)
