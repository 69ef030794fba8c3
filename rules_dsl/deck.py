"""Custom decks: a small YAML file that names a pack and changes how many copies of its cards
are dealt.

```yaml
# yaml-language-server: $schema=https://agesmith.dev/schema/deck.schema.json
deck: Fewer calamities
pack: along_history            # the pack folder, relative to this file
copies:
  prehistory:
    famine: 0                  # left out of the deck
    tiger: 2
```

A deck changes nothing but copies, so everything that plays a pack plays a deck: `load_deck`
returns the pack with the deck's copies, and every problem of the deck file (unknown age or
card, with a did-you-mean) as a diagnostic placed in the deck file, besides the pack's own.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import Diagnostic, did_you_mean, sorted_diagnostics
from .input_checks import control_characters
from .pack import Pack, load_pack
from .safe_files import is_file, path_problem
from .schema_check import check_schema
from .yaml_source import YamlDocument, load_yaml

DECK_KEY = "deck"


@dataclass(frozen=True)
class Deck:
    """A deck file: its name, the pack it is made from, and the copies it sets."""

    name: str
    pack: Path
    copies: dict[tuple[str, str], int]  # (age id, card id) -> copies
    doc: YamlDocument


def is_deck_file(path: str | os.PathLike[str]) -> bool:
    """Whether `path` is a file (not a pack folder): decks are files, packs are folders."""
    return is_file(path)


def read_deck(path: str | os.PathLike[str]) -> tuple[Deck | None, list[Diagnostic]]:
    """Read and schema-check a deck file; the pack is not loaded yet."""
    doc, problems = load_yaml(path)
    if doc is None:
        return None, problems
    if not isinstance(doc.data, dict) or DECK_KEY not in doc.data:
        return None, [
            *problems,
            doc.diagnostic(
                (),
                "this file is not a deck",
                code="deck",
                hint='a deck starts with "deck: <name>" and "pack: <pack folder>"; '
                "to check a pack, give its folder",
            ),
        ]
    # the deck's name is shown by every tool that plays it, as a card's name is
    problems = problems + check_schema(doc, "deck") + control_characters({"deck": doc})
    if any(p.is_error for p in problems):
        return None, problems
    data = doc.data
    copies = {
        (str(age), str(card)): int(n)
        for age, cards in (data.get("copies") or {}).items()
        for card, n in (cards or {}).items()
    }
    pack = Path(path).parent / str(data["pack"])
    problem = path_problem(pack)
    if problem is not None:
        return None, [
            *problems,
            doc.diagnostic(
                ("pack",),
                f"no pack folder there: {problem}",
                code="deck",
                hint="give the pack folder's path, relative to this file",
            ),
        ]
    return Deck(str(data[DECK_KEY]), pack, copies, doc), problems


def apply_deck(pack: Pack, deck: Deck) -> tuple[Pack, list[Diagnostic]]:
    """`pack` with the deck's copies, and a diagnostic for every age or card it does not have
    (the cards of a named deck of the pack are under its name, as an age's under its id)."""
    problems: list[Diagnostic] = []
    ages = list(pack.card_files())
    for age in deck.doc.data.get("copies") or {}:
        if age not in ages:
            problems.append(
                deck.doc.diagnostic(
                    ("copies", age),
                    f'the pack has no age "{age}"',
                    code="deck",
                    key=True,
                    hint=did_you_mean(str(age), ages) or f"ages: {', '.join(ages)}",
                )
            )
    known = {(c.age, c.id) for c in pack.cards}
    for age, card in deck.copies:
        if age in ages and (age, card) not in known:
            in_age = [c.id for c in pack.cards if c.age == age]
            elsewhere = [c.age for c in pack.cards if c.id == card]
            hint = (
                f'"{card}" is a card of {", ".join(elsewhere)}'
                if elsewhere
                else did_you_mean(card, in_age) or "run `agesmith cards PACK` for the ids"
            )
            problems.append(
                deck.doc.diagnostic(
                    ("copies", age, card),
                    f'the pack has no card "{card}" in {age}',
                    code="deck",
                    key=True,
                    hint=hint,
                )
            )
    cards = [
        dataclasses.replace(c, copies=deck.copies.get((c.age, c.id), c.copies)) for c in pack.cards
    ]
    for age in (a.id for a in pack.ages if a.file is not None):
        if not any(c.copies for c in cards if c.age == age):
            problems.append(
                deck.doc.diagnostic(
                    ("copies", age),
                    f"the deck leaves no card in {age}",
                    code="deck",
                    key=True,
                    hint="keep at least the cards the game deals at the start of the age",
                )
            )
    return dataclasses.replace(pack, cards=cards), problems


def load_deck(
    path: str | os.PathLike[str], variant: str | None = None
) -> tuple[Pack | None, list[Diagnostic]]:
    """The pack a deck file names, with the deck's copies; every diagnostic of both."""
    deck, problems = read_deck(path)
    if deck is None:
        return None, sorted_diagnostics(problems)
    pack, pack_problems = load_pack(deck.pack, variant=variant)
    problems += pack_problems
    if pack is None:
        problems.append(
            deck.doc.diagnostic(
                ("pack",),
                "the deck's pack cannot be loaded",
                code="deck",
                hint="check the pack folder's path",
            )
        )
        return None, sorted_diagnostics(problems)
    pack, deck_problems = apply_deck(pack, deck)
    return pack, sorted_diagnostics(problems + deck_problems)


def load_pack_or_deck(
    path: str | os.PathLike[str], variant: str | None = None
) -> tuple[Pack | None, list[Diagnostic]]:
    """A pack folder, or a deck file: what every command that takes a PACK accepts."""
    if is_deck_file(path):
        return load_deck(path, variant)
    return load_pack(path, variant=variant)
