"""Where a card lies in its zone: its position (a row's numbered places), and the ends of a zone.

A zone is a list: a pile's top is its end (what `draw` and `refill` take first), and a row is
numbered from its start, position 1 the first card. When a card leaves a pile the cards after it
move up one place and `refill` adds new cards at the far end: the pile slides. A zone declared
a row (`{kind: row, places: 13}`, core/rows.py) keeps its gaps instead: a card's position is its
place, which changes only when a rule slides the row (Through the Ages' card row). So:

- `its position`, `the position of it` (of this card): the card's place in its zone, 1 for the
  first card; a table reads what a place costs (`the row cost of its position`);
- `the first card in <zone>` / `the last card in <zone>`, and for a pile `the top card of
  <zone>` (its end) / `the bottom card of <zone>` (its start): that one card, none when the zone
  is empty.

The phrases are compiled where their kind is (`meaning._position_number` for the number,
`selectors._end_card` for the card); this module holds what both read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.rows import place_at

if TYPE_CHECKING:
    from ..core.state import State

# The ends of a zone a card phrase may name, and which end of the list each one is.
ENDS = {"first": 0, "bottom": 0, "last": -1, "top": -1}


def position_of(state: State, copy: int) -> int:
    """The card's place in its zone, 1 for the first; 0 when it is in no zone."""
    for z, zone in enumerate(state.zones):
        if copy in zone:
            gaps = state.gaps.get(z)
            return zone.index(copy) + 1 if not gaps else place_at(gaps, zone.index(copy))
    for player in state.players:
        for zone in player.zones:
            if copy in zone:
                return zone.index(copy) + 1
        for i, pile in enumerate(player.tableau):
            if copy in pile:
                return i + 1
    return 0
