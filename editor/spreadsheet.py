"""The cards' stats as CSV, and back: designers keep card lists in spreadsheets.

Export writes one row per card with the fields as written in the YAML (rules text included).
Import checks every cell of the file first, and reports every problem at its row and column
(the spreadsheet's letters too) with a hint; only a file without problems becomes new YAML
texts, made with the round-trip editor so comments and layout survive.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any

from rules_dsl.card_keys import BONUS, PRICE
from rules_dsl.diagnostics import CONTROL_CHARACTERS, Diagnostic, printable
from rules_dsl.pack import slug
from rules_dsl.parser import MAX_TEXT, try_parse

from . import yaml_edit

COLUMNS = ("age", "id", "name", "type", "copies", "cost", PRICE, "points", BONUS, "rules")
REQUIRED = ("age", "name")
# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
MAX_DIGITS = 18  # a longer number is no count a game uses (and Python refuses 4,300)
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")
_MAX_CELL = MAX_TEXT  # the longest rules text the parser reads


def neutralized(cell: str) -> str:
    """The cell as exported: one that a spreadsheet would run as a formula gets a leading
    apostrophe (the usual convention), so does one that already starts with an apostrophe
    before such a character, so that `restored` gives back every text unchanged.

    >>> neutralized("=HYPERLINK(1)"), neutralized("-2"), neutralized("'Tis")
    ("'=HYPERLINK(1)", '-2', "'Tis")
    """
    if re.fullmatch(r"-?\d+", cell):
        return cell  # a plain number runs nothing, and stays a number
    if cell.startswith(FORMULA_STARTS) or (cell[:1] == "'" and cell[1:2] in (*FORMULA_STARTS, "'")):
        return "'" + cell
    return cell


def restored(cell: str) -> str:
    """The cell as imported: the apostrophe that `neutralized` added is taken off."""
    if cell[:1] == "'" and cell[1:2] in (*FORMULA_STARTS, "'"):
        return cell[1:]
    return cell


def export_csv(texts: dict[str, str], ages: dict[str, str]) -> str:
    """The CSV of every card; `ages` maps an age id to its card file name."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for age, file in ages.items():
        for fields in yaml_edit.all_card_fields(texts[file]).values():
            writer.writerow(
                [neutralized(age)]
                + [
                    "" if fields.get(c) is None else neutralized(str(fields[c]))
                    for c in COLUMNS[1:]
                ]
            )
    return out.getvalue()


def column_letter(index: int) -> str:
    """The spreadsheet's name of the column at `index` (0 = A, 26 = AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class CellProblem:
    """A problem of the imported file at a row (1 = the header) and a column."""

    row: int
    column: str | None
    message: str
    hint: str | None = None
    file: str = "cards.csv"
    letter: str | None = None  # the column's letter in this file
    line: int | None = None  # the file's line, where it is not the row's number

    def render(self) -> str:
        where = f"row {self.row}"
        if self.line is not None and self.line != self.row:
            where += f" (line {self.line})"
        if self.column is not None:
            where += f", column {self.column}"
            if self.letter is not None:
                where += f" ({self.letter})"
        return printable(
            f"{self.file}:{where}: {self.message}" + (f"\nhint: {self.hint}" if self.hint else "")
        )


@dataclass
class ImportPlan:
    """What an imported file would change: new texts by file, and every problem found."""

    texts: dict[str, str] = field(default_factory=dict)
    problems: list[CellProblem] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    rows: dict[tuple[str, str], int] = field(default_factory=dict)  # (file, id) -> row
    file: str = "cards.csv"
    header: list[str] = field(default_factory=list)

    def at(
        self,
        row: int,
        column: str | None,
        message: str,
        hint: str | None = None,
        line: int | None = None,
    ) -> CellProblem:
        """A problem at a row and a column named by the file's header."""
        letter = (
            column_letter(self.header.index(column))
            if column is not None and column in self.header
            else None
        )
        return CellProblem(row, column, message, hint, self.file, letter, line)

    def problem(
        self,
        row: int,
        column: str | None,
        message: str,
        hint: str | None = None,
        line: int | None = None,
    ) -> None:
        """Note a problem at a row and a column named by the file's header."""
        self.problems.append(self.at(row, column, message, hint, line))


