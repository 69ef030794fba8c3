"""How large the numbers of a game may be: one definition for each kind of value.

`agesmith validate` refuses a pack that writes more (each value at its place), the save loader
(interpreter/tools/saves.py) refuses a save that holds more, and a scenario's position is held to
the same: so a pack that validates never makes a position its own loader refuses.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypeGuard

from .card_keys import PRICE
from .diagnostics import Diagnostic

if TYPE_CHECKING:
    from .pack import Pack

COUNTER_LIMIT = 1_000_000  # a counter's value, when the pack declares no `max` of its own
# The value of an achievement token, and a card's copies: the JSON Schemas hold the pack to
# these (their `maximum`; tests/rules_dsl/test_bounds.py keeps them equal).
TOKEN_VALUE_LIMIT = 100
COPIES_LIMIT = 20
SCORE_LIMIT = 100_000  # a player's score, either way (also each age's score)
ROUND_LIMIT = 10_000  # rounds of one age
STEP_LIMIT = 1_000_000  # the rules' steps counted in one position
# A card's points, gold price and each amount of its cost or bonus. With SCORE_LIMIT it keeps
# the points of a whole civilization countable; the pack's total is checked too.
CARD_NUMBER_LIMIT = 1_000
# A number written in a rule ("gain 5 gold", "× 2"): beyond what a counter holds it means nothing.
RULE_NUMBER_LIMIT = COUNTER_LIMIT
# Digits read at all: Python refuses to convert an integer of more than 4,300 digits, and no
# bound above has more than a few.
MOST_DIGITS = 12


def counter_bound(counters: Any, name: str) -> int:
    """The most the counter `name` of a game file's `counters` may hold: its max, else
    COUNTER_LIMIT. Play keeps every counter within it, so that a save of it loads."""
    spec = counters.get(name) if isinstance(counters, dict) else None
    most = spec.get("max") if isinstance(spec, dict) else None
    return most if _whole(most) else COUNTER_LIMIT


def within_bound(value: int, bound: int) -> int:
    """`value` brought into 0 .. bound."""
    return max(0, min(value, bound))


def too_many_digits(text: str) -> bool:
    """Whether a written number is too long to be read as a number of any bound."""
    return len(text.lstrip("+-0")) > MOST_DIGITS


def check_bounds(pack: Pack, cards: bool = True) -> list[Diagnostic]:
    """Every number of the pack's files beyond its bound, at its place (with cards=False, all
    but the cards' own)."""
    out = list(_counters(pack))
    return [*out, *_cards(pack), *_total_points(pack)] if cards else out


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _counters(pack: Pack) -> Iterator[Diagnostic]:
    for name, spec in (pack.game.get("counters") or {}).items():
        if not isinstance(spec, dict):
            continue
        start, most = spec.get("start", 0), spec.get("max")
        doc, path = pack.place("counters", name)
        for key, value in (("start", start), ("max", most)):
            if _whole(value) and value > COUNTER_LIMIT:
                yield doc.diagnostic(
                    (*path, key),
                    f'the counter "{name}" has {key} {value:,}',
                    code="bound",
                    hint=f"a counter holds at most {COUNTER_LIMIT:,}",
                )
        if most == 0 and _whole(most):
            yield doc.diagnostic(
                (*path, "max"),
                f'the counter "{name}" has max 0: it can never hold anything',
                code="bound",
                hint="raise max, or leave it out for no limit",
            )
        elif _whole(start) and _whole(most) and start > most:
            yield doc.diagnostic(
                (*path, "start"),
                f'the counter "{name}" starts at {start}, above its max {most}',
                code="bound",
                hint=f"start at most at {most}, or raise max",
            )


def _cards(pack: Pack) -> Iterator[Diagnostic]:
    price = f"a price in {pack.money}" if pack.money else "a price"
    for card in pack.cards:
        for key, what, value in (
            ("points", "points", card.points),
            (PRICE, price, card.gold),
        ):
            if _whole(value) and abs(value) > CARD_NUMBER_LIMIT:
                yield card.source.doc.diagnostic(
                    (*card.source.path, key),
                    f"{card.name} has {what} of {value:,}"
                    if key == PRICE
                    else f"{card.name} has {key} {value:,}",
                    code="bound",
                    hint=f"a card's points are at most {CARD_NUMBER_LIMIT:,} either way"
                    if key == "points"
                    else f"{price} is at most {CARD_NUMBER_LIMIT:,}",
                )


def card_amounts(amounts: Any) -> Iterator[Any]:
    """The amounts of a cost or bonus written larger than a card may hold."""
    for amount in amounts:
        if _whole(amount.count) and amount.count > CARD_NUMBER_LIMIT:
            yield amount


def _total_points(pack: Pack) -> Iterator[Diagnostic]:
    """The written points of every copy and every token together: a player owning them all
    must still have a score the game can keep."""
    total = sum(t.value for t in pack.tokens if _whole(t.value))
    for card in pack.cards:
        if _whole(card.points) and abs(card.points) <= CARD_NUMBER_LIMIT:
            total += abs(card.points) * card.copies
            if total > SCORE_LIMIT:
                yield card.source.doc.diagnostic(
                    (*card.source.path, "points"),
                    f"the points of the pack's cards and tokens add up to more than "
                    f"{SCORE_LIMIT:,} at {card.name}",
                    code="bound",
                    hint=f"a score is at most {SCORE_LIMIT:,}: lower the points",
                )
                return
