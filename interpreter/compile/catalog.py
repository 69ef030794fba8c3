"""The pack's cards compiled for play: stats as numbers, abilities sorted by what they do.

Built once when a game loads. Nothing here branches on a card's name: a card is what its data
and its rules say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from rules_dsl import ast
from rules_dsl.card_keys import BONUS
from rules_dsl.diagnostics import did_you_mean
from rules_dsl.pack import DEFAULT_ROUND_PHASE, Card, NamedDeck, Pack
from rules_dsl.printed_numbers import card_values
from rules_dsl.vocabulary import singular
from rules_dsl.zones import HAND

from ..core.control import phase_program
from ..core.errors import RuleError, UnknownName, cannot
from ..model.card_states import NO_CARD_STATES, CardStateTable
from ..model.zones import NO_ZONES, ZoneTable
from .meaning import (
    NO_LEXICON,
    Lexicon,
    Zone,
    compile_condition,
    compile_value,
    quantity_of_words,
    said,
    says,
    zone_of,
)

Cond = Callable[[Any], bool]
Num = Callable[[Any], int]


def _always(ctx: Any) -> bool:
    return True


said(_always, "always")


def _guard(condition: Any, unless: bool, lex: Lexicon = NO_LEXICON) -> Cond:
    """A compiled "if ..." / "unless ..." guard; no guard always holds."""
    if condition is None:
        return _always
    test = compile_condition(condition, lex)
    if unless:
        return said(lambda ctx: not test(ctx), f"unless {says(test)}")
    return said(test, f"if {says(test)}")


@dataclass(frozen=True)
class Roles:
    """The names game.yaml gives to roles of the mechanics (see rules_dsl/roles.py), read once
    at load so that play never looks them up: None where the game names none."""

    counted: str | None = None  # the resource a cost counts by amount
    money: str | None = None  # the counter that is money
    actions: tuple[str, ...] = ()  # the names of the actions the game declares
    never_exchanged: str | None = None  # the keyword of the cards never exchanged

    @classmethod
    def of(cls, pack: Pack) -> Roles:
        actions = tuple(a.name for a in pack.actions)
        return cls(
            pack.counted_resource,
            pack.money,
            actions,
            pack.never_exchanged,
        )


@dataclass
class CostRule:
    """A change of the counted resource's amount (game.yaml `counted_resource`): of this card's
    cost, or of the owner's acquisitions."""

    delta: int
    when: Cond
    types: tuple[str, ...] = ()  # "your progress acquisitions": the kinds it applies to
    first_each_turn: bool = False  # "your first acquisition each turn"


@dataclass
class StrengthRule:
    kind: str  # war | attack | defence
    amount: int
    per: Num | None
    when: Cond
    where: Zone | None = None  # "while in your retired:": it holds only while the card is there


@dataclass
class ActionCostRule:
    """ "increase population" costs 1 less food: a change of a declared action's cost in one
    counter when the card's holder takes it (declared_actions.py reads it)."""

    action: str
    counter: str
    delta: int
    when: Cond
    per: Num | None = None  # "per wonder": the delta that many times


@dataclass
class SymbolRule:
    """science +1 per worker on your labs: symbols of a resource a card shows besides its
    bonus, read for its holder (card_numbers.ability_symbols)."""

    kind: str  # the resource
    amount: int
    per: Num | None
    when: Cond


@dataclass
class CardInfo:
    """A distinct card of an age, ready for play: stats as numbers, abilities compiled."""

    index: int
    age: str
    id: str
    name: str
    type: str
    amount: int | None  # of the counted resource; None: the cost's X formula
    amount_x: Num | None
    resources: Counter[str]  # the cost's other symbols
    gold: int | None  # the price in money (the card's `gold:`), if any
    points: int | Any  # an int or an AST value (a formula)
    bonus: Counter[str]  # what the bonus gives: resources and counters
    symbol_counts: Counter[str] = field(default_factory=Counter)  # its symbols, by kind
    keywords: frozenset[str] = frozenset()
    free: list[Cond] = field(default_factory=list)
    discardable: list[Cond] = field(default_factory=list)
    own_cost: list[CostRule] = field(default_factory=list)
    acquisition_costs: list[CostRule] = field(default_factory=list)  # while in civilization
    events_costs: list[CostRule] = field(default_factory=list)  # while in events
    gold_prices: list[tuple[int, Cond]] = field(default_factory=list)
    strength: list[StrengthRule] = field(default_factory=list)
    symbol_rules: list[SymbolRule] = field(default_factory=list)  # "science +1 per ..."
    action_costs: list[ActionCostRule] = field(default_factory=list)  # '"X" costs 1 less ...'
    cancels: list[tuple[str, str]] = field(default_factory=list)  # (kind, card name)
    triggers: dict[str, list[Any]] = field(default_factory=dict)  # event -> bodies
    # the numbers printed on it, by the pack's name (rules_dsl/printed_numbers.py)
    numbers: dict[str, int | tuple[int, ...]] = field(default_factory=dict)

    @property
    def bonus_symbols(self) -> int:
        """The bonus symbols printed on the card: a coin worth 2 is one symbol."""
        return sum(self.symbol_counts.values())

    def symbols(self, kind: str | None = None) -> int:
        return self.symbol_counts[kind] if kind else self.bonus_symbols

    def has_bonus(self, kind: str | None = None) -> bool:
        return self.bonus[kind] > 0 if kind else self.bonus_symbols > 0


