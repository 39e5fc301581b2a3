"""A saved game as a timeline: every position from the start to the end and the moves between them.

Built once from :func:`game.core.savefile.read` (which already replays and checks the file); a
viewer cuts to any position and re-applies one move to a copy of the position before it to
animate a step forward. No screen code: the replay viewer (render/replay) sits on top.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from game.core.action import Action
from game.core.event import Event
from game.core.match import Match
from game.core.savefile import SaveData, read
from game.core.state import GameState


@dataclass
class Timeline:
    data: SaveData
    positions: list[GameState]  # positions[k]: after the first k moves; never changed
    _events: dict[int, list[Event]] = field(default_factory=dict, repr=False)

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> "Timeline":
        """SaveError (one line) for a damaged or foreign file."""
        data, positions = read(path)
        return cls(data, positions)

    @property
    def moves(self) -> int:
        return len(self.data.actions)

    @property
    def finished(self) -> bool:
        return self.positions[-1].is_over

    def clamp(self, k: int) -> int:
        return max(0, min(self.moves, k))

    def action(self, k: int) -> Action:
        """Move ``k`` (1-based): the action that leads from position k-1 to position k."""
        return self.data.actions[k - 1]

    def step(self, k: int) -> tuple[list[Event], GameState]:
        """Move ``k`` played again on a copy of position k-1: its events and the position after."""
        state = self.positions[k - 1].clone()
        events = state.apply(self.action(k))
        self._events[k] = events
        return events, state

    def events(self, k: int) -> list[Event]:
        """What move ``k`` did (worked out once, on a copy)."""
        if k not in self._events:
            self.step(k)
        return self._events[k]

    def branch(self, k: int, seats: list[str]) -> Match:
        """A new match that continues from position ``k`` with ``seats``: same game, options and
        seed, the first ``k`` moves already made (nothing is saved until the caller says where)."""
        from game import registry

        data = self.data
        match = Match(registry.get(data.game), data.players, data.seed, seats, **data.options)
        for action in data.actions[:self.clamp(k)]:
            match.apply(action)
        return match
