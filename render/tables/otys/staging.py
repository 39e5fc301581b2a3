"""The Otys position as the table shows it after each event of one move.

``apply`` settles a whole move at once (a key, its diver's effect, the resurfacing and the key going
to the Hacker track can be one call), but the table tells it one event at a time. :func:`advance`
carries a private copy of the last shown position through one event, using only what the event
says, so the view can pair the pieces before and after each event and move just those.
The copy is the view's own: the match's state is never touched.
"""
from __future__ import annotations

from game.otys.data import NEUTRAL_X

COUNTERS = ("credits", "batteries", "prestige")
EXTRA = {"reward_credits": "credits", "reward_prestige": "prestige"}  # a contract's reward-token back
SPENDS_BATTERY = ("propel", "oxygen")
FRONT_GAIN = {"battery": "batteries", "prestige": "prestige"}


def advance(s, ev) -> None:
    """Carry the shown position ``s`` (an OtysState copy) through event ``ev``."""
    d, kind = ev.data, ev.kind
    seat = d.get("seat", s.turn)
    p, t = s.players[seat], s.table
    step = _STEPS.get(kind)
    if step is not None:
        step(s, p, t, d)
    for name in COUNTERS:
        _gain(p, name, d.get(name, 0))
    for extra, name in EXTRA.items():
        _gain(p, name, d.get(extra, 0))
    if kind in SPENDS_BATTERY:
        _gain(p, "batteries", -1)


def _gain(p, name: str, n: int) -> None:
    if n:
        setattr(p, name, getattr(p, name) + n)


def _key(s, p, t, d) -> None:
    s.key_level, s.key_token, s.stage = d["level"], d["token"], "step1"
    if d["token"] == NEUTRAL_X:
        p.neutral_x -= 1


def _sponsors(s, p, t, d) -> None:
    t.sponsors = list(d["order"])


def _divers(s, p, t, d) -> None:
    p.divers = list(d["order"])


def _sponsor(s, p, t, d) -> None:
    if "order" in d:
        p.divers = list(d["order"])
    if "diver" in d:
        p.upgraded[d["diver"]] = True
    if "colour" in d:
        p.res[d["src"] - 1][d["colour"]] -= 1
        p.res[d["dst"] - 1][d["colour"]] += 1


def _gather(s, p, t, d) -> None:
    if "colour" in d:
        p.res[d["level"] - 1][d["colour"]] += 1
    if d.get("neutral_x"):
        t.neutral_pile -= 1
        p.neutral_x += 1


def _sell(s, p, t, d) -> None:
    t.store[d["colour"]][d["row"]] = True
    p.res[d["level"] - 1][d["colour"]] -= 1


def _buy(s, p, t, d) -> None:
    t.store[d["colour"]][d["row"]] = False
    p.res[d["level"] - 1][d["colour"]] += 1


def _key_returned(s, p, t, d) -> None:
    p.track.pop(d["slot"])


def _reward_taken(s, p, t, d) -> None:
    t.display[d["level"] - 1][d["slot"]] = -1
    if d["explorer"]:
        p.rewards[d["level"] - 1] = d["token"]


def _reward_revealed(s, p, t, d) -> None:
    t.display[d["level"] - 1][d["slot"]] = d["token"]


def _front(s, p, t, d) -> None:
    if "colour" in d:
        p.res[d["level"] - 1][d["colour"]] += 1
    if "diver" in d:
        p.upgraded[d["diver"]] = True
    if d["front"] in FRONT_GAIN:
        _gain(p, FRONT_GAIN[d["front"]], 1)


def _contract(s, p, t, d) -> None:
    for c, n in enumerate(d["use"]):
        p.res[d["level"] - 1][c] -= n
    card = d["card"]
    if d["public"]:
        t.public[t.public.index(card)] = -1
    else:
        p.hand.remove(card)


def _revealed(s, p, t, d) -> None:
    t.public[d["slot"]] = d["card"]
    del t.deck[-1:]


def _reshuffled(s, p, t, d) -> None:
    """The discards become the deck under the cards still counted in it (they were drawn
    already; the draw's own event takes them off)."""
    t.deck = [-1] * (d["size"] + len(t.deck))


def _drawn(s, p, t, d) -> None:
    cards = d["private"]["cards"] if "private" in d else [-1] * d["count"]  # another seat's: face down
    del t.deck[len(t.deck) - len(cards):]
    s.pending.append(["keep", d["seat"], *cards])


def _kept(s, p, t, d) -> None:
    s.pending = [top for top in s.pending if top[0] != "keep"]
    p.hand.append(d["private"]["card"] if "private" in d else -1)
    t.deck[:0] = [-1] * d["returned"]


def _improve(s, p, t, d) -> None:
    setattr(p, d["track"], d["value"])


def _copy(s, p, t, d) -> None:
    if s.spy_variant:
        _gain(s.players[d["target"]], "credits", -d["credits"])


def _to_track(s, p, t, d) -> None:
    p.track.append(d["token"])
    s.stage, s.key_token = "key", -1


def _reset(s, p, t, d) -> None:
    t.neutral_pile += d["returned"].count(NEUTRAL_X)
    p.track = []
    s.stage, s.key_token = "key", -1


_STEPS = {"key": _key, "sponsors_rotated": _sponsors, "propel": _divers, "resurface": _divers, "sponsor": _sponsor,
          "gather": _gather, "sell": _sell, "buy": _buy, "key_returned": _key_returned, "reward_taken": _reward_taken,
          "reward_revealed": _reward_revealed, "front": _front, "contract": _contract, "contract_revealed": _revealed,
          "deck_reshuffled": _reshuffled, "contracts_drawn": _drawn, "contract_kept": _kept, "improve": _improve,
          "copy": _copy, "key_to_track": _to_track, "keys_reset": _reset}