@dataclass(frozen=True)
class _Row:
    number: int  # the spreadsheet's row (1 = the header)
    line: int  # the file's line it starts at
    cells: list[str]


def plan_import(
    data: str | bytes, texts: dict[str, str], ages: dict[str, str], file: str = "cards.csv"
) -> ImportPlan:
    """Read a CSV of cards and work out the new YAML texts, or every problem of the file.

    `file` is the file's name as the designer knows it, for the messages."""
    plan = ImportPlan(file=file)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            plan.problem(
                1, None, f"the file is not UTF-8 text (byte {e.start})", "save it as CSV UTF-8"
            )
            return plan
    rows = _read_rows(data, plan)
    if not rows:
        if not plan.problems:
            plan.problem(1, None, "the file is empty", "export the cards first to get the columns")
        return plan
    if not _read_header(rows[0], plan) or plan.problems:
        return plan
    known = {f: yaml_edit.card_values(texts[f]) for f in set(ages.values())}
    changes: dict[str, dict[str, dict[str, Any]]] = {f: {} for f in known}
    additions: dict[str, list[dict[str, Any]]] = {f: [] for f in known}
    first_row: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    for row in rows[1:]:
        planned = _row_fields(row, plan, ages)
        if planned is None:
            continue
        cells, fields = planned
        age, ident = cells["age"].strip(), str(fields["id"])
        if (age, ident) in seen:
            plan.problem(
                row.number,
                "id",
                f'the card "{ident}" is twice in the file',
                "give one of them its own id",
            )
            continue
        seen.add((age, ident))
        target = ages[age]
        plan.rows[(target, ident)] = row.number
        first_row.setdefault(target, row.number)
        current = known[target].get(ident)
        if current is None:
            additions[target].append(fields)
            plan.added.append(ident)
        elif any(_differs(current.get(k), fields[k]) for k in fields if k in cells):
            changes[target][ident] = {k: v for k, v in fields.items() if k in cells}
            plan.changed.append(ident)
    if plan.problems:
        return plan
    for target in known:
        if not changes[target] and not additions[target]:
            continue
        try:
            new = yaml_edit.edit_cards(texts[target], changes[target], additions[target])
        except yaml_edit.EditError as e:
            plan.problem(first_row[target], None, f"{target}: {e}")
            continue
        if new != texts[target]:
            plan.texts[target] = new
    return plan


def _read_rows(data: str, plan: ImportPlan) -> list[_Row]:
    """The file's rows with the line each starts at; a row that is not CSV is a problem.

    Line ends may be \r\n, \n or \r alone (as Excel for Mac writes them); `strict` makes a
    quote left open or text after a closing quote an error instead of a silent guess."""
    csv.field_size_limit(max(csv.field_size_limit(), len(data) + 1))  # cells are checked below
    lines = io.StringIO(data, newline="").readlines()
    reader = csv.reader(lines, strict=True)
    rows: list[_Row] = []
    while True:
        start = reader.line_num + 1
        try:
            cells = next(reader)
        except StopIteration:
            return rows
        except csv.Error as e:
            _not_csv(plan, len(rows) + 1, start, lines, reader.line_num, str(e))
            if reader.line_num >= len(lines):
                return rows
            rows.append(_Row(len(rows) + 1, start, []))
            continue
        rows.append(_Row(len(rows) + 1, start, [restored(_one_line_end(c)) for c in cells]))
        if len(rows) == 1:
            plan.header = [h.strip().lower() for h in cells]  # to name a broken row's cell


def _one_line_end(cell: str) -> str:
    return cell.replace("\r\n", "\n").replace("\r", "\n")


