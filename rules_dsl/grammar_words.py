"""Words the checks need from the grammar, read from `grammar.lark`'s text without Lark.

The verbs and the kinds of a strength ability are listed once, in the grammar. The checks of
a pack (printed numbers, the printer's read-back of a verb) need them, and a pack whose rule
texts are all in the parse cache needs no parser at all: reading the words from the grammar's
text spares `validate` importing Lark and loading the compiled grammar (~50-70 ms). A test
compares these lists with Lark's own reading of the grammar.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

GRAMMAR = Path(__file__).resolve().parent / "grammar.lark"


@cache
def _alternatives(rule: str) -> tuple[str, ...]:
    """The words of a grammar rule that is a list of quoted words (`!verb: "gain" | ...`),
    in the grammar's order."""
    text = GRAMMAR.read_text(encoding="utf-8")
    # The rule's first line, and the lines indented under it that continue it.
    found = re.search(rf"^!{rule}:(.*\n(?:[ \t]+\|.*\n)*)", text, re.MULTILINE)
    if found is None:
        raise ValueError(f"grammar.lark has no rule {rule!r}")
    body = re.sub(r"//[^\n]*", "", found.group(1))
    words = re.findall(r'"([^"\\]*)"', body)
    if [w.strip() for w in body.replace("\n", " ").split("|")] != [f'"{w}"' for w in words]:
        raise ValueError(f"grammar.lark's rule {rule!r} is not a list of quoted words")
    return tuple(words)


@cache
def verbs() -> list[str]:
    """The verbs of the grammar, every form written: "gain", "gains", "pass", "passes"..."""
    return sorted(set(_alternatives("verb")))


@cache
def strength_kinds() -> tuple[str, ...]:
    """The kinds of a strength ability ("defence +5"), as the grammar lists them."""
    return _alternatives("strength_kind")
