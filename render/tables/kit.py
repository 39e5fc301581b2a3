"""What a game brings to the table: the *table kit* the app shell asks for everything game-specific.

The shell (:mod:`render.screens.game`) owns the match, the bots, the HUD bar, the log, banners,
tooltips, the hand-over between people, undo, save, hints and the demo. A kit supplies the rest: the
3D view, the gestures that turn pointer targets into legal actions, the game's own panels, the HUD
facts (a summary per seat, how near the end is, the key help) and the words for what a piece is.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Protocol, Sequence, TypeVar, cast

import moderngl

from game.core import Action, Event, GameRules, GameState
from render.audio.cue import Cues, silence
from render.gl.batch import DrawStats
from render.i18n import t
from render.scene.camera import Camera
from render.tables.reasons import Reason, no_reason
from render.ui import theme
from render.ui.areas import Area, inside
from render.ui.guide_pages import Page
from render.ui.hud import SeatScore
from render.ui.score_table import FinalTable, ranked
from render.ui.start_menu import MenuOption
from render.ui.widgets import Overlay

Target = tuple
S = TypeVar("S", bound=GameState)  # the game's own state class, which its table reads


class View(Protocol):
    """The 3D table of one game: pieces from a state, animations from its events, pick targets."""

    camera: Camera
    anim_speed: float
    stats: DrawStats  # what the last frames uploaded and drew (for scripts/bench and the frame tests)

    @property
    def busy(self) -> bool: ...
    def sync(self, state: GameState) -> None: ...
    def play(self, events: list[Event], state_after: GameState) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int,
             changes_only: bool = False, also: tuple | None = None) -> list | None:
        """The table into ``fbo``; with ``changes_only`` only the box around what changed since the
        last frame and the rectangle ``also`` ([box], [] for nothing, None: all of it)."""
    def settle(self) -> None: ...
    def release(self) -> None: ...
    def set_highlights(self, targets: set, hovered: Any = None) -> None: ...
    def pick(self, x_px: float, y_px: float) -> Any: ...
    def pick_all(self, x_px: float, y_px: float) -> list: ...
    def target_pos(self, target: Any) -> tuple[float, float]: ...
    def target_area(self, target: Any) -> Area:
        """The window pixels ``target`` takes, as a convex outline ([] when it is not shown)."""
    def world_area(self, points: Any) -> Area:
        """The convex outline on screen of world points (a seat's board that is no pick target)."""
    def shown_targets(self) -> list:
        """Every pick target with a box on the table now."""
    def seat_home(self) -> None:
        """The home camera for a person playing: over their own board."""
    def face_reader(self, seat: int | None) -> None:
        """Shared print reads upright from ``seat``'s side."""
    def reprint(self, state: GameState) -> None:
        """The language changed: the table's words printed anew."""


class MatchFacts(Protocol):
    """What a table reads of the match behind it: a live :class:`~game.core.match.Match`, or a
    replay's moves up to the position it shows."""

    @property
    def rules(self) -> GameRules: ...
    @property
    def seats(self) -> list[str]: ...
    @property
    def log(self) -> list[Event]: ...
    def is_human(self, seat: int) -> bool: ...


class Host(Protocol):
    """What a game's table may ask of the screen it sits in."""

    ctx: moderngl.Context
    demo: bool
    anim_speed: float  # the view's animation speed at the start

    @property
    def match(self) -> MatchFacts: ...

    @property
    def state(self) -> GameState: ...
    def submit(self, action: Action) -> None: ...
    def describe(self, action: Action) -> str: ...
    def eyes(self) -> int | None: ...


class GameTable(Generic[S]):
    """One game's half of the game screen for one match: view, gestures, panels, HUD facts.

    Defaults do nothing, so a kit overrides only what its game has. ``changed`` tells the shell to
    rebuild panels after an input."""

    changed = True
    # the camera swings to the next seat (the shell sets it): every piece moves on screen, so panels
    # stand clear of what is decided only, not of every other piece, until the camera comes to rest
    swinging = False
    close_home = False  # a person's home camera looks over their own board from close by (view.seat_home)
    # From a close home, a decision about the shared table frames it whole at this pitch (degrees;
    # shared_framed says what), rather than backing off at the home's steep one: None keeps that (Cubitos).
    shared_pitch: float | None = None

    def __init__(self, host: Host, view: View) -> None:
        self.host = host
        self.view = view

    @property
    def keys_help(self) -> str:
        """The keys this game adds to the key line (none by default)."""
        return ""

    @property
    def state(self) -> S:
        """The match's position, as the game's own state class (the host holds it as any game's)."""
        return cast(S, self.host.state)

    # ---- the position ------------------------------------------------------------------------
    def reset(self, active: bool) -> None:
        """A new position; ``active`` when a person may act now (no bot thinks, no hand-over)."""

    @property
    def active(self) -> bool:
        return False

    def lit(self) -> set:
        """Targets that glow now."""
        return set()

    @property
    def hovered(self) -> Any:
        return None

    def own_zones(self) -> list[tuple[Any, Area]]:
        """The deciding seat's own pieces and places, named, as window areas: what its buttons and
        panels must leave in view (its tray of dice, its board, its cube). Empty while nobody here decides."""
        return []

    def zones_kept_clear(self, width: int, height: int) -> list[tuple[Any, Area]]:
        """The own zones (named) panels leave in view: each one the window shows whole. One it cuts
        (the person zoomed in on their board) cannot be left in view; its pieces are spared as any are."""
        rect = theme.table_rect(width, height)
        return [(t, a) for t, a in self.own_zones() if a and inside(a, rect)]

    def framed(self) -> list[Area]:
        """What the home camera keeps in view at a decision: the own zones, and from a close home
        every lit piece too, whole, so the camera backs off when the decision is about the shared
        table (a market tray half under the top bar was clicked at its middle but not read)."""
        own = [a for _, a in self.own_zones() if a]
        if not self.close_home:
            return own
        return own + [self.view.target_area(t) or [self.view.target_pos(t)] for t in sorted(self.lit(), key=repr)]

    def shared_framed(self) -> list[Area]:
        """With ``shared_pitch``, at a decision about the shared table: what the camera frames whole
        and as large as fits (the own zones, the shared boards, the lit pieces); [] at a decision
        about the own pieces, which the close home shows."""
        return []

    def build(self, width: int, height: int, hint: Action | None) -> None:
        """Highlights, context buttons and panels for the position (``hint``: the suggested action)."""

    def overlays(self) -> list[Overlay]:
        """The game's panels, top first (clicks are offered in this order)."""
        return []

    def modal(self) -> bool:
        """A panel is up that owns the pointer (the table underneath shows no tooltips)."""
        return False

    # ---- input -------------------------------------------------------------------------------
    def hover(self, x: float, y: float) -> bool:
        """The pointer moved; True when what glows changed."""
        return False

    def press(self, x: float, y: float) -> None: ...
    def release(self, x: float, y: float) -> None: ...

    def scroll(self, x: float, y: float, steps: float) -> bool:
        """The wheel turned; False lets the camera zoom instead."""
        return False

    def key(self, name: str) -> bool:
        """A key by pyglet name; False when it means nothing to the game (the shell may use it)."""
        return False

    def button(self, value: Any) -> None:
        """A button of one of :meth:`overlays` was clicked."""

    def suggest(self, action: Action) -> None:
        """A hint named ``action``: prepare the panels to show it."""

    def hint_button(self, action: Action) -> Any:
        """The button value that carries out ``action``, to mark it."""
        return action

    # ---- words (every one from the catalogue of the current language: render.i18n) --------------
    def describe_action(self, action: Action) -> str:
        """``action`` of the seat to move as one sentence (demo captions, hints, button tooltips)."""
        return str(action)

    def can_do(self) -> str:
        """What the person to move can do now, for the HUD bar."""
        return ""

    def scores(self, viewer: int | None) -> list[SeatScore]:
        """A summary per seat as ``viewer`` may see it (None: everyone's facts, -1: nobody's)."""
        return []

    def table_news(self) -> str:
        """How near the end is, tagged under the HUD bar."""
        return ""

    def final_lines(self) -> list[str]:
        """The final standings, one line per seat."""
        return []

    def final_table(self) -> FinalTable:
        """The final scores as a grid: seats best first, then rows of categories with the total last.
        By default only the total: a game without categories still gets the table and its buttons."""
        scores = self.state.scores()
        seats = ranked(scores)
        return seats, [(t("score.total"), [f"{scores[s]:g}" for s in seats])]

    def describe_target(self, target: Any) -> str:
        """A piece under the pointer, in words (a tooltip)."""
        return ""

    def preview(self, target: Any) -> Any:
        """A piece under the pointer shown large (a :class:`render.ui.preview.Picture`), or None:
        only what the person at the screen may see (``eyes``)."""
        return None

    def log_text(self, event: Event, viewer: int | None) -> str:
        """``event`` as ``viewer`` may read it (None: everyone's facts, -1: nobody's hidden facts)."""
        return event.text

    def release_view(self) -> None:
        self.view.release()


@dataclass(frozen=True)
class Kit:
    """A game's table kit, registered by the game's name."""

    game: str
    make_view: Callable[..., View]  # (ctx, state, anim_speed=1.0, samples=4)
    make_table: Callable[[Host], GameTable]
    seat_angle: Callable[[int, int], float]  # (seat, players) -> yaw of that seat's side of the table
    menu_options: Sequence[MenuOption] = ()
    hidden_info: bool = True  # people on one screen hand it over between turns (False: the camera turns)
    auto_forced: bool = False  # take a person's only legal action without asking (a game of many forced steps)
    screenshot_panels: dict[str, Callable[[GameTable], None]] = field(default_factory=dict)  # --show NAME
    new_game_options: Callable[[dict[str, Any]], dict[str, Any]] = dict  # the menu's choices -> new_game keywords
    guide_pages: tuple[Page, ...] = ()  # the rules guide (F1): its pages and where their pictures look
    reason: Reason = no_reason  # (state, action) -> why the move is good, in a few words (demo captions)
    # (driver, action, rng) -> the gestures a person makes for a legal action (render.uifuzz plays so)
    by_hand: Callable[[Any, Action, Any], None] | None = None
    # kinds of action that give up what is left of a phase (a move ended with steps left, buying ended
    # with money left): a person takes them once the rest is spent, so the fuzzer takes them less often
    forfeits: frozenset[str] = frozenset()
    # (a move's events, the view that has just queued them) -> the move's sounds, timed by the view's steps
    sound_cues: Cues = silence
