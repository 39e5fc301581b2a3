"""What every game's view does the same way with its lit table: fit the camera to the frame, draw
only what changed, play its moves' animations, settle into 4x MSAA for a screenshot, say where
each target lies on the screen, free its GL objects. Its glow is in
:mod:`render.tables.highlights`, its picking in :mod:`render.tables.picking`."""
from __future__ import annotations

from typing import Any, Callable

import moderngl
import numpy as np

from render.gl.batch import COLOUR, RECT, instance_array, set_matrices
from render.scene.anim import Timeline
from render.scene.camera import Camera
from render.scene.tabletop import Tabletop
from render.tables import atlas as atlases
from render.tables.highlights import Highlights
from render.tables.picking import Picking, box_index
from render.ui.areas import Area, hull

CORNERS = np.array([[sx, sy, sz] for sx in (0, 1) for sy in (0, 1) for sz in (0, 1)], float)


def still_rows(items: list[tuple[np.ndarray, tuple, tuple]]) -> np.ndarray:
    """Instance rows of things that do not glow, from (model matrix, colour, atlas rect) each:
    what a view bakes into its table print, and pieces whose rows it builds once."""
    rows = instance_array(len(items))
    set_matrices(rows, np.array([m for m, _, _ in items]))
    rows[:, COLOUR] = [(*colour, 0.0) for _, colour, _ in items]
    rows[:, RECT] = [rect for _, _, rect in items]
    return rows


