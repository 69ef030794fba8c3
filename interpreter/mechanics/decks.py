"""Named decks (game.yaml `decks:`): each deck's copies go into its zone when the game starts.

A deck is dealt once, before the first age's setup, with the copies a game of this many players
holds (a card's `players:` leaves out its last copies in a smaller game): in the card file's
order, or shuffled with the state's own generator when the deck says `shuffled: true`. The
age's setup may then move them ("put each card of the military deck into the military row").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.diagnostics import did_you_mean

from ..core.errors import UnknownName

if TYPE_CHECKING:
    from ..compile.meaning import Lexicon
    from ..core.state import State
    from .game import Game


def deal_decks(game: Game, state: State) -> None:
    """Put each deck's copies of this game into the zone it names (validate checked that the
    zone is declared and the table's)."""
    players = len(state.players)
    for deck in game.catalog.decks:
        found = game.zones.find(deck.into)
        if found is None or found[0] != "shared":
            continue  # a pack that does not validate; Game.load refuses it before play
        zone = state.zones[found[1]]
        copies = game.catalog.copies_of_age(deck.name, players)
        zone.extend(copies)
        if deck.shuffled:
            rng = state.random()
            rng.shuffle(zone)
            state.store_random(rng)
        if deck.into == deck.name:
            game.say(state, f"The {deck.name} holds {len(copies)} cards.")
        else:
            game.say(state, f"{len(copies)} cards of the {deck.name} go into the {deck.into}.")


def take_from_deck(game: Game, state: State, deck: str, wanted: Callable[[int], bool]) -> list[int]:
    """Take out of the deck's zone the deck's own copies still in it that `wanted` accepts,
    in the zone's order (a rule may have put other cards there: they stay)."""
    spec = next(d for d in game.catalog.decks if d.name == deck)
    found = game.zones.find(spec.into)
    if found is None or found[0] != "shared":
        return []
    zone = state.zones[found[1]]
    catalog = game.catalog
    taken = [c for c in zone if catalog.cards[catalog.copies[c]].age == deck and wanted(c)]
    zone[:] = [c for c in zone if c not in taken]
    return taken


def deck_of_phrase(np: Any, lex: Lexicon) -> str | None:
    """The deck a phrase names: "the military deck" for a deck named "military deck" or
    "military"; None when the phrase is no "the <words>". Words naming no deck are an error
    listing the decks (the age's cards are "of the age")."""
    if not (
        isinstance(np, ast.NounPhrase)
        and np.determiner == "the"
        and np.possessive is None
        and np.count is None
        and not np.tails
        and len(np.heads) == 1
        and isinstance(np.heads[0], tuple)
    ):
        return None
    words = " ".join(np.heads[0])
    for name in lex.decks:
        if words in (name, f"{name} deck"):
            return name
    raise UnknownName(
        f'"the {words}" is not a deck of the game',
        np,
        did_you_mean(words, lex.decks)
        or (f"the decks: {', '.join(lex.decks)}" if lex.decks else "the game declares no decks:")
        + '; the cards of the age played are "of the age"',
    )
