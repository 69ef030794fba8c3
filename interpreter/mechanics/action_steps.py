"""A step that takes one of the actions the game declares: `take "build a wonder stage"`.

    when you play this card: take "build a wonder stage"      Engineering Genius (TtA)
    when you play this card: take "increase population"; then gain 1 food      Frugality

The doer is offered that action as the action phase would offer it (its `choose`, `if` and
`cost`, changed by the cost abilities of their active cards), with the cost abilities of the
rule's own card as well: an action card that says '"build a wonder stage" costs 1 less civil
action' and '... costs 2 less resource' takes the stage for no civil action and 2 resources
less, since the card itself is the action. With one offer or more the doer picks one (with one,
the question is still asked: the sentence says what is paid); it is paid and done as if taken
from the menu: its steps, the chosen card's own event rules, the holder's "when you <action>:"
rules. With none, the step does nothing, and an action whose `event:` sets off a card rule
that starts with this step is not offered then (declared_actions._event_can: an action card
is not played for nothing). Its progress (the action taken, its frames still to
run) is plain data in the frame, so a save inside it resumes there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast

from ..core.actions import Action, Decision
from ..core.control import NEXT, Result, push, wait
from ..core.errors import cannot
from . import declared_actions
from .moves import doer
from .piece_moves import LEFT

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]

# the frame's keys of a step under way: the frames of the action taken, and how many have run
QUEUE, DONE = "action frames", "action frames done"


def names_action(np: Any, lex: Lexicon) -> bool:
    """Whether a step's object is the name in quotes of an action the game declares: take
    "increase population" (any other name is a card's: take "Camelot" from ...)."""
    return (
        isinstance(np, ast.NounPhrase)
        and len(np.heads) == 1
        and isinstance(np.heads[0], ast.CardName)
        and np.determiner is None
        and np.possessive is None
        and np.count is None
        and not np.tails
        and np.heads[0].name in lex.actions
    )


def take_action_builder(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    np = act.object
    assert isinstance(np, ast.NounPhrase) and isinstance(np.heads[0], ast.CardName)
    name = np.heads[0].name
    if act.roles:
        raise cannot(act.roles[0], f'take "{name}" is said alone: its cost is the action\'s')

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        seat = doer(frame)
        if QUEUE not in loc:
            offers = declared_actions.step_offers(game, state, seat, name, frame.get("card"))
            if not offers:
                return NEXT
            if answer is None:
                options = [a for a, _ in offers]
                return wait(Decision(seat, "choose", options, f'Take "{name}": which?'))
            chosen = next(((a, due) for a, due in offers if a.params == answer.params), offers[0])
            action, due = chosen
            loc[QUEUE] = declared_actions.paid_frames(
                game,
                state,
                seat,
                declared_actions.find(game, name),
                action.params.get("card"),
                due,
                action.params.get(LEFT),
            )
            loc[DONE] = 0
        queue: list[dict[str, Any]] = loc[QUEUE]
        if loc[DONE] >= len(queue):
            return NEXT
        loc[DONE] += 1
        return push(dict(queue[loc[DONE] - 1]))

    def can(game: Game, state: State, frame: dict[str, Any]) -> str:
        offers = declared_actions.step_offers(game, state, doer(frame), name, frame.get("card"))
        return "fully" if offers else "not"

    instruction.data["says"] = f'take the action "{name}" (its cost changed by this card\'s)'
    instruction.data["can"] = can
    instruction.data[declared_actions.TAKES_ACTION] = True
    return handler
