"""Conditions that can never hold, or always hold, where that is decidable from the text.

"at least 10 gold and fewer than 5 gold" (bounds on the same amount that leave no number),
"at least 0 gold" (always), "fewer than 0 cards" (never). Each is a located warning ("you own
3 of "A", "B"" is checked against the copies in `checks.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import ast
from .diagnostics import Diagnostic
from .pack import Source
from .printer import value as value_text

# The numbers a comparison leaves possible, as [low, high] (high None: no upper bound).
Bounds = tuple[int, int | None]


def _bounds(comparator: str | None, n: int) -> Bounds:
    if comparator in (None, "at least"):
        return n, None
    if comparator == "at most":
        return 0, n
    if comparator == "more than":
        return n + 1, None
    if comparator in ("fewer than", "less than"):
        return 0, n - 1
    return n, n                                 # exactly


def _amount(node: ast.Has) -> tuple[str, int] | None:
    """(what is counted, the number) of "you have at least 10 gold"."""
    value = node.value
    if not isinstance(value, ast.NounPhrase) or value.count is None or value.tails or \
            value.determiner is not None:
        return None
    subject = value_text(node.subject) if not isinstance(node.subject, ast.Pronoun) \
        else node.subject.word
    heads = " ".join(" ".join(h) for h in value.heads if isinstance(h, tuple))
    return f"{subject}:{heads}", value.count


def condition_warnings(tree: Any, src: Source) -> Iterator[Diagnostic]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Has):
            found = _amount(node)
            if found is not None:
                low, high = _bounds(node.comparator, found[1])
                if high is not None and high < low:
                    yield src.locate(node.span, "warning", "never-holds",
                                     "this condition can never hold: no number is "
                                     f"{node.comparator} {found[1]}", "check the number")
                elif low <= 0 and high is None:
                    yield src.locate(node.span, "warning", "always-holds",
                                     "this condition always holds: every amount is at least 0",
                                     "drop it or raise the number")
        elif isinstance(node, ast.And):
            yield from _contradiction(node, src)


def _contradiction(node: ast.And, src: Source) -> Iterator[Diagnostic]:
    ranges: dict[str, Bounds] = {}
    for item in node.items:
        if not isinstance(item, ast.Has):
            continue
        found = _amount(item)
        if found is None:
            continue
        low, high = _bounds(item.comparator, found[1])
        old_low, old_high = ranges.get(found[0], (0, None))
        low = max(low, old_low)
        high = high if old_high is None else old_high if high is None else min(high, old_high)
        ranges[found[0]] = (low, high)
        if high is not None and high < low:
            yield src.locate(node.span, "warning", "never-holds",
                             "this condition can never hold: its bounds on the same amount "
                             "leave no number", "one of the bounds is probably wrong")
            return
