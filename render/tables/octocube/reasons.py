"""Why an Octocube move is good: the VP a Score banks (and the cube going home), the tile a Roll or a
placing picks up and the series it builds on the cube."""
from __future__ import annotations

from game.core import Action, GameState
from game.octocube.components import TILE_OBJECT
from game.octocube.scoring import series_vp
from game.octocube.state import OctocubeState
from render.i18n import t
from render.tables.octocube.words import tile_a
from render.tables.reasons import gain, played


def reason(state: GameState, action: Action) -> str:
    seat = state.current_player
    after, events = played(state, action)
    for e in events:
        d = e.data
        if e.kind == "scored":
            return t("octocube.why.score_home" if d["cell"] is not None else "octocube.why.score", vp=d["vp"])
        if e.kind in ("placed", "rolled") and d.get("picked") is not None:
            assert isinstance(after, OctocubeState)
            return _picked(after.cube_faces[seat], d["picked"])
    if gain(state, after, seat) > 0:
        return t("octocube.why.gain", vp=round(gain(state, after, seat)))
    return t(f"octocube.why.{action.kind}") if action.kind in ("pivot", "pass", "decline", "place", "roll") else ""


def _picked(faces: list[int | None], tile: int) -> str:
    """A coin is kept for the end; an object builds a series whose worth a Score would bank now."""
    obj = TILE_OBJECT[tile]
    if obj < 0:
        return t("octocube.why.coin", tile=tile_a(tile))
    same = [f for f in faces if f is not None and TILE_OBJECT[f] == obj]
    if len(same) > 1:
        return t("octocube.why.series", tile=tile_a(tile), n=len(same), vp=series_vp(same))
    return t("octocube.why.pick", tile=tile_a(tile))
