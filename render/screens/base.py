"""The base of every screen the window shows, and the GL state their 2D drawing needs.

Apart from render/app.py so that the screens (the game's, the menu, Continue, the replays) and
the app that switches between them import it without importing one another.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import moderngl

if TYPE_CHECKING:
    from render.app import App


class Screen:
    """One screen of the window; handlers default to doing nothing."""

    holds_table = False  # a 3D table: much memory, given back when the screen goes

    def __init__(self, app: "App") -> None:
        self.app = app

    def update(self, dt: float) -> None: ...
    def busy(self) -> bool:
        """The next tick may change the picture without any input (an animation, a pending move)."""
        return False
    def waiting(self) -> bool:
        """Something is being worked out elsewhere (a bot's move) and will wake the loop when done."""
        return False
    def look(self) -> Any:
        """What the picture depends on, cheaply compared: a frame is drawn only when it changes."""
        return None
    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int) -> None: ...
    def layout(self, width: int, height: int) -> None: ...
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None: ...
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None: ...
    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None: ...
    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None: ...
    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None: ...
    def on_key_press(self, symbol: int, modifiers: int) -> None: ...
    def on_text(self, text: str) -> None:
        """Text typed (the keyboard's layout applied): a screen with a field to type in takes it."""
    def apply_setting(self, name: str, value: Any) -> None:
        """A setting changed on the panel: show it now where the screen can."""
    def close(self) -> None: ...


def prepare_2d(ctx: moderngl.Context, fbo: moderngl.Framebuffer) -> None:
    """GL state pyglet's 2D drawing expects after moderngl's 3D pass."""
    fbo.use()
    ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
    ctx.enable(moderngl.BLEND)


def draw_on_fog(ctx: moderngl.Context, fbo: moderngl.Framebuffer, overlay: Any) -> None:
    """A screen of one panel and no table (joining, the join form): the panel on the colour the
    start menu shows before its table is set."""
    from render.scene.tabletop import FOG_COLOUR

    fbo.use()
    fbo.clear(*FOG_COLOUR, 1.0)
    prepare_2d(ctx, fbo)
    overlay.draw()
