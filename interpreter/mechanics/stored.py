"""Resources kept as tokens on cards (game.yaml `stored:`, read by rules_dsl/stored.py).

A player has of a stored resource the worth of the tokens on their active cards of its kind,
each token worth the card's printed symbols of it (Through the Ages' food: a blue token on
Irrigation, printed "2 food", is 2 food). The tokens not on a card are the player's counter of
the token (the bank). How tokens move is this pack-independent ruling, after the rules of
Through the Ages (TTA-E3; its RULINGS.md):

- **Gaining** an amount takes tokens from the bank onto the cards, the most valuable first, as
  many as fit in what is still to gain: the exact amount with the fewest tokens when the cards
  allow it (a card worth 1 always does), else the nearest lower amount; an empty bank gives
  nothing more.
- **Paying** (a cost, `lose`) returns tokens to the bank, the least valuable first; when the
  last token returned is worth more than was still due, the difference comes back as change on
  the cards worth less than it, the most valuable first (change is only ever made downward).
  A player who has less pays all they have.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..compile.stored_value import holders, worth
from ..core.card_state import add_tokens, tokens_on

if TYPE_CHECKING:
    from rules_dsl.stored import StoredSpec

    from ..compile.catalog import Catalog
    from ..core.state import State


def gain(state: State, catalog: Catalog, seat: int, spec: StoredSpec, amount: int) -> int:
    """Take tokens from the bank onto the cards worth `amount`; return the worth placed."""
    return _place(state, catalog, seat, spec, amount, None)


def pay(state: State, catalog: Catalog, seat: int, spec: StoredSpec, amount: int) -> int:
    """Return tokens worth `amount` to the bank (all the player has, if less); the change of
    the last token comes back on cheaper cards. Return what was paid."""
    counters = state.players[seat].counters
    cards = sorted(holders(state, catalog, seat, spec), key=lambda c: worth(catalog, c, spec))
    due = amount
    for copy in cards:
        each = worth(catalog, copy, spec)
        while due > 0 and tokens_on(state, copy, spec.token) > 0:
            add_tokens(state, copy, spec.token, -1)
            counters[spec.token] = counters.get(spec.token, 0) + 1
            due -= each
        if due <= 0:
            change = -due
            if change:
                _place(state, catalog, seat, spec, change, each)
            return amount
    return amount - due  # less than was due: all of it


def _place(
    state: State, catalog: Catalog, seat: int, spec: StoredSpec, amount: int, below: int | None
) -> int:
    """Tokens from the bank onto the cards (worth less than `below`, if given), the most
    valuable first; return the worth placed."""
    counters = state.players[seat].counters
    cards = [
        c
        for c in holders(state, catalog, seat, spec)
        if below is None or worth(catalog, c, spec) < below
    ]
    cards.sort(key=lambda c: -worth(catalog, c, spec))  # stable: the tableau's order on ties
    left = amount
    for copy in cards:
        each = worth(catalog, copy, spec)
        n = min(left // each, counters.get(spec.token, 0))
        if n > 0:
            add_tokens(state, copy, spec.token, n)
            counters[spec.token] -= n
            left -= n * each
    return amount - left
