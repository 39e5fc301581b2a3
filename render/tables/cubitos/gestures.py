"""Cubitos gestures: which legal actions a click on a die, a space, a tray or a card means.

Only actions from ``state.legal_actions()`` are offered. Actions name dice by kind ("red",
"red:pow" in the Active Zone, "discard/red" where the zone is a choice), so a click on any die of
that kind in that zone means the action. Actions with no piece to click (push, pass, draw a
colour from the bag, end move…) become buttons beside the seat's trays.
"""
from __future__ import annotations

from typing import Any

from game.core import Action
from game.cubitos.actions import Buy, Discard, Gain, Lose, Step, Take, Use
from game.cubitos.state import DRAW, ROLL, ZONES, CubitosState

Target = tuple[Any, ...]
ONE_DIE = (Use, Lose, Take)  # actions that name one die a person can point at


def dice_of(state: CubitosState, seat: int, key: str) -> list[int]:
    """The seat's dice that ``key`` names ("red", "red:pow", "discard/red")."""
    zone_name, _, kind = key.rpartition("/")
    zones = [ZONES.index(zone_name)] if zone_name in ZONES else range(len(ZONES))
    found = []
    for z in zones:
        found += [d for d in state.seats[seat].zones[z] if state.key(d, z) == kind]
    return found


class CubitosGestures:
    """The legal actions of one position, indexed by the target a click lands on."""

    def __init__(self, state: CubitosState) -> None:
        self.state = state
        self.seat = state.current_player
        self.legal: list[Action] = [] if state.is_over else state.legal_actions()
        self.by_target: dict[Target, list[Action]] = {}
        self.buttons: list[Action] = []  # actions no piece stands for
        for a in self.legal:
            targets = self._targets_of(a)
            for t in targets:
                self.by_target.setdefault(t, []).append(a)
            if not targets:
                self.buttons.append(a)

    def _targets_of(self, a: Action) -> list[Target]:
        s = self.state
        if isinstance(a, Step):
            return [("space", s.board.node(a.space))]
        if isinstance(a, Buy):
            return [("tray", a.colour), ("card", a.colour)]
        if isinstance(a, Gain):
            return [("tray", a.colour)]
        if isinstance(a, Discard) and len(a.dice) == 1:  # after a bust, from the Roll Zone (never the bag)
            return [("die", d) for d in dice_of(s, self.seat, f"{ZONES[ROLL]}/{a.dice[0]}")]
        if isinstance(a, ONE_DIE) and a.die:
            return self._dice(a.die)
        keys = self.dice_choice(a)  # a red card's choice among the seat's dice: a click on any of
        if keys:  # them, then the small menu (to whom Crabby gives it, which die Jacques rolls with it)
            return list(dict.fromkeys(t for key in keys for t in self._dice(key)))
        return []

    @staticmethod
    def dice_choice(a: Action) -> tuple[str, ...]:
        """The seat's dice a red card's use chooses (zone/keys): the one Crabby gives away, the one
        or two Jacques Couteau rolls; () for any other action. As buttons, Jacques' pairs of a
        seat's dice ran to forty and covered the table (issue 34's long sweep)."""
        if not isinstance(a, Use) or a.die:
            return ()
        return tuple(o for o in a.option if o.partition("/")[0] in ZONES)

    def _dice(self, key: str) -> list[Target]:
        """What a person clicks for one of the seat's dice named ``key``."""
        if key.startswith(f"{ZONES[DRAW]}/"):
            return [("zone", self.seat, DRAW)]  # dice in the bag are not shown: the bag is clicked
        return [("die", d) for d in dice_of(self.state, self.seat, key)]

    def targets(self) -> set[Target]:
        return set(self.by_target)

    def click(self, target: Target | None) -> list[Action]:
        return list(self.by_target.get(target, [])) if target is not None else []

    def of_kind(self, *kinds: str) -> list[Action]:
        return [a for a in self.legal if a.kind in kinds]
