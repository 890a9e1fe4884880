"""The project's own PRNG: BLAKE2b as a keyed pseudo-random function in counter mode.

    block i = BLAKE2b-512(key = seed as 8 bytes little-endian, data = i as 8 bytes LE)
    outputs = the eight little-endian u64 words of block 0, then of block 1, ...

Owned here (not `random`) so that a seed gives the same shuffles and judgements on every Python
version and in any language (BLAKE2b is in every standard library). It is a *cryptographic*
generator on purpose: every seat watches the cards it produces (its hand, the judgements, the
order in which the draw pile comes out). A linear generator such as xoshiro can be inverted from
enough such observations; with a keyed PRF, finding the seed (and so every hidden card) from any
number of outputs is as hard as finding a 64-bit BLAKE2b key, i.e. 2^64 trials. All chance in a
game comes from one instance of `Rng`.
"""

from __future__ import annotations

import hashlib
import struct
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
_WORDS = struct.Struct("<8Q")


class Rng:
    __slots__ = ("_block", "_buf", "_key", "_pos")

    def __init__(self, seed: int) -> None:
        self._key = (seed & MASK).to_bytes(8, "little")
        self._block = 0
        self._buf: tuple[int, ...] = ()
        self._pos = 0

    def copy(self) -> Rng:
        """An independent generator at the same position (the same outputs from here on)."""
        new = Rng.__new__(Rng)
        new._key = self._key
        new._block = self._block
        new._buf = self._buf
        new._pos = self._pos
        return new

    def next_u64(self) -> int:
        if self._pos == len(self._buf):
            digest = hashlib.blake2b(
                self._block.to_bytes(8, "little"), key=self._key, digest_size=64
            ).digest()
            self._buf = _WORDS.unpack(digest)
            self._block += 1
            self._pos = 0
        out = self._buf[self._pos]
        self._pos += 1
        return out

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
