"""The demo: bots play each other game after game on the game screen, each move captioned with
what it did (and why, with R), the camera following the seat in play, the final scores up a while
before the next game in the menu's order. Nobody acts here: no undo, every hidden fact shown.

A game screen with every seat a bot (:class:`render.screens.game.GameScreen` keeps the table, the
bots and the panels); this file holds what only a demo does.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.core import Action
from game.core.match import Match
from render.i18n import t
from render.options import Options
from render.screens.game import GameScreen
from render.tables import registry as kits
from render.tables.reasons import demo_reason

if TYPE_CHECKING:
    from render.app import App

DEMO_PAUSE_S = 4.0  # the final scores stay up this long before the demo starts a new game
READ_S, READ_PER_CHAR_S = 1.2, 0.04  # a demo caption stays up this long (at speed 1) before the next move


def reading_time(caption: str, speed: float) -> float:
    """Seconds a demo caption stays up before the next move: faster animation, shorter; instant, none."""
    return (READ_S + READ_PER_CHAR_S * len(caption)) / speed if speed > 0 else 0.0


class DemoScreen(GameScreen):
    """Bots play each other, game after game (see the module)."""

    demo = True

    def __init__(self, app: "App", options: Options, match: Match | None = None) -> None:
        super().__init__(app, options, match)

    def _caption(self, action: Action) -> None:
        self.what, self.reason = self.describe(action), demo_reason(self.kit.reason, self.state, action)
        self.caption = self._demo_caption()
        self.reading = reading_time(self.caption, self.view.anim_speed)

    def _demo_caption(self) -> str:
        """What the bot did, and why when reasons are shown (R)."""
        return t("demo.caption", what=self.what, why=self.reason) if self.reason and self.app.demo_reasons \
            else self.what

    def undo(self) -> None:
        self.message = t("msg.demo_no_undo")
        self.dirty = True

    def moves_on_within(self, dt: float) -> bool:
        return self.state.is_over and self.over_for + dt > DEMO_PAUSE_S

    def _moved_on(self) -> bool:
        if self.over_for > DEMO_PAUSE_S:
            self.app.start_demo(self.next_demo())
            return True
        return False

    def next_demo(self) -> Options:
        """The demo's next game: the next game with a table, in the menu's order, with a new deal."""
        games = kits.games()
        game = games[(games.index(self.match.data.game) + 1) % len(games)]
        same = game == self.options.game
        return replace(self.options, game=game, seed=self.options.seed + 1,
                       variant=self.options.variant if same else None,
                       game_options=self.options.game_options if same else {})
