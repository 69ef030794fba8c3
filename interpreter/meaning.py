"""What the words of the rules language mean in play: noun phrases, numbers and conditions.

Each syntax node is compiled once, when the game loads, into a Python closure over a `Ctx`
(the state, the player the rule speaks for, the card it belongs to, the war's sides...). Play
never looks at text. A form the interpreter does not know is a `RuleError` at load time, with
the node's place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rules_dsl import ast
from rules_dsl.vocabulary import singular

from .errors import RuleError

if TYPE_CHECKING:
    from .catalog import CardInfo, Catalog
    from .state import State



@dataclass
class Ctx:
    """Who and what a rule is evaluated for."""

    state: State
    catalog: Catalog
    player: int                         # "you"
    card: int | None = None             # "this card"
    roles: dict[str, int] = field(default_factory=dict)   # opponent, winner, attacker, ...
    it: Any = None                      # the last card or amount mentioned

    def with_player(self, seat: int) -> Ctx:
        return replace(self, player=seat)

    def info(self, copy: int) -> CardInfo:
        return self.catalog.info(copy)


Cond = Callable[[Ctx], bool]
Num = Callable[[Ctx], int]


# ------------------------------------------------------------------ players


def players_of(np: Any) -> tuple[Callable[[Ctx], list[int]], str]:
    """Compile a phrase naming players: (candidates, mode) where mode is all, choose or one."""
    if isinstance(np, ast.Pronoun):
        if np.word == "you":
            return (lambda ctx: [ctx.player]), "one"
        raise RuleError('"it" does not name a player', np)
    words = _head_words(np)
    noun = singular(words[-1]) if words else ""
    chosen = any(isinstance(t, ast.OfChoice) for t in np.tails)
    superlative = next((t for t in np.tails if isinstance(t, ast.Superlative)), None)
    role = words[-1] if np.determiner == "the" and len(words) == 1 else None
    if role in ("opponent", "winner", "loser", "attacker", "defender") and superlative is None:
        return (lambda ctx: [ctx.roles[role]] if role in ctx.roles else []), "one"
    if words == ("active", "player") and np.determiner == "the":
        return (lambda ctx: [ctx.state.active]), "one"
    if noun not in ("player", "opponent"):
        raise RuleError(f'"{" ".join(words)}" does not name players', np)
    others = noun == "opponent" or "other" in words or np.determiner == "another"
    who = next((t for t in np.tails if isinstance(t, (ast.WhoOwns, ast.WhoHas))), None)
    who_cond = compile_who(who) if who is not None else None

    def candidates(ctx: Ctx) -> list[int]:
        n = len(ctx.state.players)
        seats = [(ctx.player + k) % n for k in range(n)]         # in turn order from you
        if others:
            seats = seats[1:]
        if who_cond is not None:
            seats = [s for s in seats if who_cond(ctx.with_player(s))]
        if superlative is not None:
            measure = quantity_of_words(superlative.words)
            values = {s: measure(ctx.with_player(s)) for s in seats}
            if values:
                best = (max if superlative.kind in ("most", "highest") else min)(values.values())
                seats = [s for s in seats if values[s] == best]
        return seats

    if np.determiner in ("each", "every", "all") or (np.possessive and noun == "opponent"):
        return candidates, "all"
    if np.determiner == "the" and superlative is not None:
        return candidates, "choose"         # a tie is the chooser's to break
    if chosen or np.determiner in ("a", "an", "another", "any"):
        return candidates, "choose"
    raise RuleError(f'which players "{" ".join(words)}" names is unclear', np)


def compile_who(tail: Any) -> Cond:
    if isinstance(tail, ast.WhoOwns):
        return compile_owns(tail.options)
    comparator = tail.comparator
    return _compile_has(comparator, tail.value)


# ------------------------------------------------------------------ cards


def card_filter(words: tuple[str, ...], node: Any = None) -> Callable[[Ctx, int], bool]:
    """A predicate on copies from the words of a noun: "active population bonus cards".

    Whether a word is a card type or a keyword is the pack's to say, so the test asks the
    catalogue; words of zone states (active, decadent...) are left to the zone a phrase reads.
    """
    tests: list[Callable[[Ctx, int], bool]] = []
    plain = [singular(w) for w in words]
    i = 0
    while i < len(plain):
        word = plain[i]
        nxt = plain[i + 1] if i + 1 < len(plain) else None
        if word in ("card", "it", "them", *ZONE_STATES):
            pass
        elif nxt == "bonus":
            tests.append(lambda ctx, c, k=word: ctx.info(c).has_bonus(k))
            i += 1
        elif word == "bonus":
            tests.append(lambda ctx, c: ctx.info(c).has_bonus())
        elif word.startswith("non-"):
            tests.append(lambda ctx, c, w=word[4:]: not _is(ctx, c, w))
        else:
            tests.append(lambda ctx, c, w=word: _is(ctx, c, w))
        i += 1
    return lambda ctx, c: all(t(ctx, c) for t in tests)


ZONE_STATES = ("active", "decadent", "tilted", "untilted", "unresolved")


def _is(ctx: Ctx, copy: int, word: str) -> bool:
    """A card is a <word>: its type, one of its keywords, or "transmissible" and the like."""
    info = ctx.info(copy)
    if word == info.type or word in info.keywords:
        return True
    if word in ctx.catalog.types or word in ctx.catalog.keywords:
        return False
    return ("non-" + word) in ctx.catalog.keywords and ("non-" + word) not in info.keywords


def civ_cards(ctx: Ctx, seat: int, words: tuple[str, ...]) -> list[int]:
    """The copies of a civilization a noun's state words select (active ones by default)."""
    player = ctx.state.players[seat]
    if "decadent" in words:
        return player.decadent_cards()
    if "active" in words:
        return player.active_cards()
    return player.all_cards()


