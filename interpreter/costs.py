"""What a card costs a player right now: free, population and symbols, or a gold price.

Every change comes from the rules of cards in play: the card's own cost changes, the owner's
acquisition changes (Writing), the first-acquisition surcharges of cards in the owner's events
(the predators), and "free if" conditions. Population never goes below zero (AH-C2).

Facts derived once: a price, a gold price and whether a card may be discarded are remembered
per position (`position_facts`), keyed on every fact a rule's condition can read (each
player's zones, counters, flags, marks, tokens, space and score; the active seat, the dice, the
deck, the discard pile, the game's end and its winners; the round, the age and the state's
marks, to be safe): a later decision in an unchanged position — the detail after the menu, the
next menu after a gold face is taken elsewhere, a bot weighing its options, the sentences —
finds them worked out. Nothing is ever invalidated by hand: any change to what a price reads
is a different key. The memo is bounded (`MAX_POSITIONS`) and can be switched off (`CACHE`)
to check it changes nothing (tests).
"""

from __future__ import annotations

import marshal
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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


CACHE = True            # remember prices per position (False: work every one out afresh)
MAX_POSITIONS = 512     # positions remembered per game, the oldest forgotten first


def position_key(state: State) -> bytes | None:
    """Every fact a condition may read, as bytes (marshal's version 2 writes no references,
    so equal facts written alike give equal bytes; equal bytes always mean equal facts).
    None when some fact cannot be written that way (the position is then never remembered)."""
    try:
        return marshal.dumps((
            [(p.events, p.civilization, p.legacy, p.tilted, p.counters, p.tokens, p.space,
              p.score, p.age_scores, p.flags, p.marks) for p in state.players],
            state.active, state.dice, state.deck, state.discard, state.over, state.winners,
            state.round, state.age, state.marks), 2)
    except ValueError:
        return None


def position_facts(game: Game, state: State) -> dict[Any, Any]:
    """The memo of the facts worked out for this position (a fresh, unkept one when the cache
    is off or the position cannot be keyed). Work it out once per decision and pass it on."""
    if not CACHE:
        return {}
    key = position_key(state)
    if key is None:
        return {}
    book: dict[bytes, dict[Any, Any]] = game.facts
    facts = book.get(key)
    if facts is None:
        if len(book) >= MAX_POSITIONS:
            del book[next(iter(book))]
        facts = book[key] = {}
    return facts


def price(game: Game, state: State, seat: int, copy: int,
          facts: dict[Any, Any] | None = None) -> Price:
    """The price of acquiring `copy` from `seat`'s events with dice, bonuses and tokens
    (`facts`: the position's memo, from `position_facts`; found here when not given)."""
    if facts is None:
        facts = position_facts(game, state)
    key = ("price", seat, copy)
    known = facts.get(key)
    if known is None:
        known = facts[key] = _price(game, state, seat, copy)
    return known


def _price(game: Game, state: State, seat: int, copy: int) -> Price:
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


def gold_price(game: Game, state: State, seat: int, copy: int,
               facts: dict[Any, Any] | None = None) -> int | None:
    """The gold a player may pay instead (AH-C3), lowered by "gold price N if ..." rules."""
    info = game.catalog.info(copy)
    if info.gold is None:
        return None
    if not info.gold_prices:
        return info.gold
    if facts is None:
        facts = position_facts(game, state)
    key = ("gold", seat, copy)
    if key not in facts:
        ctx = Ctx(state, game.catalog, seat, copy)
        facts[key] = min([info.gold] + [amount for amount, when in info.gold_prices
                                         if when(ctx)])
    return facts[key]


def discardable(game: Game, state: State, seat: int, copy: int,
                facts: dict[Any, Any] | None = None) -> bool:
    """Whether `seat` may discard `copy` from their events (one of its conditions holds)."""
    info = game.catalog.info(copy)
    if not info.discardable:
        return False
    if facts is None:
        facts = position_facts(game, state)
    key = ("discard", seat, copy)
    if key not in facts:
        facts[key] = any(when(Ctx(state, game.catalog, seat, copy))
                         for when in info.discardable)
    return bool(facts[key])
