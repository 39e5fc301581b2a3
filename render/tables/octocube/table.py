"""Octocube's half of the game screen: gestures, context buttons, Score and orientation panels,
HUD facts and the words for its pieces. The shell (render/app.py) drives it through
:class:`render.tables.kit.GameTable`."""
from __future__ import annotations

import re
from typing import Any

from game.core import Action, Event
from game.octocube.components import COIN_VP
from render.tables.kit import GameTable, Host
from render.tables.octocube.controller import TableInput
from render.tables.octocube.gestures import STEP_HINTS, OctocubeGestures
from render.tables.octocube.panels import OrientationChooser, ScorePanel
from render.tables.octocube.tiles import describe_target, tile_name
from render.tables.octocube.view import OctocubeView
from render.ui import theme
from render.ui.hud import ContextButtons, SeatScore
from render.ui.menu import ChoiceMenu

KEYS_HELP = ("click a lit space · drag cube/arrows: roll · wheel or Q/E/W: pivot · S score · "
             "P pass · Tab/Enter · H hint · U undo · Ctrl+S save · L log · right-drag orbit · wheel zoom · "
             "Home camera · +/- speed · Esc menu")
KIDS_KEYS = ("click lit space: place/roll/leftovers · drag cube or arrows: roll · Retrieve button · "
             "Tab/Enter target · H hint · U undo · Ctrl+S save · L log · right-drag orbit · wheel zoom · "
             "Home camera · Esc menu")
HIDDEN_VP = re.compile(r" for -?\d+ VP$")  # a Score's log line ends with the VP its tokens are worth
ACTION_WORDS = ("place", "roll", "pivot", "score", "pass", "decline", "retrieve", "power")


