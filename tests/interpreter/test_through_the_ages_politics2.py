"""Through the Ages' pacts, wars and political leaders written in the second politics session
(cards/through_the_ages/CARDS.md): the phrases they brought, read on the real pack, and their
errors at their place. The cards are played by the pack's scenarios
(cards/through_the_ages/scenarios/)."""

from __future__ import annotations

from functools import cache

import pytest

from cards import bundled
from interpreter import Game
from interpreter.compile.meaning import compile_value, says
from interpreter.core.errors import RuleError
from rules_dsl.parser import parse

PACK = bundled("through_the_ages")


@cache
def game() -> Game:
    return Game.load(PACK)


def _number(text: str):  # type: ignore[no-untyped-def]
    return compile_value(parse(text, "number"), game().lexicon)


def test_a_zone_of_the_players_a_phrase_names_reads_back() -> None:
    number = _number(
        "the number of wonder cards in the play area of each opponent who has a b-seal on this card"
    )
    assert says(number) == (
        "the number of wonder cards in the play area of each opponent who has at least 1 "
        "b-seal on this card"
    )


@pytest.mark.parametrize(
    ("text", "why"),
    [
        # a number counts each of them, never one chosen
        (
            "the number of wonder cards in the play area of an opponent of your choice",
            "the players counted are each of them",
        ),
        # a zone of the table is no player's
        ("the number of wonder cards in the pacts of each opponent", "shared by every player"),
        # what is had on a card is a piece of the game's
        (
            "the number of wonder cards in the play area of each opponent who has a culture on "
            "this card",
            "what is had on a card is a piece",
        ),
    ],
)
def test_a_wrong_zone_of_players_is_an_error_at_its_place(text: str, why: str) -> None:
    with pytest.raises(RuleError) as raised:
        _number(text)
    assert why in str(raised.value)
    assert raised.value.node is not None
