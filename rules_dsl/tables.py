"""The lookup tables a game file declares: numbers the rules read by looking another number up.

`tables:` maps a table's name to its rows. A row is a whole number, or "N or more", giving a
value; an optional `by:` is the number, in the rules language, the table is looked up with:

    tables:
      banner points: {1: 2, 2: 4, 3: 7, 4: 11, 5: 16, 6 or more: 22}          # TAW-G2
      population cost: {by: your yellow tokens, 17 or more: 2, 13 or more: 3, 9 or more: 4}

The rules read a table applied to a number, "the banner points of your red banners", or, with
`by:`, the table alone, "the population cost". A number looks up its own row; without one, the
highest "or more" row not above it; without that, the table gives 0 (no banner, no points).
A number has one row: an "or more" row that would also count a number written as a row of its
own is an error, so the table reads one way.

The interpreter reads these (`interpreter.compile.meaning`); the checks here are located errors
for what the schema cannot say (a row that is no number, two rows for one number, a table
named like a word the rules already read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic
from .facts import fact_clash
from .vocabulary import singular

if TYPE_CHECKING:
    from .pack import Pack

BY = "by"  # the key of a table's number
OR_MORE = re.compile(r"(\d+)\s+or\s+more")
# How designers write "or more" first ("6+", "6 or above"): the row form to write instead.
NEAR_OR_MORE = re.compile(r"(\d+)\s*(\+|or\s+(?:above|over|higher|greater)|and\s+(?:more|up))")


@dataclass(frozen=True)
class Row:
    """One row: `key` (or, with `or_more`, every number from `key` up) gives `value`."""

    key: int
    or_more: bool
    value: int
    written: str  # the key as written in the file

    @property
    def text(self) -> str:
        return f"{self.key} or more" if self.or_more else str(self.key)


@dataclass(frozen=True)
class TableSpec:
    """One declared table, its well-formed rows in the order written."""

    name: str
    rows: tuple[Row, ...]
    by: str | None = None  # the `by:` text, if the table says what it is looked up with

    def lookup(self, number: int) -> int:
        """The value for `number`: its own row, else the highest "or more" row below it, else 0."""
        best: Row | None = None
        for row in self.rows:
            if row.key == number and not row.or_more:
                return row.value
            if row.or_more and row.key <= number and (best is None or row.key > best.key):
                best = row
        return best.value if best is not None else 0

    def says(self) -> str:
        """The rows in words, for the read-back: "1: 2, 2: 4, 6 or more: 22, else 0"."""
        return ", ".join(f"{r.text}: {r.value}" for r in self.rows) + ", else 0"


def row_key(key: Any) -> tuple[int, bool] | None:
    """A row's key as (number, or more), or None when it is neither a number nor "N or more"."""
    if isinstance(key, int) and not isinstance(key, bool):
        return (key, False) if key >= 0 else None
    text = str(key).strip()
    if text.isdigit():
        return int(text), False
    match = OR_MORE.fullmatch(text)
    return (int(match.group(1)), True) if match else None


def declared_tables(game: dict[str, Any]) -> tuple[TableSpec, ...]:
    """Every table of the game file, with the rows that are well formed (`check_tables` reports
    the others)."""
    tables = game.get("tables")
    out = []
    for name, spec in (tables if isinstance(tables, dict) else {}).items():
        if not isinstance(spec, dict):
            continue
        rows = []
        for key, value in spec.items():
            found = row_key(key) if key != BY else None
            if found is not None and isinstance(value, int) and not isinstance(value, bool):
                rows.append(Row(found[0], found[1], value, str(key)))
        by = spec.get(BY)
        out.append(TableSpec(str(name), tuple(rows), by if isinstance(by, str) else None))
    return tuple(out)


def find_table(tables: tuple[TableSpec, ...], words: tuple[str, ...]) -> TableSpec | None:
    """The table a phrase's words name ("banner points"), its last word singular or plural."""
    wanted = _plain(" ".join(words))
    return next((t for t in tables if _plain(t.name) == wanted), None)