def _head_words(np: Any) -> tuple[str, ...]:
    if not isinstance(np, ast.NounPhrase) or not np.heads:
        return ()
    head = np.heads[-1]
    return head if isinstance(head, tuple) else ()


# ------------------------------------------------------------------ numbers


def quantity_of_words(words: tuple[str, ...], node: Any = None) -> Num:
    """How much a player has of a thing named by words: gold, points, active bonuses..."""
    plain = tuple(singular(w) for w in words)
    last = plain[-1] if plain else ""
    text = " ".join(plain)
    if last == "point":
        return lambda ctx: sum(card_points(ctx, c) for c in civ_cards(ctx, ctx.player, words))
    if text in ("card type", "type"):
        return lambda ctx: len({ctx.info(c).type for c in civ_cards(ctx, ctx.player, ())})
    if last == "bonus":
        kind = plain[-2] if len(plain) > 1 and plain[-2] not in ("active", "decadent") else None
        scope = ("decadent",) if "decadent" in plain else ("active",)
        return lambda ctx: sum(ctx.info(c).bonus[kind] if kind else ctx.info(c).bonus_symbols
                               for c in civ_cards(ctx, ctx.player, scope))
    if text in ("achievement token", "token"):
        return lambda ctx: len(ctx.state.players[ctx.player].tokens)
    test = card_filter(tuple(w for w in words), node)

    def amount(ctx: Ctx) -> int:
        counters = ctx.state.players[ctx.player].counters
        if text in counters:            # a counter the pack declares: gold, universal resource
            return counters[text]
        return sum(1 for c in civ_cards(ctx, ctx.player, words) if test(ctx, c))
    return amount


def card_points(ctx: Ctx, copy: int) -> int:
    """A card's points; a formula is worked out for its owner."""
    points = ctx.info(copy).points
    if isinstance(points, int):
        return points
    return 0        # a formula counts 0 for achievements (it is scored at the end of an age)


