"""A player leaving the game: `leave the game`.

    resign: {does: leave the game}          (Through the Ages' resigning, TTA-P6)

The doer is out from then on (core/seats.py): the rest of their turn is not played (a turn of
theirs being played ends there), they take no more turns, and the players a rule names — each
player, the opponents, the next player, a rival of your choice — and the facts `the number of
players` and `your place in turn order` count only the players still in. The winner is one of
those still in when the game ends; with one player left, the game ends at once and is scored
as at its end. What a pack gives the others when someone leaves (Through the Ages' wars on the
player who resigns) is the rule's own steps, before this one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.control import NEXT, Result
from ..core.errors import cannot
from ..core.seats import OUT, number_in
from . import ages
from .moves import doer, is_the

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.actions import Action
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]

FORM = 'leave reads "leave the game": the player is out of it from then on'


def leave_builder(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    if act.roles or not is_the(act.object, "game"):
        raise cannot(act, FORM)
    instruction.data["says"] = (
        "leave the game: no more turns, and no longer among the players a rule names"
    )
    return _handler


def _handler(
    game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
) -> Result:
    seat = doer(frame)
    player = state.players[seat]
    if player.marks.get(OUT):
        return NEXT
    player.marks = {**player.marks, OUT: True}
    game.say(state, f"{game.player_name(seat)} leaves the game.")
    if number_in(state) < 2:  # the last player left: the game is over
        ages.score_age(game, state, True)
        ages.finish(game, state)
        return NEXT
    _end_own_turn(state, seat)
    return NEXT


def _end_own_turn(state: State, seat: int) -> None:
    """Leave every frame of the doer's turn being played (the frame that plays it goes on, to
    the turn's end); nothing when no turn of theirs is being played."""
    frames = state.frames
    for i in range(len(frames) - 2, -1, -1):
        if frames[i]["loc"].get("turn") and int(frames[i + 1]["player"]) == seat:
            while len(state.frames) > i + 1:
                state.pop_frame()
            return
