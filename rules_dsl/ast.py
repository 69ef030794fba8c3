"""The syntax tree of the rules language: frozen dataclasses, one per construct.

Every node carries the `span` of the text it was read from. Spans take no part in equality, so
a tree parsed from the printer's canonical text equals the tree it was printed from.

The tree follows the four concepts card text is made of (as in Fireplace): selectors are noun
phrases (`NounPhrase`), actions are `Act` steps, triggers are `Trigger`, conditions are the
`Condition` classes. Nouns stay words here; the checker resolves them against the pack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import partial
from operator import attrgetter
from typing import Any, TypeAlias


@dataclass(frozen=True)
class Span:
    """Where a node was read: 1-based line and column, end exclusive, within the rule text."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class Node:
    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)


# ------------------------------------------------------------------ noun phrases


@dataclass(frozen=True)
class CardName(Node):
    """A card (or phase) named in quotes: "The Fire"."""

    name: str


Head: TypeAlias = "tuple[str, ...] | CardName"


@dataclass(frozen=True)
class NounPhrase(Node):
    """A selector: "one of your active cards, preferring bonus cards", "each opponent"...

    determiner: a, an, each, every, any, another, the, no, one of, half of, all, this, "of" (with
    count: "2 of your workers"), or None.
    count: a number used as determiner ("2 gold"). possessive: your, their or its.
    heads: the words (or card name) of the phrase; several for "the winner's civilization".
    """

    determiner: str | None = None
    count: int | None = None
    possessive: str | None = None
    heads: tuple[Head, ...] = ()
    tails: tuple[Tail, ...] = ()


@dataclass(frozen=True)
class Pronoun(Node):
    word: str  # "it" or "you"


@dataclass(frozen=True)
class Located(Node):
    """... in <zone>: "Pompei" in any civilization."""

    where: NounPhrase | Pronoun


@dataclass(frozen=True)
class OnCard(Node):
    """... on <card>: the coin on this card (tokens a card holds)."""

    card: NounPhrase | Pronoun


@dataclass(frozen=True)
class OfChoice(Node):
    """... of your choice."""


@dataclass(frozen=True)
class Of(Node):
    """... of <phrase>: the points of your cards."""

    of: NounPhrase | Pronoun


@dataclass(frozen=True)
class OfValue(Node):
    """... of skill 2: a piece's property and its number ("gain a citizen of skill 2")."""

    name: str
    value: int


@dataclass(frozen=True)
class Superlative(Node):
    """... with the most points."""

    kind: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class WhoOwns(Node):
    options: tuple[NounPhrase | Pronoun, ...]


@dataclass(frozen=True)
class WhoHas(Node):
    comparator: str | None
    value: Value


@dataclass(frozen=True)
class WhoHasThan(Node):
    """who has less strength than you: a number of each player against another's."""

    change: str  # more | less | fewer
    words: tuple[str, ...]
    than: Value


@dataclass(frozen=True)
class WhoDid(Node):
    have: bool
    negated: bool
    verb: str


@dataclass(frozen=True)
class InTurnOrder(Node):
    pass


@dataclass(frozen=True)
class Preferring(Node):
    """..., preferring X, then Y [if|unless condition]: the priority of a choice (AH-K7)."""

    preferences: tuple[tuple[str, ...], ...]
    condition: Condition | None = None
    unless: bool = False


Tail: TypeAlias = (
    "Located | OnCard | OfChoice | Of | OfValue | Superlative | WhoOwns | WhoHas | WhoHasThan"
    " | WhoDid | InTurnOrder | Preferring"
)
Phrase: TypeAlias = "NounPhrase | Pronoun"

# ------------------------------------------------------------------ numbers


@dataclass(frozen=True)
class Int(Node):
    value: int


@dataclass(frozen=True)
class Arith(Node):
    op: str  # + - * /   (division rounds down unless told otherwise)
    left: Value
    right: Value


@dataclass(frozen=True)
class Rounded(Node):
    value: Value
    direction: str  # up | down


@dataclass(frozen=True)
class Limit(Node):
    """<value> at most <bound> / at least <bound>."""

    value: Value
    kind: str  # most | least
    bound: Value


@dataclass(frozen=True)
class At(Node):
    """<value> at <position>: one number of a list printed on a card, 1 for the first."""

    value: Value
    position: Value


Value: TypeAlias = "Int | Arith | Rounded | Limit | At | NounPhrase | Pronoun"

# ------------------------------------------------------------------ conditions


@dataclass(frozen=True)
class Or(Node):
    items: tuple[Condition, ...]


