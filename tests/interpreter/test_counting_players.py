"""A number of players named by a phrase (interpreter/compile/meaning.py, `_count_players`):
"the number of opponents who have more culture than you" counts, when it is read, the players
"each opponent who has more culture than you" names, with "you" the player the rule speaks for;
it reads back in the plural. The steps it drives are proved by the scenarios of
tests/packs/conformance/counting_players/ (and Through the Ages' Endowment for the Arts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import Game
from interpreter.compile.meaning import Ctx, compile_value, says
from interpreter.core.errors import RuleError
from rules_dsl.parser import parse

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "counting_players"


def _count(game: Game, text: str, culture: list[int], seat: int) -> int:
    state = game.new(players=len(culture), seed=1)
    for player, amount in zip(state.players, culture, strict=True):
        player.counters["culture"] = amount
    return compile_value(parse(text, "number"), game.lexicon)(Ctx(state, game.catalog, seat))


@pytest.mark.parametrize(
    ("text", "culture", "seat", "expected"),
    [
        ("the number of opponents who have more culture than you", [4, 6, 4, 9], 0, 2),
        ("the number of opponents who have more culture than you", [4, 6, 4, 9], 3, 0),
        ("the number of opponents who have less culture than you", [4, 6, 4, 9], 3, 3),
        ("the number of other players who have at least 4 culture", [4, 6, 4, 9], 1, 3),
        ("the number of players who have at least 5 culture", [4, 6, 4, 9], 0, 2),
        ("the number of opponents", [0, 0, 0], 0, 2),
        ("the number of players", [0, 0, 0], 0, 3),
    ],
)
def test_a_phrase_naming_players_counts_them_for_the_rules_player(
    text: str, culture: list[int], seat: int, expected: int
) -> None:
    assert _count(Game.load(PACK), text, culture, seat) == expected


def test_the_count_reads_back_in_the_plural() -> None:
    lex = Game.load(PACK).lexicon
    number = compile_value(
        parse("the number of opponents who have more culture than you", "number"), lex
    )
    assert says(number) == "the number of opponents who have more culture than you"
    others = compile_value(parse("the number of other players", "number"), lex)
    assert says(others) == "the number of other players"


def test_players_of_one_choice_cannot_be_counted() -> None:
    lex = Game.load(PACK).lexicon
    with pytest.raises(RuleError):
        compile_value(parse("the number of opponents of your choice", "number"), lex)
