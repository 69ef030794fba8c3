"""The interpreter's errors: each a specific subclass whose message says what and where."""

from __future__ import annotations

from typing import Any

from rules_dsl.errors import AgesmithError


class RuleError(AgesmithError):
    """A rule the interpreter cannot run; carries the node for its place, and `hint`, when
    there is a form to write instead."""

    def __init__(self, message: str, node: Any = None, hint: str | None = None) -> None:
        super().__init__(message)
        self.node = node
        self.hint = hint


class UnknownName(RuleError):
    """A rule that names something the pack does not declare (a zone): not a mechanic the
    interpreter lacks, a word to correct; `hint` says what the pack declares."""


def cannot(node: Any, why: str, hint: str | None = None) -> RuleError:
    """A phrase the interpreter cannot honour exactly: an error at the phrase's place, never
    a rule silently dropped or approximated."""
    from rules_dsl import ast, printer

    try:
        if isinstance(node, ast.Act):
            text = printer.act(node)
        elif isinstance(
            node,
            (
                ast.Free,
                ast.Discardable,
                ast.CostChange,
                ast.ActionCostChange,
                ast.MoneyPrice,
                ast.Strength,
                ast.Symbols,
                ast.Cancels,
                ast.Keyword,
            ),
        ):
            text = printer.ability(node)
        elif isinstance(node, (ast.NounPhrase, ast.Pronoun)):
            text = printer.phrase(node)
        elif isinstance(
            node,
            (
                ast.Located,
                ast.Of,
                ast.OfValue,
                ast.OfChoice,
                ast.Superlative,
                ast.WhoOwns,
                ast.WhoHas,
                ast.WhoDid,
                ast.InTurnOrder,
                ast.Preferring,
            ),
        ):
            text = printer._tail(node).lstrip(" ,")
        else:
            text = printer.print_any(node) if node is not None else ""
    except (TypeError, AttributeError, KeyError):
        text = ""
    what = f'"{text}"' if text else "this rule"
    return RuleError(f"the interpreter cannot play {what} yet: {why}", node, hint)


class IllegalActionError(AgesmithError, ValueError):
    """An action that is not among the legal ones; the state is unchanged."""


class PackError(AgesmithError):
    """A pack that does not load or holds a rule the interpreter cannot run."""


class RuleLoopError(AgesmithError, RuntimeError):
    """A rule that ran past the step budget without asking anyone anything."""
