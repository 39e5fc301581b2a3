"""Otys moves and events in sentences from the catalogue: button labels, captions and log lines.

Actions are worded from the facts the rules' captions are made of (game.otys.captions.facts),
events from their kind and data, so a log re-reads in the other language."""
from __future__ import annotations

from typing import Any, Callable

from game.core import Action, Event
from game.otys.actions import position_name
from game.otys.captions import facts, worded
from game.otys.data import GOAL
from game.otys.state import OtysState, seen_by
from render.i18n import t, tn
from render.tables.otys.words import NAMES, colour, diver, effect, reward, signed, token
from render.ui import theme


def action_words(s: OtysState, a: Action) -> str:
    """What ``a`` does, without who does it (buttons, menus, the HUD)."""
    kind, args = facts(s, a)
    return t(f"otys.do.{kind}", **worded(args, NAMES))


def caption(s: OtysState, a: Action) -> str:
    """``a`` of the seat to move as one sentence (demo captions, hints)."""
    return t("otys.caption", who=theme.player_name(s.current_player), what=action_words(s, a))


# How an event's data is worded in the log; data not named here are numbers, printed as they are.
LOG_NAMES: dict[str, Callable[[Any], str]] = {
    "diver": diver, "colour": colour, "token": token, "src": position_name, "dst": position_name,
    "target": theme.player_name, "card": lambda c: str(c + 1), "row": lambda r: str(r + 1),
}
GAINS = (("credits", "otys.gain.credits"), ("batteries", "otys.gain.batteries"),
         ("prestige", "otys.gain.prestige"), ("neutral_x", "otys.gain.neutral_x"))


def gains(d: dict[str, Any]) -> str:
    """The counters an event's data says changed, e.g. '+1 credit'."""
    return t("otys.list").join(signed(key, d[name]) for name, key in GAINS if d.get(name))


def log_text(ev: Event, viewer: int | None) -> str:
    """``ev`` as ``viewer`` may read it (the rules' ``seen_by``, as the network): a kept contract
    is named to its owner only."""
    d = (ev if viewer is None else seen_by(ev, viewer)).data
    args: dict[str, Any] = {k: v for k, v in d.items() if isinstance(v, int)}  # counts, levels; indexes worded below
    args.update(worded({k: v for k, v in d.items() if k in LOG_NAMES}, LOG_NAMES))
    if "seat" in d:
        args["who"] = theme.player_name(d["seat"])
    key, kind = f"otys.log.{ev.kind}", ev.kind
    if kind == "key" and d["token"] != d["level"]:
        key = "otys.log.xkey"
    elif kind == "sponsor":
        args.update(sponsor=d["sponsor"] + 1, side=t(f"otys.side.{d['side']}"), effect=effect((d["sponsor"], d["side"])))
        line = t(key, **args)
        return _with_gains(line, d)
    elif kind in ("buy", "improve"):
        args["cost"] = -d["credits"]
        if kind == "improve":
            args["track"] = t(f"otys.track.{d['track']}")
    elif kind == "gather":
        return _with_gains(t(key if "colour" in d else "otys.log.gather_bonus", **args), d)
    elif kind == "sell":
        args["gain"] = signed("otys.gain.prestige", d["prestige"]) if d["prestige"] else \
            signed("otys.gain.credits", d["credits"])
    elif kind == "contracts_drawn":
        return tn(key, d["count"], **args)
    elif kind in ("reward_taken", "front", "reward_revealed"):
        args["reward"] = reward(d["token"])
        if kind == "reward_taken":
            key = "otys.log.explore" if d["explorer"] else "otys.log.reward_used"
    elif kind == "contract_kept":
        args["n"] = d["returned"]
        if viewer is not None and "private" in d:
            key, args["card"] = "otys.log.contract_kept_own", str(d["private"]["card"] + 1)
    elif kind == "contract":
        key = "otys.log.contract_public" if d["public"] else "otys.log.contract_private"
        args["prestige"] = d["prestige"]
    elif kind == "end_triggered":
        args["goal"] = GOAL
    elif kind == "game_over":
        names = t("otys.and").join(theme.player_name(w) for w in d["winners"])
        return tn(key, len(d["winners"]), names=names)
    elif kind in ("deck_reshuffled", "bag_refilled"):
        args["n"] = d["size"]
    return t(key, **args)


def _with_gains(line: str, d: dict[str, Any]) -> str:
    more = gains(d)
    return t("otys.log.gains", line=line, gains=more) if more else line