def compile_value(node: Any) -> Num:
    if isinstance(node, ast.Int):
        return lambda ctx, v=node.value: v
    if isinstance(node, ast.Arith):
        left, right = compile_value(node.left), compile_value(node.right)
        op = node.op
        if op == "+":
            return lambda ctx: left(ctx) + right(ctx)
        if op == "-":
            return lambda ctx: left(ctx) - right(ctx)
        if op == "*":
            return lambda ctx: left(ctx) * right(ctx)
        return lambda ctx: left(ctx) // max(1, right(ctx))
    if isinstance(node, ast.Rounded):
        return compile_value(node.value)        # division already rounds down
    if isinstance(node, ast.Limit):
        inner, bound = compile_value(node.value), compile_value(node.bound)
        if node.kind == "most":
            return lambda ctx: min(inner(ctx), bound(ctx))
        return lambda ctx: max(inner(ctx), bound(ctx))
    if isinstance(node, ast.NounPhrase):
        return compile_quantity(node)
    raise RuleError("not a number", node)


def compile_quantity(np: ast.NounPhrase) -> Num:
    """your gold / the points of your cards / the number of your active bonuses / 3 cards."""
    words = _head_words(np)
    of = next((t for t in np.tails if isinstance(t, ast.Of)), None)
    if np.determiner == "the" and of is not None and words:
        inner = _head_words(of.of)
        measure = singular(words[-1])
        if measure == "number":
            return quantity_of_words(inner, np)
        if measure == "point":
            return quantity_of_words((*inner[:-1], "points") if inner else ("points",), np)
        if measure == "value" and inner and singular(inner[-1]) == "token":
            return lambda ctx: sum(ctx.state.players[ctx.player].tokens)
        raise RuleError(f'"the {" ".join(words)} of ..." is not a measure the game knows', np)
    if np.count is not None:
        return lambda ctx, v=np.count: v
    if np.determiner in ("a", "an"):
        return lambda ctx: 1
    return quantity_of_words(words, np)


# ------------------------------------------------------------------ conditions


def compile_condition(node: Any) -> Cond:
    if isinstance(node, ast.Or):
        items = [compile_condition(x) for x in node.items]
        return lambda ctx: any(f(ctx) for f in items)
    if isinstance(node, ast.And):
        items = [compile_condition(x) for x in node.items]
        return lambda ctx: all(f(ctx) for f in items)
    if isinstance(node, ast.Not):
        item = compile_condition(node.item)
        return lambda ctx: not item(ctx)
    if isinstance(node, ast.Owns):
        return _for_subject(node.subject, compile_owns(node.options))
    if isinstance(node, ast.OwnsNOf):
        names, count = set(node.names), node.count
        test = lambda ctx: sum(1 for c in ctx.state.players[ctx.player].active_cards()  # noqa: E731
                               if ctx.info(c).name in names) >= count
        return _for_subject(node.subject, test)
    if isinstance(node, ast.Has):
        return _for_subject(node.subject, _compile_has(node.comparator, node.value))
    if isinstance(node, ast.IsIn):
        return _compile_is_in(node)
    if isinstance(node, ast.Did):
        return _compile_did(node)
    if isinstance(node, ast.IsState):
        return _compile_is_state(node)
    if isinstance(node, ast.Compare):
        left, right = compile_value(node.subject), compile_value(node.value)
        compare = COMPARATORS[node.comparator]
        return lambda ctx: compare(left(ctx), right(ctx))
    raise RuleError("this condition is not supported yet", node)


COMPARATORS: dict[str | None, Callable[[int, int], bool]] = {
    None: lambda a, b: a >= b,
    "at least": lambda a, b: a >= b,
    "at most": lambda a, b: a <= b,
    "more than": lambda a, b: a > b,
    "fewer than": lambda a, b: a < b,
    "less than": lambda a, b: a < b,
    "exactly": lambda a, b: a == b,
}


def _for_subject(subject: Any, test: Cond) -> Cond:
    """Evaluate `test` for the players a condition's subject names ("a player has ...")."""
    if isinstance(subject, ast.Pronoun) and subject.word == "you":
        return test
    seats, mode = players_of(subject)
    if mode == "all" and subject.determiner in ("each", "every"):
        return lambda ctx: all(test(ctx.with_player(s)) for s in seats(ctx))
    return lambda ctx: any(test(ctx.with_player(s)) for s in seats(ctx))


