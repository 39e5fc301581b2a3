"""What the balance report asks of an Otys game: which sponsor sides each seat used and which
divers it had upgraded at the end."""
from __future__ import annotations

from typing import Any

from game.core import Event
from game.otys.data import DIVERS, SPONSORS
from game.otys.state import OtysState

SPONSOR_USED = "sponsor side used"
UPGRADED = "diver upgraded"
SIDES = ("basic", "advanced")


def sponsor_name(sponsor: int, side: int) -> str:
    return f"#{sponsor + 1} {SIDES[side]}"


def facts(start: OtysState, end: OtysState, events: list[Event]) -> dict[str, Any]:
    """The first player, and per seat the sponsor sides it used and the divers upgraded at the end."""
    used: list[list[str]] = [[] for _ in range(end.num_players)]
    for e in events:
        if e.kind == "sponsor":
            name = sponsor_name(e.data["sponsor"], e.data["side"])
            if name not in used[e.data["seat"]]:
                used[e.data["seat"]].append(name)
    upgraded = [[DIVERS[d] for d, up in enumerate(p.upgraded) if up] for p in end.players]
    return {"first": start.first, "measures": {"turns": sum(1 for e in events if e.kind == "key")},
            "seat_labels": {SPONSOR_USED: used, UPGRADED: upgraded},
            "offered": {SPONSOR_USED: [sponsor_name(k, end.table.sides[k]) for k in range(SPONSORS)],
                        UPGRADED: list(DIVERS)}}
