"""CSV import and export of the cards: every bad file is refused at its place, nothing is
written from it, and what the export writes reads back unchanged."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from editor import yaml_edit
from editor.checking import pack_texts
from editor.spreadsheet import export_csv, plan_import

AGES = {
    "prehistory": "prehistory.yaml",
    "antiquity": "antiquity.yaml",
    "middle_ages": "middle_ages.yaml",
}
HILLS = "prehistory,hills,Hills,land,2,"
HILLS_ROW = HILLS + '"4 population, ingenuity",,1,ingenuity,'


@pytest.fixture
def texts(pack_copy: Path) -> dict[str, str]:
    return pack_texts(pack_copy)


def refused(table: str, texts: dict[str, str], file: str = "cards.csv") -> list[str]:
    """The rendered problems of an import that must change nothing."""
    plan = plan_import(table, texts, AGES, file=file)
    assert plan.problems and plan.texts == {}
    return [p.render() for p in plan.problems]


def row_of(table: str, ident: str) -> int:
    return next(
        n for n, cells in enumerate(csv.reader(io.StringIO(table)), 1) if cells[1:2] == [ident]
    )


def test_cr_only_line_ends_as_excel_for_mac_writes_them(texts: dict[str, str]) -> None:
    table = export_csv(texts, AGES).replace(HILLS, "prehistory,hills,Hills,land,3,")
    plan = plan_import(table.replace("\n", "\r"), texts, AGES)
    assert not plan.problems and plan.changed == ["hills"]
    # the rules texts' line breaks inside quoted cells are read as line breaks, not as edits
    assert plan_import(export_csv(texts, AGES).replace("\n", "\r"), texts, AGES).texts == {}


def test_the_real_file_name_is_in_every_message(texts: dict[str, str]) -> None:
    table = export_csv(texts, AGES).replace(HILLS, "prehistory,hills,Hills,land,two,")
    [message] = refused(table, texts, file="My deck (v2).csv")
    assert message.startswith('My deck (v2).csv:row 3, column copies (E): "two" is not')


def test_a_cell_longer_than_the_csv_modules_limit_is_a_located_problem(
    texts: dict[str, str],
) -> None:
    table = export_csv(texts, AGES)
    long_rules = table.replace(HILLS_ROW, HILLS_ROW + "x" * 131_073)
    [message] = refused(long_rules, texts)
    assert message.startswith(
        "cards.csv:row 3, column rules (J): the cell holds 131,073 characters"
    )


N = "9" * 5000


@pytest.mark.parametrize(
    ("column", "row"),
    [
        ("copies (E)", f'prehistory,hills,Hills,land,{N},"4 population, ingenuity",,1,ingenuity,'),
        ("cost (F)", f'prehistory,hills,Hills,land,2,"{N} population, ingenuity",,1,ingenuity,'),
        ("points (H)", f'prehistory,hills,Hills,land,2,"4 population, ingenuity",,{N},ingenuity,'),
        ("rules (J)", f"{HILLS_ROW}gain {N} gold"),
    ],
)
def test_a_5000_digit_number_is_a_located_problem(
    texts: dict[str, str], column: str, row: str
) -> None:
    huge = export_csv(texts, AGES).replace(HILLS_ROW, row)
    [message] = refused(huge, texts)
    assert message.startswith(
        f"cards.csv:row 3, column {column}: a number of 5000 digits at character "
    )


def test_a_column_twice_in_the_header_is_refused(texts: dict[str, str]) -> None:
    table = export_csv(texts, AGES)
    lines = table.split("\n")
    lines[0] += ",name"
    lines[2] += ",Hills Renamed"  # the last "name" must not win silently
    messages = refused("\n".join(lines), texts)
    assert any(
        m.startswith(
            'cards.csv:row 1, column name (K): the column "name" is twice in the header (C and K)'
        )
        for m in messages
    )


def test_an_unterminated_quote_is_an_error_at_its_line(texts: dict[str, str]) -> None:
    table = (
        "age,name,type,cost,points,rules\n"
        'prehistory,Pottery,progress,3 population,1,"free if you own ""Fire""\n'
        "prehistory,Wheel,progress,3 population,1,gain 1 gold\n"
        "prehistory,Kiln,progress,3 population,1,\n"
    )
    assert refused(table, texts) == [
        "cards.csv:row 2, column rules (F): the quote at line 2, character 44 is never closed, "
        "so this cell would take in the rest of the file (3 lines)\nhint: end the cell with a "
        '" (a quote inside a quoted cell is written "")'
    ]


def test_a_quote_closed_rows_later_is_an_error_at_its_line(texts: dict[str, str]) -> None:
    table = export_csv(texts, AGES)
    broken = table.replace(HILLS_ROW, HILLS + '"4 population, ingenuity,,1,ingenuity,')
    [message] = refused(broken, texts)
    assert message.startswith(
        "cards.csv:row 3, column cost (F): the quote at line 3, "
        "character 31 is closed only at line "
    )


def test_text_after_a_closing_quote_is_an_error_at_its_line(texts: dict[str, str]) -> None:
    table = export_csv(texts, AGES)
    broken = table.replace(
        '"4 population, ingenuity",,1,ingenuity,', '"4 population, ingenuity"x,,1,ingenuity,', 1
    )
    [message] = refused(broken, texts)
    assert message.startswith("cards.csv:row 3: a quoted cell goes on after its closing quote")


@pytest.mark.parametrize(
    ("char", "shown"), [("\x00", "\\x00"), ("\x1b", "\\x1b"), ("\u202e", "\\u202e")]
)
def test_control_characters_are_refused_at_their_place(
    texts: dict[str, str], char: str, shown: str
) -> None:
    table = export_csv(texts, AGES)
    broken = table.replace(HILLS, f"prehistory,hills,Hi{char}lls,land,2,").replace(
        '"gold price 5 if you own ""Philosophy"""',
        f'"gold price 5 if you own ""Philosophy""\nfree{char} if you own ""Writing"""',
    )
    messages = refused(broken, texts)
    assert messages[0] == (
        f"cards.csv:row 3, column name (C): the control character {shown} "
        "at character 3 of the cell\nhint: remove it: names and rules are "
        "plain text"
    )
    assert (
        f"column rules (J): the control character {shown} at line 2, character 5 of the "
        "cell" in messages[1]
    )


