"""The game's own seeded random generator.

A single 64-bit integer of state (splitmix64) keeps ``clone`` and ``to_dict`` cheap and exact,
which ``random.Random`` (625 words of state) would not. Many numbers at once (``randranges``, a
round of dice rolls) are served from numbers made ahead in bulk, which the state alone
determines: a clone, a pickle or a save still carries nothing but the state.
"""
from __future__ import annotations

import functools
import struct
from typing import Callable, MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state", "_ahead")

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK
        # ``randranges``' numbers made ahead: (state, n, used, rests), the rests modulo n of the
        # words after ``state``, of which ``used`` are taken; it holds while ``state`` is that.
        self._ahead: tuple[int, int, int, bytes] | None = None

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
        per number: taken from numbers made ahead in bulk (``_made_ahead``), as a game rolling
        dice round after round draws often. A subclass that changes ``randrange`` is asked."""
        if type(self) is not Rng and type(self).randrange is not Rng.randrange:
            return [self.randrange(n) for _ in range(count)]
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        ahead = self._ahead
        if ahead is None or ahead[0] != self.state or ahead[1] != n or ahead[2] + count > len(ahead[3]):
            if count < _LANES_FROM or n > 256:  # few numbers, none made ahead: the plain loop is cheaper
                return self._plain(n, count)
            ahead = self._made_ahead(n, count)
        state, _, used, rests = ahead
        self.state = state = (state + count * _GAMMA) & _MASK
        self._ahead = (state, n, used + count, rests)
        return list(rests[used:used + count])

    def _plain(self, n: int, count: int) -> list[int]:
        out, state = [], self.state
        for _ in range(count):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append((z ^ (z >> 31)) % n)
        self.state = state
        return out

    def _made_ahead(self, n: int, count: int) -> tuple[int, int, int, bytes]:
        """The next numbers below ``n`` (at most 256) from the state, which stays where it is: at
        least ``count``, and twice as many as last time up to _AHEAD, so a generator drawing often
        pays a batch's fixed cost once for many rolls, while a fresh one (a search's sampled
        world) makes no more than it is asked for. Made in
        lanes (``_lanes``), each remainder by ``n`` taken with a multiply-and-shift (``_divisor``):
        it is then the lowest byte of its lane. Tested equal to one ``randrange`` a number."""
        last = self._ahead
        size = max(count, min(2 * len(last[3]), _AHEAD) if last is not None else 0)
        z, masks = _lanes(self.state, size)
        magic, shift = _divisor(n)
        rests = z - (((z * magic) >> shift) & masks) * n
        return self.state, n, 0, rests.to_bytes(size * _LANE_BYTES, "little")[::_LANE_BYTES]

    def words(self, count: int) -> tuple[int, ...]:
        """``count`` calls of ``next_u64`` at once (a shuffle's draws), made in lanes as
        ``randranges`` makes many numbers."""
        z = _lanes(self.state, count)[0]
        self.state = (self.state + count * _GAMMA) & _MASK
        return _words_of(count)(z.to_bytes(count * _LANE_BYTES, "little"))

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
        """The same stream; the numbers made ahead (immutable) are shared."""
        twin = Rng(self.state)
        twin._ahead = self._ahead
        return twin

    def __getstate__(self) -> tuple[None, dict[str, int]]:
        """What a pickle or copy carries: the state alone, as before numbers were made ahead."""
        return None, {"state": self.state}

    def __setstate__(self, state: tuple[None, dict[str, int]]) -> None:
        self.state, self._ahead = state[1]["state"], None

    def to_dict(self) -> int:
        return self.state

    @classmethod
    def from_dict(cls, value: int) -> "Rng":
        return cls(int(value))


# ---- many draws at once (Rng.randranges, Rng.words) ---------------------------------------------
_LANES_FROM = 4  # below this many numbers, none made ahead, the plain loop is cheaper
_AHEAD = 64  # the most numbers made ahead at once
_LANE_BYTES = 17  # a lane: 136 bits hold a 64-bit word times a 65-bit factor without spilling
_LANE = 8 * _LANE_BYTES
_GAMMA = 0x9E3779B97F4A7C15


def _lanes(state: int, count: int) -> tuple[int, int]:
    """The ``count`` words after ``state``, each in a lane of its own of one integer (_LANE bits,
    so no product spills into the next lane): splitmix's mixing runs on all lanes in a few
    whole-integer operations instead of a dozen per number. Also the lanes' mask (64 one bits in
    each)."""
    ones, masks, steps = _lane_table(count)
    z = (state * ones + steps) & masks
    z = ((z ^ ((z >> 30) & masks)) * 0xBF58476D1CE4E5B9) & masks
    z = ((z ^ ((z >> 27) & masks)) * 0x94D049BB133111EB) & masks
    return z ^ ((z >> 31) & masks), masks


@functools.cache
def _lane_table(count: int) -> tuple[int, int, int]:
    """For ``count`` lanes: 1 in each lane, 64 one bits in each, and lane i holding (i + 1) steps
    of the generator."""
    ones = sum(1 << (_LANE * i) for i in range(count))
    steps = sum((((i + 1) * _GAMMA) & _MASK) << (_LANE * i) for i in range(count))
    return ones, ones * _MASK, steps


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
