"""The checks of `decks:` (named decks apart from the ages) and of the cards' `players:`.

A deck is a name, the file of its cards and the zone of the table its copies start in, or
its file alone when it starts in the zone of its own name (the form designers write first):

    decks:
      military deck: {cards: military.yaml, into: military deck, shuffled: true}
      titans: {cards: titans.yaml, into: titan pile}
      empire deck a: empire_a.yaml          # into the zone "empire deck a"

What the schema cannot say is checked here, each a located error with a hint: the zone must be
declared, and be the table's (a player's zone would leave "whose?" open); a deck may share its
name with the zone it starts in (the usual way to write it) but not with another zone, nor with
an age (a rule's "card of the military deck" and a save's card keys would read two ways); one
file holds one age's or one deck's cards; a card's name is the card's in the whole game once a
deck holds it (a deck's cards are in play with every age, so "you own "Legion"" must mean one
card). A card's `players:` may not give more copies than it has, and a
number of players the game is never played with keeps the card out of every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, did_you_mean
from .zones import declared_zones

if TYPE_CHECKING:
    from .pack import Card, Pack


def check_decks(pack: Pack) -> list[Diagnostic]:
    """Every problem of the decks and of the cards' copies by number of players."""
    return [*_deck_entries(pack), *_shared_names(pack), *_copies_by_players(pack)]


def _deck_entries(pack: Pack) -> list[Diagnostic]:
    zones = {zone.name: zone for zone in declared_zones(pack.game)}
    shared = [name for name, zone in zones.items() if zone.owner == "shared"]
    ages = {a.id: a for a in pack.ages} | {a.name: a for a in pack.ages}
    files = {a.file: f'the age "{a.id}"' for a in pack.ages if a.file is not None}
    out = []
    for deck in pack.decks:
        doc, where = pack.place("decks", deck.name)
        written = _written(doc.data, where)
        # "name: file.yaml", or a mapping without into: the zone of the deck's own name
        short = isinstance(written, str) or (isinstance(written, dict) and "into" not in written)
        into = where if short else (*where, "into")
        cards = (*where, "cards") if isinstance(written, dict) else where
        zone = zones.get(deck.into)
        if not deck.into:
            pass  # no into: the schema says it is missing
        elif zone is None:
            out.append(
                doc.diagnostic(
                    into,
                    f'the deck "{deck.name}" goes into "{deck.into}", which is not a zone',
                    code="deck",
                    hint=_short_form_hint(deck.name, deck.file)
                    if short
                    else did_you_mean(deck.into, shared)
                    or f"declare it under zones: shared (the table's zones: "
                    f"{', '.join(shared) or 'none'})",
                )
            )
        elif zone.owner != "shared":
            out.append(
                doc.diagnostic(
                    into,
                    f'the deck "{deck.name}" goes into "{deck.into}", a zone of each player',
                    code="deck",
                    hint="a deck starts in a zone of the table (zones: shared); the setup "
                    "may then deal its cards to the players",
                )
            )
        elif zone.kind == "row":
            out.append(
                doc.diagnostic(
                    into,
                    f'the deck "{deck.name}" goes into "{deck.into}", a row of '
                    f"{zone.places} places",
                    code="deck",
                    hint="a row is dealt into one card a place: put the deck into a pile, "
                    f'then "refill the {deck.into} to {zone.places} from <that pile>"',
                )
            )
        named = zones.get(deck.name)
        if named is not None and deck.name != deck.into:
            out.append(
                doc.diagnostic(
                    where,
                    f'the deck "{deck.name}" has the name of another zone than the one it '
                    f'goes into ("{deck.into}")',
                    code="deck",
                    key=True,
                    hint=f'"the {deck.name}" would read as either; name the deck after the '
                    f"zone it goes into (into: {deck.name}) or give it a name of its own",
                )
            )
        if deck.name in ages:
            out.append(
                doc.diagnostic(
                    where,
                    f'the deck "{deck.name}" has the name of an age',
                    code="deck",
                    key=True,
                    hint="a card of the age and a card of the deck would have the same key "
                    "in saves; give the deck another name",
                )
            )
        if deck.file in files:
            out.append(
                doc.diagnostic(
                    cards,
                    f'"{deck.file}" already holds the cards of {files[deck.file]}',
                    code="deck",
                    hint="one file holds the cards of one age or one deck",
                )
            )
        files[deck.file] = f'the deck "{deck.name}"'
    return out


def _written(data: Any, path: tuple[str | int, ...]) -> Any:
    """The value at `path` of the game file's mappings (None when there is none)."""
    for key in path:
        data = data.get(key) if isinstance(data, dict) else None
    return data


def _short_form_hint(name: str, file: str) -> str:
    """What to write for a deck given as its file alone whose name is no zone."""
    return (
        f"a deck written as its file alone starts in the zone of its name; say where: "
        f"{name}: {{cards: {file}, into: <a zone of the table>}}, or declare "
        f'"{name}" under zones: shared'
    )


def _shared_names(pack: Pack) -> list[Diagnostic]:
    """A name given to a card of a deck and to another card (of an age or another deck)."""
    first: dict[str, Card] = {}
    out = []
    for card in pack.cards:
        other = first.setdefault(card.name, card)
        if other is card or other.age == card.age:
            continue  # the same file's duplicates are reported by the card checks
        if not (pack.is_deck(card.age) or pack.is_deck(other.age)):
            continue  # two ages may share a card: they are not in play together
        line, _ = other.source.doc.position(other.source.path)
        out.append(
            card.source.doc.diagnostic(
                (*card.source.path, "name"),
                f'"{card.name}" is a card of {_owner(pack, other.age)} and of '
                f"{_owner(pack, card.age)}",
                code="duplicate-card",
                hint=f"a deck's cards are in play with every age, so a rule naming "
                f'"{card.name}" would mean either; rename one (the first is at '
                f"{other.source.file}:{line})",
            )
        )
    return out


def _owner(pack: Pack, owner: str) -> str:
    return f'the deck "{owner}"' if pack.is_deck(owner) else f'the age "{owner}"'


def _copies_by_players(pack: Pack) -> list[Diagnostic]:
    limits = pack.game.get("players")
    most = limits.get("max") if isinstance(limits, dict) else None
    out = []
    for card in pack.cards:
        raw: Any = card.source.doc.data
        for key in card.source.path:
            raw = raw[key]
        spec = raw.get("players") if isinstance(raw, dict) else None
        if spec is None:
            continue
        at = (*card.source.path, "players")
        for least, copies in card.players:
            if copies > card.copies and isinstance(spec, dict):
                out.append(
                    card.source.doc.diagnostic(
                        (*at, _key_of(spec, least)),
                        f'"{card.name}" has {copies} copies with {least} players or more, '
                        f"and {card.copies} in all",
                        code="copies",
                        hint=f"raise copies: to {copies}, or give fewer here",
                    )
                )
        if isinstance(most, int) and card.players and card.copies_with(most) == 0:
            out.append(
                card.source.doc.diagnostic(
                    at,
                    f'"{card.name}" is in no game: the game is for {most} players at most',
                    code="copies",
                    severity="warning",
                    hint=f"the smallest number here is {card.players[0][0]}; "
                    "lower it, or raise players: max",
                )
            )
    return out


def _key_of(spec: dict[Any, Any], least: int) -> Any:
    """The key as written in the mapping (a number or a text)."""
    return next((k for k in spec if str(k) == str(least)), least)
