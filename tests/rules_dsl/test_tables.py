"""Lookup tables (game.yaml `tables:`, rules_dsl/tables.py) and the facts of play
(rules_dsl/facts.py): each mistake in a table, and a name that would hide a fact, is an error
at its place in game.yaml with a hint, all of them in one run; the rows read as written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from interpreter.tools.validation import validate
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.parser import try_parse
from rules_dsl.tables import Row, TableSpec, row_key

TABLES = Path(__file__).resolve().parents[1] / "packs" / "conformance" / "tables"
BANNERS = "banner points: {1: 2, 2: 4, 3: 7, 4: 11, 5: 16, 6 or more: 22}"


def pack_with(tmp_path: Path, *changes: tuple[str, str], cards: str | None = None) -> Path:
    """A copy of the tables conformance pack with each (old, new) replaced once in game.yaml."""
    folder = tmp_path / "tables"
    shutil.copytree(TABLES, folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    game.write_text(text, encoding="utf-8")
    if cards is not None:
        path = folder / "plains.yaml"
        path.write_text(path.read_text(encoding="utf-8") + cards, encoding="utf-8")
    return folder


def errors(folder: Path) -> list[Diagnostic]:
    return [d for d in validate(folder)[1] if d.is_error]


def line_of(folder: Path, text: str) -> int:
    lines = (folder / "game.yaml").read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(lines, 1) if text in line)


def test_a_table_reads_its_rows_its_or_more_row_and_0_without_a_row() -> None:
    table = TableSpec(
        "banner points",
        tuple(Row(k, k == 6, v, str(k)) for k, v in [(1, 2), (2, 4), (3, 7), (6, 22)]),
    )
    assert [table.lookup(n) for n in range(9)] == [0, 2, 4, 7, 0, 0, 22, 22, 22]
    bank = TableSpec(
        "population cost",
        (Row(17, True, 2, "17 or more"), Row(13, True, 3, "13 or more"), Row(9, True, 4, "")),
    )
    assert [bank.lookup(n) for n in (8, 9, 12, 13, 16, 17, 30)] == [0, 4, 4, 3, 3, 2, 2]


@pytest.mark.parametrize(
    ("key", "read"),
    [(6, (6, False)), ("6", (6, False)), ("6 or more", (6, True)), ("17  or  more", (17, True))],
)
def test_the_keys_a_row_may_have(key: object, read: tuple[int, bool]) -> None:
    assert row_key(key) == read


def test_every_mistake_in_a_table_is_an_error_at_its_key(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path, (BANNERS, "banner points: {1: 2, six: 4, 3: seven, 5: 16, 4 or more: 11, 6+: 22}")
    )
    found = errors(folder)
    row = line_of(folder, "banner points:")
    by_message = {d.message: d for d in found}
    assert all(d.line == row for d in found), [d.render() for d in found]
    key = by_message[
        '"six" is not a row of the table "banner points": a row is a number or "N or more"'
    ]
    assert key.hint and "6 or more: 22" in key.hint
    plus = by_message[
        '"6+" is not a row of the table "banner points": a row is a number or "N or more"'
    ]
    assert plus.hint == 'write "6 or more"'
    value = by_message['expected an integer, got a string ("seven")']
    assert value.hint and "whole number" in value.hint
    overlap = by_message['5 has two rows in "banner points": "5" and "4 or more"']
    assert overlap.hint and '"6 or more"' in overlap.hint
    assert len(found) == 4, [d.render() for d in found]


def test_a_table_with_no_rows_is_an_error(tmp_path: Path) -> None:
    found = errors(pack_with(tmp_path, (BANNERS, "banner points: {by: your red banners}")))
    assert [d.message for d in found] == ['the table "banner points" has no rows']


def test_a_table_looked_up_with_itself_is_an_error_at_its_by(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        ("tribute: {by: your blue banners,", "tribute: {by: the tribute + 1,"),
    )
    found = errors(folder)
    assert [d.message for d in found] == [
        'the table "tribute" is looked up with a number that reads "tribute" itself'
    ]
    assert found[0].line == line_of(folder, "tribute: {by:")


def test_a_table_read_without_a_number_says_how_to_read_it(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        (
            "age: the banner points of your red banners +",
            "age: the banner points +",
        ),
    )
    found = errors(folder)
    assert len(found) == 1 and "the banner points of <number>" in found[0].message
    assert found[0].line == line_of(folder, "age: the banner points +")


def test_an_undeclared_table_names_the_declared_one(tmp_path: Path) -> None:
    folder = pack_with(
        tmp_path,
        ("the banner points of your blue banners", "the banners points of your blue banners"),
    )
    found = errors(folder)
    assert [(d.message, d.hint) for d in found] == [
        ('"the banners points of ..." is not a table of the game', 'did you mean "banner points"?')
    ]
    assert found[0].line == line_of(folder, "the banners points of")


def test_a_misspelt_table_read_alone_names_the_declared_one(tmp_path: Path) -> None:
    found = errors(
        pack_with(tmp_path, ("gain 1 gold\n", "gain gold equal to the blue tribute\n")),
    )
    assert [(d.message, d.hint) for d in found] == [
        ('"the blue tribute" is not a table of the game', 'did you mean "tribute"?')
    ]


def test_a_table_named_with_a_verb_gets_a_hint_to_rename_it() -> None:
    """The sketch's "the banner score of your red banners": "score" is a verb, so the text
    cannot parse; the hint says the name must change (the grammar does not)."""
    _, problem = try_parse("the banner score of your red banners", "number")
    assert problem is not None and problem.message == "unexpected 'score'"
    assert problem.hint and 'rename what "banner score" names' in problem.hint
    assert '"banner points"' in problem.hint


@pytest.mark.parametrize(
    ("change", "what", "name"),
    [
        (("  gold: {start: 0}", "  gold: {start: 0}\n  round: {start: 0}"), "counter", "round"),
        (("    - market\n", "    - market\n    - ages\n"), "zone", "ages"),
        (("resources: [food,", "resources: [age, food,"), "resource", "age"),
        ((BANNERS, BANNERS + "\n  round: {1: 1}"), "table", "round"),
    ],
)
def test_a_name_that_would_hide_a_fact_is_an_error_at_its_declaration(
    tmp_path: Path, change: tuple[str, str], what: str, name: str
) -> None:
    folder = pack_with(tmp_path, change)
    found = [d for d in errors(folder) if d.code == "fact-name" or "fact" in d.message]
    assert len(found) == 1, [d.render() for d in errors(folder)]
    assert found[0].message.startswith(f'a {what} cannot be named "{name}": "the ')
    assert found[0].hint and "other words" in found[0].hint
    assert found[0].line == line_of(folder, change[1].strip().split("\n")[-1].strip()[:12])


@pytest.mark.parametrize(
    ("age_end", "said"),
    [
        ("age_end: the deck is empty", "the age ends on the round alone"),
        (
            "age_end: the round is at least 4\nage_ends: [deck emptied]",
            "this game's age also ends on deck emptied",
        ),
    ],
)
def test_the_last_round_is_an_error_when_the_age_may_end_otherwise(
    tmp_path: Path, age_end: str, said: str
) -> None:
    """ "the last round" is the round that ends the age only when nothing but the round
    ends it; otherwise it is an error at its place."""
    folder = pack_with(tmp_path, ("age_end: the round is at least 4", age_end))
    found = errors(folder)
    assert len(found) == 1 and said in found[0].message, [d.render() for d in found]
    assert found[0].line == line_of(folder, "the last round: gain 2 gold")
