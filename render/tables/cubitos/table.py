"""Cubitos' half of the game screen: clicks on dice, spaces, trays and cards; buttons for what no
piece stands for (push with its bust chance, pass, draw a colour, end the move); HUD facts and the
words for every piece. The shell (render/app.py) drives it through :class:`render.tables.kit.GameTable`.
"""
from __future__ import annotations

import re
from typing import Any

from game.core import Action, Event
from game.cubitos.dice import FACES, GRAYS, START
from game.cubitos.state import ACTIVE, ROLL, ZONES, CubitosState
from render.tables.cubitos.card_words import CARD_WORDS
from render.tables.cubitos.gestures import CubitosGestures
from render.tables.cubitos.view import CubitosView
from render.tables.clicks import ClickTable
from render.tables.kit import Host
from render.ui import theme
from render.ui.hud import SeatScore

KEYS_HELP = ("click a lit die, space or tray · 1-9 the buttons · Tab/Enter · H hint · U undo · Ctrl+S save · "
             "L log · right-drag orbit · wheel zoom · Home camera · +/- speed · Esc menu")
COLOUR_WORDS = {"lgray": "light gray", "dgray": "dark gray", START: "start"}
FACE_WORDS = {"": "blank", "$": "1 money", "$2": "2 money", "$3": "3 money", "m": "1 movement", "c": "1 credit",
              "sym": "its symbol", "pow": "its power", "blank": "blank"}
ROLLED_WORDS = FACE_WORDS | {"sym": "symbol", "pow": "power"}  # a die in a list of rolled faces
ZONE_WORDS = ("Draw Zone", "Roll Zone", "Active Zone", "Discard Zone")
BUTTON_WORDS = {"pass": "Pass", "skip": "Skip", "ready": "Ready", "end-move": "End move", "end-turn": "End turn",
                "end-draw": "Done drawing", "convert": "4 money → 1 movement", "effect": "Use the space's effect"}
TOKEN_WORDS = {"credits": "credits", "draw": "draw tokens", "laps": "laps done", "money": "money", "move": "movement"}
SEAT_IN_TEXT = re.compile(r"\bP([1-4])\b")
GRAY_IN_TEXT = re.compile(r"\b(lgray|dgray)\b")
DIE_KEY_IN_TEXT = re.compile(r"\b(lgray|dgray|start|white|brown|red|orange|yellow|green|blue|purple):(\$\d?|\w+)")


def colour_words(colour: str) -> str:
    return COLOUR_WORDS.get(colour, colour)


def key_words(key: str) -> str:
    """A die key as words: "discard/red:pow" -> "red showing its power (Discard Zone)"."""
    zone, _, kind = key.rpartition("/")
    colour, _, face = kind.partition(":")
    words = colour_words(colour) + (f" showing {FACE_WORDS.get(face, face)}" if face else "")
    return words + (f" ({ZONE_WORDS[ZONES.index(zone)]})" if zone in ZONES else "")


def plain_text(text: str) -> str:
    """A rules line in the table's words: seat names for P1-P4, die faces in words."""
    text = SEAT_IN_TEXT.sub(lambda m: theme.player_name(int(m.group(1)) - 1), text)
    text = DIE_KEY_IN_TEXT.sub(lambda m: f"{colour_words(m.group(1))} {ROLLED_WORDS.get(m.group(2), m.group(2))}", text)
    return GRAY_IN_TEXT.sub(lambda m: colour_words(m.group(0)), text)


