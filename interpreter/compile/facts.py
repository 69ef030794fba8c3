"""What the facts of play and the pack's lookup tables mean as numbers (rules_dsl/facts.py,
rules_dsl/tables.py say how they are written).

    the round                              the round of the age being played, 1 for the first
    the age                                the age being played, 1 for the first
    the number of players                  how many play
    the banner points of your red banners  the table "banner points" looked up with a number
    the population cost                    a table looked up with its own `by:` number

`meaning` asks here first for a phrase "the <words>" and "the <words> of <number>", so a
declared table or a fact is never read as a card count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.diagnostics import did_you_mean
from rules_dsl.tables import TableSpec, find_table

from ..core.errors import UnknownName, cannot
from .meaning import Num, compile_value, said, says

if TYPE_CHECKING:
    from .meaning import Ctx, Lexicon

# The tables whose `by:` number is being compiled: a table looked up with itself never ends.
_READING: list[str] = []


def _round(ctx: Ctx) -> int:
    return ctx.state.round


def _age(ctx: Ctx) -> int:
    return ctx.state.age + 1


def _players(ctx: Ctx) -> int:
    return len(ctx.state.players)


_FACT_NUMBERS = {"round": _round, "age": _age}


def fact_or_table(np: ast.NounPhrase, lex: Lexicon) -> Num | None:
    """ "the round", "the age", "the <table>" (a table with `by:`), or None for another phrase.
    A phrase close to a table's name is an error naming it (did you mean)."""
    if (
        np.determiner != "the"
        or np.tails
        or np.count is not None
        or np.possessive
        or len(np.heads) != 1
        or not isinstance(np.heads[0], tuple)
    ):
        return None
    words = np.heads[0]
    text = " ".join(words)
    if text in _FACT_NUMBERS:
        return said(_FACT_NUMBERS[text], f"the {text}")
    table = find_table(lex.tables, words)
    if table is not None:
        if table.by is None:
            raise cannot(
                np,
                f'the table "{table.name}" is looked up with a number: '
                f'"the {table.name} of <number>" (or give the table a "by:" number)',
            )
        return _by_table(np, table, lex)
    near = did_you_mean(text, [t.name for t in lex.tables])
    if near is not None:
        raise UnknownName(f'"the {text}" is not a table of the game', np, near)
    return None


def _by_table(np: Any, table: TableSpec, lex: Lexicon) -> Num:
    """A table looked up with its own `by:` number."""
    tree = dict(lex.table_numbers).get(table.name)
    if tree is None:
        raise cannot(np, f'the table "{table.name}" has no "by:" number the rules can read')
    if table.name in _READING:
        raise cannot(np, f'the table "{table.name}" is looked up with itself')
    _READING.append(table.name)
    try:
        number = compile_value(tree, lex)
    finally:
        _READING.pop()
    return _lookup(table, number)


def _lookup(table: TableSpec, number: Num) -> Num:
    lookup = table.lookup
    return said(lambda ctx: lookup(number(ctx)), f"the {table.name} for {says(number)}")


def measure_of(words: tuple[str, ...], of: Any, lex: Lexicon) -> Num | None:
    """ "the <table> of <number>" and "the number of players", or None for another measure."""
    table = find_table(lex.tables, words)
    if table is not None:
        return _lookup(table, compile_value(of, lex))
    if (
        words == ("number",)
        and isinstance(of, ast.NounPhrase)
        and of.heads == (("players",),)
        and of.determiner is None
        and of.possessive is None
        and of.count is None
        and not of.tails
    ):
        return said(_players, "the number of players")
    return None


def unknown_measure(words: tuple[str, ...], node: Any, lex: Lexicon) -> UnknownName | None:
    """The error of "the <words> of ..." close to a table's name: did you mean it?"""
    near = did_you_mean(" ".join(words), [t.name for t in lex.tables])
    if near is None:
        return None
    return UnknownName(f'"the {" ".join(words)} of ..." is not a table of the game', node, near)


__all__ = ["fact_or_table", "measure_of", "unknown_measure"]
