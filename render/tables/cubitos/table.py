"""Cubitos' half of the game screen: clicks on dice, spaces, trays and cards; buttons for what no
piece stands for (push with its bust chance, pass, draw a colour, end the move); HUD facts and the
words for every piece, all from the catalogue (render/tables/cubitos/words.py). Hovering the push
button or the seat's Roll Zone previews the exact chance to bust; hovering a piece of one's own says
what one may do with it now. The shell (render/screens/game.py) drives it through
:class:`render.tables.kit.GameTable`.
"""
from __future__ import annotations

from typing import Any, cast

from game.core import Action, Event
from game.cubitos.actions import Push, Use
from game.cubitos.dice import FACES, GRAYS
from game.cubitos.rules import CubitosRules
from game.cubitos.state import ACTIVE, DISCARD, DRAW, ROLL, CubitosState
from render import i18n
from render.i18n import t, tn
from render.tables.cubitos import art, words
from render.tables.cubitos.layout import CARD_HALF
from render.tables.cubitos.gestures import CubitosGestures
from render.tables.cubitos.view import CubitosView
from render.tables.clicks import ClickTable
from render.tables.kit import Host
from render.ui.areas import Area
from render.ui.hud import SeatScore
from render.ui.preview import Picture
from render.ui.score_table import NOTHING, FinalTable, ranked

TOKEN_KINDS = ("credits", "draw", "laps", "money", "move")
GAIN_ANY = 99  # a "gain" reward this large takes a die of any cost


