"""Text hygiene of a pack: no name, rule or description may hold control characters.

A card name is printed by every tool (tables, logs, the play screen, reports); a terminal
escape sequence hidden in one (ESC [2J clears the screen, ESC ] 0; retitles the window) or a
bidirectional override (U+202E) would act on the terminal or make a text read other than it
is. So `validate` refuses them where they are written; line breaks and tabs are text.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .diagnostics import CONTROL_CHARACTERS, Diagnostic, printable
from .yaml_source import YamlDocument


def control_characters(documents: dict[str, YamlDocument]) -> list[Diagnostic]:
    """An error for every key or text of the pack's files that holds a control character."""
    out: list[Diagnostic] = []
    for doc in documents.values():
        for path, text, is_key in _texts(doc.data, ()):
            found = CONTROL_CHARACTERS.search(text)
            if found is None:
                continue
            shown = printable(found.group())
            where = "name" if is_key else "text"
            out.append(
                doc.diagnostic(
                    path,
                    f"this {where} holds the control character {shown} "
                    f"(at character {found.start() + 1})",
                    code="control-character",
                    hint="remove it: names and rules are plain text (a terminal would obey it)",
                    key=is_key,
                )
            )
    return out


def _texts(
    value: Any, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], str, bool]]:
    if isinstance(value, str):
        yield path, value, False
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                yield (*path, key), key, True
            yield from _texts(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _texts(item, (*path, i))