def _not_csv(
    plan: ImportPlan, row: int, start: int, lines: list[str], stop: int, error: str
) -> None:
    """Say why the row from line `start` to line `stop` is not CSV, at the quote that caused
    it: one never closed (it takes in the rest of the file), or one closed only lines later
    with text after it (it took in the rows between)."""
    at_end = stop >= len(lines) and "end of data" in error
    opened = _open_quote(lines, start, len(lines) if at_end else stop - 1)
    hint = 'end the cell with a " (a quote inside a quoted cell is written "")'
    if opened is None:
        plan.problem(
            row,
            None,
            "a quoted cell goes on after its closing quote"
            if "expected after" in error
            else f"the line is not CSV ({error})",
            hint,
            line=stop,
        )
        return
    line, character, index = opened
    name = plan.header[index] if index < len(plan.header) else None
    if at_end:
        message = (
            f"the quote at line {line}, character {character} is never closed, so "
            f"this cell would take in the rest of the file ({len(lines) - line + 1} "
            "lines)"
        )
    else:
        message = (
            f"the quote at line {line}, character {character} is closed only at line "
            f"{stop}, with text after it: the cell took in the lines between"
        )
    plan.problem(row, name, message, hint, line=line)


def _open_quote(lines: list[str], start: int, stop: int) -> tuple[int, int, int] | None:
    """Where the quoted cell opens that is still open at the end of line `stop`, reading
    from line `start` (a row's first): its line, character and cell index; None if none."""
    cell, quoted, closed = 0, False, False
    where = (start, 1, 0)
    for number in range(start, stop + 1):
        text = lines[number - 1].rstrip("\r\n")
        for character, char in enumerate(text, 1):
            if quoted:
                quoted = char != '"'
                closed = not quoted
            elif char == '"' and closed:
                quoted, closed = True, False  # "" inside a quoted cell
            elif char == '"' and (character == 1 or text[character - 2] == ","):
                quoted, where = True, (number, character, cell)
            else:
                cell, closed = cell + (char == ","), False
        if not quoted:
            cell, closed = 0, False
    return where if quoted else None


def _read_header(row: _Row, plan: ImportPlan) -> bool:
    """Check the header row (every column known, none twice); False if it is unusable."""
    plan.header = [h.strip().lower() for h in row.cells]
    for name in REQUIRED:
        if name not in plan.header:
            plan.problem(1, None, f'no column "{name}"', f"the columns are: {', '.join(COLUMNS)}")
    for index, name in enumerate(plan.header):
        if name not in COLUMNS:
            plan.problem(
                1, name, f'unknown column "{name}"', f"the columns are: {', '.join(COLUMNS)}"
            )
        elif plan.header.index(name) < index:
            first = column_letter(plan.header.index(name))
            plan.problems.append(
                CellProblem(
                    1,
                    name,
                    f'the column "{name}" is twice in the header ({first} and '
                    f"{column_letter(index)})",
                    "keep one of them: the importer cannot tell which one you mean",
                    plan.file,
                    column_letter(index),
                )
            )
    return not plan.problems


def _row_fields(
    row: _Row, plan: ImportPlan, ages: dict[str, str]
) -> tuple[dict[str, str], dict[str, Any]] | None:
    """The cells by column and the card's fields of a row, or None (a blank row, or one with
    problems, which are noted)."""
    if not any(cell.strip() for cell in row.cells):
        return None
    if len(row.cells) != len(plan.header):
        plan.problem(
            row.number,
            None,
            f"{len(row.cells)} cells where the header has {len(plan.header)}",
            "a text with a comma must be in double quotes",
            line=row.line,
        )
        return None
    cells = dict(zip(plan.header, row.cells, strict=True))
    before = len(plan.problems)
    for column, text in cells.items():
        _check_cell(plan, row.number, column, text)
    if len(plan.problems) > before:
        return None
    fields, problems = _fields(row.number, cells, ages)
    for p in problems:
        plan.problem(p.row, p.column, p.message, p.hint)
    return None if problems else (cells, fields)


