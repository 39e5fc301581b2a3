"""Playing a move's sounds as its animation reaches them.

Which events make which sound, and when, is each game's table kit's to say (its ``sound_cues``: a
move's events and the view that has just queued them give :class:`~render.audio.cue.Cue` s timed
by the view's own steps, :mod:`render.audio.timing`). :class:`TableSounds` plays them from the
screen's tick, panned by where the target shows on the screen and a little quieter the farther it
lies from the eye; the chimes wait for the table to come to rest."""
from __future__ import annotations

from typing import Any, Protocol, Sequence

from game.core import Event
from render.audio.cue import Cue, Cues, Target
from render.audio.player import Speaker
from render.scene.camera import Camera


class View(Protocol):
    """What the sounds ask of a table's view: how fast it plays, whether it still moves, where a
    target shows."""

    camera: Camera
    anim_speed: float

    @property
    def busy(self) -> bool: ...
    def target_pos(self, target: Any) -> tuple[float, float]: ...


MIN_GAIN = 0.45  # the far side of the table at its quietest
CHIME_TURN, CHIME_END = "chime_turn", "chime_end"


def placement(view: View, target: Target | None) -> tuple[float, float]:
    """Pan (-1 left .. 1 right of the screen) and gain (1 at the camera's usual distance, less
    farther away) of a sound at ``target``; the middle of the table for None or a target the view
    does not show."""
    if target is None:
        return 0.0, 1.0
    camera = view.camera
    try:
        x, y = view.target_pos(target)
    except ValueError:
        return 0.0, 1.0
    eye, ray = camera.ray(x, y)
    away = -eye[1] / ray[1] if ray[1] < -1e-6 else camera.distance  # along the ray to the table top
    home = camera.home[2]
    pan = min(max(2 * x / camera.width - 1, -1.0), 1.0)
    return float(pan), float(min(1.0, max(MIN_GAIN, (home / max(away, 1e-6)) ** 0.5)))


class TableSounds:
    """One game screen's sounds: a queue of a move's cues, played from the screen's tick."""

    def __init__(self, cues: Cues, speaker: Speaker) -> None:
        self.cues = cues
        self.speaker = speaker
        self._queue: list[tuple[float, Cue]] = []  # (seconds from now, cue), soonest first
        self._chime: str | None = None  # waits for the table to come to rest

    @property
    def busy(self) -> bool:
        """Sounds are still due: the screen keeps ticking until they are played."""
        return bool(self._queue) or self._chime is not None

    def hear(self, events: Sequence[Event], view: View) -> None:
        """Queue the cues of a move the view has just been given (they wait for what the view still
        plays of an earlier move); at speed 0 they sound at once."""
        speed = view.anim_speed
        self._queue += [(cue.at / speed if speed > 0 else 0.0, cue) for cue in self.cues(events, view)]
        self._queue.sort(key=lambda item: item[0])
        self.update(0.0, view)

    def chime(self, sound: str) -> None:
        """``CHIME_TURN`` or ``CHIME_END`` once the table is still."""
        self._chime = sound

    def update(self, dt: float, view: View) -> None:
        """Play what is due after ``dt`` more seconds; a chime when nothing is left to move."""
        while self._queue and self._queue[0][0] <= dt:
            self._sound(self._queue.pop(0)[1], view)
        self._queue = [(at - dt, cue) for at, cue in self._queue]
        if self._chime and not self._queue and not view.busy:
            self.speaker.play(self._chime)
            self._chime = None

    def _sound(self, cue: Cue, view: View) -> None:
        pan, gain = placement(view, cue.target)
        self.speaker.play(cue.sound, pan, gain, cue.take)
