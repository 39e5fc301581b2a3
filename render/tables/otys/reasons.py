"""Why an Otys move is good: the prestige it earns (a contract completed, a sponsor's effect), the
resources it brings up, else what the kind of move prepares."""
from __future__ import annotations

from game.core import Action, GameState
from game.otys.state import OtysState
from render.i18n import t
from render.tables.reasons import gain, played

PREPARES = ("key", "xkey", "propel", "sponsor", "upgrade", "improve", "buy", "sell", "draw", "oxygen", "resurface")


def reason(state: GameState, action: Action) -> str:
    seat = state.current_player
    after, _ = played(state, action)
    prestige = round(gain(state, after, seat))
    if prestige > 0:
        key = "otys.why.contract" if action.kind == "complete" else "otys.why.prestige"
        return t(key, n=prestige)
    assert isinstance(state, OtysState) and isinstance(after, OtysState)
    found = after.players[seat].resources() - state.players[seat].resources()
    if found > 0:
        return t("otys.why.resources", n=found)
    return t(f"otys.why.{action.kind}") if action.kind in PREPARES else ""
