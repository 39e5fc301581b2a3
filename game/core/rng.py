"""The game's own seeded random generator.

A single 64-bit integer of state (splitmix64) keeps ``clone`` and ``to_dict`` cheap and exact,
which ``random.Random`` (625 words of state) would not.
"""
from __future__ import annotations

import functools
import struct
from typing import Callable, MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n); the modulo bias is below 2**-50 for game-sized n."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        return self.next_u64() % n

    def randranges(self, n: int, count: int) -> list[int]:
        """``count`` calls of ``randrange(n)``, the same numbers in the same order, without a call
        per number (a round of dice rolls many). A subclass that changes ``randrange`` is asked."""
        if type(self).randrange is not Rng.randrange:
            return [self.randrange(n) for _ in range(count)]
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        if count >= _LANES_FROM and n <= 256:  # many at once, in lanes: the words (``_mixed``), the
            # remainder by ``n`` taken per lane with a multiply-and-shift (``_divisor``); each remainder
            # is then the lowest byte of its lane. Tested equal to one ``randrange`` a number.
            z, masks = self._mixed(count)
            magic, shift = _divisor(n)
            rest = z - (((z * magic) >> shift) & masks) * n
            return list(rest.to_bytes(count * _LANE_BYTES, "little")[::_LANE_BYTES])
        out, state = [], self.state
        for _ in range(count):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append((z ^ (z >> 31)) % n)
        self.state = state
        return out

    def words(self, count: int) -> tuple[int, ...]:
        """``count`` calls of ``next_u64`` at once (a shuffle's draws), made in lanes as
        ``randranges`` makes many numbers."""
        z = self._mixed(count)[0]
        return _words_of(count)(z.to_bytes(count * _LANE_BYTES, "little"))

    def _mixed(self, count: int) -> tuple[int, int]:
        """The next ``count`` 64-bit words, each in a lane of its own of one integer (_LANE bits, so
        no product spills into the next lane): splitmix's mixing runs on all lanes in a few
        whole-integer operations instead of a dozen per number. The state moves on past them.
        Also the lanes' mask (64 one bits in each), which ``randranges`` needs too."""
        ones, masks, steps, advance = _lane_table(count)
        state = self.state
        self.state = (state + advance) & _MASK
        z = (state * ones + steps) & masks
        z = ((z ^ ((z >> 30) & masks)) * 0xBF58476D1CE4E5B9) & masks
        z = ((z ^ ((z >> 27) & masks)) * 0x94D049BB133111EB) & masks
        return z ^ ((z >> 31) & masks), masks

    def random(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates from the last place down, one ``randrange(i + 1)`` a place; the draws are
        made at once (``words``), as every search iteration re-deals some sixty hidden tiles or
        cards. A subclass that changes ``randrange`` is asked a number at a time."""
        n = len(seq) - 1  # draws
        if n <= 0:
            return
        if type(self).randrange is not Rng.randrange or n < _LANES_FROM:
            for i in range(n, 0, -1):
                j = self.randrange(i + 1)
                seq[i], seq[j] = seq[j], seq[i]
            return
        for i, z in zip(range(n, 0, -1), self.words(n)):
            j = z % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def clone(self) -> "Rng":
        return Rng(self.state)

    def to_dict(self) -> int:
        return self.state

    @classmethod
    def from_dict(cls, value: int) -> "Rng":
        return cls(int(value))


# ---- many draws at once (Rng.randranges, Rng.words) ---------------------------------------------
_LANES_FROM = 4  # below this many numbers the plain loop is cheaper
_LANE_BYTES = 17  # a lane: 136 bits hold a 64-bit word times a 65-bit factor without spilling
_LANE = 8 * _LANE_BYTES
_GAMMA = 0x9E3779B97F4A7C15


@functools.cache
def _lane_table(count: int) -> tuple[int, int, int, int]:
    """For ``count`` lanes: 1 in each lane, 64 one bits in each, lane i holding (i + 1) steps of
    the generator, and the whole advance of the state."""
    ones = sum(1 << (_LANE * i) for i in range(count))
    steps = sum((((i + 1) * _GAMMA) & _MASK) << (_LANE * i) for i in range(count))
    return ones, ones * _MASK, steps, count * _GAMMA


@functools.cache
def _words_of(count: int) -> Callable[[bytes], tuple[int, ...]]:
    """Unpacks the low 64 bits of ``count`` lanes."""
    return struct.Struct("<" + f"Q{_LANE_BYTES - 8}x" * count).unpack


@functools.cache
def _divisor(n: int) -> tuple[int, int]:
    """(m, s) with x // n == (x * m) >> s for every 64-bit x: m = ceil(2**s / n), s = 64 + bits of n - 1
    (the error m * n - 2**s < n <= 2**(s - 64) stays below what could move a quotient)."""
    shift = 64 + (n - 1).bit_length()
    return -(-(1 << shift) // n), shift
