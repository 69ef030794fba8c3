"""Noun phrases of steps compiled, when a game loads, into selectors of cards and players.

"one of your active cards, preferring population bonus cards", "each unresolved calamity in
your events", "\"Pompei\" in any civilization", "this card", "a transmissible card in another
player's events": each becomes a `CardSelector` whose `select(ctx)` lists the copies it can
mean now (the chooser picks among them unless it means each of them). Every word is consumed
or the phrase is a located error: play never reads a phrase again.

"your" is the player the rule speaks for, "their" the player doing the step ("each opponent
destroys one of their active cards").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_dsl import ast
from rules_dsl.vocabulary import singular
from rules_dsl.zones import HAND

from ..core.errors import cannot
from ..model.zones import TABLEAU
from .meaning import (
    NO_LEXICON,
    Ctx,
    Lexicon,
    Zone,
    card_points,
    card_words,
    civ_cards,
    compile_condition,
    players_of,
    says,
    zone_of,
)
from .positions import ENDS

Select = Callable[[Ctx], list[int]]


@dataclass(frozen=True)
class CardSelector:
    """The copies a card phrase means: all of them (`many`) or one that is picked, by the
    doer, or by the rule's player when the phrase says "of your choice" (`yours`). `where`
    is the zone the phrase names ("your events", "your civilization", "the deck"...)."""

    select: Select
    many: bool
    text: str
    where: str = ""
    yours: bool = False
    zone_role: str | None = None  # the role of the zone the cards are in (rules_dsl/zones.py)
    zone_owner: str = ""  # whose zone: your | their | all | others; "" for a shared one

    def chooser(self, player: int, doer: int) -> int:
        """Who picks the card: the rule's player for "of your choice", else the doer."""
        return player if self.yours else doer


def me(ctx: Ctx) -> int:
    """The player doing the step ("their"), else the player the rule speaks for."""
    return ctx.doer if ctx.doer is not None else ctx.player


def zone_cards(np: Any, lex: Lexicon = NO_LEXICON) -> tuple[Select, Zone]:
    """The cards of a zone phrase (a new list each time: a selector's caller may keep it),
    and the zone (`meaning.zone_of`). A card named in quotes is looked for among the active
    ones of a tableau: a decadent card has lost its name."""
    zone = zone_of(np, lex)
    cards = zone.cards
    return (lambda ctx: list(cards(ctx))), zone


def decadent(ctx: Ctx, copy: int) -> bool:
    return any(copy in pile[1:] for p in ctx.state.players for pile in p.tableau)


