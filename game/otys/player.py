"""One player's board: the diver column, resources per level, keys, technicians and purse."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.otys.data import (CAPACITY, COLOURS, HACKER_FREE, LEVELS, MECHANIC_REACH, OWN_X, START_BATTERIES,
                            START_CREDITS, SURFACE)

if TYPE_CHECKING:
    from game.otys.actions import Complete
    from game.otys.evaluate import Prospects


class Player:
    """Keys on the board are implied: a numbered key or the own X is on the board unless it
    is on the Hacker track (``track``, left to right: 1..5 numbered, OWN_X, 0 neutral X)."""

    FIELDS = ("divers", "upgraded", "res", "track", "neutral_x", "mechanic", "hacker", "credits", "batteries",
              "prestige", "hand", "rewards")
    # Memos kept with copies of what they were worked out from, so that any change to the board
    # voids them, and carried by clones: ``completable``, the completions on offer
    # (legal.completions); ``prospects``, the evaluation's terms of resources and reward tokens.
    __slots__ = (*FIELDS, "completable", "prospects")

    def __init__(self) -> None:
        self.divers: list[int] = []  # diver id at each position, S1 first
        self.upgraded = [False] * 8  # by diver id
        self.res = [[0] * len(COLOURS) for _ in range(LEVELS)]  # res[level - 1][colour]
        self.track: list[int] = []
        self.neutral_x = 0
        self.mechanic = 0
        self.hacker = 0
        self.credits = START_CREDITS
        self.batteries = START_BATTERIES
        self.prestige = 0
        self.hand: list[int] = []
        self.rewards = [-1] * LEVELS  # reward token on each level's space, -1 = none
        self.completable: tuple[list[list[int]], list[int], list[int], tuple[Complete, ...]] | None = None
        self.prospects: Prospects | None = None

    # ---- queries -------------------------------------------------------------------------
    def diver_at(self, level: int) -> int:
        return self.divers[level + SURFACE - 1]

    def position_of(self, diver: int) -> int:
        return self.divers.index(diver)

    def has_space(self, level: int) -> bool:
        return sum(self.res[level - 1]) < CAPACITY[level - 1]

    def own_on_track(self) -> list[int]:
        """Own keys (numbered and own X) on the Hacker track, in key order."""
        return sorted(t for t in self.track if t != 0)

    @property
    def reach(self) -> int:
        return MECHANIC_REACH[self.mechanic]

    @property
    def free_spaces(self) -> int:
        return HACKER_FREE[self.hacker]

    def resources(self) -> int:
        return sum(sum(r) for r in self.res)

    # ---- changes -------------------------------------------------------------------------
    def move_diver(self, src: int, dst: int) -> None:
        """Move the diver at ``src`` to ``dst``, the others shifting to make room."""
        self.divers.insert(dst, self.divers.pop(src))

    # ---- copies and files ----------------------------------------------------------------
    def clone(self) -> "Player":
        p = Player.__new__(Player)
        p.divers = self.divers[:]
        p.upgraded = self.upgraded[:]
        p.res = list(map(list.copy, self.res))  # no comprehension's frame: boards are copied on write in searches
        p.track = self.track[:]
        p.hand = self.hand[:]
        p.rewards = self.rewards[:]
        p.neutral_x, p.mechanic, p.hacker = self.neutral_x, self.mechanic, self.hacker
        p.credits, p.batteries, p.prestige = self.credits, self.batteries, self.prestige
        p.completable, p.prospects = self.completable, self.prospects  # only replaced (or added to)
        return p

    def to_dict(self) -> dict[str, Any]:
        return {name: _plain(getattr(self, name)) for name in Player.FIELDS}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Player":
        p = cls()
        p.divers = [int(v) for v in d["divers"]]
        p.upgraded = [bool(v) for v in d["upgraded"]]
        p.res = [[int(v) for v in row] for row in d["res"]]
        p.track = [int(v) for v in d["track"]]
        p.hand = [int(v) for v in d["hand"]]
        p.rewards = [int(v) for v in d["rewards"]]
        for name in ("neutral_x", "mechanic", "hacker", "credits", "batteries", "prestige"):
            setattr(p, name, int(d[name]))
        if sorted(p.divers) != list(range(8)) or len(p.res) != LEVELS or len(p.rewards) != LEVELS:
            raise ValueError("bad player board")
        if not (0 <= p.mechanic < len(MECHANIC_REACH) and 0 <= p.hacker < len(HACKER_FREE)):
            raise ValueError("bad technician position")
        if any(t not in range(OWN_X + 1) for t in p.track):
            raise ValueError("bad key on the hacker track")
        return p


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
