"""Ending the age from a step: `end the age`.

    if the civil deck i is empty: end the age       (Through the Ages, TTA-T4)

The age ends at once, in the middle of a turn, and play goes on in the next: the age is scored
(a game scored at its end scores nothing yet), the pack's `age_change` runs, the next age
begins (its counters not kept between ages back at their start) and its `setup` runs; then the
rest of the step's turn is played, and the round goes on. A round belongs to the age in which
it began: an age that begins in the turn of the round's first player has that round as its
first; one that begins in a later turn has its first round next (so `age_end: the round is at
least 1` ends the last age with the round after, TTA-G1). At the end of the last age the game
is over. The step's progress (which of the three parts is done) is in the frame's `loc`, so a
game saved at a decision of `age_change` or `setup` resumes there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.control import NEXT, Result, push
from ..core.errors import cannot
from . import ages
from .moves import doer, is_the

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]

FORM = 'end reads "end the age": the age ends at once and the next begins'
STAGE = "stage"  # the frame's key: 1 once the age is scored, 2 once the next age has begun


def end_builder(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    if act.roles or not is_the(act.object, "age"):
        raise cannot(act, FORM)
    instruction.data["says"] = "end the age at once: the next age begins and the turn goes on in it"
    return _handler


def _handler(
    game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Any
) -> Result:
    loc = frame["loc"]
    if not loc.get(STAGE):
        loc[STAGE] = 1
        last = state.age + 1 >= len(game.ages)
        game.say(state, f"{ages.age_name(game, ages.age_id(game, state))} ends.")
        ages.score_age(game, state, last)
        if last:
            ages.finish(game, state)
            return NEXT
        if ages.AGE_CHANGE in game.programs:
            return push(game.frame(ages.AGE_CHANGE, state.active))
    if loc[STAGE] == 1:
        loc[STAGE] = 2
        ages.forget_out_of_play(state)
        ages.end_marks(game, state, "age")
        state.age += 1
        ages.begin_age(game, state)
        if doer(frame) == state.active:  # the round began with this age: its first round
            state.round = 1
        else:  # the round began in the age before: this age's first round is the next
            state.round = 0
            state.marks[ages.PART_ROUND] = True
        if ages.SETUP in game.programs:
            return push(game.frame(ages.SETUP, state.active))
    return NEXT
