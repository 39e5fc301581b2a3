"""Animation timelines: steps played one after another, each eased over its own duration."""
from __future__ import annotations

import dataclasses
from collections import deque
from typing import Callable


def ease_in_out(u: float) -> float:
    """Smooth start and stop (cubic smoothstep), clamped to 0..1."""
    u = min(max(u, 0.0), 1.0)
    return u * u * (3 - 2 * u)


@dataclasses.dataclass
class Step:
    """One animation: ``frame(u)`` with u running 0..1 over ``duration`` s, then ``done()`` once."""

    duration: float
    frame: Callable[[float], None]
    done: Callable[[], None] = lambda: None
    elapsed: float = 0.0


class Timeline:
    """Steps in order; ``speed`` scales time, 0 finishes everything at once (instant)."""

    def __init__(self) -> None:
        self._steps: deque[Step] = deque()

    @property
    def busy(self) -> bool:
        return bool(self._steps)

    def add(self, step: Step) -> None:
        self._steps.append(step)

    def queued(self) -> list[tuple[float, float]]:
        """(seconds left, seconds in all) of each step still to play, the current one first: what
        a move's sounds are timed by."""
        return [(step.duration - step.elapsed, step.duration) for step in self._steps]

    def update(self, dt: float, speed: float) -> None:
        budget = float("inf") if speed <= 0 else dt * speed
        while self._steps and budget > 0:
            step = self._steps[0]
            used = min(budget, step.duration - step.elapsed)
            step.elapsed += used
            budget -= used
            if step.elapsed >= step.duration:
                self._steps.popleft()
                step.done()
            else:
                step.frame(step.elapsed / step.duration)
