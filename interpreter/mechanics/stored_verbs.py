"""The steps of a resource kept as tokens on cards (game.yaml `stored:`; mechanics/stored.py
moves the tokens):

    gain 2 food                            tokens from the bank onto the farms, worth 2
    gain food equal to your food symbols
    lose 3 food                            tokens back into the bank, worth 3 (all, if less)
    lose resource equal to the corruption
    lose all food
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast

from ..compile.meaning import compile_value, says
from ..compile.stored_value import value
from ..core.control import NEXT, Result
from ..core.errors import cannot
from . import stored
from .moves import doer, role

if TYPE_CHECKING:
    from rules_dsl.stored import StoredSpec

    from ..compile.meaning import Ctx, Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]
Amount = Callable[["Ctx"], int]


def names_stored(np: Any, lex: Lexicon) -> bool:
    """Whether a step's object is an amount of a stored resource ("3 food", "all food")."""
    return _spec(np, lex) is not None


def _spec(np: Any, lex: Lexicon) -> StoredSpec | None:
    if not isinstance(np, ast.NounPhrase) or len(np.heads) != 1:
        return None
    head = np.heads[0]
    return lex.stored_resource(head) if isinstance(head, tuple) else None


def _amount(instruction: ActI, lex: Lexicon, verb: str) -> tuple[StoredSpec, Amount | None, str]:
    """The resource, how much (None: all of it) and its reading, or a located error."""
    act = instruction.act
    np = act.object
    spec = _spec(np, lex)
    assert spec is not None and isinstance(np, ast.NounPhrase)
    if any(r.preposition != "equal to" for r in act.roles) or np.tails or np.possessive:
        raise cannot(act, f'{verb} an amount of {spec.name}: "{verb} 2 {spec.name}"')
    equal = role(act, "equal to")
    if equal is not None:
        if np.count is not None or np.determiner is not None:
            raise cannot(act, "the amount is said twice")
        number = compile_value(equal, lex)
        return spec, number, f"{spec.name} equal to {says(number)}"
    if np.determiner == "all" and np.count is None and verb == "lose":
        return spec, None, f"all their {spec.name}"
    if np.determiner not in (None, "a", "an") or (
        np.count is not None and not str(np.count).isdigit()
    ):
        raise cannot(act, f'{verb} an amount of {spec.name}: "{verb} 2 {spec.name}"')
    count = int(np.count) if np.count is not None else 1
    return spec, (lambda ctx: count), f"{count} {spec.name}"


def gain_builder(instruction: ActI, lex: Lexicon) -> Handler:
    spec, amount, text = _amount(instruction, lex, "gain")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Any
    ) -> Result:
        seat = doer(frame)
        n = amount(game.ctx(state, frame)) if amount else 0
        got = stored.gain(state, game.catalog, seat, spec, max(n, 0))
        if got:
            game.say(state, f"{game.player_name(seat)} gains {got} {spec.name}.")
        return NEXT

    instruction.data["says"] = f"gain {text}: {spec.token}s from the bank onto the {spec.on} cards"
    return handler


def lose_builder(instruction: ActI, lex: Lexicon) -> Handler:
    spec, amount, text = _amount(instruction, lex, "lose")

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Any
    ) -> Result:
        seat = doer(frame)
        have = value(state, game.catalog, seat, spec)
        n = have if amount is None else min(max(amount(game.ctx(state, frame)), 0), have)
        paid = stored.pay(state, game.catalog, seat, spec, n)
        game.say(state, f"{game.player_name(seat)} loses {paid} {spec.name}.")
        return NEXT

    instruction.data["says"] = f"lose {text}: {spec.token}s back into the bank"
    return handler
