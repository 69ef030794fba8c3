"""Rolling some dice of one kind in a step, for the rules after it to read.

    roll a damage die                          one die of the pack's kind "damage"
    roll 2 damage dice                         two of them
    roll damage dice equal to <number>         as many as a number of the language says

The kinds are the pack's (`dice:` in game.yaml; a kind's `count` is how many the turn's
`roll all dice` rolls, not a limit here). The dice rolled become the dice just rolled, as
`roll all dice` makes the turn's: the doer's, replacing those rolled before, so that a rule
reads this roll's faces ("if the number of coin dice is at least 1: ..."). A face gives nothing
by being rolled: what it means is what the rules after the roll say. Along History rolls only
with `roll all dice`, so its games are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.diagnostics import did_you_mean

from ..compile.meaning import compile_value, said, says
from ..core.control import NEXT, Result
from ..core.errors import UnknownName, cannot
from .dice import roll_some
from .moves import doer, role

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon, Num
    from ..compile.program import ActI
    from ..core.actions import Action
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]

DIE_WORDS = ("die", "dice")
FORMS = 'write "roll a {die} die", "roll 2 {die} dice" or "roll {die} dice equal to <a number>"'


def roll_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """roll a damage die / roll 2 damage dice / roll damage dice equal to <number>."""
    act = instruction.act
    for r in act.roles:
        if r.preposition != "equal to":
            raise cannot(r, f'"roll" has no meaning for "{r.preposition} ..." here')
    np = act.object
    if (
        not isinstance(np, ast.NounPhrase)
        or len(np.heads) != 1
        or not isinstance(np.heads[0], tuple)
        or np.heads[0][-1] not in DIE_WORDS
    ):
        raise cannot(
            act,
            'roll which dice? "roll all dice" (the turn\'s), "roll a <die> die" or "roll 2 '
            '<die> dice"',
        )
    die = _die_of(np, np.heads[0][:-1], lex)
    if np.tails or np.possessive:
        raise cannot(np, f"roll dice of the game, not of a card or a player: {_forms(die)}")
    count = _count_of(np, role(act, "equal to"), die, lex)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        roll_some(game, state, doer(frame), die, count(game.ctx(state, frame)))
        return NEXT

    number = says(count)
    instruction.data["says"] = (
        f"roll {number} {die} {'die' if number == '1' else 'dice'} (in place of the dice "
        "rolled before)"
    )
    return handler


def _forms(die: str) -> str:
    return FORMS.format(die=die)


def _die_of(np: ast.NounPhrase, words: tuple[str, ...], lex: Lexicon) -> str:
    """The pack's kind of die the words name; words before a kind's name ("some damage
    dice") are a number that is none."""
    declared = [name for name, _ in lex.dice]
    name = " ".join(words)
    if name in declared:
        return name
    every = f"the dice game.yaml declares: {', '.join(declared) or 'none'}"
    for kind in declared:
        size = len(kind.split())
        if len(words) > size and " ".join(words[-size:]) == kind:
            lead = " ".join(words[:-size])
            raise UnknownName(f'"{lead}" is not a number of dice', np, _forms(kind))
    if not name:
        raise cannot(np, f"roll dice of which kind? {every}")
    near = did_you_mean(name, declared)
    raise UnknownName(
        f'"{name}" is not a die of the game', np, f"{near} ({every})" if near else every
    )


def _count_of(np: ast.NounPhrase, equal: Any, die: str, lex: Lexicon) -> Num:
    """How many dice: the phrase's own number ("2", "a") or the "equal to" number."""
    if equal is not None:
        if np.count is not None or np.determiner is not None:
            raise UnknownName("the number of dice is said twice", np, _forms(die))
        return compile_value(equal, lex)
    if np.count is not None and np.determiner is None:
        return _fixed(int(np.count))
    if np.determiner in ("a", "an"):
        return _fixed(1)
    if np.determiner is None:
        raise UnknownName(f"roll how many {die} dice?", np, _forms(die))
    raise UnknownName(f'"{np.determiner}" is not a number of dice', np, _forms(die))


def _fixed(n: int) -> Num:
    return said(lambda ctx: n, str(n))
