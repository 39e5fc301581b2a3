"""Consistency of a Cubitos position, and the fuzzer's hooks (game.core.fuzz)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core import Action
from game.cubitos import cards
from game.cubitos.names import ActionKind

if TYPE_CHECKING:
    from game.cubitos.state import CubitosState

COUNTERS = ("credits", "tokens", "fans", "money", "move", "wmove", "beyond", "laps", "forced")
MAX_FANS = 13
RARE_KINDS = frozenset({ActionKind.PUSH, ActionKind.USE, ActionKind.DISCARD, ActionKind.TAKE, ActionKind.LOSE, ActionKind.GAIN})  # pushes lead to busts
CARD_SETS = (*cards.SETS, "random")


def problems(s: "CubitosState") -> list[str]:
    """What is wrong with ``s`` (empty when consistent): dice conserved, counters, runners."""
    out: list[str] = []
    places = [d for seat in s.seats for zone in seat.zones for d in zone]
    places += [d for tray in s.trays.values() for d in tray]
    if sorted(places) != list(range(len(s.setup.colour))):
        out.append("a die is lost, doubled or invented")
    for c, tray in s.trays.items():
        if any(s.colour(d) != c for d in tray):
            out.append(f"a foreign die in the {c} tray")
    for i, seat in enumerate(s.seats):
        out += [f"seat {i}: {name} went negative" for name in COUNTERS if getattr(seat, name) < 0]
        if not 0 <= seat.node < s.board.size:
            out.append(f"seat {i}'s runner is off the track")
        if seat.fans > MAX_FANS:
            out.append(f"seat {i} has more than {MAX_FANS} fans")
    return out


def is_rare(action: Action) -> bool:
    return action.kind in RARE_KINDS


def fuzz_options(seed: int) -> dict[str, Any]:
    """Every named card set and the random one, in turn."""
    return {"card_set": CARD_SETS[seed % len(CARD_SETS)]}
