"""What the facts of play and the pack's lookup tables mean as numbers (rules_dsl/facts.py,
rules_dsl/tables.py say how they are written).

    the round                              the round of the age being played, 1 for the first
    the age                                the age being played, 1 for the first
    the number of players                  how many play
    the last round                         the round that ends the age, when `age_end` is a
                                           condition on these facts alone
    the banner points of your red banners  the table "banner points" looked up with a number
    the population cost                    a table looked up with its own `by:` number

`meaning` asks here first for a phrase "the <words>" and "the <words> of <number>", so a
declared table or a fact is never read as a card count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.bounds import ROUND_LIMIT
from rules_dsl.diagnostics import did_you_mean
from rules_dsl.tables import TableSpec, find_table

from ..core.errors import UnknownName, cannot
from .meaning import Cond, Num, compile_condition, compile_value, said, says

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
    if words == ("last", "round"):
        return _last_round(np, lex)
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
    if near is not None and lex.counter(words) is None and text not in lex.resources:
        raise UnknownName(f'"the {text}" is not a table of the game', np, near)
    return None


def is_fact_phrase(node: Any) -> bool:
    """ "the round", "the age" or "the number of players" (not "the last round")."""
    if not isinstance(node, ast.NounPhrase) or node.determiner != "the" or node.count is not None:
        return False
    if node.possessive or len(node.heads) != 1:
        return False
    if node.heads[0] in (("round",), ("age",)):
        return not node.tails
    return (
        node.heads[0] == ("number",)
        and len(node.tails) == 1
        and isinstance(node.tails[0], ast.Of)
        and isinstance(node.tails[0].of, ast.NounPhrase)
        and node.tails[0].of.heads == (("players",),)
        and node.tails[0].of.determiner is None
        and node.tails[0].of.possessive is None
        and not node.tails[0].of.tails
    )


def reads_only_facts(node: Any) -> bool:
    """Whether a condition compares facts of play and numbers only ("the round is at least 6
    and the number of players is at most 3"): it cannot change within a round."""
    if isinstance(node, (ast.And, ast.Or)):
        return all(reads_only_facts(item) for item in node.items)
    if isinstance(node, ast.Not):
        return reads_only_facts(node.item)
    if isinstance(node, ast.Compare):
        return _fact_number(node.subject) and _fact_number(node.value)
    return False


def _fact_number(node: Any) -> bool:
    if isinstance(node, ast.Int):
        return True
    if isinstance(node, ast.Arith):
        return _fact_number(node.left) and _fact_number(node.right)
    return is_fact_phrase(node)


def _last_round(np: Any, lex: Lexicon) -> Num:
    """The first round in which the pack's `age_end` holds: that round ends the age (an age's
    end on facts alone is tested at each round's end), so it is the last. Known only when
    nothing else may end the age sooner (no `age_ends` events); 0 when no round ends it."""
    if lex.age_end is None or not reads_only_facts(lex.age_end) or lex.age_ends:
        raise cannot(
            np,
            '"the last round" is known when the age ends on the round alone '
            '("age_end: the round is at least 6", and no age_ends)'
            + (f": this game's age also ends on {', '.join(lex.age_ends)}" if lex.age_ends else ""),
        )
    ends = compile_condition(lex.age_end, lex)
    found: dict[tuple[int, int], int] = {}  # by (age, number of players): the facts it reads

    def last(ctx: Ctx) -> int:
        key = (ctx.state.age, len(ctx.state.players))
        if key not in found:
            found[key] = _first_round_ending(ctx, ends)
        return found[key]

    return said(last, "the last round")


def _first_round_ending(ctx: Ctx, ends: Cond) -> int:
    """The first round at whose end `ends` holds, the round of the state put back after."""
    state = ctx.state
    now = state.round
    try:
        for round_ in range(1, ROUND_LIMIT + 1):
            state.round = round_
            if ends(ctx):
                return round_
        return 0
    finally:
        state.round = now


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


__all__ = ["fact_or_table", "measure_of", "reads_only_facts", "unknown_measure"]
