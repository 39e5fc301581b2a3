"""What the balance report asks of an Octocube game: the variant, and who used which Abyss power."""
from __future__ import annotations

from typing import Any

from game.core import Event
from game.octocube.components import ABYSS_TILES
from game.octocube.state import OctocubeState

POWER_USED = "Abyss power used"


def facts(start: OctocubeState, end: OctocubeState, events: list[Event]) -> dict[str, Any]:
    """The first player, the variant, and per seat the powers it used (advanced only)."""
    out: dict[str, Any] = {"first": start.first_player, "labels": {"variant": end.variant}}
    if end.variant == "advanced":
        in_play = [*start.abyss_supply, *(a for a in start.abyss if a is not None and a >= 0)]
        used: list[list[str]] = [[] for _ in range(end.num_players)]
        for e in events:
            if e.kind == "power" and e.data["power"] not in used[e.data["player"]]:
                used[e.data["player"]].append(e.data["power"])
        out["seat_labels"] = {POWER_USED: used}
        out["offered"] = {POWER_USED: sorted({ABYSS_TILES[i].power for i in in_play})}
    return out
