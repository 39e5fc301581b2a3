"""What a diver's effect would give on a level now, for the hover tooltip: each choice the effect
offers is resolved on a copy of the position and the seat's board before and after compared, so the
words say exactly what the rules would do (costs waived by a sponsor included) without repeating them.

A contract draw is told by its count only: the copy draws real cards, which stay unseen."""
from __future__ import annotations

from game.otys import legal
from game.otys.data import COLOURS, SURFACE
from game.otys.player import Player
from game.otys.state import OtysState
from game.otys.turn_steps import apply_effect
from render.i18n import t
from render.tables.otys.words import colour, diver, reward, signed, token
from render.ui import theme

MOST = 4  # distinct outcomes named before "…"


def effect_preview(s: OtysState, seat: int, d: int, level: int) -> str:
    """'plant expert on level 3: +1 plant or +1 plant, +1 credit' for ``seat``'s diver ``d``."""
    base = _at(s, seat, d, level)
    p = base.players[seat]
    outcomes: list[str] = []
    for choice in legal.effect_choices(base, p, d, seat, 0):
        after = base.clone()
        apply_effect(after, choice, d, seat, 0, [])  # one use of the effect, no turn machinery after it
        words = _gains(p, after.players[seat], after)
        if words not in outcomes:
            outcomes.append(words)
    if not outcomes:
        return t("otys.preview.none", diver=diver(d), level=level)
    shown = t("otys.or").join(outcomes[:MOST]) + (t("otys.more") if len(outcomes) > MOST else "")
    return t("otys.preview", diver=diver(d), level=level, gains=shown)


def _at(s: OtysState, seat: int, d: int, level: int) -> OtysState:
    """A copy of ``s`` where ``seat`` has just activated diver ``d`` on ``level`` (moved there if
    elsewhere); this turn's sponsor favours count only for the seat whose turn it is."""
    c = s.clone()
    if seat != c.turn:
        c.turn = seat
        c._reset_turn()
    p = c.players[seat]
    p.move_diver(p.position_of(d), level + SURFACE - 1)
    c.pending, c.stage, c.key_level, c.active, c.uses_left = [], "step2", level, d, 1
    c._legal = None
    return c


def _gains(before: Player, after: Player, s: OtysState) -> str:
    """How the board changed, in words ('−1 metal, +3 credits')."""
    items = [signed("otys.gain.res", n, colour=colour(c))
             for c in range(len(COLOURS)) if (n := sum(r[c] for r in after.res) - sum(r[c] for r in before.res))]
    for name in ("credits", "batteries", "prestige", "neutral_x"):
        if n := getattr(after, name) - getattr(before, name):
            items.append(signed(f"otys.gain.{name}", n))
    items += [t("otys.gain.key_back", token=token(tk)) for tk in before.track if tk not in after.track]
    if after.mechanic != before.mechanic:
        items.append(t("otys.gain.mechanic", n=after.reach))
    if after.hacker != before.hacker:
        items.append(t("otys.gain.hacker", n=after.free_spaces))
    items += [t("otys.gain.reward", reward=reward(tk)) for tk, was in zip(after.rewards, before.rewards) if tk != was]
    items += [t("otys.gain.upgrade", diver=diver(d)) for d, (a, b) in enumerate(zip(after.upgraded, before.upgraded))
              if a != b]
    items += _pending(s)
    return t("otys.list").join(items) or t("otys.gain.nothing")


def _pending(s: OtysState) -> list[str]:
    """A choice the effect leaves to make: contracts to keep, a copied diver."""
    if not s.pending:
        return []
    top = s.pending[-1]
    if top[0] == "keep":
        return [t("otys.gain.draw", n=len(top) - 2)]
    if top[0] == "copy":
        return [t("otys.gain.copy", seat=theme.player_name(int(top[1])), diver=diver(int(top[2])))]
    return []  # an explorer's token front: the token itself is named

