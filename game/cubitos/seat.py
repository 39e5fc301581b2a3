"""One player's seat in a Cubitos position: the dice in its four zones, its runner, its counters,
the stage of the round it is at and the tasks it owes. Copied whole when a clone changes it."""
from __future__ import annotations

from typing import Any

from game.cubitos.names import Stage


SEAT_INTS = ("credits", "tokens", "fans", "money", "move", "wmove", "node", "laps", "start_node", "beyond",
             "finished", "risk", "forced", "safe", "lost", "got_credit", "red_used", "jet_on", "draw_amount")
SEAT_LISTS = ("effects_used", "buys", "flags", "flags_next", "now")


class Seat:
    """One player's board, runner and counters."""

    __slots__ = ("zones", "stage", "tasks", *SEAT_INTS, *SEAT_LISTS)
    # the counters and lists the constructor sets by name (SEAT_INTS, SEAT_LISTS), declared for the type checker
    credits: int
    tokens: int
    fans: int
    money: int
    move: int
    wmove: int
    node: int
    laps: int
    start_node: int
    beyond: int
    finished: int
    risk: int
    forced: int
    safe: int
    lost: int
    got_credit: int
    red_used: int
    jet_on: int
    draw_amount: int
    effects_used: list[int]  # the nodes whose effect was used this turn
    buys: list[str]  # the colours bought this turn
    flags: list[str]
    flags_next: list[str]
    now: list[int]  # dice whose Now ability waits

    def __init__(self, start_node: int) -> None:
        self.zones: list[list[int]] = [[], [], [], []]
        self.stage: str = Stage.DRAW
        self.tasks: list[tuple[Any, ...]] = []
        for name in SEAT_INTS:
            setattr(self, name, 0)
        for name in SEAT_LISTS:
            setattr(self, name, [])
        self.node = self.start_node = start_node

    def clone(self) -> "Seat":
        s = Seat.__new__(Seat)
        d, e, f, g = self.zones
        s.zones = [d[:], e[:], f[:], g[:]]
        s.stage, s.tasks = self.stage, self.tasks[:]
        (s.credits, s.tokens, s.fans, s.money, s.move, s.wmove, s.node, s.laps, s.start_node, s.beyond, s.finished,
         s.risk, s.forced, s.safe, s.lost, s.got_credit, s.red_used, s.jet_on, s.draw_amount) = (
            self.credits, self.tokens, self.fans, self.money, self.move, self.wmove, self.node, self.laps,
            self.start_node, self.beyond, self.finished, self.risk, self.forced, self.safe, self.lost,
            self.got_credit, self.red_used, self.jet_on, self.draw_amount)
        s.effects_used, s.buys, s.flags, s.flags_next, s.now = (
            self.effects_used[:], self.buys[:], self.flags[:], self.flags_next[:], self.now[:])
        return s

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: int(getattr(self, name)) for name in SEAT_INTS}
        d.update({name: list(getattr(self, name)) for name in SEAT_LISTS})
        d["zones"] = [list(z) for z in self.zones]
        d["stage"] = self.stage
        d["tasks"] = [list(t) for t in self.tasks]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Seat":
        s = cls(int(d["node"]))
        for name in SEAT_INTS:
            setattr(s, name, int(d[name]))
        for name in SEAT_LISTS:
            setattr(s, name, list(d[name]))
        s.zones = [[int(i) for i in z] for z in d["zones"]]
        s.stage = str(d["stage"])
        s.tasks = [tuple(t) for t in d["tasks"]]
        return s
