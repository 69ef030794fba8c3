"""The game's own source of chance: a small generator whose whole state is one integer.

The state goes to JSON as a number, is copied for free with the position, and gives the same
draws on every machine (SplitMix64; draws are unbiased by rejection).

The arithmetic is done on 32-bit halves typed `i64`, never on a 64-bit number: every product
stays below 2**50, so the compiled core does it in machine integers instead of allocating big
ones (the generator was a tenth of a compiled random playout), and nothing can overflow (in
Python the halves are plain ints). tests/interpreter/test_chance.py checks every draw against
the textbook 64-bit formula.
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import i64

MASK: Final = (1 << 64) - 1
_HALF: Final = 0xFFFFFFFF  # the low 32 bits
# SplitMix64's constants, (high, low) halves of 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9 and
# 0x94D049BB133111EB
_GAMMA_HI: Final = 0x9E3779B9
_GAMMA_LO: Final = 0x7F4A7C15
_MIX1_HI: Final = 0xBF58476D
_MIX1_LO: Final = 0x1CE4E5B9
_MIX2_HI: Final = 0x94D049BB
_MIX2_LO: Final = 0x133111EB


def _times(hi: i64, lo: i64, c_hi: i64, c_lo: i64) -> tuple[i64, i64]:
    """(hi, lo) * (c_hi, c_lo) modulo 2**64, as halves; the constant's low half is split in
    16-bit parts so that no product reaches 2**48."""
    c0: i64 = c_lo & 0xFFFF
    c1: i64 = c_lo >> 16
    a = lo * c0
    b = lo * c1
    low = a + ((b & 0xFFFF) << 16)
    high = (b >> 16) + (low >> 32)
    high += hi * c0 + ((hi * c1 & 0xFFFF) << 16)  # hi * c_lo, modulo 2**32
    high += lo * (c_hi & 0xFFFF) + ((lo * (c_hi >> 16) & 0xFFFF) << 16)  # lo * c_hi
    return high & _HALF, low & _HALF


def _step(hi: i64, lo: i64) -> tuple[i64, i64, i64, i64]:
    """SplitMix64: the next state and the value drawn, each as (high, low) halves."""
    lo += _GAMMA_LO
    hi = (hi + _GAMMA_HI + (lo >> 32)) & _HALF
    lo &= _HALF
    # z ^= z >> 30; z *= MIX1; z ^= z >> 27; z *= MIX2; z ^= z >> 31
    z_hi, z_lo = hi ^ (hi >> 30), lo ^ (((lo >> 30) | (hi << 2)) & _HALF)
    z_hi, z_lo = _times(z_hi, z_lo, _MIX1_HI, _MIX1_LO)
    z_hi, z_lo = z_hi ^ (z_hi >> 27), z_lo ^ (((z_lo >> 27) | (z_hi << 5)) & _HALF)
    z_hi, z_lo = _times(z_hi, z_lo, _MIX2_HI, _MIX2_LO)
    return hi, lo, z_hi ^ (z_hi >> 31), z_lo ^ (((z_lo >> 31) | (z_hi << 1)) & _HALF)


# For each n drawn from: the largest multiple of n up to 2**64 (as halves: the high one is
# 2**32 when it is 2**64 itself), and 2**32 % n.
_LIMITS: dict[int, tuple[int, int, int]] = {}


def _limit(n: int) -> tuple[int, int, int]:
    known = _LIMITS.get(n)
    if known is None:
        if len(_LIMITS) > 4096:  # bounded: draws are from small ranges
            _LIMITS.clear()
        limit = (1 << 64) - ((1 << 64) % n)
        known = _LIMITS[n] = (
            (limit >> 32) & _HALF if limit < (1 << 64) else 1 << 32,
            limit & _HALF,
            (1 << 32) % n,
        )
    return known


class Chance:
    """Draws from a position's generator; `state` is kept in the position after use."""

    def __init__(self, state: int) -> None:
        state &= MASK
        self.hi: i64 = state >> 32
        self.lo: i64 = state & _HALF

    @property
    def state(self) -> int:
        return (int(self.hi) << 32) | int(self.lo)

    def randrange(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randrange of an empty range")
        limit_hi, limit_lo, wrap = _limit(n)
        while True:
            self.hi, self.lo, v_hi, v_lo = _step(self.hi, self.lo)
            if v_hi < limit_hi or (v_hi == limit_hi and v_lo < limit_lo):
                return ((int(v_hi) % n) * wrap + int(v_lo)) % n

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]


def seed_state(seed: int) -> int:
    """A well-mixed starting state for a seed."""
    seed &= MASK
    _, _, v_hi, v_lo = _step(seed >> 32, seed & _HALF)
    return (int(v_hi) << 32) | int(v_lo)
