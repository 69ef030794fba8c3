"""The verb buy: a card chosen among those the doer can pay for, paid, and moved into a zone.

`buy a card in the empire row` (into the doer's tableau) or `... into your storage`:
the doer chooses among the cards of the phrase whose cost they have now (each symbol of the
cost from the counter of its name, as a declared action's `its cost` is paid); the cost is
paid, the card moves, and then its own rules that start `when you buy this card:` run, with
"you" the buyer. A card nobody can pay for is not offered; with none, the step does nothing
(so `you may buy ...` is not asked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_dsl.dice_events import BUY_EVENT

from ..compile.meaning import Lexicon, zone_of
from ..compile.program import card_program
from ..compile.selectors import card_selector
from ..core.actions import Action
from ..core.card_state import is_face_down
from ..core.control import NEXT, Result, push
from ..core.errors import cannot
from ..model.zones import TABLEAU
from .declared_actions import card_cost, pay_due, payable
from .effects import (
    Handler,
    _card_choice,
    _chooser,
    _ctx,
    _finish,
    _only_roles,
    _zone_words,
    put_into,
)
from .moves import doer, move_card, role

if TYPE_CHECKING:
    from ..compile.program import ActI
    from ..core.state import State
    from .game import Game


def buy_builder(instruction: ActI, lex: Lexicon) -> Handler:
    act = instruction.act
    _only_roles(act, "into")
    if act.object is None:
        raise cannot(act, "buy which card? e.g. buy a card in the market")
    chosen_by = card_selector(act.object, lex)
    if chosen_by.many:
        raise cannot(act.object, 'a step buys one card: "a card in ..."')
    into = role(act, "into")
    zone = zone_of(into, lex) if into is not None else None
    if zone is not None and zone.owner not in ("", "your", "their"):
        raise cannot(into, 'a card is bought into one zone: "your ...", "their ..." or "the ..."')

    def affordable(game: Game, state: State, frame: dict[str, Any]) -> list[int]:
        ctx = _ctx(game, state, frame)
        seat = doer(frame)
        return [c for c in chosen_by.select(ctx) if payable(game, state, seat, card_cost(ctx, c))]

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        loc = frame["loc"]
        me = doer(frame)
        if "rules" not in loc:  # not bought yet
            if answer is not None and answer.kind == "card":
                copy = answer.params["card"]
            else:
                cards = affordable(game, state, frame)
                if not cards:
                    return NEXT
                if len(cards) > 1:
                    return _card_choice(
                        game, _chooser(chosen_by, frame), cards, "Which card to buy?"
                    )
                copy = cards[0]
            _pay_and_move(game, state, frame, copy)
            info = game.catalog.info(copy)
            down = bool(state.cards) and is_face_down(state, copy)
            loc["copy"] = copy
            loc["rules"] = 0 if down else len(info.triggers.get(BUY_EVENT, []))
            loc["next"] = 0
        if loc["next"] < loc["rules"]:
            n = loc["next"]
            loc["next"] = n + 1
            info = game.catalog.info(loc["copy"])
            return push(game.frame(card_program(info.index, BUY_EVENT, n), me, loc["copy"]))
        return NEXT

    def _pay_and_move(game: Game, state: State, frame: dict[str, Any], copy: int) -> None:
        ctx = _ctx(game, state, frame)
        me = doer(frame)
        paid = card_cost(ctx, copy)
        pay_due(game, state, me, paid)
        if zone is None:
            move_card(state, copy, me, TABLEAU)
        else:
            put_into(state, ctx, copy, zone, me)
        if zone is None or zone.role == "tableau":
            where = f"their {lex.zones.name('tableau')}"
        else:
            where = _zone_words(game, zone, me)
        spent = ", ".join(f"{n} {name}" for name, n in paid if n)
        game.say(
            state,
            f"{game.player_name(me)} buys {game.name(copy)}"
            + (f" for {spent}" if spent else "")
            + f" into {where}.",
        )

    text = f"buy {chosen_by.text} (one they can pay for)"
    if zone is not None:
        text += f" into {zone.text}"
    return _finish(
        instruction,
        handler,
        text,
        lambda game, state, frame: "fully" if affordable(game, state, frame) else "not",
    )
