"""Numbers read off named cards, wherever they lie: the symbols on them and their strength.

    the sword symbols on your attacking military cards   a resource's bonus symbols on cards
    the banner symbols on it                             a group's: every resource "... banner"
    the swords on it                                     the same as "the sword symbols on it"
    the defence of it / its defence                      the sum of the cards' strength abilities
    the attack of your retired cards

This module says what is counted and how it is said; `meaning` (which imports it: this one
imports no compiler) resolves the cards with `meaning.the_cards` ("it", "this card", "your
<kind> cards" wherever the player holds them, "your retired cards", "the <kind> cards in
<zone>") and attaches the words. A face-down card shows no symbols, its abilities give nothing.

- Symbols: `the <resource> symbols on <cards>` counts that resource's bonus symbols (a coin of
  a `coins:` counter is one symbol), `the symbols on <cards>` every symbol; `<resource>` may be
  a group word (`resource_group`). Without "symbols", a word that is a counter keeps
  its meaning, tokens lying on the card (`the coin on this card`, `meaning.compile_tokens_on`),
  and a word that is only a resource (or a group) reads its symbols: `the swords on it`.
- Strength: `the <kind> of <cards>` adds up the cards' `<kind> +N` abilities, the kinds of the
  grammar's `strength_kind`. As in a war, attack and defence also count the abilities of the
  kind that holds on both sides ("war +1"); that kind alone counts only its own. An ability's
  `per` and condition are read for the card's holder (the player in whose zone it lies; for a
  card in a shared zone, the player the rule speaks for), with "this card" the card; an ability
  scoped `while in <zone>:` counts only while the card lies in that zone of its holder's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules_dsl import ast, printer
from rules_dsl.card_keys import BONUS
from rules_dsl.diagnostics import did_you_mean
from rules_dsl.grammar_words import strength_kinds
from rules_dsl.vocabulary import singular

from ..core import pieces
from ..core.card_state import is_face_down
from ..core.errors import UnknownName, cannot

if TYPE_CHECKING:
    from ..core.state import State
    from .meaning import Ctx, Lexicon, Num

# The kinds of strength that hold on one side only (the grammar's); a contest's hold on both.
SIDES = strength_kinds()
_SYMBOL = "symbol"

CardsOf = Callable[[Any], list[int]]  # the cards a phrase names, for a context
Times = Callable[[Any, int], int]  # how many times a card's symbols count now


def shown_times(lex: Lexicon) -> Times | None:
    """How many times a card's bonus symbols count now, when the pack has pieces that show
    the symbols of some card types (`shows symbols of`, rules_dsl/pieces.py): once per such
    piece on a card of those types (none on it: none), once on any other card, never face
    down. None when no piece says so: every card's symbols count once, as before (the faster
    path Along History plays)."""
    shown = lex.pieces.showing()
    if not shown:
        return None

    def times(ctx: Ctx, copy: int) -> int:
        if ctx.state.cards and is_face_down(ctx.state, copy):
            return 0
        kinds = shown.get(ctx.info(copy).type)
        return 1 if kinds is None else pieces.count_on(ctx.state, kinds, copy)

    return times


def shown_text(lex: Lexicon) -> str:
    """The read-back's note that some cards show their symbols once per piece on them."""
    shown = lex.pieces.showing()
    if not shown:
        return ""
    by_kinds: dict[tuple[str, ...], list[str]] = {}
    for card_type, kinds in shown.items():
        by_kinds.setdefault(kinds, []).append(card_type)
    parts = [
        f"{_listed(types)} cards once per {' or '.join(kinds)} on them"
        for kinds, types in by_kinds.items()
    ]
    return f" ({'; '.join(parts)})"


def _listed(words: list[str]) -> str:
    """ "farm, mine and unit"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True)
class CardNumber:
    """A number read off the cards a phrase names: the phrase (`meaning.the_cards` resolves
    it, with `asked` for its error), how the number is counted on those cards, and how it is
    said (`{cards}` where the cards are said)."""

    cards: Any
    asked: str
    count: Callable[[CardsOf], Callable[[Any], int]]  # the cards -> the number (a `Num`)
    text: str


def card_number(np: ast.NounPhrase, lex: Lexicon) -> CardNumber | None:
    """The symbols on named cards or their strength, or None when the phrase is neither."""
    if len(np.heads) != 1 or not isinstance(np.heads[0], tuple):
        return None
    words = tuple(singular(w) for w in np.heads[0])
    on = next((t for t in np.tails if isinstance(t, ast.OnCard)), None)
    if on is not None:
        return _symbols_on(np, words, on, lex)
    kind = " ".join(words)
    if kind in lex.strength_kinds() and not _named_otherwise(words, lex):
        return _strength(np, kind, lex)
    return None


def held_cards(state: State, seat: int) -> list[int]:
    """Every card a player holds: their tableau's (decadent ones too), then each of their
    zones' in the order the pack declares them."""
    player = state.players[seat]
    return player.all_cards() + [c for zone in player.zones for c in zone]


