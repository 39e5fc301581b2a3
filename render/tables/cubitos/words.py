"""Cubitos in words at the screen: pieces, actions and events worded from their data through the
message catalogue (``assets/i18n/<lang>/cubitos.json``), so every line re-reads in the language
chosen now. The rules' own English (``event.text``, ``describe_action``) is never shown.
"""
from __future__ import annotations

from typing import Any

from game.core import Action, Event
from game.cubitos.actions import Buy, Discard, Draw, Gain, Lose, Push, Step, Take, Use
from game.cubitos.board import Board
from game.cubitos.dice import FACES
from game.cubitos.names import Task
from game.cubitos.state import ZONES, CubitosState
from render.i18n import slug, t, tn
from render.ui import theme

FACE_KEYS = {"": "blank", "blank": "blank", "$": "money1", "$2": "money2", "$3": "money3", "m": "move", "c": "credit",
             "sym": "sym", "pow": "pow"}
CHOICES = ("fan", "credits", "money")  # words an ability's option may be (Captain Bark, Mr. Bats)
SPACE_WORDS = ("start/finish", "start", "finish")


def seat(s: int) -> str:
    return theme.player_name(s)


def listed(parts: list[str]) -> str:
    return t("cubitos.list_sep").join(parts)


def colour(c: str) -> str:
    return t(f"cubitos.colour.{c}")


def face(f: str) -> str:
    return t(f"cubitos.face.{FACE_KEYS.get(f, 'blank')}")


def card(name: str) -> str:
    return t(f"cubitos.card.{slug(name)}")


def card_text(name: str) -> str:
    return t(f"cubitos.card_text.{slug(name)}")


def zone(z: int) -> str:
    return t(f"cubitos.zone.{ZONES[z]}")


def key(k: str) -> str:
    """A die key as words: "discard/red:pow" -> "red showing power (Discard Zone)"."""
    zone_name, _, kind = k.rpartition("/")
    c, _, f = kind.partition(":")
    words = t("cubitos.die_face", colour=colour(c), face=face(f)) if f else colour(c)
    return t("cubitos.in_zone", what=words, zone=zone(ZONES.index(zone_name))) if zone_name in ZONES else words


def space(label: str, board: Board) -> str:
    """A track space as a player names it: what it is and how far it lies from the finish (its
    label, "3.20", is the rules' coordinate, never shown); start and finish in words."""
    track, joined, rest = label.rpartition(":")
    if rest in SPACE_WORDS:  # on a course of two tracks (Grand Finale), which track's
        word = t(f"cubitos.space.{slug(rest)}")
        ends = board.node(label) in (board.start, board.finish)
        return t("cubitos.space.on_track", track=track, space=word) if joined and not ends else word
    node = board.node(label)
    return tn("cubitos.space.at", board.pot_all(node), kind=t(f"cubitos.space.kind.{space_kind(board, node)}"))


def space_kind(board: Board, node: int) -> str:
    """The space's kind by what it does: its shortcut or jet pack, else its first reward, else water or land."""
    effect = board.effect[node]
    if effect is not None:
        return effect[0]
    if board.rewards[node]:
        return board.rewards[node][0][0]
    return "water" if board.water[node] else "land"


def dice(colours: list[str]) -> str:
    """Dice by colour, counted: "2 red, light gray"."""
    counts: dict[str, int] = {}
    for c in colours:
        counts[c] = counts.get(c, 0) + 1
    return listed([colour(c) if n == 1 else t("cubitos.dice_n", n=n, colour=colour(c)) for c, n in counts.items()]) \
        or t("cubitos.no_dice")


def keys(ks: tuple[str, ...] | list[str]) -> str:
    return listed([key(k) for k in ks])


def option(token: str, board: Board) -> str:
    """One of an ability's choices: a colour, a face, a die key, a word, or a track space."""
    if token in CHOICES:
        return t(f"cubitos.choice.{token}")
    if token in FACES:
        return colour(token)
    if token in FACE_KEYS:
        return face(token)
    if token.rpartition(":")[2] in SPACE_WORDS:  # "start/finish" is a space, not a die key's zone/colour
        return space(token, board)
    if "/" in token or ":" in token and token.split(":")[0] in FACES:
        return key(token)
    return space(token, board)


def use(card_name: str, die: str, opts: tuple[str, ...], board: Board) -> str:
    """An ability: the card (with the face of the die that uses it), then its choices (Crabby's first
    choice is the seat it gives to)."""
    if card_name == "Crabby" and opts:
        chosen = t("cubitos.give_to", die=key(opts[1]), who=seat(int(opts[0])))
    else:
        chosen = listed([option(o, board) for o in opts])
    face_name = die.rpartition(":")[2] if ":" in die else ""
    name = t("cubitos.card_face", card=card(card_name), face=face(face_name)) if face_name else card(card_name)
    return t("cubitos.act.use_with", card=name, what=chosen) if chosen else t("cubitos.act.use", card=name)


def effect(state: CubitosState) -> str:
    """The effect of the space the seat to move stands on, with what it costs."""
    e = state.board.effect[state.seats[state.current_player].node]
    if e is None:
        return t("cubitos.act.effect")
    kind, cost, _ = e
    if kind in ("money", "move"):
        return t(f"cubitos.act.shortcut_{kind}", cost=cost)
    return t(f"cubitos.act.{kind}")