def test_every_problem_of_the_file_in_one_run(texts: dict[str, str]) -> None:
    table = export_csv(texts, AGES).replace(HILLS, "prehistory,hills,Hil\x1bls,land,two,")
    table = table.replace("antiquity,aristotle,Aristotle", "ancient,aristotle,Aristotle")
    messages = refused(table, texts)
    assert [m.split(":")[1] for m in messages] == [
        "row 3, column name (C)",
        f"row {row_of(table, 'aristotle')}, column age (A)",
    ]


def test_the_letters_follow_the_files_own_column_order(texts: dict[str, str]) -> None:
    table = "name,age,copies\nHills,prehistory,two\n"
    assert refused(table, texts)[0].startswith("cards.csv:row 2, column copies (C): ")


def test_many_new_rows_are_all_added_each_after_a_blank_line(texts: dict[str, str]) -> None:
    rows = "".join(f"prehistory,,Pottery {i},progress,1,3 population,,1,,\n" for i in range(300))
    plan = plan_import(export_csv(texts, AGES) + rows, texts, AGES)
    assert not plan.problems and len(plan.added) == 300
    new = plan.texts["prehistory.yaml"]
    assert yaml_edit.card_ids(new)[-300:] == [f"pottery-{i}" for i in range(300)]
    assert new.count("\n\n  - id: pottery-") == 300  # a new card's id is written (first)


FORMULAS = ['=HYPERLINK("http://x")', "+Trade", "-Minus", "@Home", "'=Quoted", "'Tis"]


def test_export_neutralizes_formulas_and_import_reads_them_back(
    pack_copy: Path, texts: dict[str, str]
) -> None:
    file = texts["prehistory.yaml"]
    for ident, name in zip(yaml_edit.card_ids(file), FORMULAS, strict=False):
        file = yaml_edit.rename_card(file, ident, name)
    texts = {**texts, "prehistory.yaml": file}
    table = export_csv(texts, AGES)
    names = [cells[2] for cells in csv.reader(io.StringIO(table))][1 : len(FORMULAS) + 1]
    assert names == [
        '\'=HYPERLINK("http://x")',
        "'+Trade",
        "'-Minus",
        "'@Home",
        "''=Quoted",
        "'Tis",
    ]
    assert not any(
        cell.startswith(("=", "+", "-", "@"))
        for cells in csv.reader(io.StringIO(table))
        for cell in cells
        if not cell.lstrip("-").isdigit()
    )
    plan = plan_import(table, texts, AGES)
    assert not plan.problems and plan.texts == {}
    # a spreadsheet that drops nothing gives the same names back, now as edits
    edited = table.replace("'+Trade", "'+Trade Routes")
    assert (
        yaml_edit.card_fields(
            plan_import(edited, texts, AGES).texts["prehistory.yaml"], yaml_edit.card_ids(file)[1]
        )["name"]
        == "+Trade Routes"
    )