class OctocubeTable(GameTable):
    def __init__(self, host: Host, view: OctocubeView) -> None:
        super().__init__(host, view)
        self.view: OctocubeView = view
        self.input = TableInput(view, host.submit, host.describe)
        self.context, self.score_panel, self.orient, self.menu = (ContextButtons(), ScorePanel(),
                                                                  OrientationChooser(), ChoiceMenu())
        self._hint: Action | None = None

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

    @property
    def changed(self) -> bool:  # type: ignore[override]
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
        self._hint = hint
        self.view.set_highlights(self._highlights(), self.input.hovered)
        mode = self.input.mode if self.input.active else None
        state = self.state
        if mode in ("play", "args"):
            me = state.current_player
            others = [("cube", s) for s, cell in enumerate(state.cube_cell) if s != me and cell is not None]
            lit = [self.view.target_pos(t) for t in [*self.input.lit(), *others]]  # never hide a piece
            items = self._context_items() if mode == "play" else [("Cancel (Esc)", "cancel", True)]
            self.context.build(self.view.target_pos(("cube", me)), width, height, items, avoid=lit,
                               marked=self.hint_button(hint) if hint is not None else None)
        else:
            self.context.clear()
        self._build_mode_panels(mode, width, height)

    def overlays(self) -> list:
        return [self.menu, self.orient, self.score_panel, self.context]

    def modal(self) -> bool:
        return self.input.active and self.input.mode in ("score", "orient", "choose")

    def hint_button(self, action: Action) -> Any:
        if action.kind == "pivot":
            return ("pivot", action.quarter_turns)  # type: ignore[attr-defined]
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
                                   self._score_outcome(choice), choice is not None)
        elif mode == "orient" and self.input.orientation is not None:
            choice = self.input.orientation
            after = self.state.clone()
            after.apply(choice)
            row, col = divmod(choice.cell, self.state.size)  # type: ignore[attr-defined]
            title = f"Place your cube on the space at row {row + 1}, column {col + 1}" \
                if choice.kind == "place" else "Turn your cube any way you like"
            self.orient.build(w, after.cube_faces[seat], self.input.orient_index, len(self.input.orient_choices),
                              title, yaw=self.view.camera.yaw)
        elif mode == "choose":
            self.menu.build(*self.input.menu_at, w, h, self.input.menu)

    def _score_outcome(self, choice: Action | None) -> str:
        if choice is None:
            return "that choice is not allowed"
        events = self.state.clone().apply(choice)
        scored = next((e for e in events if e.kind == "scored"), None)
        tiles = scored.data.get("tiles", []) if scored else []
        names = [tile_name(t) for t in tiles]
        coins = names.count("Coin")
        objects = ", ".join(f"{names.count(n)} {n}" for n in sorted(set(names) - {"Coin"}))
        parts = [f"{objects}: {scored.data.get('vp', 0) if scored else 0} VP now" if objects else "no objects"]
        if coins:
            parts.append(f"{coins} coin{'s' if coins > 1 else ''} ({COIN_VP * coins} VP at the end)")
        return " · ".join(parts) + " · the cube goes home"

    def _context_items(self) -> list[tuple[str, Any, bool]]:
        g = self.input.gestures
        if g is None:
            return []
        items: list[tuple[str, Any, bool]] = []
        if g.of_kind("pivot"):
            items += [("⟳ 90° (E)", ("pivot", 1), bool(g.pivot(1))), ("↻ 180° (W)", ("pivot", 2), bool(g.pivot(2))),
                      ("⟲ 90° (Q)", ("pivot", 3), bool(g.pivot(3)))]
        if g.of_kind("score"):
            items.append(("Score… (S)", "score", True))
        items += [("Pass (P)", a, True) for a in g.of_kind("pass")]
        items += [("Skip it (P)", a, True) for a in g.of_kind("decline")]
        items += [(str(a).capitalize(), a, True) for a in g.unreached]
        return items

    # ---- input -------------------------------------------------------------------------------
    def hover(self, x: float, y: float) -> bool:
        before = self.input.hovered
        self.input.hover(x, y)
        if self.input.hovered == before:
            return False
        self.view.set_highlights(self._highlights(), self.input.hovered)
        return True

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
    def keys_help(self) -> str:  # type: ignore[override]
        return KIDS_KEYS if self.state.variant == "kids" else KEYS_HELP

    def can_do(self) -> str:
        g = self.input.gestures
        if g is None:
            return ""
        if self.input.mode == "args":
            first = self.input.arg_choices[0]
            kind = g.arg_kinds(first)[self.input.arg_index]
            what = {"cell": "a lit space", "cube": "a lit cube", "board": "a lit tile on your board"}.get(kind, kind)
            return f"power {getattr(first, 'power', '')}: click {what} (Tab/Enter) · Esc cancels"
        hovered = g.click(self.input.hovered) if self.input.mode == "play" else []
        if hovered:
            more = "" if len(hovered) == 1 else " (then choose how it is turned)" if all(
                a.kind == "place" for a in hovered) else f" (or {len(hovered) - 1} more: a menu asks)"
            return f"click: {self.host.describe(hovered[0])}{more}"
        kinds = {a.kind for a in g.legal}
        if kinds == {"place"}:
            return "place your cube on a lit edge space"
        if len(kinds) == 1 and kinds <= STEP_HINTS.keys():
            return STEP_HINTS[kinds.pop()]
        if "decline" in kinds:
            return "roll again or skip it (P)" if "roll" in kinds else "use the power or skip it (P)"
        return "you can " + " · ".join(
            sorted(kinds, key=lambda k: ACTION_WORDS.index(k) if k in ACTION_WORDS else len(ACTION_WORDS)))

    def scores(self, viewer: int | None) -> list[SeatScore]:
        state = self.state
        seen = state.vp if viewer is None else state.observation(viewer)["vp"]
        if state.variant == "kids":  # no VP tokens: the race is to fill the 16 spaces of the board
            texts = [f"{sum(t is not None for t in state.kids_board[s])}/16 spaces" for s in range(state.num_players)]
        elif state.is_over:
            texts = [f"{v:g} VP final" for v in state.scores()]
        else:
            texts = [f"{'?' if seen[s] is None else seen[s]} VP · {len(state.collected[s])} tiles"
                     for s in range(state.num_players)]
        marked = state.winners() if state.is_over else [state.current_player]
        return [SeatScore(s, theme.player_name(s), texts[s], s in marked) for s in range(state.num_players)]

    def table_news(self) -> str:
        state = self.state
        if state.is_over:
            return ""
        if state.end_triggered:
            return "last round"
        if state.variant == "kids":
            return ""
        left = len(state.abyss_supply)
        return f"{left} Abyss tile{'s' if left != 1 else ''} left"

    def final_lines(self) -> list[str]:
        state = self.state
        scores, winners = state.scores(), state.winners()
        final = next((e for e in reversed(self.host.match.log) if e.kind == "final_scoring"), None)
        parts = [f"  (tokens {b['tokens']} · coins {b['coins']} · colours {sum(b['colours'].values())}"
                 f" · objects {sum(b['objects'].values())})" for b in final.data["breakdown"]] \
            if final is not None else [""] * state.num_players
        unit = "spaces filled" if state.variant == "kids" else "VP"
        return [f"{theme.player_label(s)}: {scores[s]:g} {unit}{parts[s]}" + ("  — wins" if s in winners else "")
                for s in sorted(range(state.num_players), key=lambda s: -scores[s])]

    def describe_target(self, target: Any) -> str:
        return describe_target(self.state, target)

    def log_text(self, event: Event, viewer: int | None) -> str:
        """A Score's VP tokens lie face down: only their owner reads their worth before the end."""
        if event.kind == "scored" and viewer is not None and event.data.get("player") != viewer \
                and not self.state.is_over:
            return HIDDEN_VP.sub("", event.text)
        return event.text
