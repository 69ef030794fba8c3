"""Through the Ages' leaders whose symbols count the levels of the buildings their holder has
(CARDS.md "Abilities"): Leonardo da Vinci, Isaac Newton and Albert Einstein's science from the
highest lab or library with a worker, Sid Meier's culture by each lab's level and 1 science less
per lab, William Shakespeare's culture per pair of a library and a theater; in a position of the
real pack, with workers on its real cards, counted as the game counts its players' symbols."""

from __future__ import annotations

import pytest

from cards import bundled
from tests.interpreter.test_through_the_ages_abilities import _position, _symbols

PACK = bundled("through_the_ages")


@pytest.mark.parametrize("leader", ["Leonardo da Vinci", "Isaac Newton", "Albert Einstein"])
@pytest.mark.parametrize(
    ("cards", "workers", "expected"),
    [
        # Philosophy (a lab of Age A: level 0) gives no more: 1 x 2
        (["Philosophy"], {"Philosophy": 2}, 2),
        # Alchemy (lab, level 1: 2) and Journalism (library, level 2: 2): the highest is 2
        (["Philosophy", "Alchemy", "Journalism"], {"Philosophy": 1, "Alchemy": 2}, 1 + 4 + 1),
        (
            ["Philosophy", "Alchemy", "Journalism"],
            {"Philosophy": 1, "Alchemy": 2, "Journalism": 1},
            1 + 4 + 2 + 2,
        ),
        # Computers (lab, level 3: 5): once, however many workers it has
        (["Computers"], {"Computers": 2}, 10 + 3),
        # a lab card with no worker is no lab
        (["Computers", "Alchemy"], {"Alchemy": 1}, 2 + 1),
    ],
)
def test_the_highest_lab_or_library_gives_its_level_in_science(
    leader: str, cards: list[str], workers: dict[str, int], expected: int
) -> None:
    game, state = _position([leader, *cards], workers)
    assert _symbols(game, state, "science") == expected


def test_sid_meier_gives_each_labs_level_in_culture_and_1_science_less() -> None:
    workers = {"Philosophy": 1, "Alchemy": 2, "Computers": 1}
    game, state = _position(["Sid Meier", "Philosophy", "Alchemy", "Computers"], workers)
    assert _symbols(game, state, "culture") == 0 + 2 * 1 + 3
    assert _symbols(game, state, "science") == 1 + 4 + 5 - 4


@pytest.mark.parametrize(
    ("workers", "expected"),
    [
        ({"Journalism": 2}, 4),  # no theater: no pair (Journalism 2 culture x 2)
        ({"Journalism": 2, "Drama": 1}, 4 + 2 + 2),  # one pair
        ({"Journalism": 2, "Drama": 3}, 4 + 6 + 4),  # two pairs: a library each
    ],
)
def test_shakespeare_gives_2_culture_per_pair_of_a_library_and_a_theater(
    workers: dict[str, int], expected: int
) -> None:
    game, state = _position(["William Shakespeare", "Journalism", "Drama"], workers)
    assert _symbols(game, state, "culture") == expected
