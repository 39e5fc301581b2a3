"""What the game screen's parts in other files (its panels, its input handlers) use of the screen.

:class:`render.screens.game.GameScreen` is put together from mixins; each mixin's ``self`` is the
whole screen. This class declares, for the type checker only, the fields and methods the mixins
use and that live elsewhere, so that a misspelt field or a changed signature is caught where it is
used. At run time it adds nothing: the declarations stand under ``TYPE_CHECKING``, so no stub can
shadow a method of :class:`render.screens.base.Screen` later in the method order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.bots import Bot
    from game.core import Action
    from game.core.match import Match
    from render.app import App
    from render.bot_worker import BotWorker
    from render.options import Options
    from render.tables.kit import GameTable, Kit, View
    from render.ui.hud import Banner, HudBar, LogPanel, Tooltip
    from render.ui.preview import Preview
    from render.ui.rules_guide import RulesGuide
    from render.ui.score_table import ScoreTable


class ScreenParts:
    """The game screen as its mixins see it (declarations only; see the module)."""

    if TYPE_CHECKING:
        app: App
        options: Options
        match: Match
        demo: bool
        kit: Kit
        table: GameTable
        view: View
        worker: BotWorker
        bots: list[Bot | None]
        hud: HudBar
        log_panel: LogPanel
        banner: Banner
        tooltip: Tooltip
        preview: Preview
        score_table: ScoreTable
        scores_hidden: bool
        guide: RulesGuide
        pointing: Any
        pointer: tuple[float, float]
        log_folded: bool
        viewer: int | None
        handover: bool
        turn_to: int | None
        caption: str
        hint_action: Action | None
        paused: bool
        steps: int
        manual_camera: float
        looking: float
        homed: bool
        dirty: bool
        message: str

        @property
        def state(self) -> Any: ...
        @property
        def ply(self) -> int: ...
        def humans(self) -> list[int]: ...
        def eyes(self) -> int | None: ...
        def face(self, seat: int) -> None: ...
        def ask_hint(self) -> None: ...
        def save(self) -> None: ...
        def undo(self) -> None: ...
        def toggle_mute(self) -> None: ...
        def _demo_caption(self) -> str: ...
        # the panels' (render/screens/game_panels.py), which the input handlers use
        def overlays(self) -> list[Any]: ...
        def open_guide(self, page: int | None = None) -> None: ...
        def _guide_input(self) -> None: ...
        def _pick(self, x: float, y: float) -> Any: ...
        def _point_at(self, pointing: Any) -> None: ...
        def _repoint(self) -> None: ...
        def _step_aside(self) -> None: ...
        def _build_hud(self) -> None: ...
