"""Octocube's half of the game screen: gestures, context buttons, Score and orientation panels,
HUD facts and the words for its pieces. The shell (render/screens/game.py) drives it through
:class:`render.tables.kit.GameTable`."""
from __future__ import annotations

import math
from typing import Any

from game.core import Action, Event
from game.octocube.actions import Pivot, Place, Stack
from game.octocube.captions import facts
from game.octocube.components import COIN_VP, TILE_OBJECT, TILES
from game.octocube.state import OctocubeState
from render.i18n import language, t, tn
from render.tables.kit import GameTable, Host
from render.tables.octocube.controller import TableInput
from render.tables.octocube.cube_net import CubeNet, net_size, place
from render.tables.octocube.gestures import OctocubeGestures
from render.tables.octocube.panels import OrientationChooser, ScorePanel
from render.tables.octocube.tooltips import action_list, describe_target
from render.tables.octocube.view import OctocubeView
from render.tables.octocube.words import (
    action_words, cell_words, event_words, face_name, final_rows, object_count, object_name, tile_words,
)
from render.ui import theme
from render.ui.areas import Area, rect_area
from render.ui.hud import ContextButtons, SeatScore
from render.ui.menu import ChoiceMenu
from render.ui.score_table import FinalTable, ranked

STEP_KINDS = ("board", "pile", "stack")  # the questions of a kids Retrieve, each with its own hint