class CubitosTable(ClickTable[CubitosState]):
    close_home = True  # the view's seat_home looks over the own board; the market's lit pieces back it off

    def __init__(self, host: Host, view: CubitosView) -> None:
        super().__init__(host, view)
        self.view: CubitosView = view
        self.gestures: CubitosGestures | None = None
        self._button: Action | None = None  # the button under the pointer
        self._odds: dict[tuple[str, ...], float] = {}  # bust chance per push, for this position

    @property
    def keys_help(self) -> str:
        return t("cubitos.keys_help")

    def make_gestures(self) -> CubitosGestures:
        return CubitosGestures(self.state)

    def reset(self, active: bool) -> None:
        self._odds, self._button = {}, None
        super().reset(active)

    def button_anchor(self) -> Any:
        return ("zone", self.state.current_player, ROLL)  # beside the seat's roll tray

    def own_zones(self) -> list[tuple[Any, Area]]:
        """The deciding seat's Roll and Active zones with their dice (what Push and Pass are about),
        its bag, Discard zone and tokens, and the names printed under them: the whole of its board."""
        g = self.gestures
        if g is None:
            return []
        seat, zones = g.seat, self.state.seats[g.seat].zones
        dice = tuple(tuple(zones[z]) for z in (ROLL, ACTIVE))
        return list(self.view.shown_memo(("own zones", seat, dice), lambda: self._own_zones(seat, dice)))

    def _own_zones(self, seat: int, dice: tuple[tuple[int, ...], ...]) -> list[tuple[Any, Area]]:
        """Worked out once while the table shows the same: panels, framing and the checks ask many times a frame."""
        targets = [t for z, ds in zip((ROLL, ACTIVE), dice) for t in [("zone", seat, z), *(("die", d) for d in ds)]]
        targets += [("zone", seat, DRAW), ("zone", seat, DISCARD)]
        targets += [t for t in self.view.shown_targets() if t[0] == "token" and t[1] == seat]
        labels = [(("label", seat, k), self.view.label_area(seat, k)) for k in range(4)]  # a zone's name: read
        return [(t, self.view.target_area(t)) for t in targets] + labels

    def bust_chance(self, back: tuple[str, ...] = ()) -> float:
        """The exact chance a push busts now, worked out once per position and push."""
        if back not in self._odds:
            rules = cast(CubitosRules, self.host.match.rules)  # a Cubitos table sits at a Cubitos match
            self._odds[back] = rules.bust_chance(self.state, back=back)
        return self._odds[back]

    # ---- input -------------------------------------------------------------------------------
    def hover(self, x: float, y: float) -> bool:
        """Also note the button under the pointer: the HUD previews what it would do."""
        changed = super().hover(x, y)
        b = self.context.button_at(x, y) if self.gestures is not None else None
        button = b.value if b is not None and isinstance(b.value, Action) else None
        if button != self._button:
            self._button = button
            return True
        return changed

    # ---- words -------------------------------------------------------------------------------
    def action_words(self, a: Action) -> str:
        return words.action(self.state, a, self.bust_chance(a.back) if isinstance(a, Push) else None)

    def button_words(self, a: Action) -> str:
        return self.action_words(a)

    def describe_action(self, action: Action) -> str:
        return t("cubitos.said", who=words.seat(self.state.current_player), what=self.action_words(action))

    def push_preview(self, back: tuple[str, ...] = ()) -> str:
        """What a push rolls and its chance to bust."""
        state = self.state
        rolled = [state.colour(d) for d in state.seats[state.current_player].zones[ROLL]]
        rolled += [k.split(":")[0] for k in back]
        return t("cubitos.can.push_preview", chance=f"{self.bust_chance(back):.0%}", dice=words.dice(rolled))

    def can_do(self) -> str:
        g = self.gestures
        if g is None:
            return ""
        if self._button is not None and self._button in g.legal:
            if isinstance(self._button, Push):
                return self.push_preview(self._button.back)
            return t("cubitos.can.click", what=self.action_words(self._button))
        if self._hovered is not None:
            acts = g.click(self._hovered)
            if acts:
                what = self.action_words(acts[0])
                return t("cubitos.can.click", what=what) if len(acts) == 1 else \
                    t("cubitos.can.click_more", what=what, n=len(acts) - 1)
        seat = self.state.seats[g.seat]
        kinds = {a.kind for a in g.legal}
        if "push" in kinds:
            return t("cubitos.can.push")
        if "draw" in kinds:
            return t("cubitos.can.draw")
        chosen = [a for a in g.legal if isinstance(a, Use) and g.dice_choice(a)]
        if chosen and any(len(g.dice_choice(a)) > 1 for a in chosen):  # Jacques Couteau: two dice rolled
            return t("cubitos.can.roll_two", card=words.card(chosen[0].card))
        if chosen:  # Crabby: a die of one's own given away, by a click on it
            return t("cubitos.can.step_or_give" if "step" in kinds else "cubitos.can.give",
                     move=seat.move, money=seat.money, card=words.card(chosen[0].card))
        if "step" in kinds:
            return t("cubitos.can.step", move=seat.move, money=seat.money)
        if "end-move" in kinds:  # nothing lit to click: no space is within reach
            return t("cubitos.can.no_step", move=seat.move, money=seat.money)
        if "buy" in kinds:
            return t("cubitos.can.buy", money=seat.money)
        if words.bust_bonus(self.state):
            return t("cubitos.can.bust_discard")
        return t("cubitos.can.choose", what=" · ".join(self.button_words(a) for a in g.buttons[:3]))

    def scores(self, viewer: int | None) -> list[SeatScore]:
        state = self.state
        marked = state.winners() if state.is_over else [state.current_player]
        out = []
        for s, seat in enumerate(state.seats):
            parts = [t("cubitos.score", credits=seat.credits, fans=seat.fans)]
            if state.setup.laps > 1:
                parts.append(t("cubitos.score.lap", lap=seat.laps + 1, laps=state.setup.laps))
            if seat.finished:
                parts.append(t("cubitos.score.finished"))
            out.append(SeatScore(s, words.seat(s), t("cubitos.tip.sep").join(parts), s in marked))
        return out

    def table_news(self) -> str:
        state = self.state
        if state.is_over:
            return ""
        phase = t("cubitos.phase.roll" if state.phase == "roll" else "cubitos.phase.run")
        return t("cubitos.news", round=state.round, phase=phase)

    def final_lines(self) -> list[str]:
        state = self.state
        scores, winners = state.scores(), set(state.winners())
        order = sorted(range(state.num_players), key=lambda s: -scores[s])
        lines = []
        for place, s in enumerate(order, 1):
            seat = state.seats[s]
            run = t("cubitos.final.finished", beyond=seat.beyond) if seat.finished else \
                t("cubitos.final.along", steps=f"{scores[s]:g}")
            line = t("cubitos.final", place=place, who=words.seat(s), run=run,
                     credits=tn("cubitos.credits", seat.credits))
            lines.append(t("cubitos.final.wins", line=line) if s in winners else line)
        return lines

    def final_table(self) -> FinalTable:
        """The race's end: who reached the finish, how far beyond it (the tie-break), the steps covered."""
        state = self.state
        scores = state.scores()
        seats = ranked(scores)
        done = [state.seats[s].finished for s in seats]
        rows = [(t("cubitos.end.finished"), [t("cubitos.end.yes") if d else NOTHING for d in done]),
                (t("cubitos.end.beyond"), [str(state.beyond(s)) if d else NOTHING for s, d in zip(seats, done)])]
        if state.tiebreak:
            rows.append((t("cubitos.end.tie_rounds"), [str(state.tiebreak)] * len(seats)))
        return seats, [*rows, (t("cubitos.end.steps"), [f"{scores[s]:g}" for s in seats])]

    # ---- tooltips: what a piece is, then what its owner may do with it now ------------------------
    def describe_target(self, target: Any) -> str:
        parts = [self._what(target)]
        g = self.gestures
        if g is not None:
            preview = self._preview(target)
            parts += preview
            acts = g.click(target)
            if len(acts) > bool(preview):  # a preview already says what the only move would do
                what = self.action_words(acts[0])
                parts.append(t("cubitos.tip.may", what=what) if len(acts) == 1 else
                             t("cubitos.tip.may_more", what=what, n=len(acts) - 1))
        return t("cubitos.tip.sep").join(p for p in parts if p)

    def _preview(self, target: Any) -> list[str]:
        """The result of a move on ``target``: movement left after a step, money after a buy, a push's odds."""
        g, state = self.gestures, self.state
        assert g is not None
        seat = state.seats[g.seat]
        acts = g.click(target)
        kinds = {a.kind for a in acts}
        if "step" in kinds:
            node = target[1]
            left = seat.move + seat.wmove - 1
            rewards = [self._reward_words(what, n) for what, n in state.board.rewards[node]]
            return [t("cubitos.tip.step_preview", move=left, reward=words.listed(rewards) or t("cubitos.tip.no_reward"))]
        if "buy" in kinds:  # money pays first, then credits
            cost = state.setup.cost(target[1])
            return [t("cubitos.tip.buy_preview", money=max(seat.money - cost, 0),
                      credits=seat.credits - max(cost - seat.money, 0))]
        if target == ("zone", g.seat, ROLL) and any(a.kind == "push" for a in g.legal):
            return [t("cubitos.tip.push_preview", chance=f"{self.bust_chance():.0%}")]
        return []

    def _what(self, target: Any) -> str:
        state = self.state
        kind = target[0]
        if kind == "die":
            return self._die_words(target[1])
        if kind == "space":
            return self._space_words(target[1])
        if kind in ("tray", "card"):
            return self._tray_words(target[1])
        seat = target[1]
        who = words.seat(seat)
        p = state.seats[seat]
        if kind == "zone":
            dice = p.zones[target[2]]
            inside = words.dice([state.colour(d) for d in dice]) if dice else ""
            return t("cubitos.tip.zone_inside" if inside else "cubitos.tip.zone", who=who, zone=words.zone(target[2]),
                     n=len(dice), dice=inside)
        if kind == "runner":
            line = t("cubitos.tip.runner", who=who, space=words.space(state.board.labels[p.node], state.board))
            return t("cubitos.tip.sep").join([line, t("cubitos.tip.finished")]) if p.finished else line
        if kind == "fan":
            return t("cubitos.tip.fans", who=who, n=p.fans)
        if kind == "token" and target[2] in TOKEN_KINDS:
            value = {"credits": p.credits, "draw": p.tokens, "laps": p.laps, "money": p.money, "move": p.move}
            return t(f"cubitos.tip.token.{target[2]}", who=who, n=value[target[2]])
        return ""

    def _die_words(self, die: int) -> str:
        state = self.state
        colour = state.colour(die)
        card = state.setup.card(colour)
        what = t("cubitos.tip.die_card", colour=words.colour(colour), card=words.card(card)) if card else \
            t("cubitos.tip.die", colour=words.colour(colour))
        faces = t("cubitos.tip.faces", faces=words.listed([words.face(f) for f in FACES[colour] if f]))
        sep = t("cubitos.tip.sep")
        for s, seat in enumerate(state.seats):
            for z, zone in enumerate(seat.zones):
                if die in zone:
                    where = t("cubitos.tip.die_in", what=what, who=words.seat(s), zone=words.zone(z))
                    showing = [t("cubitos.tip.showing", face=words.face(state.face_name(die)))] if z in (ROLL, ACTIVE) else []
                    return sep.join([where, *showing, faces])
        return sep.join([t("cubitos.tip.in_market", what=what), faces])

    def _reward_words(self, what: str, n: int) -> str:
        if what == "gain" and n >= GAIN_ANY:
            return t("cubitos.tip.reward.gain_any")
        return tn(f"cubitos.tip.reward.{what}", n)

    def _space_words(self, node: int) -> str:
        b = self.state.board
        parts = [t("cubitos.tip.space", space=words.space(b.labels[node], b)),
                 t("cubitos.tip.water" if b.water[node] else "cubitos.tip.land")]
        parts += [self._reward_words(what, n) for what, n in b.rewards[node]]
        effect = b.effect[node]
        if effect is not None:
            kind, cost, _ = effect
            parts.append(t(f"cubitos.tip.shortcut.{kind}", cost=cost) if kind in ("money", "move") else
                         t(f"cubitos.tip.{kind}"))
        runners = [words.seat(s) for s, p in enumerate(self.state.seats) if p.node == node]
        if runners:
            parts.append(t("cubitos.tip.runners", who=words.listed(runners)))
        return t("cubitos.tip.sep").join(parts)

    def _tray_words(self, colour: str) -> str:
        state = self.state
        left = len(state.trays.get(colour, []))
        if colour in GRAYS:
            return t("cubitos.tip.gray_tray", colour=words.colour(colour), n=left)
        card = state.setup.card(colour)
        return t("cubitos.tip.tray", card=words.card(card), colour=words.colour(colour), cost=state.setup.cost(colour),
                 text=words.card_text(card), n=left)

    def preview(self, target: Any) -> Picture | None:
        """A market card, or its tray, hovered: the card as the table prints it (its name and cost,
        in the language spoken), large, with its ability under it. Market cards are public."""
        if target is None or target[0] not in ("card", "tray") or target[1] in GRAYS:
            return None
        colour = target[1]
        name = self.state.setup.card(colour)
        if not name:
            return None
        lang = i18n.language()
        return Picture(("cubitos-card", colour, name, lang), art.card_print(colour, name, lang),
                       CARD_HALF[0] / CARD_HALF[1], (words.card_text(name),))

    def log_text(self, event: Event, viewer: int | None) -> str:
        return words.event(event, self.state.setup.colour, self.state.board)  # nothing in Cubitos is hidden from anyone
