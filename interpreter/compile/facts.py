"""The facts of play as the engine reads them (rules_dsl/facts.py says how they are written):

    the round                  the round of the age being played, 1 for the first
    the age                    the age being played, 1 for the first
    the number of players      how many play
    the last round             the round that ends the age, when `age_end` reads these alone
    your place in turn order   1 for the player who starts the round, 2 for the next...
    the bid                    the winning bid of the rule's auction (mechanics/bidding.py)

`meaning` compiles the phrases (its section "facts of play and tables", with the pack's
lookup tables) from what this module reads; the engine asks `reads_only_facts` whether an
`age_end` is tested at a round's end. No rules are compiled here, so it imports no compiler.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.bounds import ROUND_LIMIT

from ..core.seats import is_out, number_in

if TYPE_CHECKING:
    from collections.abc import Callable

    from .meaning import Ctx


def _round(ctx: Ctx) -> int:
    return ctx.state.round


def _age(ctx: Ctx) -> int:
    return ctx.state.age + 1


def _bid(ctx: Ctx) -> int:
    return ctx.bid


def players(ctx: Ctx) -> int:
    """The number of players still in the game (core/seats.py)."""
    return number_in(ctx.state)


def place_in_turn_order(ctx: Any, seat: int) -> int:
    """A player's place in the round's turn order: 1 for the player who starts the round (the
    player of the round's frame; before the first round, the active player), 2 for the next in
    turn order, and so on."""
    state, round_program = ctx.state, ctx.catalog.round_program
    first = next(
        (int(f["player"]) for f in reversed(state.frames) if f["prog"] == round_program),
        state.active,
    )
    n = len(state.players)
    return 1 + sum(1 for k in range((seat - first) % n) if not is_out(state, (first + k) % n))


# The words of a place in turn order: "your place in turn order" ("position" reads the same).
PLACE_WORDS = (("place",), ("position",))


def is_place_in_turn_order(node: Any) -> bool:
    """ "your place in turn order", "their position in turn order"."""
    return (
        isinstance(node, ast.NounPhrase)
        and node.possessive in ("your", "their")
        and node.determiner is None
        and node.count is None
        and node.heads in [(w,) for w in PLACE_WORDS]
        and len(node.tails) == 1
        and isinstance(node.tails[0], ast.InTurnOrder)
    )


# The facts read as "the <word>", by their word.
FACT_NUMBERS = {"round": _round, "age": _age, "bid": _bid}


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


def first_round_ending(ctx: Ctx, ends: Callable[[Ctx], bool]) -> int:
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


__all__ = [
    "FACT_NUMBERS",
    "first_round_ending",
    "is_fact_phrase",
    "is_place_in_turn_order",
    "place_in_turn_order",
    "players",
    "reads_only_facts",
]
