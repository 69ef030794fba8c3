"""What a card costs a player right now: free, population and symbols, or a gold price.

Every change comes from the rules of cards in play: the card's own cost changes, the owner's
acquisition changes (Writing), the first-acquisition surcharges of cards in the owner's events
(the predators), and "free if" conditions. Population never goes below zero (AH-C2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .meaning import Ctx

if TYPE_CHECKING:
    from .engine import Game
    from .state import State


@dataclass(frozen=True)
class Price:
    free: bool
    population: int
    resources: Counter[str]
    surcharge: int          # the part of the population due to first-acquisition surcharges


def price(game: Game, state: State, seat: int, copy: int) -> Price:
    """The price of acquiring `copy` from `seat`'s events with dice, bonuses and tokens."""
    info = game.catalog.info(copy)
    ctx = Ctx(state, game.catalog, seat, copy)
    if any(when(ctx) for when in info.free):
        return Price(True, 0, Counter(), 0)
    population = info.population if info.population is not None else (
        info.population_x(ctx) if info.population_x else 0)
    for rule in info.own_cost:
        if rule.when(ctx):
            population += rule.delta
    player = state.players[seat]
    for owned in player.active_cards():
        owner_ctx = Ctx(state, game.catalog, seat, owned)
        for rule in game.catalog.info(owned).acquisition_costs:
            if _applies(rule.types, info.type) and rule.when(owner_ctx):
                population += rule.delta
    surcharge = 0
    if not player.flags.get("paid_acquisition"):
        for held in player.events:
            if held == copy:
                continue
            held_ctx = Ctx(state, game.catalog, seat, held)
            for rule in game.catalog.info(held).events_costs:
                if _applies(rule.types, info.type) and rule.when(held_ctx):
                    surcharge += rule.delta
    return Price(False, max(0, population + surcharge), Counter(info.resources), surcharge)


def _applies(types: tuple[str, ...], card_type: str) -> bool:
    return not types or card_type in types or "acquisition" in types


def gold_price(game: Game, state: State, seat: int, copy: int) -> int | None:
    """The gold a player may pay instead (AH-C3), lowered by "gold price N if ..." rules."""
    info = game.catalog.info(copy)
    if info.gold is None:
        return None
    ctx = Ctx(state, game.catalog, seat, copy)
    prices = [info.gold] + [amount for amount, when in info.gold_prices if when(ctx)]
    return min(prices)
