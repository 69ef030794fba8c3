"""What a player has of a resource kept as tokens on cards (game.yaml `stored:`): the worth of
the tokens on their active cards of its kind, each worth the card's printed symbols of it. How
the tokens move is mechanics/stored.py's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.card_state import tokens_on

if TYPE_CHECKING:
    from rules_dsl.stored import StoredSpec

    from ..core.state import State
    from .catalog import Catalog


def holders(state: State, catalog: Catalog, seat: int, spec: StoredSpec) -> list[int]:
    """The player's active cards a token of the resource may lie on, in the tableau's order."""
    out = []
    for copy in state.players[seat].active_cards():
        info = catalog.info(copy)
        if (info.type == spec.on or spec.on in info.keywords) and info.bonus[spec.name] > 0:
            out.append(copy)
    return out


def worth(catalog: Catalog, copy: int, spec: StoredSpec) -> int:
    return catalog.info(copy).bonus[spec.name]


def value(state: State, catalog: Catalog, seat: int, spec: StoredSpec) -> int:
    """What the player has of the resource: the worth of the tokens on their cards."""
    return sum(
        tokens_on(state, c, spec.token) * worth(catalog, c, spec)
        for c in holders(state, catalog, seat, spec)
    )
