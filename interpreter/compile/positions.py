"""Where a card lies in its zone: its position (a row's numbered places), and the card at one
end of a zone.

A zone is a list: a pile's top is its end (what `draw` and `refill` take first), and a row is
numbered from its start, position 1 the first card. When a card leaves a row the cards after it
move up one place and `refill` adds new cards at the far end: the row slides (Through the Ages'
card row). So:

- `its position`, `the position of it` (of this card): the card's place in its zone, 1 for the
  first card; a table reads what a place costs (`the row cost of its position`);
- `the first card in <zone>` / `the last card in <zone>`, and for a pile `the top card of
  <zone>` (its end) / `the bottom card of <zone>` (its start): that one card, none when the zone
  is empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_dsl import ast

from ..core.errors import cannot
from .meaning import Ctx, Lexicon, Num, said, zone_of

if TYPE_CHECKING:
    from .selectors import CardSelector

# The ends of a zone a card phrase may name, and which end of the list each one is.
ENDS = {"first": 0, "bottom": 0, "last": -1, "top": -1}


def position_of(ctx: Ctx, copy: int) -> int:
    """The card's place in its zone, 1 for the first; 0 when it is in no zone."""
    state = ctx.state
    for zone in state.zones:
        if copy in zone:
            return zone.index(copy) + 1
    for player in state.players:
        for zone in player.zones:
            if copy in zone:
                return zone.index(copy) + 1
        for i, pile in enumerate(player.tableau):
            if copy in pile:
                return i + 1
    return 0


def position_number(np: ast.NounPhrase) -> Num | None:
    """`its position` / `the position of it` / `the position of this card`, compiled; None when
    the phrase is no position."""
    if np.heads != (("position",),) or np.count is not None:
        return None
    of = next((t for t in np.tails if isinstance(t, ast.Of)), None)
    if np.possessive == "its" and np.determiner is None and not np.tails:
        return said(_of_it, "its position")
    if np.determiner == "the" and of is not None and len(np.tails) == 1:
        target = of.of
        if isinstance(target, ast.Pronoun) and target.word == "it":
            return said(_of_it, "its position")
        if (
            isinstance(target, ast.NounPhrase)
            and target.determiner == "this"
            and target.heads == (("card",),)
            and not target.tails
        ):
            return said(_of_this, "the position of this card")
        raise cannot(target, 'a position is a card\'s: "the position of it" or "of this card"')
    return None


def _of_it(ctx: Ctx) -> int:
    it = ctx.it
    return position_of(ctx, it) if isinstance(it, int) and not isinstance(it, bool) else 0


def _of_this(ctx: Ctx) -> int:
    return position_of(ctx, ctx.card) if ctx.card is not None else 0


def end_card(np: Any, lex: Lexicon) -> CardSelector | None:
    """`the first card in the card row`, `the top card of the deck`...: the selector of the one
    card at that end of the zone; None when the phrase names no end of a zone."""
    from .selectors import CardSelector

    if not isinstance(np, ast.NounPhrase) or np.determiner != "the" or len(np.heads) != 1:
        return None
    head = np.heads[0]
    if not isinstance(head, tuple) or len(head) != 2 or head[0] not in ENDS:
        return None
    if head[1] != "card" or np.count is not None or len(np.tails) != 1:
        raise cannot(np, f'one card at an end of a zone: "the {head[0]} card in <zone>"')
    tail = np.tails[0]
    where = tail.where if isinstance(tail, ast.Located) else getattr(tail, "of", None)
    if not isinstance(tail, ast.Located | ast.Of) or where is None:
        raise cannot(tail, f'which zone? "the {head[0]} card in <zone>"')
    zone = zone_of(where, lex)
    if zone.role == "tableau":
        raise cannot(where, f"{zone.text} holds piles, not one line of cards")
    end = ENDS[head[0]]
    cards = zone.cards

    def select(ctx: Ctx) -> list[int]:
        found = cards(ctx)
        return [found[end]] if found else []

    return CardSelector(
        select,
        False,
        f"the {head[0]} card of {zone.text}",
        zone.text,
        zone_role=zone.role,
        zone_owner=zone.owner,
    )
