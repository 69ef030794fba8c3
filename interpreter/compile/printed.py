"""Numbers printed on cards, named by the pack (`card numbers:`, rules_dsl/printed_numbers.py):

    its build cost                        the number of "it"
    the science cost of this card         the sum over the cards a phrase names
    the level of your government cards
    the stage cost of it at 2             one number of a list, by position (1 for the first)
    the stage costs of it                 a list alone: its sum
    the number of stage costs of it       how many numbers the list holds

This module says which phrase names which number and how it is read off a card; `meaning`
(which imports it: this one imports no compiler) resolves the cards with `meaning.the_cards`
and attaches the words, as for the symbols on cards (`card_numbers.py`). A number a card does
not give reads 0, a list it does not give is empty, and a position beyond a list reads 0. A
face-down card still shows its printed numbers: they are what it costs, not what it gives.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.diagnostics import did_you_mean
from rules_dsl.printed_numbers import NumberSpec, find_number
from rules_dsl.tables import find_table

from ..core.errors import UnknownName, cannot

if TYPE_CHECKING:
    from .catalog import CardInfo
    from .meaning import Lexicon

SUM, COUNT = "sum", "count"  # how a phrase reads a number: its value (a list's sum), its length
# "the <words> of ..." that mean something else (meaning._measure): never a misspelt number
_MEASURES = frozenset({("number",), ("point",), ("points",), ("value",), ("space",)})


@dataclass(frozen=True)
class Printed:
    """A printed number a phrase reads: which, off which cards (a phrase `meaning.the_cards`
    resolves), and how (its value or, for a list, how many numbers it holds)."""

    spec: NumberSpec
    cards: Any
    how: str = SUM


def printed(np: ast.NounPhrase, lex: Lexicon) -> Printed | None:
    """The printed number a phrase reads, or None when it reads none; a phrase of that shape
    whose name is close to a declared number's is an error saying which (did you mean)."""
    if not lex.card_numbers or len(np.heads) != 1 or not isinstance(np.heads[0], tuple):
        return None
    if np.count is not None:
        return None
    words = np.heads[0]
    if np.possessive == "its" and np.determiner is None and not np.tails:
        return _named(np, words, ast.Pronoun("it", span=np.span), lex, always=True)
    if np.determiner != "the" or np.possessive or len(np.tails) != 1:
        return None
    of = np.tails[0]
    if not isinstance(of, ast.Of):
        return None
    if words == ("number",):
        inner = _list_of(of.of, lex)
        return Printed(inner.spec, inner.cards, COUNT) if inner is not None else None
    return _named(np, words, of.of, lex, always=False)


def _named(
    np: ast.NounPhrase, words: tuple[str, ...], cards: Any, lex: Lexicon, always: bool
) -> Printed | None:
    """`its <name>` (always a printed number: the error when it names none) or `the <name> of
    <cards>` (a printed number, or None for another measure)."""
    spec = find_number(lex.card_numbers, words)
    if spec is not None:
        return Printed(spec, cards)
    if _read_elsewhere(words, lex, always):
        return None
    text = " ".join(words)
    near = did_you_mean(text, [s.name for s in lex.card_numbers])
    if near is None and not always:
        return None
    every = "the numbers game.yaml declares under card numbers: " + ", ".join(
        s.name for s in lex.card_numbers
    )
    raise UnknownName(
        f'"{text}" is not a number the game prints on its cards',
        np,
        f"{near} ({every})" if near else every,
    )


def _read_elsewhere(words: tuple[str, ...], lex: Lexicon, its: bool) -> bool:
    """Whether `its <words>` / `the <words> of ...` has another meaning: a card's position or
    strength, a measure, a table."""
    if " ".join(words) in lex.strength_kinds() or words == ("position",):
        return True
    return not its and (words in _MEASURES or find_table(lex.tables, words) is not None)


def _list_of(np: Any, lex: Lexicon) -> Printed | None:
    """`stage costs of it` after "the number of": a list number of cards."""
    if not isinstance(np, ast.NounPhrase) or np.determiner is not None or np.possessive:
        return None
    if len(np.heads) != 1 or not isinstance(np.heads[0], tuple) or len(np.tails) != 1:
        return None
    of = np.tails[0]
    spec = find_number(lex.card_numbers, np.heads[0])
    if spec is None or not isinstance(of, ast.Of):
        return None
    if not spec.is_list:
        raise cannot(np, f'"{spec.name}" is one number on each card, not a list: count no numbers')
    return Printed(spec, of.of)


def at_position(node: ast.At, lex: Lexicon) -> Printed:
    """The list a `<number> at <position>` reads: only a list printed on cards has positions."""
    found = printed(node.value, lex) if isinstance(node.value, ast.NounPhrase) else None
    if found is None or found.how != SUM or not found.spec.is_list:
        lists = [s.name for s in lex.card_numbers if s.is_list]
        raise cannot(
            node,
            "only a list of numbers printed on a card is read at a position: "
            + (
                f'"the {lists[0]} of it at 2"'
                if lists
                else 'declare one in game.yaml ("stage costs: list" under card numbers)'
            ),
        )
    return found


def value(info: CardInfo, spec: NumberSpec) -> int:
    """A card's number (a list's sum); 0 when the card gives none."""
    found = info.numbers.get(spec.name, 0)
    return sum(found) if isinstance(found, tuple) else found


def count(info: CardInfo, spec: NumberSpec) -> int:
    """How many numbers a card's list holds."""
    found = info.numbers.get(spec.name, ())
    return len(found) if isinstance(found, tuple) else 1


def entry(info: CardInfo, spec: NumberSpec, position: int) -> int:
    """The number at a position of a card's list, 1 for the first; 0 beyond it."""
    found = info.numbers.get(spec.name, ())
    numbers = found if isinstance(found, tuple) else (found,)
    return numbers[position - 1] if 0 < position <= len(numbers) else 0