class CubitosTable(ClickTable):
    keys_help = KEYS_HELP

    def __init__(self, host: Host, view: CubitosView) -> None:
        super().__init__(host, view)
        self.view: CubitosView = view
        self.gestures: CubitosGestures | None = None

    @property
    def state(self) -> CubitosState:
        return self.host.state  # type: ignore[return-value]

    def make_gestures(self) -> CubitosGestures:
        return CubitosGestures(self.state)

    def button_anchor(self) -> Any:
        return ("zone", self.state.current_player, ROLL)  # beside the seat's roll tray

    def keeps_clear(self, target: Any) -> bool:
        return target[0] != "space"

    # ---- words -------------------------------------------------------------------------------
    def button_words(self, a: Action) -> str:
        if a.kind == "push":
            chance = self.host.match.rules.bust_chance(self.state, back=a.back)  # type: ignore[attr-defined]
            back = f", {', '.join(key_words(k) for k in a.back)} back first" if a.back else ""  # type: ignore[attr-defined]
            return f"Push{back} — {chance:.0%} chance to bust"
        if a.kind == "effect":
            return self._effect_words()
        if a.kind in BUTTON_WORDS:
            return BUTTON_WORDS[a.kind]
        if a.kind in ("draw", "discard"):
            return f"{a.kind.capitalize()} {', '.join(key_words(k) for k in a.dice)}"  # type: ignore[attr-defined]
        return plain_text(self.host.describe(a).split(": ", 1)[-1]).capitalize()

    def _effect_words(self) -> str:
        """The space's effect with what it costs: a shortcut's price, a jet pack."""
        state = self.state
        effect = state.board.effect[state.seats[state.current_player].node]
        if effect is None or effect[0] not in ("money", "move", "jet"):
            return BUTTON_WORDS["effect"]
        kind, cost, _ = effect
        return "Use the jet pack" if kind == "jet" else \
            f"Take the shortcut ({cost} {'money' if kind == 'money' else 'movement'})"

    def can_do(self) -> str:
        g = self.gestures
        if g is None:
            return ""
        if self._hovered is not None:
            acts = g.click(self._hovered)
            if acts:
                more = "" if len(acts) == 1 else f" (or {len(acts) - 1} more: a menu asks)"
                return "click: " + plain_text(self.host.describe(acts[0]).split(": ", 1)[-1]) + more
        seat = self.state.seats[g.seat]
        kinds = {a.kind for a in g.legal}
        if "push" in kinds:
            return "push your luck or pass (the buttons say the chance to bust)"
        if "draw" in kinds:
            return "choose which die to draw next"
        if "step" in kinds or "end-move" in kinds:
            return f"{seat.move} movement, {seat.money} money left · click a lit space to step"
        if "buy" in kinds:
            return f"{seat.money} money · click a lit market tray to buy, or End turn"
        return "choose: " + " · ".join(self.button_words(a) for a in g.buttons[:3])

    def scores(self, viewer: int | None) -> list[SeatScore]:
        state = self.state
        marked = state.winners() if state.is_over else [state.current_player]
        out = []
        for s, seat in enumerate(state.seats):
            lap = f" · lap {seat.laps + 1}/{state.setup.laps}" if state.setup.laps > 1 else ""
            text = f"{seat.credits} cr · {seat.fans} fans{lap}" + (" · finished" if seat.finished else "")
            out.append(SeatScore(s, theme.player_name(s), text, s in marked))
        return out

    def table_news(self) -> str:
        state = self.state
        if state.is_over:
            return ""
        phase = "Roll phase" if state.phase == "roll" else "Run phase"  # Run: abilities ("run4"), then turns
        return f"Round {state.round} · {phase}"

    def final_lines(self) -> list[str]:
        state = self.state
        scores, winners = state.scores(), set(state.winners())
        order = sorted(range(state.num_players), key=lambda s: -scores[s])
        lines = []
        for place, s in enumerate(order, 1):
            seat = state.seats[s]
            run = f"finished, {seat.beyond} beyond the finish" if seat.finished else f"{scores[s]:g} steps along"
            credits = f"{seat.credits} credit{'' if seat.credits == 1 else 's'}"
            lines.append(f"{place}. {theme.player_label(s)}: {run} · {credits}" + ("  — wins" if s in winners else ""))
        return lines

    def describe_target(self, target: Any) -> str:
        state = self.state
        kind = target[0]
        if kind == "die":
            return self._die_words(target[1])
        if kind == "space":
            return self._space_words(target[1])
        if kind in ("tray", "card"):
            return self._tray_words(target[1])
        seat = target[1]
        name = theme.player_name(seat)
        p = state.seats[seat]
        if kind == "zone":
            dice = p.zones[target[2]]
            counts: dict[str, int] = {}
            for d in dice:
                counts[colour_words(state.colour(d))] = counts.get(colour_words(state.colour(d)), 0) + 1
            inside = ", ".join(f"{n} {c}" for c, n in counts.items())
            return f"{name}'s {ZONE_WORDS[target[2]]}: {len(dice)} dice" + (f" ({inside})" if inside else "")
        if kind == "runner":
            return f"{name}'s runner on {state.board.labels[p.node]}" + (" · finished" if p.finished else "")
        if kind == "fan":
            return f"{name}: {p.fans} fans"
        if kind == "token":
            value = {"credits": p.credits, "draw": p.tokens, "laps": p.laps, "money": p.money, "move": p.move}
            return f"{name}: {value.get(target[2], 0)} {TOKEN_WORDS.get(target[2], target[2])}"
        return ""

    def _die_words(self, die: int) -> str:
        state = self.state
        colour = state.colour(die)
        card = state.setup.card(colour)
        what = f"{colour_words(colour)} die" + (f" ({card})" if card else "")
        faces = ", ".join(FACE_WORDS.get(f, f) for f in FACES[colour] if f)
        for s, seat in enumerate(state.seats):
            for z, zone in enumerate(seat.zones):
                if die in zone:
                    showing = f", showing {FACE_WORDS.get(state.face_name(die), '?')}" if z in (ROLL, ACTIVE) else ""
                    return f"{what} in {theme.player_name(s)}'s {ZONE_WORDS[z]}{showing} · faces: {faces}"
        return f"{what} in the market · faces: {faces}"

    def _space_words(self, node: int) -> str:
        b = self.state.board
        parts = [f"space {b.labels[node]}", "water" if b.water[node] else "land"]
        parts += [f"reward: {n} {what}" for what, n in b.rewards[node]]
        effect = b.effect[node]
        if effect is not None:
            kind, cost, _ = effect
            parts.append("jet pack" if kind == "jet" else f"{kind} shortcut, costs {cost}")
        runners = [theme.player_name(s) for s, p in enumerate(self.state.seats) if p.node == node]
        if runners:
            parts.append("runners: " + ", ".join(runners))
        return " · ".join(parts)

    def _tray_words(self, colour: str) -> str:
        state = self.state
        left = len(state.trays.get(colour, []))
        if colour in GRAYS:
            return f"{colour_words(colour)} dice: {left} left"
        card = state.setup.card(colour)
        return f"{card} ({colour}, costs {state.setup.cost(colour)}): {CARD_WORDS.get(card, '')} · {left} dice left"

    def log_text(self, event: Event, viewer: int | None) -> str:
        return plain_text(event.text)  # nothing in Cubitos is hidden from anyone