def compile_owns(options: tuple[Any, ...]) -> Cond:
    """you own "X" or "Y" / a land / 2 figures / an active figure."""
    tests: list[Cond] = []
    for option in options:
        head = option.heads[-1] if isinstance(option, ast.NounPhrase) and option.heads else None
        if isinstance(head, ast.CardName):
            name = head.name
            tests.append(lambda ctx, n=name: any(
                ctx.info(c).name == n for c in ctx.state.players[ctx.player].active_cards()))
            continue
        if not isinstance(head, tuple):
            raise RuleError("own what?", option)
        test = card_filter(head, option)
        count = option.count if option.count is not None else 1
        tests.append(lambda ctx, t=test, n=count, w=head: sum(
            1 for c in civ_cards(ctx, ctx.player, w) if t(ctx, c)) >= n)
    return lambda ctx: any(t(ctx) for t in tests)


def _compile_has(comparator: str | None, value: Any) -> Cond:
    if not isinstance(value, ast.NounPhrase):
        raise RuleError("have what?", value)
    words = _head_words(value)
    located = next((t for t in value.tails if isinstance(t, ast.Located)), None)
    have = quantity_of_words(words, value)
    if located is not None:         # "8 cards in their civilization", "3 cards in your events"
        zone = zone_of(located.where)
        test = card_filter(words, value)
        have = lambda ctx: sum(1 for c in zone(ctx) if test(ctx, c))  # noqa: E731
    need = value.count if value.count is not None else 1
    compare = COMPARATORS[comparator]
    return lambda ctx: compare(have(ctx), need)


def _compile_is_in(node: ast.IsIn) -> Cond:
    subject = node.subject
    head = subject.heads[-1] if isinstance(subject, ast.NounPhrase) and subject.heads else None
    zone_words = _head_words(node.where)
    if not isinstance(head, ast.CardName) or zone_words != ("events",):
        raise RuleError("only a named card in your events can be asked about yet", node)
    name = head.name

    def test(ctx: Ctx) -> bool:
        found = next((c for c in ctx.state.players[ctx.player].events
                      if ctx.info(c).name == name), None)
        if found is not None:
            ctx.it = found          # "if X is in your events: swap it ..."
        return found is not None
    return test


def _compile_did(node: ast.Did) -> Cond:
    if node.verb == "acquired" and node.this_turn:
        nothing = isinstance(node.value, ast.NounPhrase) and _head_words(node.value) == (
            "nothing",)
        if nothing:
            return lambda ctx: not ctx.state.players[ctx.player].flags.get("acquired")
        return lambda ctx: bool(ctx.state.players[ctx.player].flags.get("acquired"))
    if node.verb == "passed":
        return lambda ctx: bool(ctx.state.players[ctx.player].flags.get("passed"))
    raise RuleError(f'"{node.verb}" is not a fact the game records', node)


def zone_of(np: Any) -> Callable[[Ctx], list[int]]:
    """The cards of a zone named by a phrase: the deck, the discard pile, your events..."""
    words = " ".join(_head_words(np))
    if words == "deck":
        return lambda ctx: ctx.state.deck
    if words == "discard pile":
        return lambda ctx: ctx.state.discard
    if words in ("events", "legacy"):
        return lambda ctx: getattr(ctx.state.players[ctx.player], words)
    if words == "civilization":
        return lambda ctx: ctx.state.players[ctx.player].all_cards()
    raise RuleError(f'"{words}" is not a zone the game knows', np)


def _compile_is_state(node: ast.IsState) -> Cond:
    """the deck is empty / your events are not empty."""
    if node.state != "empty":
        raise RuleError(f'"{node.state}" is not a state the game knows (try "empty")', node)
    cards = zone_of(node.subject)
    if node.negated:
        return lambda ctx: bool(cards(ctx))
    return lambda ctx: not cards(ctx)
