"""The facts of play every pack's rules can read as numbers: the round, the age, the number of
players, the last round.

    if the round is exactly 2: reveal the explore space
    refill the empire row to the number of players + 2 from the empire deck
    scoring: age: the points of your cards + 2 * the age

- `the round`: the number of the round being played in the current age, 1 for its first round
  (0 while the age is being set up, before its first round starts).
- `the age`: the number of the age being played, 1 for the first age the game plays.
- `the number of players`: how many play.
- `the last round`: the first round in which the pack's `age_end` holds, when it reads these
  facts alone (`age_end: the round is at least 6`, tested at each round's end) and nothing
  else ends the age (no `age_ends`).
- `your place in turn order` (or `position`; `their ...` the doer's): 1 for the player who
  starts the round, 2 for the next in turn order, and so on (`gain civil action equal to your
  place in turn order`, TTA-S9).
- `the bid`: the winning bid of the auction the rule held (`each player may bid up to their
  coin`, interpreter/mechanics/bidding.py), in the rule and the parts it plays; 0 before it.

A fact is the engine's word: a counter, zone, resource or table the pack names like one
("round", "age") is a located error at its declaration, so "the round" always means the one
thing (the interpreter reads these in `interpreter.compile.meaning`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .diagnostics import Diagnostic
from .vocabulary import singular
from .zones import declared_zones

if TYPE_CHECKING:
    from .pack import Pack

# Each fact, by the words after "the", and what it means (for errors and the read-back).
FACTS: dict[str, str] = {
    "round": "the number of the round in the age, 1 for the first",
    "age": "the number of the age being played, 1 for the first",
    "number of players": "how many players play",
    "last round": "the round that ends the age, when the age ends on the round alone",
    "bid": "the winning bid of the rule's auction (each player may bid up to ...), 0 before it",
}

# Where a pack names things that the rules read as nouns, by game-file key.
NAMED = {
    "counters": "counter",
    "resources": "resource",
    "tables": "table",
}


def is_fact(name: str) -> bool:
    text = " ".join(name.split())
    return text in FACTS or singular(text) in FACTS


def fact_clash(name: str, key: str) -> tuple[str, str] | None:
    """(message, hint) when a name declared under `key` ("counters") is a fact's name."""
    if not is_fact(name):
        return None
    what = NAMED.get(key, "zone")
    fact = " ".join(name.split())
    fact = fact if fact in FACTS else singular(fact)
    return (
        f'a {what} cannot be named "{name}": "the {fact}" is a fact the engine reads '
        f"({FACTS[fact]})",
        f'name the {what} in other words (e.g. "{name} marker"), or read the fact itself',
    )


def check_fact_names(pack: Pack) -> list[Diagnostic]:
    """Every counter, resource and zone named like a fact, at its declaration (tables are
    checked with their rows, in tables.py)."""
    game = pack.game
    found: list[tuple[tuple[str | int, ...], str, bool, tuple[str, str]]] = []
    counters = game.get("counters")
    for name in counters if isinstance(counters, dict) else {}:
        clash = fact_clash(str(name), "counters")
        if clash is not None:
            found.append((("counters", str(name)), str(name), True, clash))
    resources = game.get("resources")
    for i, name in enumerate(resources if isinstance(resources, list) else []):
        clash = fact_clash(str(name), "resources")
        if clash is not None:
            found.append((("resources", i), str(name), False, clash))
    for zone in declared_zones(game):
        clash = fact_clash(zone.name, "zones")
        if clash is not None:
            found.append((("zones", zone.owner, zone.at), zone.name, False, clash))
    out = []
    for path, _, key, (message, hint) in found:
        doc, where = pack.place(*path)
        out.append(doc.diagnostic(where, message, code="fact-name", key=key, hint=hint))
    return out
