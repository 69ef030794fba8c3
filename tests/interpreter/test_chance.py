"""The game's generator is SplitMix64, draw for draw, though it computes on 32-bit halves."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.core.chance import MASK, Chance, seed_state

STATES = st.integers(0, MASK)


def textbook(state: int) -> tuple[int, int]:
    """SplitMix64 as it is usually written, on 64-bit numbers: (next state, value drawn)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def textbook_randrange(state: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = textbook(state)
        if value < limit:
            return state, value % n


@settings(max_examples=500, deadline=None)
@given(STATES)
def test_seeding_is_one_splitmix64_draw(seed: int) -> None:
    assert seed_state(seed) == textbook(seed)[1]


@settings(max_examples=300, deadline=None)
@given(
    STATES,
    st.lists(
        st.sampled_from([1, 2, 3, 6, 7, 64, 1000, 2**31 - 1, 2**40 + 7, 2**63, 3 * 2**62]),
        min_size=1,
        max_size=20,
    ),
)
def test_draws_and_states_are_splitmix64s(state: int, ranges: list[int]) -> None:
    chance = Chance(state)
    for n in ranges:
        state, expected = textbook_randrange(state, n)
        assert chance.randrange(n) == expected
        assert chance.state == state


def test_known_values_of_splitmix64() -> None:
    # the first outputs of SplitMix64 seeded with 0, as published with the algorithm
    chance = Chance(0)
    draws = []
    for _ in range(3):
        state, value = textbook(chance.state)
        chance.randrange(1)
        assert chance.state == state
        draws.append(value)
    assert draws == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_a_shuffle_is_the_same_shuffle() -> None:
    items = list(range(30))
    Chance(12345).shuffle(items)
    expected = list(range(30))
    state = 12345
    for i in range(29, 0, -1):
        state, j = textbook_randrange(state, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