def _named_otherwise(words: tuple[str, ...], lex: Lexicon) -> bool:
    """Whether the pack gives these words a meaning of its own (a counter, a resource, a
    table): the pack's noun wins over the engine's."""
    text = " ".join(words)
    return (
        lex.counter(words) is not None
        or text in lex.resources
        or any(t.name == text for t in lex.tables)
    )


# ------------------------------------------------------------------ symbols and groups


def resource_group(word: str, lex: Lexicon) -> tuple[str, ...]:
    """The resources a group word names: those of several words whose last word it is
    ("banner": blue banner, red banner...), in alphabetical order; none when the word is
    itself a resource, a counter or a kind of card (it keeps its own meaning)."""
    if (
        not word
        or " " in word
        or _resource_named(word, lex) is not None
        or lex.counter((word,))
        or lex.card_word(word)
    ):
        return ()
    return tuple(
        r for r in sorted(lex.resources) if " " in r and singular(r.split(" ")[-1]) == word
    )


def _resource_named(text: str, lex: Lexicon) -> str | None:
    return next((r for r in sorted(lex.resources) if text in (r, singular(r))), None)


def _symbols_on(
    np: ast.NounPhrase, words: tuple[str, ...], on: ast.OnCard, lex: Lexicon
) -> CardNumber | None:
    """the sword symbols on it / the swords on it (a resource, not a counter); None for
    tokens of a counter ("the coin on this card") and pieces."""
    if words[-1] == _SYMBOL:
        kind = words[:-1]
    elif lex.counter(words) is not None or not (lex.resources or lex.counters):
        return None  # tokens on the card (or no lexicon to tell: a scenario's tokens)
    elif lex.pieces.find(words[-1]) is not None:
        return None
    else:
        kind = words
        if _resource_words(kind, lex) is None:
            raise _not_counted_on_cards(np, kind, lex)
    if np.determiner != "the" or np.count is not None or np.possessive or len(np.tails) != 1:
        raise cannot(np, 'symbols on cards are counted as "the <resource> symbols on <cards>"')
    members, text = _symbol_kinds(kind, np, lex)
    return CardNumber(
        on.card,
        f"the {' '.join(kind) or BONUS} symbols",
        lambda cards: _symbols_count(cards, members, shown_times(lex)),
        f"the number of {text} on " + "{cards}" + shown_text(lex),
    )


def _symbols_count(cards: CardsOf, members: tuple[str, ...] | None, times: Times | None) -> Num:
    def count(ctx: Ctx) -> int:
        total = 0
        for c in cards(ctx):
            if ctx.state.cards and is_face_down(ctx.state, c):
                continue  # a face-down card shows no symbols
            info = ctx.info(c)
            printed = (
                info.bonus_symbols if members is None else sum(info.symbols(k) for k in members)
            )
            if info.symbol_rules:
                printed += ability_symbols(ctx, c, members)
            total += printed if times is None else printed * times(ctx, c)
        return total

    return count


# The cards whose abilities' symbols are being worked out: an ability's own number ("per happy
# symbol on your temples") counts other cards' abilities too, but never one of these again, so
# that abilities reading each other end (the card read a second time adds its printed symbols).
_READING: set[int] = set()


def ability_symbols(ctx: Ctx, copy: int, kinds: tuple[str, ...] | None) -> int:
    """The symbols of these resources (None: every one) that a card's abilities add to its
    printed ones now ("science +1 per worker on your labs"), read for its holder (the player in
    whose zone it lies; for a card on the table, the rule's player), with "this card" the
    card. Counted as the printed symbols are, where they are (the caller multiplies by the
    times the card shows them); none while this card's own abilities are being read."""
    rules = ctx.info(copy).symbol_rules
    if not rules or copy in _READING:
        return 0
    seat = holder(ctx.state, copy)
    own = ctx.for_card(ctx.player if seat is None else seat, copy)
    total = 0
    _READING.add(copy)
    try:
        for rule in rules:
            if (kinds is None or rule.kind in kinds) and rule.when(own):
                total += rule.amount * (rule.per(own) if rule.per else 1)
    finally:
        _READING.discard(copy)
    return total


def _resource_words(words: tuple[str, ...], lex: Lexicon) -> tuple[str, ...] | None:
    """The resources words name: one resource, or a group's; None for neither."""
    text = " ".join(words)
    found = _resource_named(text, lex)
    if found is not None:
        return (found,)
    group = resource_group(text, lex)
    return group or None


