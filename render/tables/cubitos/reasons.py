"""Why a Cubitos move is good: a push with its exact bust chance, a pass that keeps the roll's
movement, the spaces a move gains, the die a purchase adds."""
from __future__ import annotations

from game.core import Action, GameState
from game.cubitos.actions import Buy, Push
from game.cubitos.evaluation import bust_chance
from game.cubitos.state import CubitosState
from render.i18n import t
from render.tables.cubitos.words import colour
from render.tables.reasons import gain, played


def reason(state: GameState, action: Action) -> str:
    assert isinstance(state, CubitosState)
    seat = state.current_player
    if isinstance(action, Push):  # before the roll: the odds the bot weighed, never the dice to come
        chance = round(100 * bust_chance(state, seat, action.back))
        return t("cubitos.why.push", pct=chance) if chance else t("cubitos.why.push_safe")
    if action.kind == "pass":
        return t("cubitos.why.pass", pct=round(100 * bust_chance(state, seat)))
    if isinstance(action, Buy):
        return t("cubitos.why.buy", colour=colour(action.colour))
    if action.kind in ("draw", "use"):
        return t(f"cubitos.why.{action.kind}")
    after, _ = played(state, action)
    ahead = round(gain(state, after, seat))
    return t("cubitos.why.ahead", n=ahead) if ahead > 0 else ""
