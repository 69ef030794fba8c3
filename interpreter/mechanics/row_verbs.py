"""The mechanics of a row whose places keep their gaps (a zone `{kind: row, places: N}`,
`core/rows.py`): a card taken leaves its place empty and the others keep theirs, so

    slide the card row                          the cards move left into the empty places,
                                                keeping their order (TTA-T3's "slide")
    refill the card row to 13 from the deck     deals into the empty places from left to right
                                                (`verbs._refill`, through `put_in_row`)
    move it into the card row                   into the row's first empty place

A sweep by place needs no verb of its own: `for each card in the card row: if its position is
at most 5 - the number of players: discard it` (the places of the others do not change).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.printer import act as act_text
from rules_dsl.zones import ROW_FORM

from ..compile.meaning import Zone, zone_of
from ..core import rows
from ..core.control import NEXT, Result
from ..core.errors import UnknownName, cannot

if TYPE_CHECKING:
    from ..compile.meaning import Ctx, Lexicon
    from ..compile.program import ActI
    from ..core.actions import Action
    from ..core.state import State
    from .game import Game

Handler = Callable[..., Result]


def not_a_row(node: Any, what: str, zone: Zone, lex: Lexicon) -> UnknownName:
    """A step that needs a row, said of a zone that is none: the rows of the game as the hint,
    or how to declare one."""
    names = row_names(lex)
    name = zone.text.removeprefix("the ")
    declare = f"a zone of the table is a row when game.yaml says so: {name}: {ROW_FORM}"
    hint = f"the rows game.yaml declares: {', '.join(names)}; or {declare}" if names else declare
    return UnknownName(f'"{what}": {zone.text} is not a row', node, hint)


def row_names(lex: Lexicon) -> list[str]:
    table = lex.zones
    return [f"the {table.shared[i].name}" for i, _ in table.rows]


def slide_form(lex: Lexicon) -> str:
    names = row_names(lex)
    return f'"slide {names[0]}"' if names else '"slide <a row of game.yaml>"'


def not_dealt_so(node: Any, what: str) -> UnknownName:
    """`put each card of the age into <row>`: a row holds its places only, so it is dealt
    into one card a place (`refill`)."""
    row = zone_phrase(node)
    return UnknownName(
        f'"{what}": {row} is a row, dealt into one card a place',
        node,
        f'put the cards into a pile, then "refill {row} to <places> from <pile>"',
    )


def zone_phrase(node: Any) -> str:
    from rules_dsl import printer

    return printer.phrase(node) if isinstance(node, ast.NounPhrase) else "it"


def slide_builder(instruction: ActI, lex: Lexicon) -> Handler:
    """slide the card row: its gaps close, the cards keeping their order."""
    act = instruction.act
    if act.roles or act.subject is not None or not isinstance(act.object, ast.NounPhrase):
        raise cannot(act, f"slide says only which row: {slide_form(lex)}")
    zone = zone_of(act.object, lex)
    if zone.row < 0:
        raise not_a_row(act.object, act_text(act), zone, lex)
    index = zone.row

    def handler(
        game: Game, state: State, frame: dict[str, Any], instruction: ActI, answer: Action | None
    ) -> Result:
        if rows.slide(state, index):
            game.say(state, f"The cards of {zone.text} slide left.")
        return NEXT

    instruction.data["says"] = f"move the cards of {zone.text} left into its empty places"
    return handler


def room_in(state: State, ctx: Ctx, zone: Zone) -> bool:
    """Whether a card can go into `zone` now: a row has an empty place, any other zone room."""
    return zone.row < 0 or len(zone.cards(ctx)) < zone.places


def put_in_row(state: State, zone: Zone, copy: int) -> None:
    """Put a card into a row's first empty place (the caller checked `room_in`)."""
    rows.fill_place(state, zone.row, copy)


def take_from_row(state: State, zone: Zone, bottom: bool) -> int:
    """Take a row's last card (its first with `bottom`): its place is left empty."""
    cards = state.zones[zone.row]
    copy = cards[0] if bottom else cards[-1]
    rows.leave_place(state, zone.row, copy)
    return copy