def _plain(name: str) -> str:
    *first, last = name.split() or [""]
    return " ".join([*first, singular(last)])


def check_tables(pack: Pack) -> list[Diagnostic]:
    """Every problem of `tables:` the schema cannot see, each at its key or value."""
    tables = pack.game.get("tables")
    out: list[Diagnostic] = []
    for name, spec in (tables if isinstance(tables, dict) else {}).items():
        if not isinstance(spec, dict):
            continue  # the schema reports it
        clash = fact_clash(str(name), "tables")
        if clash is not None:
            doc, path = pack.place("tables", str(name))
            out.append(doc.diagnostic(path, clash[0], code="table", key=True, hint=clash[1]))
        out += _rows(pack, str(name), spec)
    out += _looked_up_with_itself(pack)
    return out


def _looked_up_with_itself(pack: Pack) -> list[Diagnostic]:
    """A table whose `by:` number reads itself, at once or through other tables: it would never
    be worked out."""
    from . import ast

    tables = declared_tables(pack.game)
    reads: dict[str, set[str]] = {}
    for name, tree in pack.table_numbers.items():
        reads[name] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.NounPhrase) and node.heads and isinstance(node.heads[0], tuple):
                found = find_table(tables, node.heads[0])
                if found is not None:
                    reads[name].add(found.name)
    out = []
    for name in reads:
        seen, todo = set(), list(reads[name])
        while todo:
            other = todo.pop()
            if other not in seen:
                seen.add(other)
                todo += reads.get(other, ())
        if name in seen:
            doc, path = pack.place("tables", name, BY)
            out.append(
                doc.diagnostic(
                    path,
                    f'the table "{name}" is looked up with a number that reads "{name}" itself',
                    code="table",
                    hint="look it up with a number the game keeps: a counter, cards, a fact",
                )
            )
    return out


def _rows(pack: Pack, name: str, spec: dict[Any, Any]) -> list[Diagnostic]:
    out: list[Diagnostic] = []

    def error(key: Any, message: str, hint: str, on_key: bool = True) -> None:
        doc, path = pack.place("tables", name, str(key))
        out.append(doc.diagnostic(path, message, code="table", key=on_key, hint=hint))

    rows: list[Row] = []
    for key, value in spec.items():
        if key == BY:
            continue
        found = row_key(key)
        if found is None:
            near = NEAR_OR_MORE.fullmatch(str(key).strip())
            error(
                key,
                f'"{key}" is not a row of the table "{name}": a row is a number or "N or more"',
                f'write "{near.group(1)} or more"'
                if near
                else f'e.g. {{1: 2, 6 or more: 22}}; "{BY}:" says what the table is looked up with',
            )
        elif isinstance(value, int) and not isinstance(value, bool):
            rows.append(Row(found[0], found[1], value, str(key)))
        # a value that is not a whole number: the schema reports it, at the value
    for row in rows:
        twin = next((r for r in rows if r is not row and r.key == row.key), None)
        if twin is not None and twin.or_more == row.or_more and rows.index(twin) < rows.index(row):
            error(row.written, f'the row "{row.text}" of "{name}" is written twice', "keep one")
            continue
        cover = max(
            (r for r in rows if r.or_more and r.key <= row.key and r is not row),
            key=lambda r: r.key,
            default=None,
        )
        if cover is not None and not row.or_more:
            error(
                row.written,
                f'{row.key} has two rows in "{name}": "{row.text}" and "{cover.text}"',
                f'a number has one row: drop one, or start the "or more" row above {row.key} '
                f'("{row.key + 1} or more") if {row.key} is its own row',
            )
    if not rows and not out:
        doc, path = pack.place("tables", name)
        out.append(
            doc.diagnostic(
                path,
                f'the table "{name}" has no rows',
                code="table",
                key=True,
                hint='give it rows, a number or "N or more" -> a value: {1: 2, 6 or more: 22}',
            )
        )
    return out
