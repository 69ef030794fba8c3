"""The nouns a game file declares, by what they name: what a new name (a card state, a kind of
piece) must not already be, so that a rule's word reads one way only."""

from __future__ import annotations

from typing import Any

from .zones import zone_names


def names_of(value: Any) -> set[str]:
    """The names a list or a mapping of the game file declares."""
    return {str(x) for x in value} if isinstance(value, (list, dict)) else set()


def declared_nouns(game: dict[str, Any]) -> dict[str, set[str]]:
    """The game's card types, keywords, zones, resources and counters, each under the words
    a message names it by ("a card type")."""
    return {
        "a card type": names_of(game.get("card_types")),
        "a keyword": names_of(game.get("keywords")),
        "a zone": zone_names(game),
        "a resource": names_of(game.get("resources")),
        "a counter": names_of(game.get("counters")),
    }


def plural(noun: str) -> str:
    """A declared noun's plural, for wording that names it ("calamity" -> "calamities" in a
    report's heading); of a noun of several words, the last word's ("urban buildings"). The
    inverse of `vocabulary.singular` on the common endings."""
    if noun.endswith("y") and len(noun) > 1 and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"
