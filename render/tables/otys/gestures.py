"""Otys gestures: which legal actions a click on a key, a diver, a Store space, a card... means.

Only actions from ``state.legal_actions()`` are offered. Some actions need two places: an X key
then the level it opens, a diver then the position it swims to, a contract then the level that
completes it, a resource then the level it moves to; those have a *second* target, lit once the
first is chosen (or dragged onto). Actions no piece stands for (Done, Resurface, Oxygen, a reward
token's plain front) become buttons.
"""
from __future__ import annotations

from typing import Any

from game.core import Action
from game.otys import actions as A
from game.otys.data import REWARDS
from game.otys.state import OtysState

Target = tuple[Any, ...]


class OtysGestures:
    """The legal actions of one position, indexed by the target a click lands on."""

    def __init__(self, state: OtysState) -> None:
        self.state = state
        self.seat = state.current_player
        self.legal: list[Action] = [] if state.is_over else state.legal_actions()
        self.by_target: dict[Target, list[Action]] = {}
        self.second: dict[tuple[Target, Action], Target] = {}  # (piece, action): the place it asks for next
        self.buttons: list[Action] = []
        for a in self.legal:
            first, second = self._targets_of(a)
            for t in first:
                self.by_target.setdefault(t, []).append(a)
                if second is not None:
                    self.second[(t, a)] = second
            if not first:
                self.buttons.append(a)
            if isinstance(a, A.Propel):
                self._swap_up(a)

    def _swap_up(self, a: A.Propel) -> None:
        """Two neighbours trading places are one move, listed as the upper one going down: the lower
        one dragged up onto the upper one's place means it too."""
        p = self.state.players[self.seat]
        src = p.position_of(a.diver)
        if a.to == src + 1:
            lower = ("diver", self.seat, p.divers[a.to])
            self.by_target.setdefault(lower, []).append(a)
            self.second[(lower, a)] = ("pos", self.seat, src)

    def _targets_of(self, a: Action) -> tuple[list[Target], Target | None]:
        s, seat = self.state, self.state.turn
        level = s.key_level
        top = s.pending[-1] if s.pending else None
        if isinstance(a, A.Key):
            return [("key", seat, a.level)], None
        if isinstance(a, A.XKey):
            return [("key", seat, 0 if a.neutral else 6)], ("level", seat, a.level)
        if isinstance(a, A.Propel):
            return [("diver", seat, a.diver)], ("pos", seat, a.to)
        if isinstance(a, A.Complete):
            return [("card", a.card)], ("level", seat, a.level)
        if isinstance(a, A.MoveResource):
            return [("res", seat, a.src, a.colour)], ("level", seat, a.dst)
        if a == A.SPONSOR:
            return [("sponsor", level)], None
        if isinstance(a, A.ReturnKey):
            return [("key", seat, a.token), ("sponsor", level)], None
        if isinstance(a, A.Upgrade):
            return [("diver", seat, a.diver), ("sponsor", level)], None
        if isinstance(a, A.TakeReward):
            return [("reward", level, a.slot)], None
        if isinstance(a, A.Front) and top is not None and REWARDS[int(top[1])][0] == "upgrade":
            return [("diver", seat, a.choice)], None
        if isinstance(a, A.Gather):
            owner, diver = (int(top[1]), int(top[2])) if top is not None and top[0] == "copy" else (seat, s.active)
            return [("diver", owner, diver)], None
        if isinstance(a, A.Sell):
            return [("store", a.colour, s.table.sale_row(a.colour)), ("res", seat, level, a.colour)], None
        if isinstance(a, A.Buy):
            return [("store", a.colour, a.row)], None
        if a == A.DRAW:
            return [("deck",)], None
        if isinstance(a, A.Keep):
            return [("card", a.card)], None
        if isinstance(a, A.Copy):
            return [("diver", a.seat, s.players[a.seat].diver_at(level))], None
        if isinstance(a, A.Improve):
            return [("track", seat, a.track)], None
        return [], None

    def targets(self) -> set[Target]:
        return set(self.by_target)

    def click(self, target: Target | None) -> list[Action]:
        return list(self.by_target.get(target, [])) if target is not None else []

    def places(self, target: Target) -> dict[Target, list[Action]]:
        """The second places the actions of ``target`` ask for, when every one of them asks one."""
        acts = self.click(target)
        if not acts or any((target, a) not in self.second for a in acts):
            return {}
        out: dict[Target, list[Action]] = {}
        for a in acts:
            out.setdefault(self.second[(target, a)], []).append(a)
        return out
