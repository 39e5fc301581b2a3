"""Where the camera stands so that the deciding person's own pieces are wholly in view: between the
HUD bar and the key line, and clear of a panel that asks about them (a Score panel: the tiles it
scores stay in sight beside it). Apart from the game screen, which says when; this says where."""
from __future__ import annotations

import math
from typing import Any

from render.scene.camera import face_seat, fit_areas, frame_areas
from render.ui import theme
from render.ui.areas import overlaps
from render.ui.hud import TAG_HEIGHT

FRAME_MARGIN = 4  # pixels between a seat's own pieces and the window's bars
# Steps framing may back the camera off: from the nearest distance to the farthest, so a lit piece
# across the table from a close home (Otys: a diver of the opposite seat to copy) comes into view.
FRAME_STEPS = 48


def frame_own(table: Any, width: int, height: int) -> None:
    """Move ``table``'s camera so the pieces its kit frames fill the free band of the window."""
    camera = table.view.camera
    y0: float = theme.KEYS_HEIGHT + FRAME_MARGIN
    y1: float = height - theme.HUD_HEIGHT - FRAME_MARGIN
    if table.modal():  # a panel asks (Score: tiles here or on the cube): the part it leaves,
        framed = table.framed()  # if it covers what is framed (a small menu stands clear of it)
        for o in table.overlays():
            b = o.bounds
            if b is not None and b[3] - b[1] < (y1 - y0) * 0.8 and any(overlaps(b, a) for a in framed):
                y0, y1 = (max(y0, b[3] + FRAME_MARGIN), y1) if b[1] + b[3] < height else \
                    (y0, min(y1, b[1] - FRAME_MARGIN))
    else:  # from the home distance: a camera backed off for the last decision comes close again
        if table.shared_pitch is not None:  # the look-at point too: shared framing moves it
            face_seat(camera, camera.yaw)
            if table.shared_framed():
                camera.pitch = math.radians(table.shared_pitch)
                fit_areas(camera, table.shared_framed, (FRAME_MARGIN, y0, width - FRAME_MARGIN, y1 - TAG_HEIGHT))
                return
        camera.distance, camera.pitch = camera.home[2], camera.home[1]
    frame_areas(camera, table.framed, (FRAME_MARGIN, y0, width - FRAME_MARGIN, y1),
                steps=FRAME_STEPS, slide=table.modal())