def card_selector(
    np: Any, lex: Lexicon = NO_LEXICON, zone: Any = None, never_decadent: bool = False
) -> CardSelector:
    """Compile a card phrase; `zone` is a zone phrase given by a role ("from another
    civilization") when the phrase itself names none. `never_decadent`: the verb can never
    reach a card in decadence (destroy, AH-K8), so such cards are no candidates at all,
    before any preference or comparison, and a phrase naming only them is an error."""
    if isinstance(np, ast.Pronoun):
        if np.word != "it":
            raise cannot(np, '"you" is not a card')
        return CardSelector(
            lambda ctx: (
                [ctx.it] if isinstance(ctx.it, int) and not isinstance(ctx.it, bool) else []
            ),
            False,
            "that card",
        )
    if not isinstance(np, ast.NounPhrase) or len(np.heads) != 1:
        raise cannot(np, "this phrase does not name cards")
    end = _end_card(np, lex)
    if end is not None:  # the first card in the card row, the top card of the deck
        if zone is not None:
            raise cannot(np, "the card's zone is said twice")
        return end
    if np.determiner == "this":
        if np.heads != (("card",),) or np.tails:
            raise cannot(np, '"this" names this card: "this card"')
        return CardSelector(
            lambda ctx: [ctx.card] if ctx.card is not None else [], False, "this card"
        )
    located = next((t for t in np.tails if isinstance(t, ast.Located)), None)
    superlative = next((t for t in np.tails if isinstance(t, ast.Superlative)), None)
    preferring = next((t for t in np.tails if isinstance(t, ast.Preferring)), None)
    chosen = next((t for t in np.tails if isinstance(t, ast.OfChoice)), None)
    for tail in np.tails:
        if tail not in (located, superlative, preferring, chosen):
            raise cannot(tail, "a card phrase cannot say this")
    if located is not None and zone is not None:
        raise cannot(np, "the card's zone is said twice")
    where = located.where if located is not None else zone
    head = np.heads[0]
    many = np.determiner in ("each", "each of", "each of the", "all", "every")
    if np.count is not None or np.determiner not in (
        None,
        "a",
        "an",
        "one of",
        "each",
        "each of",
        "each of the",
        "all",
        "every",
    ):
        raise cannot(np, f'"{np.determiner or np.count}" cards: say "one of", "a" or "each"')
    if np.determiner is None and not isinstance(head, ast.CardName):
        raise cannot(
            np,
            'how many of them? say "one of your ... cards", "a card in ..." or '
            '"each card in ..." ("all your ... cards")',
        )
    if chosen is not None and (many or isinstance(head, ast.CardName)):
        raise cannot(
            chosen,
            '"of your choice" picks one card among several: "one of their '
            'active cards of your choice"',
        )
    yours = chosen is not None
    if isinstance(head, ast.CardName):
        if where is None or np.possessive or np.determiner not in (None,):
            tableau = lex.zones.name("tableau")
            raise cannot(
                np,
                f'where is "{head.name}"? say "\\"{head.name}\\" in any '
                f'{tableau}" or "from another {tableau}"',
            )
        zone_select, in_zone = zone_cards(where, lex)
        zone_text = in_zone.text
        name = head.name
        return CardSelector(
            lambda ctx: [
                c for c in zone_select(ctx) if ctx.info(c).name == name and not decadent(ctx, c)
            ],
            False,
            f'"{name}" in {zone_text}',
            zone_text,
            zone_role=in_zone.role,
            zone_owner=in_zone.owner,
        )
    found = card_words(tuple(singular(w) for w in head), np, lex, allow=("unresolved",))
    unresolved = "unresolved" in (singular(w) for w in head)
    if where is not None:
        if np.possessive:
            raise cannot(np, "the cards' owner is said twice")
        if found.state is not None:
            raise cannot(
                np,
                f'"{found.state}" cards are in a {lex.zones.name("tableau")}; say "one of '
                f'your {found.state} cards"',
            )
        base, base_zone = zone_cards(where, lex)
        base_text, base_role, base_owner = base_zone.text, base_zone.role, base_zone.owner
    elif np.possessive in ("your", "their"):
        owner = np.possessive
        state = found.state

        def base(ctx: Ctx) -> list[int]:
            return civ_cards(ctx, ctx.player if owner == "your" else me(ctx), state)

        base_text = f"{owner} {lex.zones.name('tableau')}"
        base_role, base_owner = "tableau", owner
    else:
        raise cannot(
            np,
            f'whose cards? say "one of your active cards" or '
            f'"a card in your {lex.zones.name("hand")}"',
        )
    if never_decadent and found.state == "decadent":
        raise cannot(
            np,
            "a card in decadence can never be destroyed (AH-K8): no card is ever chosen this way",
        )
    hand = lex.zones.name(HAND)
    if unresolved and (base_role != HAND or base_owner not in ("your", "their")):
        raise cannot(
            np,
            f'"unresolved" cards are cards still in the {hand} since the turn began: '
            f'"each unresolved card in your {hand}"',
        )
    started_seat = (lambda ctx: ctx.player) if base_owner == "your" else me
    test = found.test
    pick_best = None
    if superlative is not None:
        if tuple(singular(w) for w in superlative.words) != ("point",) or superlative.kind not in (
            "most",
            "fewest",
            "highest",
            "lowest",
        ):
            raise cannot(superlative, "cards are compared by their points")
        pick_best = max if superlative.kind in ("most", "highest") else min
    prefer = _preferences(preferring, lex) if preferring is not None else None

    def select(ctx: Ctx) -> list[int]:
        cards = [c for c in base(ctx) if test(ctx, c)]
        if never_decadent:
            cards = [c for c in cards if not decadent(ctx, c)]
        if unresolved:
            started = ctx.state.players[started_seat(ctx)].flags.get("turn_start_events", [])
            cards = [c for c in cards if c in started]
        if pick_best is not None and cards:
            values = {c: card_points(ctx, c) for c in cards}
            best = pick_best(values.values())
            cards = [c for c in cards if values[c] == best]
        if prefer is not None:
            cards = prefer(ctx, cards)
        return cards

    text = ("each of the " if many else "one of the ") + f"{found.text} in {base_text}"
    if never_decadent and found.state is None and base_role == "tableau":
        text += " that are not in decadence"
    if superlative is not None:
        text += f" with the {superlative.kind} points"
    if yours:
        text += ", of your choice"
    if prefer is not None:
        text += f", {says(prefer)}"
    return CardSelector(select, many, text, base_text, yours, base_role, base_owner)


