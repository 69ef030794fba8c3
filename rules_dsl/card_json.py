"""The normalized form of a pack's cards, for other tools (`agesmith cards --json`)."""

from __future__ import annotations

from typing import Any

from . import ast
from .card_keys import BONUS, PRICE
from .pack import Card, Pack
from .printed_numbers import card_values, declared_numbers
from .printer import print_rules
from .vocabulary import singular


def _counts(cost: ast.Cost, keys: list[str]) -> dict[str, int | None]:
    out: dict[str, int | None] = dict.fromkeys(keys, 0)
    for amount in cost.amounts:
        key = " ".join(amount.words)
        key = key if key in out else singular(key)
        if key not in out:
            continue
        if amount.count == "X":
            out[key] = None
        elif out[key] is not None:
            out[key] = (out[key] or 0) + (amount.count if isinstance(amount.count, int) else 1)
    return out


def card_json(pack: Pack, card: Card) -> dict[str, Any]:
    """One card as plain data: age (or deck), id, name, type, copies (and by players), cost,
    gold, points, bonus, numbers (those printed on it), rules."""
    resources = [str(r) for r in pack.game.get("resources") or []]
    bonus_keys = resources + ([pack.money] if pack.money else [])
    deck = pack.is_deck(card.age)
    return {
        "age": None if deck else card.age,
        "deck": card.age if deck else None,
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "copies": card.copies,
        # the copies in a game of each number of players, when the card's players: says
        "players": _by_players(pack, card) if card.players else None,
        "cost": _counts(card.cost, resources),
        PRICE: card.gold,
        "points": card.points if isinstance(card.points, int) else None,
        BONUS: _counts(card.bonus, bonus_keys),
        "numbers": _numbers(pack, card),
        "rules": print_rules(card.rules),
    }


def _numbers(pack: Pack, card: Card) -> dict[str, int | list[int]]:
    """Each number the game prints on its cards (`card numbers:`): the card's, else 0 (a list:
    none)."""
    specs = declared_numbers(pack.game)
    given = card_values(card.numbers, specs)
    out: dict[str, int | list[int]] = {}
    for spec in specs:
        value = given.get(spec.name)
        if spec.is_list:
            out[spec.name] = list(value) if isinstance(value, tuple) else []
        else:
            out[spec.name] = value if isinstance(value, int) else 0
    return out


def _by_players(pack: Pack, card: Card) -> dict[str, int]:
    """The copies of the card with each number of players the game is for."""
    limits = pack.game.get("players") or {}
    fewest, most = int(limits.get("min", 1)), int(limits.get("max", 10))
    return {str(n): card.copies_with(n) for n in range(fewest, most + 1)}


def cards_json(pack: Pack) -> list[dict[str, Any]]:
    return [card_json(pack, c) for c in pack.cards]
