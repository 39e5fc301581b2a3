"""The game's own seeded random generator.

A single 64-bit integer of state (splitmix64) keeps ``clone`` and ``to_dict`` cheap and exact,
which ``random.Random`` (625 words of state) would not.
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

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
        out, state = [], self.state
        for _ in range(count):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append((z ^ (z >> 31)) % n)
        self.state = state
        return out

    def random(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def clone(self) -> "Rng":
        return Rng(self.state)

    def to_dict(self) -> int:
        return self.state

    @classmethod
    def from_dict(cls, value: int) -> "Rng":
        return cls(int(value))