def _end_card(np: ast.NounPhrase, lex: Lexicon) -> CardSelector | None:
    """`the first card in the card row`, `the top card of the deck`... (positions.py): the
    selector of the one card at that end of the zone; None when the phrase names no end."""
    if np.determiner != "the" or len(np.heads) != 1:
        return None
    head = np.heads[0]
    if not isinstance(head, tuple) or len(head) != 2 or head[0] not in ENDS:
        return None
    if head[1] != "card" or np.count is not None or len(np.tails) != 1:
        raise cannot(np, f'one card at an end of a zone: "the {head[0]} card in <zone>"')
    tail = np.tails[0]
    if isinstance(tail, ast.Located):
        where = tail.where
    elif isinstance(tail, ast.Of):
        where = tail.of
    else:
        raise cannot(tail, f'which zone? "the {head[0]} card in <zone>"')
    zone = zone_of(where, lex)
    if zone.role == "tableau":
        raise cannot(where, f"{zone.text} holds piles, not one line of cards")
    end = ENDS[head[0]]
    cards = zone.cards

    def select(ctx: Ctx) -> list[int]:
        found = cards(ctx)
        return [found[end]] if found else []

    return CardSelector(
        select,
        False,
        f"the {head[0]} card of {zone.text}",
        zone.text,
        zone_role=zone.role,
        zone_owner=zone.owner,
    )


def _preferences(pref: ast.Preferring, lex: Lexicon) -> Callable[[Ctx, list[int]], list[int]]:
    """AH-K7: the first kind of the list the player has, else any of their cards."""
    kinds = [card_words(tuple(singular(w) for w in words), pref, lex) for words in pref.preferences]
    for kind in kinds:
        if kind.state is not None:
            raise cannot(pref, "a preference is a kind of card")
    guard = compile_condition(pref.condition, lex) if pref.condition is not None else None
    unless = pref.unless

    def prefer(ctx: Ctx, cards: list[int]) -> list[int]:
        if guard is not None and guard(ctx) == unless:
            return cards
        for kind in kinds:
            chosen = [c for c in cards if kind.test(ctx, c)]
            if chosen:
                return chosen
        return cards

    text = "preferring " + ", then ".join(k.text for k in kinds)
    if guard is not None:  # the preference holds only while the condition says so
        text += (
            f", unless {says(guard)} (then any of them)"
            if unless
            else f", if {says(guard)} (otherwise any of them)"
        )
    setattr(prefer, "says", text)  # noqa: B010
    return prefer


@dataclass(frozen=True)
class Receiver:
    """Who receives in "to another player", "to the winner's civilization", "to you"."""

    seats: Callable[[Ctx], list[int]]
    mode: str  # one | all | choose
    zone: int  # the zone the card goes to: an index of PlayerState.zones, or TABLEAU
    zone_name: str
    text: str
    yours: bool = False  # "a player of your choice": the rule's player picks

    def chooser(self, player: int, doer: int) -> int:
        """Who picks the receiver: the rule's player for "of your choice", else the doer."""
        return player if self.yours else doer


def receiver(np: Any, lex: Lexicon = NO_LEXICON, default_role: str = HAND) -> Receiver:
    """The players a card goes to, and into which of their zones (the zone with
    `default_role` unless the phrase names one: "to the winner's civilization")."""
    table = lex.zones
    zone = TABLEAU if default_role == "tableau" else table.hand
    zone_name = table.name(default_role)
    if zone == -1:
        raise cannot(np, f'the game has no zone with the role "{default_role}" to put it into')
    if isinstance(np, ast.Pronoun) and np.word == "you":
        return Receiver(lambda ctx: [ctx.player], "one", zone, zone_name, "you")
    yours = isinstance(np, ast.NounPhrase) and any(isinstance(t, ast.OfChoice) for t in np.tails)
    if isinstance(np, ast.NounPhrase) and len(np.heads) == 2 and isinstance(np.heads[1], tuple):
        zone_name = " ".join(np.heads[1])
        found = table.find(zone_name)
        if found is None or found[0] != "player":
            names = ", ".join(table.names("player"))
            raise cannot(
                np, f'a card goes to one of a player\'s zones ({names}), not "{zone_name}"'
            )
        zone = found[1]
        owner = ast.NounPhrase(
            np.determiner, np.count, np.possessive, np.heads[:1], np.tails, span=np.span
        )
        seats, mode = players_of(owner, lex)
        return Receiver(seats, mode, zone, zone_name, f"{says(seats)}'s {zone_name}", yours)
    seats, mode = players_of(np, lex)
    return Receiver(seats, mode, zone, zone_name, says(seats), yours)