def action(state: CubitosState, a: Action, chance: float | None = None) -> str:
    """An action of the seat to move, as a button says it (``chance``: a push's bust chance)."""
    kind = a.kind
    if isinstance(a, Push):
        odds = t("cubitos.bust_chance", chance=f"{chance or 0.0:.0%}")
        return t("cubitos.act.push_back", back=keys(a.back), odds=odds) if a.back else t("cubitos.act.push", odds=odds)
    if isinstance(a, Use):
        return use(a.card, a.die, a.option, state.board)
    if isinstance(a, (Draw, Discard)):
        return t(f"cubitos.act.{kind}", dice=keys(a.dice))
    if isinstance(a, (Take, Lose)):
        return t(f"cubitos.act.{kind}", die=key(a.die))
    if isinstance(a, (Gain, Buy)):
        return t(f"cubitos.act.{kind}", colour=colour(a.colour), cost=state.setup.cost(a.colour))
    if isinstance(a, Step):
        return t("cubitos.act.step", space=space(a.space, state.board))
    if kind == "effect":
        return effect(state)
    if kind == "skip":
        return skip(state)
    return t(f"cubitos.act.{kind}")


def skip(state: CubitosState) -> str:
    """Declining says what it keeps: the roll as it is (no more Now abilities), the bust (no save),
    the dice left in the Roll Zone (busting's bonus discard), or nothing taken (a reward or an
    ability's task)."""
    seat = state.seats[state.current_player]
    if seat.now:
        return t("cubitos.act.skip_now")
    if seat.tasks and seat.tasks[0][0] == "bust":
        return t("cubitos.act.skip_bust")
    if bust_bonus(state):
        return t("cubitos.act.skip_bust_discard")
    return t("cubitos.act.skip")


def bust_bonus(state: CubitosState) -> bool:
    """The seat to move has bust and may discard dice from its Roll Zone (RB:546's bonus)."""
    seat = state.seats[state.current_player]
    return not seat.now and bool(seat.tasks) and seat.tasks[0][0] == Task.BUST_DISCARD


def event(e: Event, colour_of: list[str], board: Board) -> str:
    """A log line from an event's kind and data (``colour_of``: the colour of every die id)."""
    d: dict[str, Any] = e.data
    kind = e.kind
    who = seat(d["seat"]) if "seat" in d else ""
    if kind == "rolled":
        shown = listed([t("cubitos.die_face", colour=colour(c), face=face(f)) for _, c, f in d["dice"]]) \
            or t("cubitos.no_dice")
        why = d["why"]
        if why in ("first roll", "pushes"):
            return t(f"cubitos.log.rolled.{slug(why)}", who=who, dice=shown)
        return t("cubitos.log.rolled.card", who=who, card=card(why), dice=shown)
    if kind in ("drew", "discarded", "reshuffled"):
        dice_words = dice([colour_of[x] for x in d["dice"]])
        which = f"{kind}.{d.get('from', 'roll')}" if kind == "discarded" else kind
        return tn(f"cubitos.log.{which}", len(d["dice"]), who=who, dice=dice_words)
    if kind in ("placed", "gained", "lost", "bought", "given", "returned"):
        c = d.get("colour") or colour_of[d["die"]]
        return t(f"cubitos.log.{kind}", who=who, colour=colour(c), face=face(d.get("face", "")),
                 to=seat(d.get("to", 0)))
    if kind == "ability":
        return t("cubitos.log.ability", who=who, card=card(d["card"]))
    if kind == "totals":
        move = f"{d['move']}+{d['wmove']}" if d["wmove"] else str(d["move"])
        return t("cubitos.log.totals", who=who, money=d["money"], move=move, credits=d["credits"])
    if kind == "credits":
        line = tn("cubitos.log.credits", d["credits"], who=who)
        return t("cubitos.with_card", what=line, card=card(d["card"])) if d.get("card") else line
    if kind == "round":
        return t("cubitos.log.round", round=d["round"], who=seat(d["start"]))
    if kind == "swords":
        most = seat(d["most"]) if d["most"] >= 0 else t("cubitos.nobody")
        counts = listed([t("cubitos.seat_count", who=seat(s), n=n) for s, n in enumerate(d["swords"])])
        return t("cubitos.log.swords", counts=counts, most=most)
    if kind == "moved":
        how = d.get("how", "step")
        line = t(f"cubitos.log.moved.{how}", who=who, space=space(d["to"], board))
        return t("cubitos.with_card", what=line, card=card(d["card"])) if d.get("card") else line
    if kind == "ended-move":
        return t("cubitos.log.ended_move", who=who, space=space(d["space"], board))
    if kind == "won":
        return t("cubitos.log.won", who=seat(d["winner"]))
    if kind == "tie":
        return t("cubitos.log.tie", who=listed([seat(s) for s in d["tied"]]))
    return t(f"cubitos.log.{slug(kind)}", who=who, fans=d.get("fans", 0), laps=d.get("laps", 0))
