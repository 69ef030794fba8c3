"""Custom decks made in the workshop: where they are kept, their text, their odds.

A deck is kept in the pack's `decks/` folder and names its pack as `..`; only the cards whose
copies differ from the pack's are written (see rules_dsl/deck.py for the format).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from interpreter.model.zones import ZoneTable
from rules_dsl import ast
from rules_dsl.nouns import plural
from rules_dsl.pack import Card, Pack
from rules_dsl.printer import print_rules
from rules_dsl.zones import HAND

DECKS = "decks"


def deck_files(pack: Path) -> list[Path]:
    folder = pack / DECKS
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def deck_path(pack: Path, name: str) -> Path:
    """The file of a deck named `name` (letters, digits, - and _ kept; others become -)."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-").lower() or "deck"
    return pack / DECKS / f"{stem}.yaml"


def deck_text(pack: Pack, folder: Path, name: str, copies: dict[tuple[str, str], int]) -> str:
    """The YAML of a deck: its name, its pack, and the copies that differ from the pack's."""
    lines = []
    schema = folder.parent / "schema" / "deck.schema.json"
    if schema.is_file():
        rel = os.path.relpath(schema, folder / DECKS).replace(os.sep, "/")
        lines.append(f"# yaml-language-server: $schema={rel}")
    lines += [f"deck: {_quoted(name)}", "pack: ..", "copies:"]
    changed = False
    for owner in pack.card_files():  # each age with cards, then each named deck
        rows = [
            (c.id, copies[(owner, c.id)])
            for c in pack.cards_of(owner)
            if copies.get((owner, c.id), c.copies) != c.copies
        ]
        if rows:
            changed = True
            lines.append(f"  {_key(owner)}:")
            lines += [f"    {card}: {n}" for card, n in rows]
    if not changed:
        lines[-1] = "copies: {}"
    return "\n".join(lines) + "\n"


def _key(name: str) -> str:
    """A YAML key: an age's id as it is, a deck's name quoted when it needs it."""
    return name if re.fullmatch(r"[a-z0-9][a-z0-9 _-]*", name) else _quoted(name)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def hand_name(pack: Pack) -> str:
    """What the pack calls a player's hand (its zone with the role hand)."""
    return ZoneTable.of(pack.game).name(HAND)


def events_held(pack: Pack) -> int:
    """How many cards a player holds in their hand after each turn: the pack's "refill your
    <hand> to N" (3 when the pack has no such rule: the page lets the designer change it)."""
    refill = re.compile(rf"refill your {re.escape(hand_name(pack))} to (\d+)")
    texts = [print_rules(v) for v in pack.phases.values()]
    found = [int(m) for t in texts for m in refill.findall(t)]
    return max(found) if found else 3


def fails(pack: Pack, card: Card) -> bool:
    """Whether a card can fail: it has an "on failure" rule, its own or its type's."""
    rules = [card.rules, pack.type_rules.get(card.type)]
    return any(
        isinstance(s, ast.Trigger) and s.event == "failure"
        for r in rules
        if r is not None
        for s in r.statements
    )


def failing_cards(pack: Pack) -> str | None:
    """What the pack calls its cards that can fail, in the plural: their type's name when they
    share one ("calamities"), else "cards that fail"; None when no card can fail."""
    kinds = {c.type for c in pack.cards if fails(pack, c)}
    if not kinds:
        return None
    return plural(kinds.pop()) if len(kinds) == 1 else "cards that fail"


def expected_failing(pack: Pack, age: str, copies: dict[tuple[str, str], int], held: int) -> float:
    """The cards that can fail a player holds among `held` drawn from the age's deck, on
    average (by linearity: held × copies that can fail ÷ copies in the deck)."""
    cards = pack.cards_of(age)
    total = sum(copies.get((age, c.id), c.copies) for c in cards)
    bad = sum(copies.get((age, c.id), c.copies) for c in cards if fails(pack, c))
    return held * bad / total if total else 0.0
