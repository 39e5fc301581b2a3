"""Taking tiles off a cube to score them (the Score action, and every cube at the end) and the
end of an Octocube game: the final scoring and who wins.

Functions of the state; the sums themselves are in ``scoring.py``, which the bots use too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Event
from game.core.event import event
from game.octocube.components import SEAT_NAMES, TILE_NAMES
from game.octocube.scoring import final_breakdown, object_count, series_vp

if TYPE_CHECKING:
    from game.octocube.state import OctocubeState


def score(state: OctocubeState, p: int, slots: tuple[int, ...]) -> list[Event]:
    """Take the tiles on ``slots`` off cube ``p`` onto its board; a cube on the table then leaves it."""
    faces = state.cube_faces[p]
    taken: list[int] = []
    for s in slots:
        tile = faces[s]
        assert tile is not None, "only faces that hold a tile are scored"
        taken.append(tile)
        faces[s] = None
    gained = series_vp(taken)
    state.vp[p] += gained
    state.own_collected(p).extend(taken)
    cell = state.cube_cell[p]
    text = ", ".join(map(TILE_NAMES.__getitem__, taken)) or "nothing"
    events = [event("scored", f"{SEAT_NAMES[p]} scores {text} for {gained} VP",
                    {"player": p, "cell": cell, "tiles": taken, "vp": gained, "faces": list(faces)})]
    if cell is not None:
        events += state.leave(p)
    return events


def finish(state: OctocubeState) -> list[Event]:
    """The game's end: every cube scores what it holds (not in kids), the final scoring, the winners."""
    events: list[Event] = []
    if state.variant != "kids":
        for p in range(state.num_players):
            slots = tuple(s for s in range(6) if state.cube_faces[p][s] is not None)
            if slots or state.cube_cell[p] is not None:
                events += score(state, p, slots)
        breakdown = final_breakdown(state.collected, state.vp)
        events.append(event("final_scoring", "final scoring", {"breakdown": breakdown}))
    state.over = True
    scores = state.scores()
    winners = winners_of(state, scores)
    names = " and ".join(SEAT_NAMES[w] for w in winners)
    events.append(event("game_over", f"game over: {names} win{'s' if len(winners) == 1 else ''}",
                        {"scores": scores, "winners": winners}))
    return events


def winners_of(state: OctocubeState, scores: list[float]) -> list[int]:
    """``OctocubeState.winners`` from the scores ``scores``: best score, then most object tiles
    (EN:147); kids: complete board, then coins (EN:196-198)."""
    if state.variant == "kids":
        ranks = [(scores[p], len(state.collected[p])) for p in range(state.num_players)]
    else:
        ranks = [(scores[p], object_count(state.collected[p])) for p in range(state.num_players)]
    best = max(ranks)
    return [p for p, r in enumerate(ranks) if r == best]