@dataclass(frozen=True)
class And(Node):
    items: tuple[Condition, ...]


@dataclass(frozen=True)
class Not(Node):
    item: Condition


@dataclass(frozen=True)
class Owns(Node):
    """you own "X" or "Y" / the opponent owns a land."""

    subject: Phrase
    options: tuple[Phrase, ...]


@dataclass(frozen=True)
class OwnsNOf(Node):
    """you own 2 of "Hunting", "Wildcrafting", "Fishing"."""

    subject: Phrase
    count: int
    names: tuple[str, ...]


@dataclass(frozen=True)
class Has(Node):
    """you have at least 12 gold."""

    subject: Phrase
    comparator: str | None
    value: Value


@dataclass(frozen=True)
class IsIn(Node):
    """ "Barbarian Invasions" is in your events."""

    subject: Phrase
    be: str
    where: Phrase


@dataclass(frozen=True)
class Compare(Node):
    """your gold is at least 3."""

    subject: Phrase
    be: str
    comparator: str
    value: Value


THIS_CARD = "this card"  # the state of "it is this card" (IsState)


@dataclass(frozen=True)
class IsState(Node):
    """the deck is empty / the age is not over / it is this card (the state THIS_CARD)."""

    subject: Phrase
    be: str
    negated: bool
    state: str


@dataclass(frozen=True)
class Did(Node):
    """you acquired nothing this turn / every player has passed."""

    subject: Phrase
    have: bool
    negated: bool
    verb: str
    value: Value | None
    this_turn: bool


Condition: TypeAlias = "Or | And | Not | Owns | OwnsNOf | Has | IsIn | Compare | IsState | Did"

# ------------------------------------------------------------------ steps


@dataclass(frozen=True)
class Role(Node):
    """A part of an action introduced by a preposition: to you, from the deck, until ..."""

    preposition: str  # to from into onto by among on for under against | until | equal to | up to
    value: Value | Condition


@dataclass(frozen=True)
class Act(Node):
    """One action: [subject] verb [object] roles. The verb is kept in its base form."""

    subject: Phrase | None
    verb: str
    object: Value | None = None
    roles: tuple[Role, ...] = ()


@dataclass(frozen=True)
class Choice(Node):
    """pay 10 gold or destroy one of your active cards."""

    options: tuple[Act, ...]


@dataclass(frozen=True)
class Optional(Node):
    """you may <steps> / the defender may <steps>: the subject decides (None is "you")."""

    steps: Steps
    subject: Phrase | None = None


@dataclass(frozen=True)
class If(Node):
    condition: Condition
    unless: bool
    then: tuple[Statement, ...]
    otherwise: tuple[Statement, ...] | None = None


@dataclass(frozen=True)
class Repeat(Node):
    until: Condition
    body: tuple[Statement, ...]


@dataclass(frozen=True)
class RepeatTimes(Node):
    """repeat <number> times: the body that many times, the number counted once at the start."""

    times: Value
    body: tuple[Statement, ...]


@dataclass(frozen=True)
class ForEach(Node):
    """for each <cards>: the body once per card, "it" that card. `of`: written "for each of
    <cards>" ("for each of your military cards"), `cards` then the phrase after "of"."""

    cards: Phrase
    body: tuple[Statement, ...]
    of: bool = False


Step: TypeAlias = "Act | Choice | Optional | If | Repeat | RepeatTimes | ForEach"


@dataclass(frozen=True)
class Steps(Node):
    """Steps done in order, written "a; then b"."""

    steps: tuple[Step, ...]


# ------------------------------------------------------------------ abilities and triggers


@dataclass(frozen=True)
class Guarded(Node):
    """Base of abilities that may hold only under a condition ("if ..." / "unless ...")."""


@dataclass(frozen=True)
class Free(Node):
    condition: Condition | None = None
    unless: bool = False


@dataclass(frozen=True)
class Discardable(Node):
    condition: Condition | None = None
    unless: bool = False


@dataclass(frozen=True)
class Acquisitions(Node):
    """Whose acquisitions a cost change applies to: your progress acquisitions."""

    words: tuple[str, ...]
    plural: bool
    each_turn: bool


@dataclass(frozen=True)
class CostChange(Node):
    """[your X acquisitions] cost(s) N more|less <resource> [if ...]."""

    target: Acquisitions | None
    amount: int
    change: str  # more | less
    resource: tuple[str, ...]
    condition: Condition | None = None
    unless: bool = False


