"""Otys as one seat may see it, rebuilt (game/net/world.py): the other hands, the deck, the reward
bag and the contracts another seat is choosing from are counts in an observation; they are filled
with cards and tokens the seat sees nowhere, so the rebuilt world draws, counts and plays alike."""
from __future__ import annotations

from typing import Any

from game.otys.contracts import CARDS
from game.otys.data import REWARDS


def world(obs: dict[str, Any]) -> dict[str, Any]:
    table, seat = obs["table"], obs["seat"]
    seen = set(table["public"]) | set(table["contract_discard"])
    for p in obs["players"]:
        seen |= set(p["hand"]) if isinstance(p["hand"], list) else set()
    for top in obs["pending"]:
        if top[0] == "keep" and top[1] == seat:
            seen |= {int(c) for c in top[2:]}
    unseen = iter([c for c in range(len(CARDS)) if c not in seen])
    for p in obs["players"]:
        if not isinstance(p["hand"], list):
            p["hand"] = [next(unseen) for _ in range(p["hand"])]
    obs["pending"] = [top[:2] + [next(unseen) for _ in range(top[2])]
                      if top[0] == "keep" and top[1] != seat else top for top in obs["pending"]]
    table["deck"] = [next(unseen) for _ in range(table["deck"])]
    table["deck_owner"] = [-1] * len(table["deck"])
    tokens = {t for row in table["display"] for t in row} | set(table["reward_discard"])
    for p in obs["players"]:
        tokens |= set(p["rewards"])
    free = [t for t in range(len(REWARDS)) if t not in tokens] or [0]
    table["bag"] = [free[i % len(free)] for i in range(table["bag"])]
    return obs
