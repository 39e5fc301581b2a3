"""The game contract every game meets; bots and the screen use nothing else.

A game provides one :class:`GameRules` object (registered in :mod:`game.registry`) and a state
class derived from :class:`GameState`.
"""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from types import ModuleType
from typing import Any, Callable, Sequence

from game.core.action import Action, ActionCodec
from game.core.event import Event
from game.core.rng import Rng


class GameState(ABC):
    """One position of one game. ``apply`` mutates it; bots search on ``clone()``."""

    num_players: int

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat that must decide now; -1 once the game is over."""

    @property
    def is_over(self) -> bool:
        return self.current_player == -1

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal choice now, no two meaning the same thing; empty only once over."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action``; raise :class:`game.core.IllegalAction` if it is not legal."""

    @abstractmethod
    def clone(self) -> "GameState":
        """An independent deep copy, RNG included."""

    @abstractmethod
    def scores(self) -> list[float]:
        """One number per seat (final scores once over)."""

    def winners(self) -> list[int]:
        """Seats with the best score; games with tie-breaks override this."""
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, JSON-safe, hidden information redacted."""

    def event_seen_by(self, event: Event, seat: int) -> Event:
        """``event`` (one ``apply`` just gave, or an older one re-read) as ``seat`` may see it in
        this position; -1 is a spectator, who sees public facts only. Another seat's hidden facts
        are left out of its text and data ("draws 3 contracts", not which), so the log, an
        animation and a network message made from it tell ``seat`` no more than its observation
        does. The one place a game says this: the hot-seat log and the network both ask here.
        Games whose events hold nothing hidden keep this default."""
        return event

    def events_seen_by(self, events: Sequence[Event], seat: int) -> list[Event]:
        """Each of ``events`` as ``seat`` may see it (:meth:`event_seen_by`)."""
        return [self.event_seen_by(e, seat) for e in events]

    def knowledge(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` knows of this position, JSON-safe: its observation, plus whatever it
        remembers from what it has seen since the start (a card seen going into a deck, a tile seen
        before a piece covered it), said as facts about this position.

        Every world ``determinize(seat, rng)`` gives must have the same knowledge: a bot may assume
        no more and no less than a person at the table. A game whose observation already says all a
        seat remembers keeps this default; a game that remembers more keeps a cheap per-seat memory
        of reveals (in ``to_dict``) and overrides this.
        """
        return self.observation(seat)

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """JSON-safe; ``rules.from_dict`` gives back an equal state, RNG included."""

    def determinize(self, seat: int, rng: Rng) -> "GameState":
        """A clone in which whatever ``seat`` cannot see is re-dealt at random with ``rng``.

        Information-set MCTS searches such samples. Games without hidden information keep the
        default: a clone whose every :class:`Rng` attribute is re-seeded from ``rng``, so a bot
        never learns future chance. Games that override it re-seed their RNG themselves.
        """
        world = self.clone()
        for value in attribute_values(world):
            if isinstance(value, Rng):
                value.state = rng.next_u64()
        return world

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # equal by contents and changed in place: a state has no hash


def attribute_values(obj: object) -> list[Any]:
    """The values of ``obj``'s instance attributes, from ``__dict__`` and ``__slots__`` alike."""
    values = list(getattr(obj, "__dict__", {}).values())
    for cls in type(obj).__mro__:
        slots = getattr(cls, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if hasattr(obj, name):
                values.append(getattr(obj, name))
    return values


def margins(values: Sequence[float]) -> list[float]:
    """Each seat's value minus the best other seat's: how the games' evaluations read a race, for
    every seat at once (the search's ``evaluate_all`` hook)."""
    return [v - max(w for i, w in enumerate(values) if i != seat) for seat, v in enumerate(values)]


class GameRules(ABC):
    """A game's entry point: creates states, decodes saves, evaluates positions for bots."""

    name: str
    title: str
    min_players: int = 2
    max_players: int = 4
    variants: Sequence[str] = ("basic",)
    codec: ActionCodec

    # Optional capabilities a game gives its bots, declared here (None: the game has none) rather
    # than looked up by name; a game defines the ones it has as methods of its rules.
    expert_move: Callable[..., Action | None] | None = None  # (state, seat, rng): a move that beats search, or None
    extra_bots: Callable[[], dict[str, Callable[..., Any]]] | None = None  # more bot levels, by name
    urgency: Callable[..., float] | None = None  # (state, seat): how much the position's outcome is at stake
    urgency_all: Callable[..., list[float]] | None = None  # every seat's urgency at once
    evaluate_all: Callable[..., list[float]] | None = None  # every seat's evaluate at once
    explain: Callable[..., str | None] | None = None  # (state, action): why the hint's move is good, in words
    search_prior_visits: int = 1  # the visits a search credits its evaluation with before it plays out
    # (state): a row of ``feature_names`` per seat, each from what that seat may know (its
    # observation): what a learned evaluation (game/bots/learned.py) reads of a position
    features_all: Callable[..., list[list[float]]] | None = None
    feature_names: Sequence[str] = ()

    @abstractmethod
    def new_game(self, players: int, seed: int, variant: str | None = None, **options: Any) -> GameState:
        """A fresh game; bad arguments raise ValueError with a one-line message."""

    @abstractmethod
    def from_dict(self, d: dict[str, Any]) -> GameState:
        """The state ``to_dict`` wrote; raises game.core.SaveError when ``d`` is damaged."""

    def action_from_dict(self, d: dict[str, Any]) -> Action:
        return self.codec.from_dict(d)

    def evaluate(self, state: GameState, seat: int) -> float:
        """How good ``state`` is for ``seat``; greedy and MCTS bots read this. Bigger is better.

        The default is the seat's score lead over the best other seat; games override it with
        knowledge of what is likely to come.
        """
        s = state.scores()
        others = [v for i, v in enumerate(s) if i != seat]
        return s[seat] - (max(others) if others else 0.0)

    def companion(self, module: str) -> ModuleType | None:
        """The game's optional module ``module`` beside its rules (e.g. ``invariants``), or None."""
        name = type(self).__module__.rpartition(".")[0] + "." + module
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            return None

    def describe_action(self, state: GameState, action: Action) -> str:
        """A caption for ``action`` in ``state`` (demo mode, hints); ``str(action)`` by default."""
        return str(action)
