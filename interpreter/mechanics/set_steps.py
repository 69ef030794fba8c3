"""A counter set to a number: `set your civil actions to 4`.

    set your civil actions to your civil action total      each turn's budget (TTA-E4)
    each player sets their shield to 0

The counter becomes the number (read when the step runs, for the player doing it), within its
bounds (`max:` in `counters:`; never below 0), whatever it held before: what Through the Ages
writes as "all actions become available again", and what a designer writes first for "you
have 4 civil actions" (TTA-S4). It is `lose all <counter>` then `gain <counter> equal to
<number>` in one step, and the log says the new value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.vocabulary import singular

from ..compile.meaning import compile_value, says
from ..core.control import NEXT, Result
from ..core.errors import cannot
from .moves import doer, gain_counter

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]

FORM = 'set reads "set your <counter> to <number>" (a counter the game declares)'


def set_builder(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    np = act.object
    to = [r for r in act.roles if r.preposition == "to"]
    if (
        not isinstance(np, ast.NounPhrase)
        or len(to) != 1
        or len(act.roles) != 1
        or np.possessive not in ("your", "their")
        or np.determiner is not None
        or np.count is not None
        or np.tails
        or len(np.heads) != 1
        or not isinstance(np.heads[0], tuple)
    ):
        raise cannot(act, FORM)
    words = np.heads[0]
    counter = lex.counter(tuple(singular(w) for w in words)) or lex.counter(words)
    if counter is None:
        raise cannot(np, f'"{" ".join(words)}" is not a counter of the game: {FORM}')
    value = compile_value(to[0].value, lex)

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Any
    ) -> Result:
        seat = doer(frame)
        have = state.players[seat].counters.get(counter, 0)
        target = value(game.ctx(state, frame).with_player(seat))
        gain_counter(game, state, seat, counter, max(target, 0) - have)
        now = state.players[seat].counters.get(counter, 0)
        game.say(state, f"{game.player_name(seat)} has {now} {counter}.")
        return NEXT

    instruction.data["says"] = f"set {np.possessive} {counter} to {says(value)}"
    return handler