def _symbol_kinds(
    words: tuple[str, ...], np: Any, lex: Lexicon
) -> tuple[tuple[str, ...] | None, str]:
    """Which symbols are counted (None: every one) and how they are said."""
    if words in ((), (BONUS,)):
        return None, "bonus symbols"
    text = " ".join(words)
    if not lex.resources:  # no lexicon (a scenario's condition): the symbol's name as written
        return (text,), f"{text} bonus symbols"
    found = _resource_words(words, lex)
    if found is None:
        raise _unknown_resource(np, text, lex)
    if len(found) == 1 and found[0] == text:
        return found, f"{text} bonus symbols"
    return found, f"{text} bonus symbols ({' or '.join(found)})"


def _groups(lex: Lexicon) -> list[str]:
    """The group words of the pack's resources."""
    lasts = {singular(r.split(" ")[-1]) for r in lex.resources if " " in r}
    return sorted(w for w in lasts if resource_group(w, lex))


def _unknown_resource(np: Any, text: str, lex: Lexicon) -> UnknownName:
    names = sorted(lex.resources) + _groups(lex)
    near = did_you_mean(text, names)
    every = f"the resources game.yaml declares: {', '.join(sorted(lex.resources))}"
    groups = _groups(lex)
    if groups:
        every += f"; the groups of several: {', '.join(groups)}"
    return UnknownName(
        f'"{text}" is not a resource of the game, nor the last word of several (a group)',
        np,
        f"{near} ({every})" if near else every,
    )


def _not_counted_on_cards(np: Any, words: tuple[str, ...], lex: Lexicon) -> UnknownName:
    text = " ".join(words)
    near = did_you_mean(text, [*lex.counters, *sorted(lex.resources), *_groups(lex)])
    every = (
        "a counter's tokens lie on a card (the <counter> on <cards>), a resource's symbols are "
        "printed on it (the <resource> symbols on <cards>)"
    )
    return UnknownName(
        f'"{text}" is neither a counter nor a resource of the game',
        np,
        f"{near}; {every}" if near else every,
    )


# ------------------------------------------------------------------ strength


def _strength(np: ast.NounPhrase, kind: str, lex: Lexicon) -> CardNumber:
    """the defence of it / its defence / the attack of your retired cards."""
    forms = (
        f'"the {kind} of it", "its {kind}", "the {kind} of your <kind> cards" or '
        f'"the {kind} of the <kind> cards in <zone>"'
    )
    target: Any
    if np.possessive == "its" and np.determiner is None and not np.tails and np.count is None:
        target = ast.Pronoun("it", span=np.span)
    elif (
        np.determiner == "the"
        and np.count is None
        and not np.possessive
        and len(np.tails) == 1
        and isinstance(np.tails[0], ast.Of)
    ):
        target = np.tails[0].of
    else:
        raise UnknownName(
            f'"{printer.phrase(np)}" names no cards: the {kind} is added up from cards\' '
            f'"{kind} +N" abilities',
            np,
            f"say {forms}",
        )
    counted = tuple(
        k for k in lex.strength_kinds() if k == kind or (kind in SIDES and k not in SIDES)
    )
    also = [k for k in counted if k != kind]
    abilities = " and ".join(f'"{k} +N"' for k in (kind, *also))
    return CardNumber(
        target,
        f"the {kind}",
        lambda cards: _strength_total(cards, counted),
        f"the {kind} of " + "{cards}" + f" (from {abilities} abilities)",
    )


def _strength_total(cards: CardsOf, kinds: tuple[str, ...]) -> Num:
    return lambda ctx: sum(strength_of(ctx, c, kinds) for c in cards(ctx))


def strength_of(ctx: Ctx, copy: int, kinds: tuple[str, ...]) -> int:
    """What a card's strength abilities of these kinds give now, read for its holder; a
    face-down card's give nothing."""
    rules = ctx.info(copy).strength
    if not rules or (ctx.state.cards and is_face_down(ctx.state, copy)):
        return 0
    seat = holder(ctx.state, copy)
    own = ctx.for_card(ctx.player if seat is None else seat, copy)
    total = 0
    for rule in rules:
        if rule.kind not in kinds:
            continue
        if rule.where is not None and copy not in rule.where.cards(own):
            continue  # "while in your retired:": only there
        if rule.when(own):
            total += rule.amount * (rule.per(own) if rule.per else 1)
    return total


def holder(state: State, copy: int) -> int | None:
    """The seat of the player who holds a card in one of their zones, None for a shared one."""
    for player in state.players:
        if copy in held_cards(state, player.seat):
            return player.seat
    return None
