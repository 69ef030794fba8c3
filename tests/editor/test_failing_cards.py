"""The pack's words in the workshop: the cards that can fail (an "on failure" rule) and what
the pack calls them, a new card's cost."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.decks import expected_failing, failing_cards, fails
from rules_dsl.nouns import plural
from rules_dsl.pack import load_pack

CARDS = Path(__file__).parents[2] / "cards"


def test_along_history_s_cards_that_fail_are_its_calamities() -> None:
    pack, _ = load_pack(CARDS / "along_history")
    assert pack is not None
    failing = {c.name for c in pack.cards if fails(pack, c)}
    assert failing == {c.name for c in pack.cards if c.type == "calamity"}
    assert failing_cards(pack) == "calamities"
    age = pack.cards_of("prehistory")
    bad = sum(c.copies for c in age if c.name in failing)
    assert expected_failing(pack, "prehistory", {}, 3) == pytest.approx(
        3 * bad / sum(c.copies for c in age)
    )


def test_a_pack_with_no_failing_card_has_no_word_for_them() -> None:
    pack, _ = load_pack(CARDS / "the_ancient_world")
    assert pack is not None
    assert failing_cards(pack) is None


@pytest.mark.parametrize(
    ("noun", "nouns"),
    [
        ("calamity", "calamities"),
        ("urban building", "urban buildings"),
        ("day", "days"),
        ("box", "boxes"),
        ("military technology", "military technologies"),
        ("pass", "passes"),
    ],
)
def test_plural(noun: str, nouns: str) -> None:
    assert plural(noun) == nouns


def test_a_new_card_costs_the_pack_s_own_resource() -> None:
    from editor.card_edit import a_cost

    along_history, _ = load_pack(CARDS / "along_history")
    ancient_world, _ = load_pack(CARDS / "the_ancient_world")
    assert along_history is not None and ancient_world is not None
    assert a_cost(along_history, 1) == "1 population"  # its counted resource
    assert a_cost(ancient_world, 5) == "5 coin"  # no counted resource: its first one
