"""A match: seats, the history of actions, undo, autosave, save and load.

The match is the only thing that changes a live game's state; the screen hands it legal actions.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Collection, Sequence

from game.core import savefile
from game.core.action import Action
from game.core.errors import IllegalAction, SaveError
from game.core.event import Event
from game.core.state import GameRules, GameState

HUMAN = "human"
REMOTE = "remote"  # a seat for someone joining over the network (game/net): a person, not here


class Match:
    def __init__(
        self,
        rules: GameRules,
        players: int,
        seed: int,
        seats: Sequence[str] | None = None,
        autosave: str | os.PathLike[str] | None = None,
        **options: Any,
    ) -> None:
        seats = list(seats) if seats is not None else [HUMAN] * players
        if len(seats) != players:
            raise ValueError(f"{players} players need {players} seats, got {len(seats)}")
        self.rules = rules
        self.data = savefile.SaveData(rules.name, players, seed, dict(options), seats)
        self.state: GameState = rules.new_game(players=players, seed=seed, **options)
        self._start = self.state.clone()
        self._revealed: list[bool] = []  # per history entry: did it resolve chance or reveal?
        self._seat_of: list[int] = []  # per history entry: the seat that decided it
        self.autosave = autosave
        self.log: list[Event] = []
        self._log_at: list[int] = []  # per history entry: the log's length once it was made
        self.notice = ""  # one line for the person when the match was resumed from a backup copy
        self._good_autosave: str | None = None  # the text last autosaved: the next backup copy
        # Why the last autosave could not be written, in one line ("" when it was): the game goes
        # on, and the window says so, rather than a full disk or a bad --save ending the game.
        self.autosave_error = ""

    # ---- the table -------------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return self.data.seats

    @property
    def history(self) -> list[Action]:
        return self.data.actions

    def moves_log(self, last: int | None = None) -> list[list[Event]]:
        """The events of each move, in order (of the ``last`` moves only, when given)."""
        first = 0 if last is None else max(0, len(self._log_at) - last)
        starts = [0, *self._log_at]
        return [self.log[starts[i]:starts[i + 1]] for i in range(first, len(self._log_at))]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action for the seat to move; IllegalAction leaves everything as it was."""
        if self.state.is_over:
            raise IllegalAction("the game is over")
        seat = self.state.current_player
        events = self.state.apply(action)
        self.data.actions.append(action)
        self._revealed.append(any(e.reveal for e in events))
        self._seat_of.append(seat)
        self.log.extend(events)
        self._log_at.append(len(self.log))
        if self.autosave:
            self._try_autosave()
        return events

    # ---- undo ------------------------------------------------------------------------
    def undo_point(self) -> int | None:
        """History length to go back to for undoing the last person's own decision, or None.

        Undo drops that decision and every bot move after it, but never anything that rolled a
        die, drew, shuffled or revealed a hidden piece.
        """
        for i in range(len(self.history) - 1, -1, -1):
            if self._revealed[i]:
                return None
            if self.is_human(self._seat_of[i]):
                return i
        return None

    def can_undo(self) -> bool:
        return self.undo_point() is not None

    def undo(self) -> bool:
        point = self.undo_point()
        if point is None:
            return False
        self.rewind(point)
        return True

    def last_move(self) -> tuple[int, bool] | None:
        """The seat that made the last move and whether it revealed anything (None before any move)."""
        return (self._seat_of[-1], self._revealed[-1]) if self.history else None

    def own_undo_point(self, seats: Collection[int]) -> int | None:
        """History length to go back to for undoing the last move when one of ``seats`` made it and
        nobody has acted since (a network game: only one's own move, before anyone else acts), or
        None. Like ``undo_point`` it never steps back across a reveal; it also steps back over the
        moves before that were the same seat's only legal action (they would come straight back)."""
        point = len(self.history) - 1
        if point < 0 or self._revealed[point] or self._seat_of[point] not in seats:
            return None
        seat = self._seat_of[point]
        first = point  # the earliest move before ``point`` that was the same seat's and revealed nothing
        while first > 0 and self._seat_of[first - 1] == seat and not self._revealed[first - 1]:
            first -= 1
        if first == point:
            return point
        state = self._start.clone()
        for a in self.history[:first]:
            state.apply(a)
        forced = []  # per move from ``first`` to ``point``: its seat's only legal action
        for a in self.history[first:point]:
            forced.append(len(state.legal_actions()) == 1)
            state.apply(a)
        while point > first and forced[point - 1 - first]:
            point -= 1
        return point

    def rewind(self, point: int) -> None:
        """Back to the position after the first ``point`` moves (replayed from the start, so the
        state, log and autosave are exactly what playing those moves made)."""
        kept = self.history[:point]
        self.state = self._start.clone()
        self.data.actions = []
        self._revealed, self._seat_of, self.log, self._log_at = [], [], [], []
        autosave, self.autosave = self.autosave, None
        for a in kept:
            self.apply(a)
        self.autosave = autosave
        if autosave:
            self._try_autosave()

    # ---- files -----------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        savefile.save(path, self.data, self.state)

    def _try_autosave(self) -> None:
        try:
            self.save_autosave()
        except OSError as e:
            self.autosave_error = " ".join(str(e.strerror or e).split())
        else:
            self.autosave_error = ""

    def save_autosave(self) -> None:
        """Write the autosave, first keeping the previous good one as its backup copy, so that
        even a bad disk write loses at most one move. Both writes are atomic."""
        assert self.autosave
        text = savefile.dumps(self.data, self.state)
        if self._good_autosave is None:
            self._good_autosave = _good_text(self.autosave)
            savefile.sweep_leftovers(self.autosave)  # a killed run's half-written temporary files
        if self._good_autosave is not None and self._good_autosave != text:
            savefile.write_atomic(savefile.backup_path(self.autosave), self._good_autosave)
        savefile.write_atomic(self.autosave, text)
        self._good_autosave = text

    @classmethod
    def load(cls, path: str | os.PathLike[str], autosave: str | os.PathLike[str] | None = None) -> "Match":
        """Resume a saved match; SaveError (one line) for a damaged or foreign file."""
        data, states = savefile.read(path)
        from game import registry

        match = cls(registry.get(data.game), data.players, data.seed, data.seats, **data.options)
        for a in data.actions:
            match.apply(a)
        match.autosave = autosave
        return match

    @classmethod
    def resume(cls, path: str | os.PathLike[str]) -> "Match":
        """Continue the autosaved match at ``path``, from its backup copy when it is damaged
        (``notice`` then says so); SaveError with the newest copy's reason when both fail."""
        try:
            return cls.load(path, autosave=path)
        except SaveError as e:
            newest = e
            backup = savefile.backup_path(path)
            if not backup.exists():
                raise
            try:
                match = cls.load(backup, autosave=path)
            except SaveError:
                raise newest from None
        match.notice = f"{path} was damaged ({newest}); resumed from the copy one move earlier"
        return match


def _good_text(path: str | os.PathLike[str]) -> str | None:
    """The file at ``path`` when it is a save that reads, else None (never back up a damaged file)."""
    try:
        savefile.read(path)
        return Path(path).read_text(encoding="utf-8")
    except (SaveError, OSError):
        return None