def _check_cell(plan: ImportPlan, row: int, column: str, text: str) -> None:
    """Refuse what no card may hold: control characters (NUL, ESC, ... would be written into
    the pack), a cell too long for any field, a number too long to be read."""
    if len(text) > _MAX_CELL:
        plan.problem(
            row,
            column,
            f"the cell holds {len(text):,} characters",
            f"a cell holds at most {_MAX_CELL:,}",
        )
        return
    for pattern, what, hint in (
        (
            CONTROL_CHARACTERS,
            "the control character {}",
            "remove it: names and rules are plain text",
        ),
        (_LONG_NUMBER, "a number of {} digits", f"a number has at most {MAX_DIGITS} digits"),
    ):
        if pattern is _LONG_NUMBER and column in ("age", "id", "name", "type"):
            continue  # names are never read as numbers
        found = pattern.search(text)
        if found is None:
            continue
        shown = printable(found.group()) if pattern is CONTROL_CHARACTERS else len(found.group())
        line = text.count("\n", 0, found.start()) + 1
        at = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
        place = f"line {line}, character {at}" if "\n" in text else f"character {at}"
        plan.problem(row, column, f"{what.format(shown)} at {place} of the cell", hint)


def _differs(old: Any, new: Any) -> bool:
    norm = lambda v: "" if v is None else str(v).rstrip("\n")  # noqa: E731
    return norm(old) != norm(new)


def _fields(
    row: int, cells: dict[str, str], ages: dict[str, str]
) -> tuple[dict[str, Any], list[CellProblem]]:
    problems: list[CellProblem] = []
    fields: dict[str, Any] = {}

    def problem(column: str, message: str, hint: str | None = None) -> None:
        problems.append(CellProblem(row, column, message, hint))

    age = cells.get("age", "").strip()
    if age not in ages:
        problem("age", f'unknown age "{age}"', f"the ages are: {', '.join(ages)}")
    name = cells.get("name", "").strip()
    if not name:
        problem("name", "the card has no name")
    fields["name"] = name
    fields["id"] = cells.get("id", "").strip() or slug(name)
    if "type" in cells:
        fields["type"] = cells["type"].strip()
    for column in ("copies", PRICE):
        if column not in cells:
            continue
        text = cells[column].strip()
        if not text:
            fields[column] = None
        elif re.fullmatch(r"\d+", text):
            fields[column] = int(text)
        else:
            problem(
                column,
                f'"{text}" is not a whole number',
                "leave it empty for none" if column == PRICE else "write 1 to 20",
            )
    for column, start in (
        ("cost", "cost"),
        (BONUS, "cost"),
        ("points", "number"),
        ("rules", "rules"),
    ):
        if column not in cells:
            continue
        text = cells[column].replace("\r\n", "\n").strip("\n")
        if column == "points" and re.fullmatch(r"-?\d+", text.strip()):
            fields[column] = int(text)
            continue
        if text.strip():
            _, error = try_parse(text, start)
            if error is not None:
                at = f"line {error.line}, " if error.line and "\n" in text else ""
                problem(column, f"{at}{error.message}", error.hint)
        elif column in ("cost", "points"):
            problem(
                column,
                f"the card has no {column}",
                "write 0 for none"
                if column == "points"
                else "write what a player pays: amounts of the game's resources",
            )
        fields[column] = text
    return fields, problems


def place_diagnostics(
    plan: ImportPlan, diagnostics: list[Diagnostic], displays: dict[str, str]
) -> tuple[list[CellProblem], list[Diagnostic]]:
    """The pack's diagnostics after an import, placed at the row and column of the imported
    file they come from; those on no imported row are returned as they are.

    `displays` maps the name a diagnostic gives a file to the file's name in the pack."""
    from .card_edit import card_diagnostics

    placed: list[CellProblem] = []
    used: set[Diagnostic] = set()
    by_file = {displays.get(d.file or "", d.file or ""): d.file for d in diagnostics}
    for (file, ident), row in plan.rows.items():
        text = plan.texts.get(file)
        if text is None or file not in by_file:
            continue
        for p in card_diagnostics(text, by_file[file] or file, ident, diagnostics):
            used.add(p.diagnostic)
            line = (
                f" (line {p.rules_line}, column {p.rules_column} of the cell)"
                if p.rules_line
                else ""
            )
            placed.append(plan.at(row, p.field, p.diagnostic.message + line, p.diagnostic.hint))
    return sorted(placed, key=lambda c: c.row), [d for d in diagnostics if d not in used]
