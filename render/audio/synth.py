"""Every sound of the table, synthesized with numpy (nothing recorded, nothing copied).

Impacts are modal: a short burst of noise rings a few damped resonances (the modes of a wooden
cube, a plastic die, a cardboard tile), so each knock is a noise burst through resonant filters,
computed as one convolution. Coins ring inharmonic partials; chimes are soft bell tones. Each
sound is a few tenths of a second of 44.1 kHz mono, rendered the first time it is asked for and
kept (tens of milliseconds of CPU for all of them)."""
from __future__ import annotations

import functools
import zlib
from dataclasses import dataclass
from typing import Callable, cast

import numpy as np

RATE = 44100
TAKES = {"die_land": 4}  # several takes: dice landing one after another do not repeat one click


@dataclass(frozen=True)
class Material:
    """The resonances a knock excites: frequencies (Hz), their decay times (s) and levels."""

    modes: tuple[float, ...]
    decays: tuple[float, ...]
    levels: tuple[float, ...]
    burst_s: float  # the contact: soft materials touch longer (duller), hard ones click


WOOD = Material((180.0, 410.0, 730.0, 1180.0), (0.09, 0.05, 0.03, 0.02), (1.0, 0.6, 0.35, 0.2), 0.004)
TABLE = Material((95.0, 160.0, 260.0), (0.16, 0.10, 0.06), (1.0, 0.7, 0.4), 0.006)
PLASTIC = Material((1900.0, 3100.0, 4700.0, 6300.0), (0.025, 0.018, 0.012, 0.008), (1.0, 0.7, 0.5, 0.3), 0.0008)
CARD = Material((1300.0, 2400.0, 3900.0), (0.012, 0.008, 0.005), (1.0, 0.6, 0.3), 0.0012)
CUP = Material((520.0, 880.0, 1450.0), (0.05, 0.035, 0.02), (1.0, 0.5, 0.3), 0.002)
COIN_PARTIALS = (1.0, 1.58, 2.31, 2.94, 3.76)  # a thin disc rings out of tune with itself


def _seconds(s: float) -> np.ndarray:
    return np.arange(int(s * RATE)) / RATE


def _ring(m: Material, rng: np.random.Generator, detune: float = 1.0) -> np.ndarray:
    """The material's impulse response: damped sines, each a little detuned per take."""
    t = _seconds(max(m.decays) * 4)
    out = np.zeros_like(t)
    for f, d, a in zip(m.modes, m.decays, m.levels):
        f *= detune * rng.uniform(0.97, 1.03)
        out += a * np.exp(-t / d) * np.sin(2 * np.pi * f * t + rng.uniform(0, 2 * np.pi))
    return out


def knock(m: Material, rng: np.random.Generator, force: float = 1.0, detune: float = 1.0) -> np.ndarray:
    """One contact: a windowed noise burst through the material's resonances."""
    n = max(8, int(m.burst_s * RATE))
    burst = rng.standard_normal(n) * np.hanning(n)
    return force * np.convolve(burst, _ring(m, rng, detune))


def _mix(length_s: float, hits: list[tuple[float, np.ndarray]]) -> np.ndarray:
    """Sounds placed at their start times (s) on one track."""
    out = np.zeros(int(length_s * RATE))
    for at, sound in hits:
        i = int(at * RATE)
        if i < len(out):
            piece = sound[:len(out) - i]
            out[i:i + len(piece)] += piece
    return out


def _fade(x: np.ndarray, s: float = 0.01) -> np.ndarray:
    """A short fade-out so nothing ends in a click."""
    n = min(len(x), int(s * RATE))
    x[len(x) - n:] *= np.linspace(1.0, 0.0, n)
    return x


def _bandpass(noise: np.ndarray, centres: np.ndarray, width: float) -> np.ndarray:
    """Noise through a band that moves: overlapping windows, each filtered around its centre."""
    hop = 512
    win = np.hanning(2 * hop)
    out = np.zeros(len(noise) + 2 * hop)
    freqs = np.fft.rfftfreq(2 * hop, 1 / RATE)
    for start in range(0, len(noise) - 2 * hop, hop):
        centre = centres[min(start, len(centres) - 1)]
        gain = np.exp(-0.5 * ((freqs - centre) / width) ** 2)
        out[start:start + 2 * hop] += np.fft.irfft(np.fft.rfft(noise[start:start + 2 * hop] * win) * gain)
    return out[:len(noise)]


# ---- the sounds -------------------------------------------------------------------------------------
def cube_roll(rng: np.random.Generator) -> np.ndarray:
    """A wooden cube tipping over its edge: a train of small knocks, quickening, as it rocks."""
    times = np.cumsum([0.0, 0.11, 0.08, 0.06, 0.05])
    return _mix(0.45, [(t + rng.uniform(0, 0.01), knock(WOOD, rng, rng.uniform(0.3, 0.6), detune=1.3)) for t in times])


def cube_thud(rng: np.random.Generator) -> np.ndarray:
    """The cube coming to rest on a stack: one heavy wooden knock with the table booming under it."""
    return _mix(0.5, [(0.0, knock(WOOD, rng, 1.0)), (0.002, knock(TABLE, rng, 0.8))])


def tile_click(rng: np.random.Generator) -> np.ndarray:
    """A cardboard tile snapping onto a board or a magnetic face: a dry click and a tick after it."""
    return _mix(0.12, [(0.0, knock(CARD, rng, 1.0)), (0.018, knock(CARD, rng, 0.35, detune=1.2))])


