"""Conditions that can never hold, or always hold, where that is decidable from the text.

"at least 10 gold and fewer than 5 gold" (bounds on the same amount that leave no number),
"at most 6 gold or more than 4 gold" (sides on the same amount that leave out no number: always),
"at least 0 gold" (always), "fewer than 0 cards" (never). Each is a located warning ("you own
3 of "A", "B"" is checked against the copies in `checks.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import ast
from .diagnostics import Diagnostic
from .printer import value as value_text
from .source import Source

ALWAYS_HOLDS = "always-holds"  # the code of the warning, which a scenario turns into an error
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
    return n, n  # exactly


def _amount(node: ast.Has) -> tuple[str, int] | None:
    """(what is counted, the number) of "you have at least 10 gold"."""
    value = node.value
    if (
        not isinstance(value, ast.NounPhrase)
        or value.count is None
        or value.tails
        or value.determiner is not None
    ):
        return None
    subject = (
        value_text(node.subject) if not isinstance(node.subject, ast.Pronoun) else node.subject.word
    )
    heads = " ".join(" ".join(h) for h in value.heads if isinstance(h, tuple))
    return f"{subject}:{heads}", value.count


def condition_warnings(tree: Any, src: Source) -> Iterator[Diagnostic]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Has):
            found = _amount(node)
            if found is not None:
                low, high = _bounds(node.comparator, found[1])
                if high is not None and high < low:
                    yield src.locate(
                        node.span,
                        "warning",
                        "never-holds",
                        f"this condition can never hold: no number is {node.comparator} {found[1]}",
                        "check the number",
                    )
                elif low <= 0 and high is None:
                    yield src.locate(
                        node.span,
                        "warning",
                        ALWAYS_HOLDS,
                        "this condition always holds: every amount is at least 0",
                        "drop it or raise the number",
                    )
        elif (
            isinstance(node, ast.Compare)
            and isinstance(node.value, ast.Int)
            and node.comparator != "exactly"
            and not isinstance(node.subject, ast.Arith)  # a difference may be below 0
        ):
            low, high = _bounds(node.comparator, node.value.value)
            if high is not None and high < low:
                yield src.locate(
                    node.span,
                    "warning",
                    "never-holds",
                    "this condition can never hold: no amount is "
                    f"{node.comparator} {node.value.value}",
                    "check the number",
                )
            elif low <= 0 and high is None:
                yield src.locate(
                    node.span,
                    "warning",
                    ALWAYS_HOLDS,
                    "this condition always holds: every amount is at least 0",
                    "drop it or raise the number",
                )
        elif isinstance(node, ast.Owns) and any(
            isinstance(o, ast.NounPhrase) and o.count == 0 for o in node.options
        ):
            yield src.locate(
                node.span,
                "warning",
                ALWAYS_HOLDS,
                "owning 0 of something always holds",
                'say "owns no ..."',
            )
        elif isinstance(node, ast.And):
            yield from _contradiction(node, src)
        elif isinstance(node, ast.Or):
            yield from _tautology(node, src)


def _compared(node: Any) -> tuple[str, Bounds] | None:
    """(what is counted, the numbers it may be) of "you have at most 6 gold" or "your gold is
    more than 4"; None for anything else."""
    if isinstance(node, ast.Has):
        found = _amount(node)
        return None if found is None else (found[0], _bounds(node.comparator, found[1]))
    if isinstance(node, ast.Compare) and isinstance(node.value, ast.Int):
        key = f"{value_text(node.subject)}:"
        return key, _bounds(node.comparator, node.value.value)
    return None


def _covers_every_number(ranges: list[Bounds]) -> bool:
    """Whether the ranges together hold 0, 1, 2, ... without a gap."""
    reach = -1
    for low, high in sorted(ranges, key=lambda r: r[0]):
        if low > reach + 1:
            return False
        if high is None:
            return True
        reach = max(reach, high)
    return False


def _tautology(node: ast.Or, src: Source) -> Iterator[Diagnostic]:
    """ "you have at most 6 gold or you have more than 4 gold": every amount meets one side."""
    ranges: dict[str, list[Bounds]] = {}
    for item in node.items:
        found = _compared(item)
        if found is not None:
            ranges.setdefault(found[0], []).append(found[1])
    if any(len(r) > 1 and _covers_every_number(r) for r in ranges.values()):
        yield src.locate(
            node.span,
            "warning",
            ALWAYS_HOLDS,
            "this condition always holds: every amount meets one of its sides",
            "one of the bounds is probably wrong",
        )


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
            yield src.locate(
                node.span,
                "warning",
                "never-holds",
                "this condition can never hold: its bounds on the same amount leave no number",
                "one of the bounds is probably wrong",
            )
            return