class TableView(Highlights, Picking):
    """A game's table in 3D; a game's view declares its pieces, their boxes and their glow.

    A view built while its atlas is still to be painted (render/tables/atlas.py: the window paints
    later) wears the transparent placeholder, and its flat pieces are drawn as they are rather than
    baked into the table print; the first frame drawn once the atlas is ready swaps it in and bakes."""

    def __init__(self, top: Tabletop, anim_speed: float, painting: atlases.Atlas | None = None) -> None:
        """``painting``: the atlas ``top`` was built with ``atlases.wanted`` of (None: its own image)."""
        self._top = top
        self._awaited = None if painting is None or painting.ready else painting  # top wears the placeholder
        self._unbaked: tuple | None = None  # the last bake_print asked for while awaiting the atlas
        self.stats = top.stats
        self.camera = Camera(16 / 9)
        self.anim_speed = anim_speed
        self._timeline = Timeline()
        # the steps the last play() queued for each of its events, before its settling one: a kit's
        # sounds time each event by them (render/audio/timing.py)
        self.steps_per_event: list[int] = []
        self._highlights: set = set()
        self._hovered: Any = None

    @property
    def busy(self) -> bool:
        """Whether a move is still being animated."""
        return self._timeline.busy

    @property
    def timeline(self) -> Timeline:
        """The steps still to animate (a kit's sounds are timed by them)."""
        return self._timeline

    def update(self, dt: float) -> None:
        """Advance the animations by ``dt`` seconds (at the view's ``anim_speed``)."""
        self._timeline.update(dt, self.anim_speed)

    def _new_atlas(self, painting: atlases.Atlas) -> None:
        """Print with ``painting`` from now on (another language): its pixels, or the placeholder
        until they are painted; the table print is to be baked again."""
        self._top.replace_atlas(atlases.wanted(painting))
        self._awaited, self._unbaked = None if painting.ready else painting, None

    def _bake_print(self, batches: list, extent: float, size: int = 2048, key=None) -> None:
        """Tabletop.bake_print, or, while the atlas is still being painted, once it is there: until
        then the flat pieces are drawn as they are, in their plain colours."""
        if self._awaited is None:
            self._top.bake_print(batches, extent, size, key)
        else:
            self._unbaked = (batches, extent, size, key)

    def _wear_atlas(self) -> None:
        """The atlas awaited is painted (or nobody paints later any more: painted now): swap it in
        and bake the print the view asked for meanwhile."""
        assert self._awaited is not None
        self._top.replace_atlas(self._awaited.image())
        self._awaited = None
        if self._unbaked is not None:
            self._top.bake_print(*self._unbaked)
            self._unbaked = None

    def draw(self, fbo: moderngl.Framebuffer, width: int, height: int,
             changes_only: bool = False, also: tuple | None = None) -> list | None:
        """The table into ``fbo`` (see Tabletop.draw: only what changed is drawn again)."""
        if self._awaited is not None and (self._awaited.ready or not atlases.later()):
            self._wear_atlas()
        if (self.camera.width, self.camera.height) != (width, height):
            self.camera.set_viewport(width, height)
        return self._top.draw(fbo, width, height, self.camera, changes_only, also)

    def seat_home(self) -> None:
        """The home camera for a person playing at the table (their seat's side: the shell turns
        it); by default the home that sees the whole table."""

    def face_reader(self, seat: int | None) -> None:
        """Shared print reads upright from ``seat``'s side (None: the south), where a table turns
        it; by default the print is the same from every side."""

    def reprint(self, state) -> None:
        """The language changed: print the table's words anew (a table without words keeps its print)."""

    def shown_targets(self) -> list:
        """Every pick target with a box on the table now (pieces, trays, places)."""
        return list(dict.fromkeys(self._boxes()[0]))

    def target_area(self, target: Any) -> Area:
        """The window pixels ``target`` takes, as a convex outline: its pick box (or boxes)
        projected, else the points ``target_pos`` tries; [] when it is not on the table. Panels
        keep clear of it, and the layout checks test them against it (no GL readback). Kept
        until the pieces or the camera move: panels and checks ask for the same ones many times."""
        cache = self._screen_cache()
        areas = cache["areas"]
        if target not in areas:
            found = box_index(cache["boxes"]).get(target)
            shown = cache.get("shown")
            if found and shown is None:  # every box's corners projected at once, the first time asked
                shown = cache["shown"] = self._project_boxes(cache["boxes"])
            if found and shown is not None and shown[1][found].all():
                areas[target] = hull(shown[0][found].reshape(-1, 2).tolist())
            else:  # a box behind the eye, or a target with no box of its own
                areas[target] = self.world_area(self._area_corners(target))
        return areas[target]

    def shown_memo(self, key: Any, make: Callable[[], Any]) -> Any:
        """``make()``: something worked out from where the pieces and places show in the window
        (their areas), kept as those areas are, until the pieces or the camera move."""
        memo = self._screen_cache().setdefault("memo", {})
        if key not in memo:
            memo[key] = make()
        return memo[key]

    def _project_boxes(self, boxes: tuple) -> tuple[np.ndarray, np.ndarray]:
        """Each pick box's eight corners in window pixels, (boxes, 8, 2), and whether the box lies
        wholly before the eye: one product for the whole table while the camera swings, not one
        per piece (made into points only for the pieces asked about: framing asks for a few)."""
        lo, hi = np.asarray(boxes[1], float), np.asarray(boxes[2], float)
        if not len(lo):
            return np.zeros((0, 8, 2)), np.zeros(0, bool)
        pts = (lo[:, None, :] + (hi - lo)[:, None, :] * CORNERS[None]).reshape(-1, 3)
        vp = self.camera._viewproj()[0]
        clip = (pts @ vp[:, :3].T + vp[:, 3]).reshape(len(lo), 8, 4)
        front = (clip[:, :, 3] > 1e-6).all(axis=1)
        w = np.where(clip[:, :, 3:4] > 1e-6, clip[:, :, 3:4], 1.0)
        return (clip[:, :, :2] / w + 1) * 0.5 * (self.camera.width, self.camera.height), front

    def _screen_cache(self) -> dict:
        """The pieces' areas as shown now; new when the pieces or the camera move."""
        boxes, vp = self._boxes(), self.camera._viewproj()[0]
        size = (self.camera.width, self.camera.height)
        cache = getattr(self, "_screen", None)
        if cache is None or cache["boxes"] is not boxes or cache["vp"] is not vp or cache["size"] != size:
            cache = self._screen = {"boxes": boxes, "vp": vp, "size": size, "areas": {}}
        return cache

    def world_area(self, points: Any) -> Area:
        """The convex outline on screen of world points, those behind the eye left out."""
        pts = np.asarray(points, float).reshape(-1, 3)
        if not len(pts):
            return []
        vp = self.camera._viewproj()[0]
        clip = pts @ vp[:, :3].T + vp[:, 3]
        clip = clip[clip[:, 3] > 1e-6]
        xy = (clip[:, :2] / clip[:, 3:4] + 1) * 0.5 * (self.camera.width, self.camera.height)
        return hull(map(tuple, xy.tolist()))

    def _area_corners(self, target: Any) -> np.ndarray:
        """World corners of ``target``'s pick boxes; a target with none (a track space, a cube
        face) gives the points its ``target_pos`` tries."""
        boxes = self._boxes()
        lo, hi = boxes[1], boxes[2]
        found = box_index(boxes).get(target, [])
        if not found:  # a piece the move under way is still laying
            settled = self._settled_boxes()
            lo, hi = settled[1], settled[2]
            found = box_index(settled).get(target, [])
        if found:
            return np.concatenate([lo[i] + (hi[i] - lo[i]) * CORNERS for i in found])
        try:
            return np.array(self._target_points(target), float).reshape(-1, 3)
        except (ValueError, KeyError, IndexError):
            return np.zeros((0, 3))

    def settle(self) -> None:
        """Draw the next frame with 4x MSAA at once (screenshots; see Tabletop.settle)."""
        self._top.settle()

    def release(self) -> None:
        """Free the view's GL objects; the view cannot draw afterwards."""
        self._top.release()