class OctocubeTable(GameTable[OctocubeState]):
    def __init__(self, host: Host, view: OctocubeView) -> None:
        super().__init__(host, view)
        self.view: OctocubeView = view
        self.input = TableInput(view, host.submit, host.describe)
        self.context, self.score_panel, self.orient, self.menu = (ContextButtons(), ScorePanel(),
                                                                  OrientationChooser(), ChoiceMenu())
        self.net = CubeNet()
        self._hint: Action | None = None
        self._size = (0, 0)  # the window's, from the last build (panels rebuilt on hover)
        self._pointed: Any = None  # the panel button under the pointer: its preview shows

    # ---- the position ------------------------------------------------------------------------
    def reset(self, active: bool) -> None:
        self.input.reset(OctocubeGestures(self.state) if active else None)

    @property
    def active(self) -> bool:
        return self.input.active

    def lit(self) -> set:
        return self.input.lit()

    @property
    def hovered(self) -> Any:
        return self.input.hovered

    def own_zones(self) -> list[tuple[Any, Area]]:
        """The deciding seat's cube (its tiles are what a Score or a roll is about)."""
        g = self.input.gestures
        if g is None:
            return []
        return [(("cube", g.seat), self.view.target_area(("cube", g.seat)))]

    @property
    def changed(self) -> bool:
        return self.input.changed

    @changed.setter
    def changed(self, value: bool) -> None:
        self.input.changed = value

    def _highlights(self) -> set:
        lit = self.input.lit()
        if self._hint is not None and self.input.gestures is not None:
            lit = {t for t, acts in self.input.gestures.by_target.items() if self._hint in acts} or lit
        return lit

    def build(self, width: int, height: int, hint: Action | None) -> None:
        self._hint, self._size = hint, (width, height)
        self.view.set_highlights(self._highlights(), self.input.hovered)
        mode = self.input.mode if self.input.active else None
        state = self.state
        if mode in ("play", "args"):
            me = state.current_player
            others = [("cube", s) for s, cell in enumerate(state.cube_cell) if s != me and cell is not None]
            kept = {*self.input.lit(), *others, ("cube", me)}  # never hide a piece in play, nor one's own cube
            areas = {t: self.view.target_area(t) for t in self.view.shown_targets()}
            keep = [areas.get(t) or self.view.target_area(t) for t in sorted(kept, key=repr)]
            items = self._context_items() if mode == "play" else [(t("octocube.button.cancel"), "cancel", True)]
            net = self._build_net(me, width, height, [a for a in keep if a],
                                  [a for t, a in areas.items() if a and t not in kept])
            self.context.build(self.view.target_pos(("cube", me)), width, height, items,
                               avoid=[a for a in keep if a] + net,
                               marked=self.hint_button(hint) if hint is not None else None, decision=(me, mode),
                               spare=[a for t, a in areas.items() if a and t not in kept])
        else:
            self.context.clear()
            self.net.clear()
        self._build_mode_panels(mode, width, height)

    def _build_net(self, seat: int, width: int, height: int, keep: list[Area], spare: list[Area]) -> list[Area]:
        """The own cube's six faces beside the board, where they cover nothing decided about; the
        area it takes (the context buttons keep clear of it), or nothing when no place is free."""
        at = place(width, height, keep, spare)
        if at is None:
            self.net.clear()
            return []
        quarter = round(self.view.camera.yaw / (math.pi / 2)) % 4
        self.net.build(*at, tuple(self.state.cube_faces[seat]), quarter, language())
        w, h = net_size()
        return [rect_area((at[0], at[1], at[0] + w, at[1] + h))]

    def overlays(self) -> list:
        return [self.menu, self.orient, self.score_panel, self.context, self.net]

    def modal(self) -> bool:
        return self.input.active and self.input.mode in ("score", "orient", "choose")

    def hint_button(self, action: Action) -> Any:
        if isinstance(action, Pivot):
            return ("pivot", action.quarter_turns)
        return "score" if action.kind == "score" else action

    def suggest(self, action: Action) -> None:
        self.input.suggested_faces = getattr(action, "faces", ())

    def _build_mode_panels(self, mode: str | None, w: int, h: int) -> None:
        for panel in (self.score_panel, self.orient, self.menu):
            panel.clear()
        g = self.input.gestures
        if g is None:
            return
        seat = g.seat
        if mode == "score":
            choice = self.input.score_choice()
            self.score_panel.build(w, self.state.cube_faces[seat], g.scorable_faces(), self.input.chosen,
                                   self._score_outcome(choice), choice is not None, self._face_preview())
        elif mode == "orient" and self.input.orientation is not None:
            choice = self.input.orientation
            after = self.state.clone()
            after.apply(choice)
            title = t("octocube.orient.place", cell=cell_words(choice.cell, self.state.size)) \
                if isinstance(choice, Place) else t("octocube.orient.turn")
            self.orient.build(w, after.cube_faces[seat], self.input.orient_index, len(self.input.orient_choices),
                              title, yaw=self.view.camera.yaw)
        elif mode == "choose":  # clear of the lit pieces and the cube, like the buttons
            kept = {*self.input.lit(), ("cube", seat)}
            areas = {t: self.view.target_area(t) for t in {*self.view.shown_targets(), *kept}}
            self.menu.build(*self.input.menu_at, w, h, self.input.menu,
                            avoid=[a for t, a in areas.items() if a and t in kept],
                            spare=[a for t, a in areas.items() if a and t not in kept])

    def _score_outcome(self, choice: Action | None) -> str:
        """What a Score would earn: the series' VP now, the coins' VP at the end."""
        if choice is None:
            return t("octocube.score.not_allowed")
        scored = next(e for e in self.state.clone().apply(choice) if e.kind == "scored")
        tiles = scored.data["tiles"]
        coins = sum(TILE_OBJECT[x] < 0 for x in tiles)
        series: dict[str, int] = {}
        for x in tiles:
            obj = TILES[x].object
            if TILE_OBJECT[x] >= 0 and obj is not None:
                series[obj] = series.get(obj, 0) + 1
        objects = t("octocube.list.sep").join(object_count(obj, n)
                                              for obj, n in sorted(series.items(), key=lambda kv: object_name(kv[0])))
        parts = [t("octocube.score.objects", objects=objects, vp=scored.data["vp"]) if objects
                 else t("octocube.score.no_objects")]
        if coins:
            parts.append(tn("octocube.score.coins", coins, vp=COIN_VP * coins))
        return " · ".join([*parts, t("octocube.score.home")])

    def _face_preview(self) -> str:
        """Hovering a tile of the Score panel: what the Score would give with it or without it."""
        g, pointed = self.input.gestures, self._pointed
        if g is None or not (isinstance(pointed, tuple) and pointed[0] == "face"):
            return ""
        slot = pointed[1]
        tile = self.state.cube_faces[g.seat][slot]
        if tile is None:
            return ""
        chosen = self.input.chosen ^ {slot}
        key = "octocube.score.add" if slot in chosen else "octocube.score.drop"
        return t(key, tile=tile_words(tile), outcome=self._score_outcome(g.score_action(chosen)))

    def _context_items(self) -> list[tuple[str, Any, bool]]:
        g = self.input.gestures
        if g is None:
            return []
        items: list[tuple[str, Any, bool]] = []
        if g.of_kind("pivot"):
            items += [("⟳ 90° (E)", ("pivot", 1), bool(g.pivot(1))), ("↻ 180° (W)", ("pivot", 2), bool(g.pivot(2))),
                      ("⟲ 90° (Q)", ("pivot", 3), bool(g.pivot(3)))]
        if g.of_kind("score"):
            items.append((t("octocube.button.score"), "score", True))
        items += [(t("octocube.button.pass"), a, True) for a in g.of_kind("pass")]
        items += [(t("octocube.button.skip"), a, True) for a in g.of_kind("decline")]
        items += [(self._button_words(a), a, True) for a in g.unreached]
        return items

    def _button_words(self, action: Action) -> str:
        """A button for an action no piece stands for: a kids Retrieve, the bottom tile's turn to stack."""
        if isinstance(action, Stack):
            return t("octocube.button.stack", face=face_name(action.face))
        return t("octocube.button.retrieve") if action.kind == "retrieve" else self.describe_action(action)

    # ---- input -------------------------------------------------------------------------------
    def hover(self, x: float, y: float) -> bool:
        before = self.input.hovered
        self.input.hover(x, y)
        pointed = self._point(x, y)
        if self.input.hovered == before and pointed == self._pointed:
            return False
        if pointed != self._pointed:
            self._pointed = pointed
            if self.input.mode == "score":
                self._build_mode_panels("score", *self._size)
        self.view.set_highlights(self._highlights(), self.input.hovered)
        return True

    def _point(self, x: float, y: float) -> Any:
        """The Score button or a Score panel tile under the pointer (they preview the Score's VP)."""
        for panel in (self.score_panel, self.context):
            b = panel.button_at(x, y)
            if b is not None and (b.value == "score" or isinstance(b.value, tuple) and b.value[0] == "face"):
                return b.value
        return None

    def press(self, x: float, y: float) -> None:
        self.input.press(x, y)

    def release(self, x: float, y: float) -> None:
        self.input.release(x, y)

    def scroll(self, x: float, y: float, steps: float) -> bool:
        return self.input.scroll(x, y, steps)

    def key(self, name: str) -> bool:
        return self.input.key(name)

    def button(self, value: Any) -> None:
        self.input.button(value)

    # ---- words -------------------------------------------------------------------------------
    @property
    def keys_help(self) -> str:
        return t("octocube.keys.kids" if self.state.variant == "kids" else "octocube.keys")

    def describe_action(self, action: Action) -> str:
        return action_words(facts(self.state, action), self.state.size)

    def can_do(self) -> str:
        g = self.input.gestures
        if g is None:
            return ""
        if self.input.mode == "args":
            first = self.input.arg_choices[0]
            kind = g.arg_kinds(first)[self.input.arg_index]
            return t("octocube.can.args", letter=getattr(first, "power", ""), what=t(f"octocube.can.arg.{kind}"))
        if self.input.mode == "play" and self._pointed == "score":
            return t("octocube.can.score_all", outcome=self._score_outcome(g.score_action(g.scorable_faces())))
        hovered = g.click(self.input.hovered) if self.input.mode == "play" else []
        if hovered:
            more = "" if len(hovered) == 1 else t("octocube.can.then_turn") if all(
                a.kind == "place" for a in hovered) else t("octocube.can.more", n=len(hovered) - 1)
            return t("octocube.can.click", action=self.host.describe(hovered[0]), more=more)
        kinds = {a.kind for a in g.legal}
        if kinds == {"place"}:
            return t("octocube.can.place")
        if len(kinds) == 1 and kinds <= set(STEP_KINDS):
            return t(f"octocube.can.{kinds.pop()}")
        if "decline" in kinds:
            return t("octocube.can.roll_or_skip" if "roll" in kinds else "octocube.can.power_or_skip")
        return action_list(kinds)

    def scores(self, viewer: int | None) -> list[SeatScore]:
        state = self.state
        seen = state.vp if viewer is None else state.observation(viewer)["vp"]
        if state.variant == "kids":  # no VP tokens: the race is to fill the 16 spaces of the board
            texts = [t("octocube.hud.spaces", n=sum(x is not None for x in state.kids_board[s]))
                     for s in range(state.num_players)]
        elif state.is_over:
            texts = [t("octocube.hud.final", vp=f"{v:g}") for v in state.scores()]
        else:
            texts = [tn("octocube.hud.seat", len(state.collected[s]), vp="?" if seen[s] is None else seen[s])
                     for s in range(state.num_players)]
        marked = state.winners() if state.is_over else [state.current_player]
        return [SeatScore(s, theme.player_name(s), texts[s], s in marked) for s in range(state.num_players)]

    def table_news(self) -> str:
        state = self.state
        if state.is_over:
            return ""
        if state.end_triggered:
            return t("octocube.news.last_round")
        if state.variant == "kids":
            return ""
        return tn("octocube.news.abyss", len(state.abyss_supply))

    def final_lines(self) -> list[str]:
        state = self.state
        scores, winners = state.scores(), state.winners()
        final = next((e for e in reversed(self.host.match.log) if e.kind == "final_scoring"), None)
        parts = [t("octocube.final.parts", tokens=b["tokens"], coins=b["coins"], colours=sum(b["colours"].values()),
                   objects=sum(b["objects"].values())) for b in final.data["breakdown"]] \
            if final is not None else [""] * state.num_players
        unit = t("octocube.unit.spaces" if state.variant == "kids" else "octocube.unit.vp")
        return [t("octocube.final.line", label=theme.player_label(s), score=f"{scores[s]:g}", unit=unit, parts=parts[s],
                  wins=t("octocube.final.wins") if s in winners else "")
                for s in sorted(range(state.num_players), key=lambda s: -scores[s])]

    def final_table(self) -> FinalTable:
        """Every category of the final scoring; a kids game (no final scoring) has the default table."""
        final = next((e for e in reversed(self.host.match.log) if e.kind == "final_scoring"), None)
        if final is None:
            return super().final_table()
        scores = self.state.scores()
        seats = ranked(scores)
        return seats, final_rows(final.data["breakdown"], seats, scores)

    def describe_target(self, target: Any) -> str:
        playing = self.input.gestures if self.input.mode == "play" else None  # previews of the person to move
        return describe_target(self.state, target, playing, self.host.describe)

    def log_text(self, event: Event, viewer: int | None) -> str:
        """As the rules let ``viewer`` see it (a Score's face-down VP is its owner's alone)."""
        return event_words(event if viewer is None else self.state.event_seen_by(event, viewer), self.state.size)
