"""The normalized form of a pack's cards, for other tools (`agesmith cards --json`)."""

from __future__ import annotations

from typing import Any

from . import ast
from .pack import Card, Pack
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
    """One card as plain data: age, id, name, type, copies, cost, gold, points, bonus, rules."""
    resources = [str(r) for r in pack.game.get("resources") or []]
    bonus_keys = resources + ([pack.money] if pack.money else [])
    return {
        "age": card.age,
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "copies": card.copies,
        "cost": _counts(card.cost, resources),
        "gold": card.gold,
        "points": card.points if isinstance(card.points, int) else None,
        "bonus": _counts(card.bonus, bonus_keys),
        "rules": print_rules(card.rules),
    }


def cards_json(pack: Pack) -> list[dict[str, Any]]:
    return [card_json(pack, c) for c in pack.cards]
