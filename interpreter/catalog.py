"""The pack's cards compiled for play: stats as numbers, abilities sorted by what they do.

Built once when a game loads. Nothing here branches on a card's name: a card is what its data
and its rules say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules_dsl import ast
from rules_dsl.pack import Card, Pack
from rules_dsl.vocabulary import singular

from .errors import RuleError
from .meaning import compile_condition, compile_value, quantity_of_words

Cond = Callable[[Any], bool]
Num = Callable[[Any], int]


def _always(ctx: Any) -> bool:
    return True


def _guard(condition: Any, unless: bool) -> Cond:
    """A compiled "if ..." / "unless ..." guard; no guard always holds."""
    if condition is None:
        return _always
    test = compile_condition(condition)
    return (lambda ctx: not test(ctx)) if unless else test


@dataclass
class CostRule:
    """A population change: of this card's cost, or of the owner's acquisitions."""

    delta: int
    when: Cond
    types: tuple[str, ...] = ()         # "your progress acquisitions": the kinds it applies to
    first_each_turn: bool = False       # "your first acquisition each turn"


@dataclass
class StrengthRule:
    kind: str                           # war | attack | defence
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
    population: int | None              # None: given by the cost's X formula
    population_x: Num | None
    resources: Counter[str]
    gold: int | None
    points: int | Any                   # an int or an AST value (a formula)
    bonus: Counter[str]                 # resource symbols and gold
    keywords: frozenset[str] = frozenset()
    free: list[Cond] = field(default_factory=list)
    discardable: list[Cond] = field(default_factory=list)
    own_cost: list[CostRule] = field(default_factory=list)
    acquisition_costs: list[CostRule] = field(default_factory=list)   # while in civilization
    events_costs: list[CostRule] = field(default_factory=list)        # while in events
    gold_prices: list[tuple[int, Cond]] = field(default_factory=list)
    strength: list[StrengthRule] = field(default_factory=list)
    cancels: list[tuple[str, str]] = field(default_factory=list)      # (kind, card name)
    triggers: dict[str, list[Any]] = field(default_factory=dict)      # event -> bodies

    @property
    def bonus_symbols(self) -> int:
        return sum(self.bonus.values())

    def has_bonus(self, kind: str | None = None) -> bool:
        return self.bonus[kind] > 0 if kind else self.bonus_symbols > 0


def _counts(cost: ast.Cost) -> tuple[Counter[str], int | None]:
    """Resource counts of a cost, and its population (None when it is X)."""
    out: Counter[str] = Counter()
    population: int | None = 0
    for amount in cost.amounts:
        word = singular(" ".join(amount.words))
        if amount.count == "X":
            population = None
            continue
        n = amount.count if isinstance(amount.count, int) else 1
        if word == "population":
            population = (population or 0) + n
        else:
            out[word] += n
    return out, population


def compile_card(index: int, card: Card, keywords: set[str],
                 type_rules: dict[str, ast.Rules] | None = None) -> CardInfo:
    resources, population = _counts(card.cost)
    bonus, bonus_population = _counts(card.bonus)
    if bonus_population:
        bonus["population"] += bonus_population
    x = compile_value(card.cost.x) if card.cost.x is not None else None
    info = CardInfo(index, card.age, card.id, card.name, card.type, population, x, resources,
                    card.gold, card.points, bonus)
    found: set[str] = set()
    extra = (type_rules or {}).get(card.type)
    for statement in (*card.rules.statements, *(extra.statements if extra else ())):
        _sort(info, statement, found, in_events=False)
    info.keywords = frozenset(found)
    return info


def _cost_rule(s: ast.CostChange) -> CostRule:
    delta = s.amount if s.change == "more" else -s.amount
    guard = _guard(s.condition, s.unless)
    if s.target is None:
        return CostRule(delta, guard)
    kinds = tuple(singular(w) for w in s.target.words if w != "first")
    return CostRule(delta, guard, kinds, s.target.each_turn or "first" in s.target.words)


def _per(measure: Num, every: int) -> Num:
    """war +1 per 2 lands: one step for every `every` things counted."""
    return lambda ctx: measure(ctx) // every


def _sort(info: CardInfo, s: Any, found: set[str], in_events: bool) -> None:
    if isinstance(s, ast.Keyword):
        found.add(s.word)
    elif isinstance(s, ast.Free):
        info.free.append(_guard(s.condition, s.unless))
    elif isinstance(s, ast.Discardable):
        info.discardable.append(_guard(s.condition, s.unless))
    elif isinstance(s, ast.CostChange):
        rule = _cost_rule(s)
        if s.target is None:
            info.own_cost.append(rule)
        elif in_events:
            info.events_costs.append(rule)
        else:
            info.acquisition_costs.append(rule)
    elif isinstance(s, ast.GoldPrice):
        info.gold_prices.append((s.amount, _guard(s.condition, s.unless)))
    elif isinstance(s, ast.Strength):
        per = None
        if s.per is not None:
            per = _per(quantity_of_words(s.per.words, s.per), s.per.count or 1)
        info.strength.append(StrengthRule(s.kind, s.amount, per, _guard(s.condition, s.unless)))
    elif isinstance(s, ast.Cancels):
        what = s.what
        words = " ".join(what.heads[0]) if isinstance(what, ast.NounPhrase) and what.heads and \
            isinstance(what.heads[0], tuple) else ""
        named = next((h.name for h in getattr(what, "heads", ()) if isinstance(h, ast.CardName)),
                     None)
        if named is None:
            named = next((h.name for t in getattr(what, "tails", ()) if isinstance(t, ast.Of)
                          for h in getattr(t.of, "heads", ()) if isinstance(h, ast.CardName)),
                         None)
        if named is None:
            raise RuleError("cancels what? name the card in quotes", s)
        info.cancels.append((words, named))
    elif isinstance(s, ast.Scope):
        for inner in s.body:
            _sort(info, inner, found, in_events=True)
    elif isinstance(s, ast.Trigger):
        info.triggers.setdefault(s.event, []).append(s.body)
    else:
        raise RuleError("a card's rules hold abilities and triggers", s)


@dataclass
class Catalog:
    """Every distinct card and every copy of the pack."""

    cards: list[CardInfo]
    copies: list[int]                   # copy -> card index
    by_name: dict[tuple[str, str], int]  # (age, name) -> card index
    types: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()

    @classmethod
    def build(cls, pack: Pack) -> Catalog:
        keywords = {str(k) for k in pack.game.get("keywords") or []}
        cards = [compile_card(i, c, keywords, pack.type_rules)
                 for i, c in enumerate(pack.cards)]
        copies = [info.index for info in cards for _ in range(pack.cards[info.index].copies)]
        by_name = {(c.age, c.name): c.index for c in cards}
        types = frozenset(str(t) for t in pack.game.get("card_types") or [])
        return cls(cards, copies, by_name, types, frozenset(keywords))

    def info(self, copy: int) -> CardInfo:
        return self.cards[self.copies[copy]]

    def copies_of_age(self, age: str) -> list[int]:
        return [i for i, c in enumerate(self.copies) if self.cards[c].age == age]