def dice_rattle(rng: np.random.Generator) -> np.ndarray:
    """Dice shaken in a cup: many small plastic clicks, the cup wall answering, swelling and fading."""
    hits = []
    for _ in range(28):
        t = rng.uniform(0.0, 0.42)
        swell = np.sin(np.pi * t / 0.45)
        hits.append((t, knock(PLASTIC, rng, rng.uniform(0.2, 0.6) * swell, detune=rng.uniform(0.85, 1.15))))
        if rng.random() < 0.3:
            hits.append((t, knock(CUP, rng, 0.3 * swell)))
    return _fade(_mix(0.5, hits))


def die_land(rng: np.random.Generator) -> np.ndarray:
    """One die landing in the tray: a click, two smaller bounces, the tray's felt taking the rest."""
    bounce = rng.uniform(0.05, 0.08)
    hits = [(0.0, knock(PLASTIC, rng, 1.0)), (0.0, knock(WOOD, rng, 0.5, detune=1.6)),
            (bounce, knock(PLASTIC, rng, 0.45)), (bounce * 1.6, knock(PLASTIC, rng, 0.2))]
    return _fade(_mix(0.25, hits))


def bust(rng: np.random.Generator) -> np.ndarray:
    """A busted roll swept away: a heavier clatter of many dice, a low thump of the tray under it."""
    hits = [(0.0, knock(TABLE, rng, 1.0))]
    for _ in range(12):
        t = rng.exponential(0.12)
        hits.append((t, knock(PLASTIC, rng, rng.uniform(0.3, 0.8) * np.exp(-t / 0.3), detune=rng.uniform(0.7, 1.0))))
        hits.append((t, knock(WOOD, rng, 0.4 * np.exp(-t / 0.3), detune=rng.uniform(0.9, 1.4))))
    return _fade(_mix(0.7, hits), 0.1)


def slide(rng: np.random.Generator) -> np.ndarray:
    """A tile sliding along a board: noise whose band sweeps up as it speeds, then slows to a stop."""
    t = _seconds(0.32)
    shape = np.sin(np.pi * t / t[-1]) ** 1.5
    centres = 600 + 1400 * np.sin(np.pi * t / t[-1])
    return _fade(_bandpass(rng.standard_normal(len(t)), centres, 350.0) * shape)


def key_click(rng: np.random.Generator) -> np.ndarray:
    """A key token set down: one hard, bright click."""
    return _mix(0.08, [(0.0, knock(PLASTIC, rng, 1.0, detune=0.8))])


def coins(rng: np.random.Generator) -> np.ndarray:
    """Coins or credit tokens dropped on a pile: three clinks of inharmonic ringing partials."""
    t = _seconds(0.45)
    hits: list[tuple[float, np.ndarray]] = []
    for k, at in enumerate((0.0, 0.07, 0.15)):
        base = rng.uniform(2300, 3000)
        ring = cast(np.ndarray, sum(np.exp(-t / (0.09 / p)) * np.sin(2 * np.pi * base * p * t) / p for p in COIN_PARTIALS))
        hits += [(at, ring * (1.0 - 0.25 * k)), (at, knock(PLASTIC, rng, 0.2))]
    return _fade(_mix(0.6, hits), 0.05)


def _bell(freq: float, length_s: float) -> np.ndarray:
    """A soft bell tone: a slow attack, a fundamental and a quieter octave and twelfth."""
    t = _seconds(length_s)
    env = (1 - np.exp(-t / 0.012)) * np.exp(-t / (length_s / 3.5))
    return env * (np.sin(2 * np.pi * freq * t) + 0.3 * np.sin(4 * np.pi * freq * t) + 0.1 * np.sin(6 * np.pi * freq * t))


def chime_turn(rng: np.random.Generator) -> np.ndarray:
    """Your turn: two soft rising notes (a fifth)."""
    return _fade(_mix(0.9, [(0.0, _bell(659.3, 0.6)), (0.12, _bell(987.8, 0.75))]))


def chime_end(rng: np.random.Generator) -> np.ndarray:
    """The game is over: a slower three-note chord, spread out, that rings longer."""
    return _fade(_mix(1.6, [(0.0, _bell(523.3, 1.2)), (0.18, _bell(659.3, 1.2)), (0.36, _bell(784.0, 1.2))]), 0.1)


SOUNDS: dict[str, Callable[[np.random.Generator], np.ndarray]] = {
    f.__name__: f for f in (cube_roll, cube_thud, tile_click, dice_rattle, die_land, bust, slide, key_click,
                            coins, chime_turn, chime_end)}
PEAK = {"chime_turn": 0.35, "chime_end": 0.4, "key_click": 0.5, "tile_click": 0.55, "die_land": 0.6,
        "slide": 0.4, "coins": 0.45}  # the loudest sample of each sound (others: 0.8): chimes stay soft
LOUDEST = 0.8


@functools.lru_cache(maxsize=None)
def render(name: str, take: int = 0) -> np.ndarray:
    """Take ``take`` of sound ``name`` (see TAKES): float32 samples in [-1, 1], the same every time."""
    rng = np.random.default_rng((zlib.crc32(name.encode()), take % TAKES.get(name, 1)))
    x = SOUNDS[name](rng)
    x = (x * (PEAK.get(name, LOUDEST) / np.max(np.abs(x)))).astype(np.float32)
    x.flags.writeable = False  # shared by every caller
    return x


def pcm16(samples: np.ndarray) -> bytes:
    """Samples in [-1, 1] as 16-bit little-endian PCM."""
    return (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes()
