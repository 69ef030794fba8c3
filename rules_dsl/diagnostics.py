"""Diagnostics: every problem found in a pack, with its place and a hint.

A diagnostic is plain data (`Diagnostic`); `render` turns it into the familiar compiler form::

    cards/along_history/prehistory.yaml:12:21: error: unknown card "Homo Erectu"
       12 |       free if you own "Homo Erectu"
          |                       ^^^^^^^^^^^^^
    hint: did you mean "Homo Erectus"?

Checks never raise on bad input: they yield diagnostics and the caller decides.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Diagnostic:
    """One problem, located in a file (1-based line and column) when it has a place."""

    severity: Severity
    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    end_column: int | None = None
    hint: str | None = None
    source_line: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def location(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def render(self) -> str:
        """The diagnostic as text: location, message, the source line with a caret, the hint.
        Control characters of the input are shown escaped, never sent to the terminal."""
        out = [printable(f"{self.location()}: {self.severity}: {self.message}")]
        if self.source_line is not None and self.line is not None:
            text = printable(self.source_line.rstrip("\n").replace("\t", " "), newlines=False)
            gutter = f"{self.line:>5} | "
            col = max(1, self.column or 1)
            width = 1
            if self.end_column is not None and self.end_column > col:
                width = self.end_column - col
            width = max(1, min(width, max(1, len(text) - col + 1)))
            text, col, width = _window(text, col, width)
            out.append(gutter + text)
            out.append(" " * (len(gutter) - 2) + "| " + " " * (col - 1) + "^" * width)
        if self.hint:
            out.append(printable(f"hint: {self.hint}"))
        return "\n".join(out)

    def to_json(self) -> dict[str, object]:
        return asdict(self)

    def at(
        self,
        file: str | None,
        line: int | None,
        column: int | None,
        source_line: str | None = None,
        end_column: int | None = None,
    ) -> Diagnostic:
        """A copy placed at another location (used to map rule text to its file)."""
        return replace(
            self,
            file=file,
            line=line,
            column=column,
            source_line=source_line,
            end_column=end_column,
        )


SHOWN = 100  # the most of a source line a diagnostic shows, around its caret


def _window(text: str, col: int, width: int) -> tuple[str, int, int]:
    """A line longer than SHOWN cut to the part around the caret, "..." where it is cut (a
    4,000-digit number is not shown whole); the column and width of the caret in what is shown.

    >>> _window("x = " + "9" * 300, 5, 300)[0][:12]
    'x = 99999999'
    """
    if len(text) <= SHOWN:
        return text, col, width
    start = max(0, min(col - 1 - 20, len(text) - SHOWN))
    shown = text[start : start + SHOWN]
    head = "..." if start > 0 else ""
    tail = "..." if start + SHOWN < len(text) else ""
    col = col - start + len(head)
    width = max(1, min(width, len(shown) - (col - len(head)) + 1))
    return head + shown + tail, col, width


# Characters that act on a terminal or reorder text: C0 and C1 controls (but line breaks and
# tabs) and the bidirectional marks and overrides.
CONTROL_CHARACTERS = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
_CONTROL_OR_NEWLINE = re.compile(CONTROL_CHARACTERS.pattern[:-1] + r"\n]")


def printable(text: str, newlines: bool = True) -> str:
    """`text` with every control character escaped (\\x1b, \\u202e): a name or a rule read
    from a file can never move the cursor, recolour or rewrite a terminal. Tabs are kept, and
    line breaks unless `newlines` is False.

    >>> printable("Fire\x1b[2J")
    'Fire\\\\x1b[2J'
    """
    pattern = CONTROL_CHARACTERS if newlines else _CONTROL_OR_NEWLINE
    if not pattern.search(text):
        return text
    return pattern.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def terminal_json(data: object, indent: int | None = 2) -> str:
    """`data` as JSON that is safe to print: every control character escaped as \\uXXXX
    (json escapes only those below U+0020), other text left readable."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    return CONTROL_CHARACTERS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def sort_key(d: Diagnostic) -> tuple[int, str, int, int]:
    """Errors first, then by file and position: the most useful problem comes first."""
    return (0 if d.is_error else 1, d.file or "", d.line or 0, d.column or 0)


def sorted_diagnostics(diags: Iterable[Diagnostic]) -> list[Diagnostic]:
    seen: set[Diagnostic] = set()
    unique = []
    for d in diags:
        if d not in seen:
            seen.add(d)
            unique.append(d)
    return sorted(unique, key=sort_key)


def did_you_mean(word: str, candidates: Iterable[str], quote: str = '"') -> str | None:
    """A hint naming the closest candidates to a misspelt word, or None."""
    pool = list(dict.fromkeys(candidates))
    lowered = {c.lower(): c for c in pool}
    matches = difflib.get_close_matches(word.lower(), list(lowered), n=3, cutoff=0.6)
    if not matches:
        return None
    names = [f"{quote}{lowered[m]}{quote}" for m in matches]
    if len(names) == 1:
        return f"did you mean {names[0]}?"
    return f"did you mean {', '.join(names[:-1])} or {names[-1]}?"


def summary(diags: Iterable[Diagnostic]) -> str:
    diags = list(diags)
    errors = sum(d.is_error for d in diags)
    warnings = len(diags) - errors

    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    return f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
