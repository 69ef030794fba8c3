"""Statistics a designer can trust: proportions with confidence intervals, differences and
their significance, and running means that merge across workers.

Everything here is plain arithmetic on counts (no numpy), so a simulation's statistics can be
streamed game by game and merged batch by batch in any order with the same result.

- A rate (wins out of games) gets Wilson's score interval: unlike the textbook "p ± 1.96·se" it
  stays inside [0, 1] and behaves for small counts and rates near 0 or 1.
- A difference of two rates (owners against non-owners of a card; pack A against pack B) gets
  Newcombe's hybrid score interval (method 10 of Newcombe, 1998), built from the two Wilson
  intervals, and a two-sided p-value from the pooled z-test.
- A mean (score, game length) is kept as exact sums (count, sum, sum of squares): the figures
  are the same whatever the order games are added or workers merged, with Welch's test for a
  difference of means.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution


def wilson(successes: float | Fraction, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a proportion; (0, 1) when there is no trial."""
    if trials <= 0:
        return 0.0, 1.0
    p = float(successes) / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


ALPHA = 0.05


@dataclass(frozen=True)
class Difference:
    """An estimated difference (a − b) with its 95% interval and the test of "no difference".

    `q_value` is set when the difference is one of many tested at once (every card of a pack):
    the p-value adjusted for the number of tests (`false_discovery`)."""

    estimate: float
    low: float
    high: float
    p_value: float
    q_value: float | None = None

    @property
    def significant(self) -> bool:
        """Beyond chance: the interval leaves out 0 and, when many differences were tested
        together, the adjusted p-value is under 5% too."""
        excluded = self.low > 0 or self.high < 0
        return excluded and (self.q_value is None or self.q_value < ALPHA)

    def to_json(self) -> dict[str, float | bool | None]:
        return {
            "estimate": round(self.estimate, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "p_value": round(self.p_value, 4),
            "q_value": None if self.q_value is None else round(self.q_value, 4),
            "significant": self.significant,
        }


def false_discovery(p_values: list[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values: flagging those under 5% keeps the expected share of
    false alarms among the flagged under 5%, however many cards are tested (33 cards tested at
    5% each would otherwise flag one or two by chance alone)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        adjusted[i] = running
    return adjusted


def adjust(differences: list[Difference | None]) -> list[Difference | None]:
    """The same differences with their `q_value` set, as one family of tests."""
    tested = [i for i, d in enumerate(differences) if d is not None]
    q = false_discovery([differences[i].p_value for i in tested])  # type: ignore[union-attr]
    out = list(differences)
    for i, value in zip(tested, q, strict=True):
        out[i] = replace(differences[i], q_value=value)  # type: ignore[type-var]
    return out


def rate_difference(
    s1: float | Fraction, n1: float, s2: float | Fraction, n2: float
) -> Difference | None:
    """Rate s1/n1 minus rate s2/n2 (Newcombe's interval; pooled z-test); None without data."""
    if n1 <= 0 or n2 <= 0:
        return None
    a, b = float(s1), float(s2)  # counts may be exact fractions (shared wins)
    p1, p2 = a / n1, b / n2
    l1, u1 = wilson(a, n1)
    l2, u2 = wilson(b, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (a + b) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p_value = 1.0 if se == 0 else normal_p(d / se)
    return Difference(d, low, high, p_value)


@dataclass
class Running:
    """Count, mean and spread of a stream of numbers, kept as exact sums (integers or
    fractions), so two of them merge in any order into exactly the same figures."""

    n: int = 0
    total: int | Fraction = 0  # integers stay integers (fast); others are fractions
    squares: int | Fraction = 0
    low: int | Fraction | None = None
    high: int | Fraction | None = None

    def add(self, x: float | Fraction) -> None:
        if not isinstance(x, int):
            x = Fraction(x)
        self.n += 1
        self.total += x
        self.squares += x * x
        if self.low is None or x < self.low:
            self.low = x
        if self.high is None or x > self.high:
            self.high = x

    def merge(self, other: Running) -> None:
        if other.n == 0:
            return
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        self.low = other.low if self.low is None else min(self.low, other.low)  # type: ignore[type-var]
        self.high = other.high if self.high is None else max(self.high, other.high)  # type: ignore[type-var]

    @property
    def mean(self) -> float:
        return float(Fraction(self.total, self.n)) if self.n else 0.0

    @property
    def variance(self) -> float:
        if self.n < 2:
            return 0.0
        return float((self.squares - Fraction(self.total) ** 2 / self.n) / (self.n - 1))

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the mean (normal approximation)."""
        if self.n == 0:
            return 0.0, 0.0
        half = Z95 * self.sd / math.sqrt(self.n)
        return self.mean - half, self.mean + half

    def to_json(self) -> dict[str, float | int]:
        low, high = self.interval()
        return {
            "n": self.n,
            "mean": round(self.mean, 4),
            "sd": round(self.sd, 4),
            "ci_low": round(low, 4),
            "ci_high": round(high, 4),
            "min": _number(self.low),
            "max": _number(self.high),
        }


def _number(x: int | Fraction | None) -> float | int:
    if x is None:
        return 0
    return int(x) if x.denominator == 1 else round(float(x), 4)


def mean_difference(a: Running, b: Running) -> Difference | None:
    """Mean of a minus mean of b, with Welch's interval (normal quantile) and p-value."""
    if a.n < 2 or b.n < 2:
        return None
    d = a.mean - b.mean
    se = math.sqrt(a.variance / a.n + b.variance / b.n)
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0)
    return Difference(d, d - Z95 * se, d + Z95 * se, normal_p(d / se))
