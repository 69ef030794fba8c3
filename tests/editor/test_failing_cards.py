"""The Decks page's count of the cards that can fail: which cards they are (an "on failure"
rule), and the pack's word for them."""

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