@dataclass(frozen=True)
class ActionCostChange(Node):
    """ "increase population" costs N more|less <counter> [if ...]: the cost of one of the
    actions the game declares, when the card's holder takes it ("it" the card it is done to)."""

    action: str
    amount: int
    change: str  # more | less
    resource: tuple[str, ...]
    condition: Condition | None = None
    unless: bool = False
    per: Per | None = None  # "costs 1 less civil action per wonder": that many times


@dataclass(frozen=True)
class MoneyPrice(Node):
    """<money> price N [if ...]: the price in money a card may be bought for, lowered."""

    amount: int
    condition: Condition | None = None
    unless: bool = False
    money: tuple[str, ...] = ()  # the money's name, as written


@dataclass(frozen=True)
class Per(Node):
    """per [N] <things> [on <cards>]: one step of a modifier for every N things you own, or
    for every N pieces or symbols on those cards ("per worker on your labs")."""

    count: int | None
    words: tuple[str, ...]
    on: NounPhrase | Pronoun | None = None
    number: Any = None  # "per (<number>)": a number worked out, in place of things counted


@dataclass(frozen=True)
class Strength(Node):
    """attack +1 / defence +2 [per 2 lands] [if ...]; a contest's name, "war +1", is read as
    `Symbols` by the parser and made a strength by the interpreter, which knows the contests."""

    kind: str  # attack | defence, or (made by the interpreter) a contest's name
    amount: int
    per: Per | None = None
    condition: Condition | None = None
    unless: bool = False


@dataclass(frozen=True)
class Symbols(Node):
    """science +1 [per worker on your labs] [if ...]: symbols of a resource the card shows
    besides its bonus (a negative amount: fewer)."""

    resource: tuple[str, ...]
    amount: int
    per: Per | None = None
    condition: Condition | None = None
    unless: bool = False


@dataclass(frozen=True)
class Cancels(Node):
    what: Phrase


@dataclass(frozen=True)
class Keyword(Node):
    """A bare word the game file declares as a keyword: general, non-transmissible."""

    word: str


@dataclass(frozen=True)
class Trigger(Node):
    """on acquire: ... / when you lose a war: ..."""

    when: str  # on | in | at | when
    event: str
    body: tuple[Statement, ...]


@dataclass(frozen=True)
class Scope(Node):
    """while in your events: <ability>."""

    where: Phrase
    body: tuple[Statement, ...]


Ability: TypeAlias = Free | Discardable | CostChange | MoneyPrice | Strength | Cancels | Keyword
Statement: TypeAlias = "Ability | Trigger | Scope | Steps"


@dataclass(frozen=True)
class Rules(Node):
    statements: tuple[Statement, ...]


# ------------------------------------------------------------------ costs


@dataclass(frozen=True)
class Amount(Node):
    """5 population / ingenuity / X population / 2 gold."""

    count: int | str | None  # None means one; "X" is defined by the cost's where clause
    words: tuple[str, ...]


@dataclass(frozen=True)
class Cost(Node):
    amounts: tuple[Amount, ...]
    x: Value | None = None


def walk(node: object):
    """Every node of a tree, parents before children."""
    stack = [node]
    pop, extend = stack.pop, stack.extend
    children = _CHILDREN.get
    while stack:
        current = pop()
        if isinstance(current, Node):
            yield current
            kind = type(current)
            extend((children(kind) or _children_getter(kind))(current)[::-1])
        elif isinstance(current, tuple):
            extend(current[::-1])


# The checks walk every rule tree of a pack after each keystroke in the workshop: a node's
# children are read by one getter per class, made once, that skips the fields whose type
# says they hold no node (a word, a number, a flag), as their values would only be dropped.
_CHILDREN: dict[type, Callable[[object], tuple[object, ...]]] = {}
_NO_NODE = frozenset(
    {"str", "int", "float", "bool", "None", "tuple[str, ...]", "tuple[tuple[str, ...], ...]"}
)


def _children_getter(kind: type) -> Callable[[object], tuple[object, ...]]:
    names = [
        f.name
        for f in fields(kind)
        if f.name != "span" and not {t.strip() for t in str(f.type).split("|")} <= _NO_NODE
    ]
    getter: Callable[[object], tuple[object, ...]]
    if not names:
        getter = _no_children
    elif len(names) == 1:
        getter = partial(_one_child, attrgetter(names[0]))
    else:
        getter = attrgetter(*names)
    _CHILDREN[kind] = getter
    return getter


def _no_children(node: object) -> tuple[object, ...]:
    return ()


def _one_child(get: Callable[[object], object], node: object) -> tuple[object, ...]:
    return (get(node),)
