"""The balance report's statistics, against values worked out by hand or published."""

from __future__ import annotations

import random

import pytest

from interpreter.tools.stats import Running, mean_difference, rate_difference, wilson


def test_wilson_matches_the_worked_example() -> None:
    # 81 successes out of 263 trials: Wilson's interval is 0.2553 to 0.3662
    low, high = wilson(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4)
    assert high == pytest.approx(0.3662, abs=1e-4)


def test_wilson_stays_inside_zero_and_one() -> None:
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_difference_matches_the_paper() -> None:
    # Newcombe (1998), example (a): 56/70 against 48/80: 0.2000, interval 0.0524 to 0.3339
    d = rate_difference(56, 70, 48, 80)
    assert d is not None
    assert d.estimate == pytest.approx(0.2)
    assert d.low == pytest.approx(0.0524, abs=1e-4)
    assert d.high == pytest.approx(0.3339, abs=1e-4)
    assert d.significant and d.p_value < 0.05


def test_no_difference_is_not_significant() -> None:
    d = rate_difference(50, 100, 50, 100)
    assert d is not None
    assert d.estimate == 0 and not d.significant and d.p_value == pytest.approx(1.0)
    assert rate_difference(1, 0, 1, 2) is None


def test_running_means_merge_to_the_same_result_in_any_order() -> None:
    rng = random.Random(3)
    values = [rng.randint(0, 40) for _ in range(500)]
    whole = Running()
    for x in values:
        whole.add(x)
    parts = [Running() for _ in range(7)]
    for i, x in enumerate(values):
        parts[i % 7].add(x)
    merged = Running()
    for part in reversed(parts):
        merged.merge(part)
    assert merged == whole  # exactly: same figures whatever the order
    assert merged.to_json() == whole.to_json()
    assert merged.mean == pytest.approx(sum(values) / len(values))
    assert (merged.low, merged.high) == (min(values), max(values))


def test_mean_difference_finds_a_real_shift() -> None:
    a, b = Running(), Running()
    for x in range(100):
        a.add(10 + x % 5)
        b.add(8 + x % 5)
    d = mean_difference(a, b)
    assert d is not None and d.estimate == pytest.approx(2.0) and d.significant
    same = mean_difference(a, a)
    assert same is not None and not same.significant


def test_benjamini_hochberg_matches_a_worked_example() -> None:
    from interpreter.tools.stats import false_discovery

    # five tests: p = .01, .04, .03, .005, .5 -> q = .025, .05, .05, .025, .5
    q = false_discovery([0.01, 0.04, 0.03, 0.005, 0.5])
    assert q == pytest.approx([0.025, 0.05, 0.05, 0.025, 0.5])
    assert false_discovery([]) == []


def test_many_tests_need_stronger_evidence_than_one() -> None:
    from interpreter.tools.stats import adjust

    one = rate_difference(14, 20, 7, 20)  # p about 0.03 on its own
    assert one is not None and one.significant
    alone = adjust([one])[0]
    assert alone is not None and alone.significant
    among = adjust([one] + [rate_difference(10, 20, 10, 20)] * 32)[0]  # one card of 33
    assert (
        among is not None
        and not among.significant
        and among.q_value == pytest.approx(min(1.0, one.p_value * 33))
    )
