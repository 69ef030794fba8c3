"""The game's own source of chance: a small generator whose whole state is one integer.

The state goes to JSON as a number, is copied for free with the position, and gives the same
draws on every machine (SplitMix64; draws are unbiased by rejection).
"""

from __future__ import annotations

from typing import Any

MASK = (1 << 64) - 1


def _next(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


class Chance:
    """Draws from a position's generator; `state` is kept in the position after use."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def randrange(self, n: int) -> int:
        if n <= 0:
            raise ValueError("randrange of an empty range")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            self.state, value = _next(self.state)
            if value < limit:
                return value % n

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]


def seed_state(seed: int) -> int:
    """A well-mixed starting state for a seed."""
    return _next(seed & MASK)[1]
