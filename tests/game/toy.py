"""A tiny game with chance, for testing the core and the bots without a real game.

Race to 10: on your turn add 1 or 2 to your total, or roll (add 1-3, chance). First to 10 wins.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from game.core import Action, ActionCodec, Event, GameRules, GameState, IllegalAction, Rng, SaveError


@dataclasses.dataclass(frozen=True, slots=True)
class Add(Action):
    kind = "add"
    n: int


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Action):
    kind = "roll"


GOAL = 10


class ToyState(GameState):
    def __init__(self, players: int, rng: Rng) -> None:
        self.num_players = players
        self.totals = [0] * players
        self.turn = 0
        self.rng = rng

    @property
    def current_player(self) -> int:
        return -1 if max(self.totals) >= GOAL else self.turn

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else [Add(1), Add(2), Roll()]

    def apply(self, action: Action) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal")
        p = self.turn
        if isinstance(action, Roll):
            n = 1 + self.rng.randrange(3)
            events = [Event("rolled", f"seat {p} rolled {n}", {"n": n}, reveal=True)]
        else:
            n = action.n
            events = [Event("added", f"seat {p} added {n}", {"n": n})]
        self.totals[p] += n
        self.turn = (p + 1) % self.num_players
        return events

    def clone(self) -> "ToyState":
        s = ToyState(self.num_players, self.rng.clone())
        s.totals, s.turn = list(self.totals), self.turn
        return s

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def observation(self, seat: int) -> dict[str, Any]:
        return {"totals": list(self.totals), "turn": self.turn}

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.num_players, "totals": self.totals, "turn": self.turn, "rng": self.rng.to_dict()}


class ToyRules(GameRules):
    name = "toy"
    title = "Race to 10"
    codec = ActionCodec([Add, Roll])

    def new_game(self, players: int, seed: int, variant: str | None = None, **options: Any) -> ToyState:
        if not 2 <= players <= 4:
            raise ValueError("toy takes 2-4 players")
        return ToyState(players, Rng(seed))

    def from_dict(self, d: dict[str, Any]) -> ToyState:
        try:
            s = ToyState(int(d["players"]), Rng.from_dict(d["rng"]))
            s.totals, s.turn = [int(t) for t in d["totals"]], int(d["turn"])
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"damaged toy state: {e}") from None
        return s


RULES = ToyRules()