def _counts(cost: ast.Cost, counted: str | None) -> tuple[Counter[str], int | None]:
    """The symbols of a cost, and the amount of its `counted` resource (None when it is X)."""
    out: Counter[str] = Counter()
    total: int | None = 0
    for amount in cost.amounts:
        word = singular(" ".join(amount.words))
        if amount.count == "X":
            if counted is None or word != singular(counted):
                raise cannot(
                    amount,
                    "only the counted resource's amount may be X"
                    + (f" ({counted})" if counted else " (game.yaml names none: counted_resource)"),
                )
            total = None
            continue
        n = amount.count if isinstance(amount.count, int) else 1
        if counted is not None and word == singular(counted):
            total = (total or 0) + n
        else:
            out[word] += n
    return out, total


def coin_counters(game: dict[str, Any]) -> frozenset[str]:
    """The counters whose bonus is a coin: "2 gold" is one symbol worth 2 (`coins: true`)."""
    counters = game.get("counters") or {}
    return frozenset(
        str(name) for name, spec in counters.items() if isinstance(spec, dict) and spec.get("coins")
    )


def _symbols(bonus: ast.Cost, coins: frozenset[str]) -> Counter[str]:
    """The symbols of a bonus: "2 population" is two symbols, "2 gold" one coin of 2 (when gold
    is a counter of `coins`)."""
    out: Counter[str] = Counter()
    for amount in bonus.amounts:
        word = singular(" ".join(amount.words))
        n = amount.count if isinstance(amount.count, int) else 1
        out[word] += 1 if word in coins else n
    return out


def compile_card(
    index: int,
    card: Card,
    keywords: set[str],
    type_rules: dict[str, ast.Rules] | None = None,
    lex: Lexicon = NO_LEXICON,
    coins: frozenset[str] = frozenset(),
    roles: Roles | None = None,
) -> CardInfo:
    roles = roles or Roles()
    resources, amount = _counts(card.cost, roles.counted)
    for given in card.bonus.amounts:
        if given.count == "X":
            raise cannot(given, "a bonus gives a fixed amount: X is for costs")
    bonus, _ = _counts(card.bonus, None)
    x = compile_value(card.cost.x, lex) if card.cost.x is not None else None
    info = CardInfo(
        index,
        card.age,
        card.id,
        card.name,
        card.type,
        amount,
        x,
        resources,
        card.gold,
        card.points,
        bonus,
        _symbols(card.bonus, coins),
    )
    info.numbers = card_values(card.numbers, lex.card_numbers)
    found: set[str] = set()
    extra = (type_rules or {}).get(card.type)
    for statement in (*card.rules.statements, *(extra.statements if extra else ())):
        _sort(info, statement, found, in_events=False, lex=lex, roles=roles)
    info.keywords = frozenset(found)
    return info


def _cost_rule(s: ast.CostChange, lex: Lexicon, counted: str | None) -> CostRule:
    delta = s.amount if s.change == "more" else -s.amount
    guard = _guard(s.condition, s.unless, lex)
    if counted is None or singular(" ".join(s.resource)) != singular(counted):
        raise cannot(
            s,
            f"only the amount of {counted or 'the counted resource'} can change "
            "(the other symbols of a cost are fixed)"
            + ("" if counted else "; game.yaml names none: counted_resource"),
        )
    if s.target is None:
        return CostRule(delta, guard)
    words = tuple(singular(w) for w in s.target.words if w not in ("first", "paid"))
    first = "first" in s.target.words
    if first != s.target.each_turn or ("paid" in s.target.words) != first:
        raise cannot(
            s.target, 'the game counts "your first paid acquisition each turn" or every acquisition'
        )
    for word in words:
        if lex.card_word(word) is False:
            raise cannot(s.target, f'"{word}" is not a kind of card')
    return CostRule(delta, guard, words, first)


