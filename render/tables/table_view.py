"""What every game's view does the same way with its lit table: fit the camera to the frame, draw
only what changed, settle into 4x MSAA for a screenshot, free its GL objects."""
from __future__ import annotations

import moderngl

from render.scene.camera import Camera
from render.scene.tabletop import Tabletop


class TableView:
    camera: Camera
    _top: Tabletop

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int,
             changes_only: bool = False, also: tuple | None = None) -> list | None:
        """The table into ``fbo`` (see Tabletop.draw: only what changed is drawn again)."""
        if (self.camera.width, self.camera.height) != (width, height):
            self.camera.set_viewport(width, height)
        return self._top.draw(fbo, width, height, self.camera, changes_only, also)

    def settle(self) -> None:
        """Draw the next frame with 4x MSAA at once (screenshots; see Tabletop.settle)."""
        self._top.settle()

    def release(self) -> None:
        """Free the view's GL objects; the view cannot draw afterwards."""
        self._top.release()
