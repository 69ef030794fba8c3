"""What a card costs a player right now: free, an amount of the counted resource and symbols,
or a price in money (the pack names both: game.yaml `counted_resource` and `money`).

Every change comes from the rules of cards in play: the card's own cost changes, the owner's
acquisition changes (Writing), the first-acquisition surcharges of cards in the owner's events
(the predators), and "free if" conditions. The counted amount never goes below zero (AH-C2).

Facts derived once per decision: a price, a gold price and whether a card may be discarded
are kept in a memo (`Facts`, a plain dict) that whoever works out a decision makes, passes to
every question it asks of the position, and drops when the decision is taken: the menu asks
each price once, a bot weighing a decision's options asks each once in all. Keeping them across
decisions, keyed on every fact a condition may read (the players' zones, counters and flags,
the dice, the deck...), was measured and left out: writing the key (~9 µs) cost more than the
prices it saved (random playouts 20% slower, greedy games no faster). `CACHE = False` makes
every question work its answer out afresh (tests compare the two).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..compile.meaning import Ctx
from ..core.card_state import is_face_down

if TYPE_CHECKING:
    from ..core.state import State
    from .game import Game


class Price:
    """What acquiring a card costs, as worked out for a position (a value: never changed)."""

    __slots__ = ("amount", "free", "resources", "surcharge")

    def __init__(self, free: bool, amount: int, resources: Counter[str], surcharge: int) -> None:
        self.free = free
        self.amount = amount  # of the counted resource (the catalogue's `roles.counted`)
        self.resources = resources  # the other symbols (shared with the catalogue: read only)
        self.surcharge = surcharge  # the part of the amount due to first-acquisition surcharges

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Price) and (
            self.free,
            self.amount,
            self.resources,
            self.surcharge,
        ) == (other.free, other.amount, other.resources, other.surcharge)

    def __repr__(self) -> str:
        return (
            f"Price(free={self.free}, amount={self.amount}, resources={self.resources!r}, "
            f"surcharge={self.surcharge})"
        )


NOTHING: Counter[str] = Counter()  # the symbols of a free price (shared: never changed)
CACHE = True  # use the memo passed in (False: work every answer out afresh)
Facts = dict[Any, Any]


def decision_facts() -> Facts:
    """A new memo for the facts of one position (see the module's description)."""
    return {}


def price(game: Game, state: State, seat: int, copy: int, facts: Facts | None = None) -> Price:
    """The price of acquiring `copy` from `seat`'s events with dice, bonuses and tokens
    (`facts`: the memo of this position, while it does not change)."""
    if facts is None or not CACHE:
        return _price(game, state, seat, copy)
    key = ("price", seat, copy)
    known = facts.get(key)
    if known is None:
        known = facts[key] = _price(game, state, seat, copy)
    return known


def _price(game: Game, state: State, seat: int, copy: int) -> Price:
    catalog = game.catalog
    info = catalog.info(copy)
    ctx = Ctx(state, catalog, seat, copy)
    if info.free and any(when(ctx) for when in info.free):
        return Price(True, 0, NOTHING, 0)
    amount = (
        info.amount if info.amount is not None else (info.amount_x(ctx) if info.amount_x else 0)
    )
    for rule in info.own_cost:
        if rule.when(ctx):
            amount += rule.delta
    player = state.players[seat]
    down = state.cards  # a face-down card changes no price (core/card_state.py)
    for owned in player.active_cards():
        rules = catalog.info(owned).acquisition_costs
        # a context only for the few cards that change prices
        if rules and not (down and is_face_down(state, owned)):
            owner_ctx = Ctx(state, catalog, seat, owned)
            for rule in rules:
                if _applies(rule.types, info.type) and rule.when(owner_ctx):
                    amount += rule.delta
    surcharge = 0
    if not player.flags.get("paid_acquisition"):
        hand = catalog.zones.hand
        for held in player.zones[hand] if hand >= 0 else ():
            rules = catalog.info(held).events_costs
            if held == copy or not rules:
                continue
            held_ctx = Ctx(state, catalog, seat, held)
            for rule in rules:
                if _applies(rule.types, info.type) and rule.when(held_ctx):
                    surcharge += rule.delta
    # the card's symbols are shared with its catalogue entry: a price is read, never changed
    return Price(False, max(0, amount + surcharge), info.resources, surcharge)


def _applies(types: tuple[str, ...], card_type: str) -> bool:
    return not types or card_type in types or "acquisition" in types


def gold_price(
    game: Game, state: State, seat: int, copy: int, facts: Facts | None = None
) -> int | None:
    """The money a player may pay instead (AH-C3), lowered by "<money> price N if ..." rules."""
    info = game.catalog.info(copy)
    if info.gold is None:
        return None
    if not info.gold_prices:
        return info.gold
    if facts is None or not CACHE:
        facts = {}
    key = ("money price", seat, copy)
    if key not in facts:
        ctx = Ctx(state, game.catalog, seat, copy)
        facts[key] = min([info.gold] + [amount for amount, when in info.gold_prices if when(ctx)])
    return facts[key]


def discardable(game: Game, state: State, seat: int, copy: int, facts: Facts | None = None) -> bool:
    """Whether `seat` may discard `copy` from their events (one of its conditions holds)."""
    info = game.catalog.info(copy)
    if not info.discardable:
        return False
    if facts is None or not CACHE:
        facts = {}
    key = ("discard", seat, copy)
    if key not in facts:
        facts[key] = any(when(Ctx(state, game.catalog, seat, copy)) for when in info.discardable)
    return bool(facts[key])
