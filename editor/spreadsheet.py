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

from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import slug
from rules_dsl.parser import try_parse

from . import yaml_edit

COLUMNS = ("age", "id", "name", "type", "copies", "cost", "gold", "points", "bonus", "rules")
REQUIRED = ("age", "name")


def export_csv(texts: dict[str, str], ages: dict[str, str]) -> str:
    """The CSV of every card; `ages` maps an age id to its card file name."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for age, file in ages.items():
        for fields in yaml_edit.all_card_fields(texts[file]).values():
            writer.writerow([age] + ["" if fields.get(c) is None else fields[c]
                                     for c in COLUMNS[1:]])
    return out.getvalue()


@dataclass(frozen=True)
class CellProblem:
    """A problem of the imported file at a row (1 = the header) and a column."""

    row: int
    column: str | None
    message: str
    hint: str | None = None

    def render(self) -> str:
        where = f"row {self.row}"
        if self.column is not None:
            where += f", column {self.column}"
            if self.column in COLUMNS:
                letter = chr(ord("A") + COLUMNS.index(self.column))
                where += f" ({letter})"
        return f"cards.csv:{where}: {self.message}" + (f"\nhint: {self.hint}" if self.hint
                                                       else "")


@dataclass
class ImportPlan:
    """What an imported file would change: new texts by file, and every problem found."""

    texts: dict[str, str] = field(default_factory=dict)
    problems: list[CellProblem] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    rows: dict[tuple[str, str], int] = field(default_factory=dict)   # (file, id) -> row


def plan_import(data: str | bytes, texts: dict[str, str], ages: dict[str, str]) -> ImportPlan:
    """Read a CSV of cards and work out the new YAML texts, or every problem of the file."""
    plan = ImportPlan()
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            plan.problems.append(CellProblem(1, None, f"the file is not UTF-8 text (byte "
                                             f"{e.start})", "save it as CSV UTF-8"))
            return plan
    rows = list(csv.reader(io.StringIO(data)))
    if not rows:
        plan.problems.append(CellProblem(1, None, "the file is empty",
                                         "export the cards first to get the columns"))
        return plan
    header = [h.strip().lower() for h in rows[0]]
    for name in REQUIRED:
        if name not in header:
            plan.problems.append(CellProblem(1, None, f'no column "{name}"',
                                             f"the columns are: {', '.join(COLUMNS)}"))
    for name in header:
        if name not in COLUMNS:
            plan.problems.append(CellProblem(1, name, f'unknown column "{name}"',
                                             f"the columns are: {', '.join(COLUMNS)}"))
    if plan.problems:
        return plan
    new_texts = dict(texts)
    known = {file: yaml_edit.all_card_fields(texts[file]) for file in set(ages.values())}
    seen: set[tuple[str, str]] = set()
    for number, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            plan.problems.append(CellProblem(number, None, f"{len(row)} cells where the header "
                                             f"has {len(header)}",
                                             "a text with a comma must be in double quotes"))
            continue
        cells = dict(zip(header, row, strict=True))
        fields, problems = _fields(number, cells, ages)
        plan.problems += problems
        if problems:
            continue
        age, ident = cells["age"].strip(), str(fields["id"])
        if (age, ident) in seen:
            plan.problems.append(CellProblem(number, "id", f'the card "{ident}" is twice in '
                                             "the file", "give one of them its own id"))
            continue
        seen.add((age, ident))
        file = ages[age]
        plan.rows[(file, ident)] = number
        current = known[file].get(ident)
        try:
            if current is None:
                new_texts[file] = yaml_edit.add_card(new_texts[file], fields)
                plan.added.append(ident)
            elif any(_differs(current.get(k), fields[k]) for k in fields if k in cells):
                new_texts[file] = yaml_edit.set_card(
                    new_texts[file], ident, {k: v for k, v in fields.items() if k in cells})
                plan.changed.append(ident)
        except yaml_edit.EditError as e:
            plan.problems.append(CellProblem(number, None, str(e)))
    plan.texts = {f: t for f, t in new_texts.items() if t != texts.get(f)}
    return plan


def _differs(old: Any, new: Any) -> bool:
    norm = lambda v: "" if v is None else str(v).rstrip("\n")  # noqa: E731
    return norm(old) != norm(new)


def _fields(row: int, cells: dict[str, str], ages: dict[str, str]
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
    for column in ("copies", "gold"):
        if column not in cells:
            continue
        text = cells[column].strip()
        if not text:
            fields[column] = None
        elif re.fullmatch(r"\d+", text):
            fields[column] = int(text)
        else:
            problem(column, f'"{text}" is not a whole number',
                    "leave it empty for none" if column == "gold" else "write 1 to 20")
    for column, start in (("cost", "cost"), ("bonus", "cost"), ("points", "number"),
                          ("rules", "rules")):
        if column not in cells:
            continue
        text = cells[column].replace("\r\n", "\n").strip("\n")
        if column == "points" and re.fullmatch(r"-?\d+", text.strip()):
            fields[column] = int(text)
            continue
        if text.strip():
            _, error = try_parse(text, start)  # type: ignore[arg-type]
            if error is not None:
                at = f"line {error.line}, " if error.line and "\n" in text else ""
                problem(column, f"{at}{error.message}", error.hint)
        elif column in ("cost", "points"):
            problem(column, f"the card has no {column}", "write 0 for none" if column ==
                    "points" else "write what a player pays, e.g. 3 population")
        fields[column] = text
    return fields, problems


def place_diagnostics(plan: ImportPlan, diagnostics: list[Diagnostic],
                      displays: dict[str, str]) -> tuple[list[CellProblem], list[Diagnostic]]:
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
            line = (f" (line {p.rules_line}, column {p.rules_column} of the cell)"
                    if p.rules_line else "")
            placed.append(CellProblem(row, p.field, p.diagnostic.message + line,
                                      p.diagnostic.hint))
    return sorted(placed, key=lambda c: c.row), [d for d in diagnostics if d not in used]
