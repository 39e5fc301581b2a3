"""When in the view's animation each event of a move plays: a game's cues are timed from the steps
its view has just queued for the move, not from a clock of their own, so a sound can neither run
ahead of what it is the sound of nor fall behind it (a clock of their own once left out the steps
that make no sound: dice rattled while they were still being drawn and flown to the tray)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from render.scene.anim import Timeline


@dataclass(frozen=True)
class Beat:
    """One event's share of the animation: when its first step starts (seconds from now at speed 1)
    and how long each of its steps lasts."""

    start: float
    steps: tuple[float, ...]

    @property
    def length(self) -> float:
        return sum(self.steps)

    @property
    def end(self) -> float:
        return self.start + self.length


def beats(timeline: Timeline, steps_per_event: Sequence[int]) -> list[Beat]:
    """The beats of a move's events, read off ``timeline`` right after the view queued the move.

    Every view queues ``steps_per_event[i]`` steps for event i and then one more that settles on the
    position after the move; those are the last steps queued, and what is still queued before them
    (an earlier move) plays first. A view that showed the move at once (speed 0) queued nothing:
    every beat is now and takes no time."""
    ours = sum(steps_per_event) + 1
    queued = timeline.queued()
    if len(queued) < ours:
        return [Beat(0.0, (0.0,) * n) for n in steps_per_event]
    at = sum(left for left, _ in queued[:-ours])
    durations = [full for _, full in queued[-ours:]]
    out = []
    for n in steps_per_event:
        steps, durations = tuple(durations[:n]), durations[n:]
        out.append(Beat(at, steps))
        at += sum(steps)
    return out
