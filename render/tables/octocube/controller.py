"""Mouse and keys of the person to move, turned into one legal action.

Modes: "play" (click, drag, wheel, keys on the table), "score" (choose tiles, then confirm),
"orient" (choose how a cube with tiles is set down), "choose" (a small menu when a gesture fits
several actions) and "args" (pick a power's targets on the table, one after another).

The controller draws nothing: the screen builds panels from its fields and hands button values
back through :meth:`TableInput.button`. Keys arrive as pyglet key names ("UP", "Q", "ENTER"), so
this module needs no window.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Protocol

from game.core import Action
from game.octocube.components import DIRECTIONS
from render.i18n import t

from render.tables.octocube.gestures import ANTICLOCKWISE, CLOCKWISE, HALF, OctocubeGestures, Target, neighbour

DRAG_PX = 12  # a press that moves further than this is a drag, not a click
MIN_ALIGNMENT = 0.6  # cosine between a drag and a direction's on-screen arrow
ARROWS = {"UP": (0.0, 1.0), "DOWN": (0.0, -1.0), "LEFT": (-1.0, 0.0), "RIGHT": (1.0, 0.0)}
PIVOT_KEYS = {"E": CLOCKWISE, "W": HALF, "Q": ANTICLOCKWISE}
MENU_KEYS = {f"_{i}": i - 1 for i in range(1, 10)} | {f"NUM_{i}": i - 1 for i in range(1, 10)}


class View(Protocol):
    def pick(self, x_px: float, y_px: float) -> Target | None: ...
    def pick_all(self, x_px: float, y_px: float) -> list[Target]: ...
    def target_pos(self, target: Target) -> tuple[float, float]: ...


class TableInput:
    """The gestures of the person to move in one position; ``submit`` receives the action chosen."""

    def __init__(self, view: View, submit: Callable[[Action], None], describe: Callable[[Action], str]) -> None:
        self.view = view
        self.submit = submit
        self.describe = describe
        self.gestures: OctocubeGestures | None = None
        self.mode = "play"
        self.hovered: Target | None = None
        self.focus: Target | None = None
        self.chosen: set[int] = set()
        self.orient_choices: list[Action] = []
        self.orient_index = 0
        self.menu: list[tuple[str, list[Action]]] = []  # (label, the actions that entry stands for)
        self.menu_at = (0.0, 0.0)
        self.arg_choices: list[Action] = []  # "args" mode: candidates agreeing with the targets picked
        self.arg_index = 0
        self.suggested_faces: tuple[int, ...] = ()  # a hinted Score's tiles, chosen when the panel opens
        self._press: tuple[float, float, Target | None, bool] | None = None  # x, y, target, on own cube
        self.changed = True  # the screen rebuilds its panels when this is set

    # ---- position -----------------------------------------------------------------------------
    def reset(self, gestures: OctocubeGestures | None) -> None:
        """A new position; ``None`` when no person is to move (a bot thinks, the game is over)."""
        self.gestures = gestures
        self.suggested_faces = ()
        self.cancel()
        self.focus = None
        self._press = None
        self.changed = True

    @property
    def active(self) -> bool:
        return self.gestures is not None

    def lit(self) -> set[Target]:
        """Targets that glow now: legal targets in play, the choosable faces when scoring."""
        g = self.gestures
        if g is None:
            return set()
        if self.mode == "score":
            return {("face", g.seat, f) for f in g.scorable_faces()}
        if self.mode == "play":
            return g.targets()
        if self.mode == "args":
            return {t for a in self.arg_choices for t in g.arg_targets(a, self.arg_index)}
        return set()

    def _act(self, candidates: list[Action], at: tuple[float, float]) -> None:
        """One action: do it. Several of one group: choose their orientation or pick their targets.
        Several groups: a small menu asks which (one entry per group)."""
        if not candidates:
            return
        g = self.gestures
        assert g is not None
        groups: dict[tuple, list[Action]] = {}
        for a in candidates:
            groups.setdefault(g.group(a), []).append(a)
        self.changed = True
        if len(candidates) == 1:
            self.submit(candidates[0])
        elif all(a.kind == "place" for a in candidates) or all(g.arg_kinds(a) == ("orient",) for a in candidates):
            self.mode, self.orient_choices, self.orient_index = "orient", candidates, 0
        elif len(groups) == 1 and g.arg_kinds(candidates[0]):
            self.mode, self.arg_choices, self.arg_index = "args", candidates, 0
        else:
            self.menu_at = at
            self.mode, self.menu = "choose", [(self._label(acts), acts) for acts in groups.values()]

    def _label(self, actions: list[Action]) -> str:
        if len(actions) == 1:
            return self.describe(actions[0])
        return t("octocube.menu.power", letter=getattr(actions[0], "power", ""))

    def pick_arg(self, target: Target | None) -> None:
        """In "args" mode: keep the candidates whose next argument is ``target``; act when one is left."""
        g = self.gestures
        if g is None or target is None:
            return
        left = [a for a in self.arg_choices if target in g.arg_targets(a, self.arg_index)]
        if not left:
            return
        self.arg_choices, self.arg_index = left, self.arg_index + 1
        self.changed = True
        if len(left) == 1:
            self.submit(left[0])

    # ---- mouse ------------------------------------------------------------------------------
    def under(self, x: float, y: float) -> Target | None:
        """What a click at (x, y) means: the nearest lit target under the pointer, even one seen
        past a piece in front of it (a neighbour behind the own cube), else the nearest target."""
        lit = self.lit()
        nearest = self.view.pick(x, y)
        if nearest in lit:
            return nearest
        return next((t for t in self.view.pick_all(x, y) if t in lit), nearest)

    def hover(self, x: float, y: float) -> Target | None:
        target = self.under(x, y) if self.active else None
        if target not in self.lit():
            target = None
        if target != self.hovered:
            self.hovered = target
            self.changed = True
        return target

    def press(self, x: float, y: float) -> None:
        if self.gestures is None:
            self._press = None
            return
        on_cube = ("cube", self.gestures.seat) in self.view.pick_all(x, y)
        self._press = (x, y, self.under(x, y), on_cube)

    def release(self, x: float, y: float) -> None:
        if self._press is None or self.gestures is None:
            return
        px, py, target, on_cube = self._press
        self._press = None
        g = self.gestures
        dragged = math.hypot(x - px, y - py) > DRAG_PX
        if self.mode == "score":
            if not dragged and target is not None and target[0] == "face" and target[1] == g.seat:
                self.toggle_face(target[2])
        elif self.mode == "play" and dragged and on_cube:
            rolls = [a for a in g.click(self.under(x, y)) if getattr(a, "direction", None) is not None]
            self._act(rolls or self.roll_along((x - px, y - py)), (x, y))
        elif self.mode == "play" and not dragged:
            self._act(g.click(target), (x, y))
        elif self.mode == "args" and not dragged:
            self.pick_arg(target)

    def activate(self, target: Target) -> None:
        """What a click on ``target`` does (Enter on the focused target, scripted screenshots)."""
        if self.gestures is not None and self.mode == "play":
            self._act(self.gestures.click(target), self.view.target_pos(target))
        elif self.mode == "args":
            self.pick_arg(target)

    def scroll(self, x: float, y: float, steps: float) -> bool:
        """Pivot when the wheel turns over the own cube; False lets the camera zoom instead."""
        if self.gestures is None or self.mode != "play":
            return False
        pivots = self.gestures.wheel(self.view.pick(x, y), steps)
        self._act(pivots, (x, y))
        return bool(pivots)

    def roll_along(self, screen_vec: tuple[float, float]) -> list[Action]:
        """The roll whose on-screen arrow (cube -> neighbour) points most along ``screen_vec``."""
        g = self.gestures
        if g is None or g.cube_cell is None or screen_vec == (0, 0):
            return []
        ox, oy = self.view.target_pos(("cube", g.seat))
        norm = math.hypot(*screen_vec)
        best: tuple[float, list[Action]] = (MIN_ALIGNMENT, [])
        for direction in DIRECTIONS:
            rolls = g.roll_toward(direction)
            if not rolls:
                continue
            tx, ty = self.view.target_pos(("cell", neighbour(g.cube_cell, direction, g.state.size)))
            length = math.hypot(tx - ox, ty - oy) or 1.0
            cos = ((tx - ox) * screen_vec[0] + (ty - oy) * screen_vec[1]) / (length * norm)
            if cos > best[0]:
                best = (cos, rolls)
        return best[1]

    # ---- score and orientation ----------------------------------------------------------------
    def toggle_face(self, slot: int) -> None:
        if self.gestures is not None and slot in self.gestures.scorable_faces():
            self.chosen ^= {slot}
            self.changed = True

    def score_choice(self) -> Action | None:
        return self.gestures.score_action(self.chosen) if self.gestures else None

    def open_score(self) -> None:
        """The Score panel, with the hinted tiles already chosen when a hint named some."""
        if self.gestures is not None and self.gestures.of_kind("score"):
            self.mode, self.chosen = "score", set(self.suggested_faces)
            self.changed = True

    @property
    def orientation(self) -> Action | None:
        return self.orient_choices[self.orient_index] if self.orient_choices else None

    # ---- buttons and keys ---------------------------------------------------------------------
    def button(self, value: Any) -> None:
        """A panel or context button was clicked; ``value`` says which."""
        g = self.gestures
        if g is None:
            return
        if isinstance(value, Action):
            self._act([value], self.menu_at)
        elif isinstance(value, list):
            self._act(value, self.menu_at)
        elif value == "score":
            self.open_score()
        elif isinstance(value, tuple) and value[0] == "face":
            self.toggle_face(value[1])
        elif value == "all":
            self.chosen = set(g.scorable_faces())
        elif value == "none":
            self.chosen = set()
        elif value in ("prev", "next") and self.orient_choices:
            step = 1 if value == "next" else -1
            self.orient_index = (self.orient_index + step) % len(self.orient_choices)
        elif value == "confirm":
            self.confirm()
        elif value == "cancel":
            self.cancel()
        elif isinstance(value, tuple) and value[0] == "pivot":
            self._act(g.pivot(value[1]), self.menu_at)
        self.changed = True

    def confirm(self) -> None:
        if self.mode == "score" and (a := self.score_choice()) is not None:
            self.submit(a)
        elif self.mode == "orient" and self.orientation is not None:
            self.submit(self.orientation)
        elif self.mode in ("play", "args") and self.focus is not None:
            self.activate(self.focus)

    def cancel(self) -> None:
        self.mode, self.chosen, self.menu, self.orient_choices, self.arg_choices = "play", set(), [], [], []
        self.changed = True

    def key(self, name: str) -> bool:
        """Handle a key by its pyglet name; False when it means nothing here (the screen may use it)."""
        g = self.gestures
        if g is None:
            return False
        if name in ("ENTER", "RETURN", "NUM_ENTER", "SPACE"):
            self.confirm()
        elif name == "ESCAPE" and self.mode != "play":
            self.cancel()
        elif self.mode == "choose" and name in MENU_KEYS:
            i = MENU_KEYS[name]
            if i < len(self.menu):
                self._act(self.menu[i][1], self.menu_at)
        elif self.mode == "orient" and name in ("LEFT", "RIGHT"):
            self.button("prev" if name == "LEFT" else "next")
        elif self.mode == "score" and name in ("A", "N"):
            self.button("all" if name == "A" else "none")
        elif self.mode == "score" and name in MENU_KEYS:
            faces = sorted(g.scorable_faces())
            if MENU_KEYS[name] < len(faces):
                self.toggle_face(faces[MENU_KEYS[name]])
        elif name == "TAB" and self.mode in ("play", "args"):
            self.cycle_focus()
        elif self.mode != "play":
            return False
        elif name in ARROWS:
            self._act(self.roll_along(ARROWS[name]), (0, 0))
        elif name in PIVOT_KEYS:
            self._act(g.pivot(PIVOT_KEYS[name]), (0, 0))
        elif name == "S":
            self.open_score()
        elif name == "P":
            self._act(g.of_kind("pass") or g.of_kind("decline"), (0, 0))
        else:
            return False
        self.changed = True
        return True

    def cycle_focus(self) -> None:
        """Tab: step the keyboard focus through the lit targets (Enter then acts on it)."""
        order = sorted(self.lit(), key=repr)
        if not order:
            return
        i = order.index(self.focus) + 1 if self.focus in order else 0
        self.focus = order[i % len(order)]
        self.hovered = self.focus

