"""What is under the pointer on a table: a ray from the eye against the pick boxes of what is shown.

Every game's view picks the same way: pieces before the places they lie on, each nearest
first, and a click answered by the first of those that takes it. A view declares its boxes
(`_shown_boxes`), the points of a target a pointer can reach (`_target_points`) and, where its
table has them, the parts a ray names inside a box (a cube's face) and the place it meets on the
table top (a track space)."""
from __future__ import annotations

from typing import Any

import numpy as np

from render.scene.camera import Camera

# Pick boxes: the targets, their boxes' low and high corners ((n, 3) each) and whether each is a
# piece (pieces answer before the places they lie on). A target may have several boxes.
PickBoxes = tuple[list, np.ndarray, np.ndarray, np.ndarray]


def box_table(rows: list[tuple[Any, Any, Any, bool]]) -> PickBoxes:
    """Pick boxes from rows of (target, low corner, high corner, is a piece)."""
    return ([r[0] for r in rows], np.array([r[1] for r in rows]), np.array([r[2] for r in rows]),
            np.array([r[3] for r in rows]))


class Picking:
    """Picking of a view (part of TableView): the boxes of the shown position kept until it changes."""

    camera: Camera
    _box_cache: PickBoxes | None

    def _shown_boxes(self) -> PickBoxes:
        """The pick boxes of the position shown now."""
        raise NotImplementedError

    def _target_points(self, target: Any) -> list[np.ndarray]:
        """World points of ``target`` a pointer may find it at, the likeliest first; ValueError
        for a target not on the table."""
        raise NotImplementedError

    def _boxes(self) -> PickBoxes:
        """Pick boxes of the shown position (see PickBoxes); a view sets ``_box_cache`` to None
        when it shows another position."""
        if self._box_cache is None:
            self._box_cache = self._shown_boxes()
        return self._box_cache

    def _settled_boxes(self) -> PickBoxes:
        """Pick boxes of the position the move under way ends on (the shown one where a view
        lays no piece later than its move)."""
        return self._boxes()

    def _parts_hit(self, target: Any, centre: np.ndarray, point: np.ndarray) -> list:
        """Targets inside a hit ``target`` (box centre ``centre``) named by where the ray meets
        its box, ``point``: listed right after it. None by default."""
        return []

    def _place_on_table(self, point: np.ndarray) -> Any:
        """The place printed on the table top at ``point`` (y = 0) that no box holds, or None."""
        return None

    def _answers(self, target: Any) -> bool:
        """Whether ``target`` takes a click under the pointer (else the next one under it does)."""
        return True

    def pick_all(self, x_px: float, y_px: float) -> list:
        """Every target under window pixel (x, y): pieces nearest first, then the places they
        lie on nearest first, each once; the place on the table top last."""
        origin, d = self.camera.ray(x_px, y_px)
        targets, lo, hi, piece = self._boxes()
        with np.errstate(divide="ignore", invalid="ignore"):
            t1, t2 = (lo - origin) / d, (hi - origin) / d
        near = np.nanmax(np.minimum(t1, t2), axis=1).clip(min=0.0)
        far = np.nanmin(np.maximum(t1, t2), axis=1)
        hit = np.flatnonzero(far >= near)
        out: list = []
        for i in sorted(hit, key=lambda i: (not piece[i], near[i])):
            if targets[i] not in out:
                out.append(targets[i])
                out += self._parts_hit(targets[i], (lo[i] + hi[i]) / 2, origin + near[i] * d)
        if d[1] < 0:  # the ray comes down to the table top
            t = -origin[1] / d[1]
            place = self._place_on_table(origin + t * d)
            if place is not None:
                out.append(place)
        return out

    def pick(self, x_px: float, y_px: float) -> Any:
        """What a click at window pixel (x, y) means: the first target under it that takes a
        click, else None."""
        for target in self.pick_all(x_px, y_px):
            if self._answers(target):
                return target
        return None

    def target_pos(self, target: Any) -> tuple[float, float]:
        """Window pixels of a visible point of the target where ``pick`` answers with it: the
        first of its points no other piece hides, else its likeliest point."""
        candidates = [self.camera.project(p) for p in self._target_points(target)]
        for x, y in candidates:
            if self.pick(x, y) == target:
                return x, y
        return candidates[0]


_INDEXES: dict[int, tuple[Any, dict]] = {}  # id of a view's boxes -> (those boxes, where each target's lie)


def box_index(boxes: PickBoxes) -> dict:
    """Target -> the indices of its pick boxes in ``boxes`` (a view's, kept until they change):
    panels ask for hundreds of targets' areas each time the camera moves."""
    kept = _INDEXES.get(id(boxes))
    if kept is None or kept[0] is not boxes:
        index: dict = {}
        for i, t in enumerate(boxes[0]):
            index.setdefault(t, []).append(i)
        if len(_INDEXES) >= 8:
            _INDEXES.pop(next(iter(_INDEXES)))
        kept = _INDEXES[id(boxes)] = (boxes, index)
    return kept[1]
