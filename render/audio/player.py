"""Where the table's sounds go: through pyglet's audio, or nowhere (headless, no device, muted).

A :class:`Speaker` takes a sound by name with a pan (-1 left .. 1 right) and a gain; the volume and
mute of ``render.settings`` apply to everything. :class:`SilentSpeaker` plays nothing and records
what it would have played (tests read it). :class:`PygletSpeaker` turns each mono take into stereo
with the pan baked in (equal power, in a few steps, so every audio driver pans alike) and plays it
on a small pool of pyglet players; the sounds are synthesized on a thread at start, so no frame
waits for numpy: a cue asked for before its sound is ready stays silent."""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyglet

from render.audio import synth

POOL = 8  # sounds at once: more cut off the oldest
PAN_STEPS = 4  # per side: pans are rounded to quarters


@dataclass(frozen=True)
class Played:
    """One sound handed to the speaker: its name, take, pan and the gain it got (volume included)."""

    name: str
    take: int
    pan: float
    gain: float


class Speaker:
    """Volume and mute in front of an output; the output itself is a subclass's."""

    def __init__(self, volume: float = 0.8, mute: bool = False) -> None:
        self.volume, self.mute = min(max(volume, 0.0), 1.0), mute

    def play(self, name: str, pan: float = 0.0, gain: float = 1.0, take: int = 0) -> None:
        """Sound ``name`` at ``pan`` and ``gain`` (0..1), scaled by the volume; nothing when muted."""
        if name not in synth.SOUNDS:
            raise KeyError(f"no sound {name!r}")
        level = gain * self.volume
        if not self.mute and level > 0:
            self._out(Played(name, take, min(max(pan, -1.0), 1.0), level))

    def _out(self, sound: Played) -> None: ...

    def close(self) -> None: ...


class SilentSpeaker(Speaker):
    """Plays nothing; ``played`` lists what it would have played, in order."""

    def __init__(self, volume: float = 0.8, mute: bool = False) -> None:
        super().__init__(volume, mute)
        self.played: list[Played] = []

    def _out(self, sound: Played) -> None:
        self.played.append(sound)


def stereo(samples: np.ndarray, pan: float) -> bytes:
    """Mono samples as interleaved 16-bit stereo PCM, placed at ``pan`` with equal power."""
    angle = (pan + 1.0) * math.pi / 4
    return synth.pcm16(np.stack([samples * math.cos(angle), samples * math.sin(angle)], axis=1) * math.sqrt(2))


def _static(pcm: bytes, audio_format: Any) -> Any:
    """A pyglet StaticSource over PCM made here (its constructor would read it from another
    source); it can be queued on any player any number of times."""
    from pyglet.media import StaticSource

    source = StaticSource.__new__(StaticSource)
    source._data = pcm  # type: ignore[assignment]  # pyglet's StaticSource keeps the PCM it decoded here
    source.audio_format = audio_format
    source._duration = len(pcm) / audio_format.bytes_per_second
    return source


class PygletSpeaker(Speaker):
    """Sounds through pyglet's audio driver."""

    def __init__(self, volume: float = 0.8, mute: bool = False) -> None:
        super().__init__(volume, mute)
        from pyglet.media import Player
        from pyglet.media.codecs.base import AudioFormat

        self._format = AudioFormat(channels=2, sample_size=16, sample_rate=synth.RATE)
        self._players = [Player() for _ in range(POOL)]  # the one started longest ago first
        self._takes: dict[tuple[str, int], np.ndarray] = {}  # filled by the thread below
        self._sources: dict[tuple[str, int, int], Any] = {}  # (name, take, pan step): a StaticSource
        threading.Thread(target=self._synthesize, name="sound synthesis", daemon=True).start()

    def _synthesize(self) -> None:
        for name in synth.SOUNDS:
            for take in range(synth.TAKES.get(name, 1)):
                self._takes[name, take] = synth.render(name, take)

    def _out(self, sound: Played) -> None:
        take = sound.take % synth.TAKES.get(sound.name, 1)
        samples = self._takes.get((sound.name, take))
        if samples is None:
            return  # still being synthesized: silent rather than a frame waiting for it
        step = round(sound.pan * PAN_STEPS)
        key = (sound.name, take, step)
        if key not in self._sources:
            self._sources[key] = _static(stereo(samples, step / PAN_STEPS), self._format)
        player = self._free_player()
        player.volume = sound.gain
        busy = player.source is not None
        player.queue(self._sources[key])
        if busy:  # still sounding: cut it off for the new one
            player.next_source()
        player.play()

    def _free_player(self) -> Any:
        """A player that is done, else the one started longest ago; it moves to the back."""
        p = next((p for p in self._players if not p.playing), self._players[0])
        self._players.remove(p)
        self._players.append(p)
        return p

    def close(self) -> None:
        for p in self._players:
            p.delete()
        self._players = []


class LateSpeaker(Speaker):
    """Silent until ``open`` finds its output: probing pyglet's audio drivers takes a good part of a
    second, which the window's first frame does not wait for (the app opens it right after)."""

    def __init__(self, volume: float = 0.8, mute: bool = False) -> None:
        super().__init__(volume, mute)
        self.output: Speaker | None = None

    def open(self) -> None:
        if self.output is None:
            self.output = open_speaker(self.volume, self.mute)

    def _out(self, sound: Played) -> None:  # volume and mute applied here, in front
        if self.output is not None:
            self.output._out(sound)

    def close(self) -> None:
        if self.output is not None:
            self.output.close()


def open_speaker(volume: float, mute: bool, late: bool = False) -> Speaker:
    """pyglet's audio when there is a device to play on; silent headless or without one (``late``: a
    LateSpeaker, the drivers probed when it opens). Audio never stops the app: a driver that fails to
    start gives the silent speaker."""
    if pyglet.options["headless"]:
        return SilentSpeaker(volume, mute)
    if late:
        return LateSpeaker(volume, mute)
    try:
        from pyglet.media import drivers
        from pyglet.media.drivers.silent.adaptation import SilentDriver

        driver = drivers.get_audio_driver()
        if driver is None or isinstance(driver, SilentDriver):
            return SilentSpeaker(volume, mute)
        return PygletSpeaker(volume, mute)
    except Exception:  # noqa: BLE001 - any driver's failure: a missing library, a device gone
        return SilentSpeaker(volume, mute)
