"""The project's own PRNG: xoshiro256** seeded through splitmix64.

Owned here (not `random`) so that a seed gives the same shuffles and judgements on every Python
version and in any language: the algorithm is a few lines of 64-bit arithmetic, documented at
https://prng.di.unimi.it/ . All chance in a game comes from one instance of `Rng`.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


def splitmix64(x: int) -> tuple[int, int]:
    """One splitmix64 step: returns (new state, output)."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return x, z ^ (z >> 31)


class Rng:
    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        x = seed & MASK
        s = []
        for _ in range(4):
            x, out = splitmix64(x)
            s.append(out)
        self._s = s

    def next_u64(self) -> int:
        s = self._s
        s1 = s[1]
        t = (s1 * 5) & MASK
        result = (((t << 7) | (t >> 57)) & MASK) * 9 & MASK
        t = (s1 << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s1
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = ((s[3] << 45) | (s[3] >> 19)) & MASK
        return result

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), unbiased (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = MASK - (MASK + 1) % n  # largest multiple of n, minus one
        while True:
            r = self.next_u64()
            if r <= limit:
                return r % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def pick(self, items: list[T]) -> T:
        return items[self.below(len(items))]