def _cancels(s: ast.Cancels, lex: Lexicon) -> tuple[str, str]:
    """cancels the war bonus of the opponent's "X": in a contest (the pack's war), the
    opponent's X adds nothing."""
    what = s.what
    bonuses = {(*c.name.split(), BONUS): f"{c.name} {BONUS}" for c in lex.contests}
    of = what.tails[0] if isinstance(what, ast.NounPhrase) and len(what.tails) == 1 else None
    whose = of.of if isinstance(of, ast.Of) else None
    if not (
        isinstance(what, ast.NounPhrase)
        and len(what.heads) == 1
        and isinstance(what.heads[0], tuple)
        and what.heads[0] in bonuses
        and isinstance(whose, ast.NounPhrase)
        and whose.determiner == "the"
        and len(whose.heads) == 2
        and whose.heads[0] == ("opponent",)
        and isinstance(whose.heads[1], ast.CardName)
        and not whose.tails
    ):
        raise cannot(
            s,
            'a card cancels "the <contest> bonus of the opponent\'s "<card>"" (the game\'s'
            f" contests: {', '.join(c.name for c in lex.contests) or 'none'})",
        )
    return bonuses[what.heads[0]], whose.heads[1].name


def _per(measure: Num, every: int) -> Num:
    """war +1 per 2 lands: one step for every `every` things counted. Read back as what one
    step is: "each land card you own", "every 2 land cards you own"."""
    counted = says(measure)
    if counted.startswith("the number of "):
        things = counted.removeprefix("the number of ")
        if things.split(" ")[-1] == "cards" or " cards " in things:
            things += " you own"
        step = (
            f"every {every} {things}"
            if every > 1
            else f"each {things.replace('cards', 'card', 1).replace('symbols', 'symbol', 1)}"
        )
    else:
        step = f"every {every} of {counted}" if every > 1 else f"each one of {counted}"
    return said(lambda ctx: measure(ctx) // every, step)


def _sort(
    info: CardInfo,
    s: Any,
    found: set[str],
    in_events: bool,
    lex: Lexicon = NO_LEXICON,
    roles: Roles | None = None,
) -> None:
    roles = roles or Roles()
    hand, tableau = lex.zones.name(HAND), lex.zones.name("tableau")
    if isinstance(s, ast.Keyword):
        if in_events:
            raise cannot(s, "a keyword belongs to the card wherever it is")
        found.add(s.word)
    elif isinstance(s, ast.Free):
        info.free.append(_guard(s.condition, s.unless, lex))
    elif isinstance(s, ast.Discardable):
        info.discardable.append(_guard(s.condition, s.unless, lex))
    elif isinstance(s, ast.CostChange):
        if in_events and s.target is None:
            raise cannot(s, f"a card's own cost is already read in the {hand}")
        rule = _cost_rule(s, lex, roles.counted)
        if rule.first_each_turn != in_events:
            raise cannot(
                s,
                "the first paid acquisition of a turn is counted for a card in "
                f"the {hand}, every acquisition for a card of the {tableau}",
            )
        if s.target is None:
            info.own_cost.append(rule)
        elif in_events:
            info.events_costs.append(rule)
        else:
            info.acquisition_costs.append(rule)
    elif isinstance(s, ast.MoneyPrice):
        if in_events:
            raise cannot(s, f"a card's price is read in the {hand} already")
        if roles.money is None:
            raise cannot(s, "a card's price is paid in money, and game.yaml names none (money)")
        if " ".join(s.money) != roles.money:
            raise UnknownName(
                f'"{" ".join(s.money)} price": a price is paid in the game\'s money, which is '
                f'"{roles.money}"',
                s,
                hint=f'write "{roles.money} price {s.amount}" (game.yaml, money:)',
            )
        info.gold_prices.append((s.amount, _guard(s.condition, s.unless, lex)))
    elif _is_strength(s, lex):
        if in_events:
            raise cannot(s, f"a card in the {hand} takes no side in a contest")
        info.strength.append(_strength_rule(s, lex))
    elif isinstance(s, ast.ActionCostChange):
        if in_events:
            raise cannot(s, f"a card in the {hand} changes no action's cost")
        info.action_costs.append(_action_cost_rule(s, lex, roles))
    elif isinstance(s, ast.Symbols):
        if in_events:
            raise cannot(s, f"a card in the {hand} shows no symbols")
        info.symbol_rules.append(_symbol_rule(s, lex))
    elif isinstance(s, ast.Cancels):
        info.cancels.append(_cancels(s, lex))
    elif isinstance(s, ast.Scope):
        where = s.where
        if in_events:
            raise cannot(s, "a scope inside a scope")
        if not (
            isinstance(where, ast.NounPhrase)
            and where.possessive == "your"
            and where.determiner is None
            and where.heads == (tuple(hand.split()),)
            and not where.tails
        ):
            info.strength.extend(_scoped_strength(s, hand, lex))
            return
        for inner in s.body:
            _sort(info, inner, found, in_events=True, lex=lex, roles=roles)
    elif isinstance(s, ast.Trigger):
        if in_events:
            raise cannot(s, f"a trigger of a card in the {hand}")
        info.triggers.setdefault(s.event, []).append(s.body)
    else:
        raise RuleError("a card's rules hold abilities and triggers", s)


def _is_strength(s: object, lex: Lexicon) -> TypeGuard[ast.Strength | ast.Symbols]:
    """attack +1, defence +2, or a contest's name and an amount ("war +1")."""
    return isinstance(s, ast.Strength) or (
        isinstance(s, ast.Symbols) and lex.contest(s.resource) is not None
    )


def _strength_rule(
    s: ast.Strength | ast.Symbols, lex: Lexicon, where: Zone | None = None
) -> StrengthRule:
    """attack +1, defence +2, or "<contest> +N" (both sides of that contest)."""
    kind = s.kind if isinstance(s, ast.Strength) else " ".join(s.resource)
    per = None
    if s.per is not None:
        measure = (
            compile_value(s.per.number, lex)
            if s.per.number is not None
            else quantity_of_words(s.per.words, s.per, lex)
        )
        per = _per(measure, s.per.count or 1)
    return StrengthRule(kind, s.amount, per, _guard(s.condition, s.unless, lex), where)


def _action_cost_rule(s: ast.ActionCostChange, lex: Lexicon, roles: Roles) -> ActionCostRule:
    if s.action not in roles.actions:
        near = did_you_mean(s.action, list(roles.actions))
        declared = f"the actions game.yaml declares: {', '.join(roles.actions) or 'none'}"
        raise UnknownName(
            f'"{s.action}" is not an action the game declares',
            s,
            f"{near} ({declared})" if near else declared,
        )
    counter = lex.counter(s.resource)
    kept = lex.stored_resource(s.resource)
    if counter is None and kept is not None:
        counter = kept.name
    if counter is None:
        raise UnknownName(
            f'"{" ".join(s.resource)}" is not a counter: an action\'s cost is paid from counters',
            s,
            f"the counters: {', '.join(lex.counters) or 'none declared'}",
        )
    delta = s.amount if s.change == "more" else -s.amount
    per = None
    if s.per is not None:
        measure, every = _per_measure(s.per, lex), s.per.count or 1
        text = says(measure) if every == 1 else f"each {every} of {says(measure)}"
        per = said(lambda ctx: measure(ctx) // every, text)
    return ActionCostRule(s.action, counter, delta, _guard(s.condition, s.unless, lex), per)


def _symbol_rule(s: ast.Symbols, lex: Lexicon) -> SymbolRule:
    text = " ".join(s.resource)
    kind = next((r for r in sorted(lex.resources) if text in (r, singular(r))), None)
    if kind is None:
        contests = ", ".join(c.name for c in lex.contests) or "game.yaml declares none"
        raise UnknownName(
            f'"{text}" is neither a resource nor a contest of the game',
            s,
            "a card shows more symbols of a resource: "
            f"{', '.join(sorted(lex.resources)) or 'game.yaml declares none'}; or counts for both"
            f" sides of a contest: {contests}",
        )
    per = None
    if s.per is not None:
        measure, every = _per_measure(s.per, lex), s.per.count or 1
        text = says(measure) if every == 1 else f"each {every} of {says(measure)}"
        per = said(lambda ctx: measure(ctx) // every, text)
    return SymbolRule(kind, s.amount, per, _guard(s.condition, s.unless, lex))


def _per_measure(per: ast.Per, lex: Lexicon) -> Num:
    """What one step of "per ..." counts: things you own ("per territory"), or, with "on",
    the pieces ("per worker on your labs") or symbols ("per happy symbol on your temples") on
    those cards, read as "the number of workers on your labs", "the happy symbols on ...";
    or a number worked out, "per (<number>)"."""
    if per.number is not None:
        return compile_value(per.number, lex)
    if per.on is None:
        return quantity_of_words(per.words, per, lex)
    things = ast.NounPhrase(heads=(per.words,), tails=(ast.OnCard(per.on, span=per.span),))
    if lex.pieces.find(singular(per.words[-1])) is not None:
        counted = ast.NounPhrase(
            determiner="the",
            heads=(("number",),),
            tails=(ast.Of(things, span=per.span),),
            span=per.span,
        )
    else:
        counted = ast.NounPhrase(
            determiner="the", heads=things.heads, tails=things.tails, span=per.span
        )
    return compile_value(counted, lex)


def _scoped_strength(s: ast.Scope, hand: str, lex: Lexicon) -> list[StrengthRule]:
    """while in your retired: attack +1 -- strength abilities that hold only while the card
    lies in one of its holder's zones (card_numbers.py reads them; a war reads a tableau's)."""
    where = s.where
    if not (isinstance(where, ast.NounPhrase) and where.possessive == "your" and not where.tails):
        raise cannot(where, 'a card\'s abilities hold "while in your <zone>" (or always)')
    zone = zone_of(where, lex)
    rules = []
    for inner in s.body:
        if not _is_strength(inner, lex):
            in_hand = f', or "while in your {hand}"' if lex.zones.hand != -1 else ""
            raise UnknownName(
                f'only abilities such as "attack +1" hold while in {zone.text}',
                inner,
                f'write it with no "while in ...": it holds wherever the card is{in_hand}',
            )
        rules.append(_strength_rule(inner, lex, zone))
    return rules


def _cost_changers(cards: list[CardInfo]) -> dict[str, frozenset[int]]:
    found: dict[str, set[int]] = {}
    for info in cards:
        for rule in info.action_costs:
            found.setdefault(rule.action, set()).add(info.index)
    return {name: frozenset(indexes) for name, indexes in found.items()}


@dataclass
class Catalog:
    """Every distinct card and every copy of the pack."""

    cards: list[CardInfo]
    copies: list[int]  # copy -> card index
    by_name: dict[tuple[str, str], int]  # (age, name) -> card index
    types: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    roles: Roles = Roles()
    zones: ZoneTable = NO_ZONES
    decks: tuple[NamedDeck, ...] = ()  # the pack's named decks, in the order written
    # each copy's number among its card's copies (0 for the first): a game of few players
    # leaves out a card's last copies (the card's `players:`)
    rank: list[int] = field(default_factory=list)
    by_players: dict[int, Card] = field(default_factory=dict)  # the cards with `players:`
    card_states: CardStateTable = NO_CARD_STATES
    # the cards whose abilities change a declared action's cost, by the action's name
    changes_cost_of: dict[str, frozenset[int]] = field(default_factory=dict)
    round_program: str = phase_program(DEFAULT_ROUND_PHASE)  # the program each round plays

    @classmethod
    def build(cls, pack: Pack) -> Catalog:
        keywords = {str(k) for k in pack.game.get("keywords") or []}
        lex, coins, roles = Lexicon.of(pack.game), coin_counters(pack.game), Roles.of(pack)
        cards = [
            compile_card(i, c, keywords, pack.type_rules, lex, coins, roles)
            for i, c in enumerate(pack.cards)
        ]
        copies = [info.index for info in cards for _ in range(pack.cards[info.index].copies)]
        by_name = {(c.age, c.name): c.index for c in cards}
        types = frozenset(str(t) for t in pack.game.get("card_types") or [])
        rank = [n for card in pack.cards for n in range(card.copies)]
        by_players = {i: card for i, card in enumerate(pack.cards) if card.players}
        return cls(
            cards,
            copies,
            by_name,
            types,
            frozenset(keywords),
            roles,
            lex.zones,
            tuple(pack.decks),
            rank,
            by_players,
            lex.card_states,
            _cost_changers(cards),
            phase_program(pack.round_phase),
        )

    def info(self, copy: int) -> CardInfo:
        return self.cards[self.copies[copy]]

    def copies_of_age(self, age: str, players: int | None = None) -> list[int]:
        """The copies of an age (or of a deck: its name), those of a game of `players`
        players only when given."""
        return [
            i
            for i, c in enumerate(self.copies)
            if self.cards[c].age == age and (players is None or self.in_game(i, players))
        ]

    def in_game(self, copy: int, players: int) -> bool:
        """Whether a copy is in a game of `players` players (its card's `players:`)."""
        card = self.by_players.get(self.copies[copy])
        return card is None or self.rank[copy] < card.copies_with(players)

    def is_deck(self, owner: str) -> bool:
        """Whether a card's `age` names one of the pack's decks."""
        return any(deck.name == owner for deck in self.decks)
