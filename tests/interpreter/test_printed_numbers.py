"""Numbers printed on cards, named by the pack (`card numbers:`; issue 19, part 1): every
mistake a designer can make with them is one located error with a hint, and the read-back
says what a card prints. The conformance pack `tests/packs/conformance/printed_numbers/` plays
them (its scenarios run in test_conformance_packs.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from interpreter import Game
from interpreter.tools.explain import explain_cards
from interpreter.tools.validation import validate

PACK = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "printed_numbers"


def _copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    text = (pack / file).read_text()
    assert old in text, old
    (pack / file).write_text(text.replace(old, new, 1))
    return pack


def _errors(pack: Path) -> list[str]:
    _, diagnostics = validate(pack)
    return [d.render() for d in diagnostics if d.severity == "error"]


@pytest.mark.parametrize(
    ("file", "old", "new", "said", "hint"),
    [
        (  # a misspelt number on a card
            "one.yaml",
            "numbers: {level: 1, science cost: 3}",
            "numbers: {level: 1, sceince cost: 3}",
            '"sceince cost" is not a number the game prints on its cards',
            'did you mean "science cost"',
        ),
        (  # a value that is no whole number: the schema's error
            "one.yaml",
            "numbers: {level: 2, science cost: 5}",
            "numbers: {level: 2, science cost: 5.5}",
            "expected an integer",
            None,
        ),
        (  # a list given for one number
            "one.yaml",
            "numbers: {level: 3, science cost: 1}",
            "numbers: {level: [3], science cost: 1}",
            'the level of "Oil" is a whole number, not [3]',
            '"level: list"',
        ),
        (  # one number given for a list
            "one.yaml",
            "stage costs: [3, 2, 1]",
            "stage costs: 6",
            'the stage costs of "Pyramids" is a list of whole numbers, not 6',
            "stage costs: [3, 2, 1]",
        ),
        (  # a misspelt number in a rule
            "one.yaml",
            "gain culture equal to the level of this card",
            "gain culture equal to the levle of this card",
            'unknown word "levle"',
            'did you mean "level"',
        ),
        (  # "its" and a name the pack does not print
            "game.yaml",
            "X science where X is its science cost",
            "X science where X is its research cost",
            '"research cost" is not a number the game prints on its cards',
            "level, science cost, build cost, stage costs",
        ),
        (  # a position read off a number that is no list
            "game.yaml",
            "X science where X is its science cost",
            "X science where X is (the science cost of it at 2)",
            "only a list of numbers printed on a card is read at a position",
            "the stage costs of it at 2",
        ),
        (  # a step that says its amount twice
            "one.yaml",
            "lose resource equal to the build cost of this card",
            "lose 2 resource equal to the build cost of this card",
            "the amount is said twice",
            "lose <counter> equal to <number>",
        ),
        (  # a name that is a resource's
            "game.yaml",
            "card numbers: [level, science cost, build cost, stage costs: list]",
            "card numbers: [level, science cost, build cost, stage costs: list, science]",
            '"science" is already a resource: it cannot also be a number printed on cards',
            "a name of its own",
        ),
        (  # a name that is a counter's
            "game.yaml",
            "card numbers: [level, science cost, build cost, stage costs: list]",
            "card numbers: [level, science cost, build cost, stage costs: list, culture]",
            '"culture" is already a counter: it cannot also be a number printed on cards',
            "a name of its own",
        ),
        (  # a name that is a fact's
            "game.yaml",
            "card numbers: [level, science cost, build cost, stage costs: list]",
            "card numbers: [level, science cost, build cost, stage costs: list, age]",
            'a card number cannot be named "age": "the age" is a fact the engine reads',
            "age number",
        ),
        (  # a name that is a kind of strength
            "game.yaml",
            "card numbers: [level, science cost, build cost, stage costs: list]",
            "card numbers: [level, science cost, build cost, stage costs: list, defence]",
            '"defence" is already one of the language\'s ability words',
            "a name of its own",
        ),
        (  # declared twice, once plural
            "game.yaml",
            "card numbers: [level, science cost, build cost, stage costs: list]",
            "card numbers: [level, science cost, build cost, stage costs: list, levels]",
            'the card number "levels" is declared twice',
            "declare each number once",
        ),
        (  # a kind that is not "list"
            "game.yaml",
            "stage costs: list",
            "stage costs: many",
            "stage costs",
            None,
        ),
    ],
    ids=[
        "misspelt-on-a-card",
        "not-whole",
        "list-for-one",
        "one-for-a-list",
        "misspelt-in-a-rule",
        "its-undeclared",
        "position-of-no-list",
        "amount-twice",
        "clash-resource",
        "clash-counter",
        "clash-fact",
        "clash-strength",
        "declared-twice",
        "kind-not-list",
    ],
)
def test_a_mistake_with_printed_numbers_is_one_located_error_with_a_hint(
    tmp_path: Path, file: str, old: str, new: str, said: str, hint: str | None
) -> None:
    pack = _copy(tmp_path, file, old, new)
    line = next(
        n for n, text in enumerate((pack / file).read_text().splitlines(), 1) if new in text
    )
    place = f"{file}:{line}:"
    errors = _errors(pack)
    assert len(errors) == 1, errors
    assert place in errors[0] and said in errors[0], errors[0]
    assert hint is None or hint in errors[0], errors[0]
    assert "^" in errors[0] and "Traceback" not in errors[0]


def test_a_card_with_numbers_in_a_game_that_declares_none_says_what_to_declare(
    tmp_path: Path,
) -> None:
    pack = _copy(
        tmp_path,
        "game.yaml",
        "card numbers: [level, science cost, build cost, stage costs: list]\n",
        "",
    )
    for file in ("game.yaml",):  # the rules that read them go too
        text = (pack / file).read_text()
        text = re.sub(r"^ *if: its level .*\n", "", text, flags=re.M)
        text = text.replace("X science where X is its science cost", "1 science")
        text = text.replace(
            "      if: the stage on it is fewer than the number of stage costs of it\n", ""
        )
        text = text.replace(
            "X resource where X is (the stage cost of it at (the stage on it + 1))", "1 resource"
        )
        text = text.replace(" + the level of your tech cards", "")
        (pack / file).write_text(text)
    cards = (pack / "one.yaml").read_text()
    cards = cards.replace("gain culture equal to the level of this card", "gain 1 culture")
    cards = cards.replace("lose resource equal to the build cost of this card", "lose 1 resource")
    cards = cards.replace(
        "if the level of this card is at least 2: gain 1 culture", "gain 1 culture"
    )
    (pack / "one.yaml").write_text(cards)
    errors = _errors(pack)
    assert errors and all(
        "the numbers game.yaml declares under card numbers: none" in e for e in errors
    )
    assert any('"level" is not a number the game prints on its cards' in e for e in errors)


def test_the_read_back_says_what_a_card_prints() -> None:
    game = Game.load(PACK)
    lines = {r.name: r.lines for r in explain_cards(game)}
    assert "It prints: level 1, science cost 3." in lines["Iron"]
    assert "It prints: level 0, stage costs 3, 2 and 1 (6 in all)." in lines["Pyramids"]
    assert any("the level of this card" in line for line in lines["Iron"])


def test_a_number_a_card_does_not_give_reads_0_and_a_list_reads_by_position() -> None:
    from interpreter.compile.meaning import Ctx, compile_value
    from rules_dsl.parser import parse

    game = Game.load(PACK)
    state = game.new(players=2, seed=3)
    by_name = {game.catalog.info(c).name: c for c in range(len(game.catalog.copies))}

    def read(text: str, card: str) -> int:
        number = compile_value(parse(text, "number"), game.lexicon)
        return number(Ctx(state, game.catalog, 0, it=by_name[card]))

    assert read("its science cost", "Iron") == 3
    assert read("its science cost", "Bronze") == 0
    assert read("the stage cost of it at 2", "Pyramids") == 2
    assert read("the stage cost of it at 4", "Pyramids") == 0
    assert read("the stage costs of it", "Pyramids") == 6
    assert read("the number of stage costs of it", "Pyramids") == 3
    assert read("the number of stage costs of it", "Iron") == 0


def test_a_misspelt_key_of_card_numbers_is_an_error_with_a_did_you_mean(tmp_path: Path) -> None:
    pack = _copy(tmp_path, "game.yaml", "card numbers: [", "card number: [")
    text = (pack / "one.yaml").read_text().replace("numbers: {level: 0}", "number: {level: 0}")
    (pack / "one.yaml").write_text(text)
    errors = _errors(pack)
    assert any(
        'unknown key "card number"' in e and 'did you mean "card numbers"' in e for e in errors
    )
    assert any('unknown key "number"' in e and 'did you mean "numbers"' in e for e in errors)
    # the rules' words of the numbers no game.yaml declares: each an unknown word, said so
    assert any('unknown word "level"' in e and "card numbers" in e for e in errors)
