"""A small seeded random generator whose whole state is one integer.

The rules engines keep that integer in the game state, so that options, seed
and moves replay a game exactly and a state survives a JSON round trip. The
generator is SplitMix64 (Steele, Lea and Flood, 2014): fast, simple and good
enough for shuffling tiles and drawing fish.

>>> r = Rng.from_seed(1)
>>> [r.randbelow(6) for _ in range(5)]
[0, 4, 4, 4, 1]
>>> r2 = Rng(r.state)
>>> r.randbelow(1000) == r2.randbelow(1000)
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A mutable SplitMix64 generator; copy its ``state`` into the game state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for a user-given seed (any integer, negative ones too)."""
        return cls(_mix((seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK))

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``a .. b`` inclusive."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(_mix(self.next64() ^ 0xD1B54A32D192ED03))
