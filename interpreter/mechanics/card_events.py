"""Setting off a card's own event from a step: `trigger "penalty" for it`.

    trigger "penalty" for it                          the card's "on penalty: ..." rules run
    trigger "repair" for each of your district cards  each card's, one card after the other
    trigger "penalty" for one of your titan cards     the doer picks the card

The event is the pack's own: a card's rules written `on <event>: ...` run, with "you" the doer
of the step and "this card" the card; a card with no such rule does nothing. The cards are
those the phrase names when the step starts (kept in the frame, so a save made at a decision
inside a card's rules resumes at that card); a face-down card's rules do nothing, as
everywhere. Being set off somewhere in the pack is what declares the event: a card's rule on
an event nothing sets off is an error of `validate` (rules_dsl/dice_events.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl.dice_events import event_of
from rules_dsl.vocabulary import EVENTS

from ..compile.program import card_program
from ..compile.selectors import card_selector
from ..core.actions import Action, Decision
from ..core.card_state import is_face_down
from ..core.control import NEXT, Result, push, wait
from ..core.errors import UnknownName, cannot
from .moves import doer, role

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]

FORM = 'write trigger "<event>" for <card>, e.g. trigger "penalty" for it'
# the frame's keys of a trigger under way: the rules still to run, and how many have run
QUEUE, DONE = "set off", "set off done"


def trigger_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """trigger "<event>" for <cards>: run the rules of each card on that event, in turn."""
    act = instruction.act
    event = event_of(act)
    if event is None:
        raise cannot(act, f"trigger which event? its name goes in quotes: {FORM}")
    if event in EVENTS or any(event in c.events for c in lex.contests):
        raise UnknownName(
            f'"{event}" is an event the engine sets off itself',
            act.object,
            'give the event a name of its own, e.g. trigger "penalty" for it',
        )
    for r in act.roles:
        if r.preposition != "for":
            raise cannot(r, f'"trigger" has no meaning for "{r.preposition} ..." here')
    target = role(act, "for")
    if target is None:
        raise cannot(act, f'trigger "{event}" for which card? {FORM}')
    selector = card_selector(target, lex)
    prompt = f'Which card: trigger "{event}" for {selector.text}?'

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        if QUEUE not in loc:
            if answer is not None and answer.kind == "card":
                chosen = [int(answer.params["card"])]
            else:
                cards = selector.select(game.ctx(state, frame))
                if not selector.many and len(cards) > 1:
                    seat = selector.chooser(int(frame["player"]), doer(frame))
                    options = [Action("card", {"card": c}, game.name(c)) for c in cards]
                    return wait(Decision(seat, "card", options, prompt))
                chosen = cards if selector.many else cards[:1]
            loc[QUEUE] = _rules_of(game, state, chosen, event)
            loc[DONE] = 0
        queue: list[list[int]] = loc[QUEUE]
        if loc[DONE] >= len(queue):
            return NEXT
        card, n = queue[loc[DONE]]
        loc[DONE] += 1
        program = card_program(game.catalog.info(card).index, event, n)
        pushed = game.frame(program, doer(frame), card)
        if frame.get("roles"):  # the card's rules see the sides of the rule that set them off
            pushed["roles"] = dict(frame["roles"])
        return push(pushed)

    instruction.data["says"] = (
        f'set off "{event}" for {selector.text} (its rules "on {event}: ..." run, you doing them)'
    )
    return handler


def _rules_of(game: Game, state: State, cards: list[int], event: str) -> list[list[int]]:
    """[card, n] of each rule on `event` of the cards (its n-th), in the cards' order: plain
    data, kept in the frame."""
    out: list[list[int]] = []
    for copy in cards:
        if state.cards and is_face_down(state, copy):
            continue  # a face-down card's rules do nothing until it is turned up
        out += [[copy, n] for n in range(len(game.catalog.info(copy).triggers.get(event, [])))]
    return out
