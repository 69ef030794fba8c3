"""Where a value of a pack was written (a document and a path inside it), and how a
diagnostic about a rule text is placed at its file, line and column."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from . import ast
from .diagnostics import Diagnostic
from .yaml_source import YamlDocument


@dataclass(frozen=True)
class Source:
    """Where a value of the pack was written: its document and the path inside it."""

    doc: YamlDocument
    path: tuple[str | int, ...]

    @property
    def file(self) -> str:
        return self.doc.source.path

    def text(self) -> str:
        """The text written at this source ("" when it is not a string)."""
        value: Any = self.doc.data
        for key in self.path:
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                return ""
        return value if isinstance(value, str) else ""

    def word_span(self, span: ast.Span | None, word: str) -> ast.Span | None:
        """The span of `word` inside `span` of this source's text, or `span` itself."""
        if span is None or span.line != span.end_line:
            return span
        lines = self.text().split("\n")
        if not 0 < span.line <= len(lines):
            return span
        found = lines[span.line - 1].find(word, span.column - 1, span.end_column - 1)
        if found < 0:
            return span
        return ast.Span(span.line, found + 1, span.line, found + 1 + len(word))

    def locate(
        self,
        span: ast.Span | None,
        severity: Literal["error", "warning"],
        code: str,
        message: str,
        hint: str | None = None,
    ) -> Diagnostic:
        """A diagnostic at `span` of the rule text found at this source."""
        if span is None:
            return self.doc.diagnostic(self.path, message, code=code, severity=severity, hint=hint)
        line, column = self.doc.text_position(self.path, span.line, span.column)
        end = None
        if span.end_line == span.line:
            end_line, end_column = self.doc.text_position(self.path, span.line, span.end_column)
            end = end_column if end_line == line else None
        return Diagnostic(
            severity,
            code,
            message,
            self.file,
            line,
            column,
            end,
            hint,
            self.doc.source.line_text(line),
        )
