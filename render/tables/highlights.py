"""The lit targets of a table: every legal target glows, the one under the pointer brighter.

Every game's view keeps them the same way (lit set, hovered target, glow rings under flat
places); a view says only how its pieces carry the glow (`_relight`) and where a flat target's
ring lies (`_glow_ring`), so the three tables glow alike and a change to the glow is made once."""
from __future__ import annotations

from typing import Any

import numpy as np

from render.gl.batch import COLOUR, RECT, InstancedBatch, instance_array, set_matrices
from render.scene.anim import Timeline

HIGHLIGHT, HOVER = 0.55, 1.0  # how strongly a lit piece glows, and the hovered one
GLOW_COLOUR = (1.0, 0.82, 0.35)
HOVER_COLOUR = (1.0, 1.0, 0.85)


class Highlights:
    """The lit targets and the glow ring batch of a view (part of TableView)."""

    _highlights: set
    _hovered: Any
    _glow: InstancedBatch
    _timeline: Timeline

    def set_highlights(self, targets: set, hovered: Any = None) -> None:
        """Legal targets glow; the hovered one glows brighter. Cheap when nothing changed."""
        targets = set(targets)
        if targets == self._highlights and hovered == self._hovered:
            return
        self._highlights, self._hovered = targets, hovered
        if not self._timeline.busy:  # a move under way shows the new glow in its next frame
            self._relight()
        self._upload_glow()

    def _lit(self) -> set:
        """The lit targets, the hovered one among them."""
        return self._highlights | ({self._hovered} if self._hovered else set())

    def _glow_of(self) -> dict:
        """How strongly each lit target glows: the hovered one brightest."""
        return {t: HOVER if t == self._hovered else HIGHLIGHT for t in self._lit()}

    def _relight(self) -> None:
        """Upload the pieces at rest again, carrying the glow the lit targets give them."""
        raise NotImplementedError

    def _glow_ring(self, target: Any) -> tuple[np.ndarray, float] | None:
        """The model matrix of the ring that glows under ``target`` and where the ring starts
        (0 the centre, 1 the rim); None for a target that glows itself (a piece)."""
        raise NotImplementedError

    def _upload_glow(self) -> None:
        """The glow rings of the lit targets, in the same order each time (the same picture)."""
        mats, colours, rings = [], [], []
        for target in sorted(self._lit(), key=repr):
            ring = self._glow_ring(target)
            if ring is None:
                continue
            mats.append(ring[0])
            rings.append(ring[1])
            hovered = target == self._hovered
            colours.append((*(HOVER_COLOUR if hovered else GLOW_COLOUR), 1.0 if hovered else 0.7))
        rows = instance_array(len(mats))
        if mats:
            set_matrices(rows, np.array(mats))
            rows[:, COLOUR] = colours
            rows[:, RECT.start] = rings
        self._glow.upload(rows)
