"""What the words of the rules language mean in play: noun phrases, numbers and conditions.

Each syntax node is compiled once, when the game loads, into a Python closure over a `Ctx`
(the state, the player the rule speaks for, the card it belongs to, the war's sides...). Play
never looks at text. Every word of a phrase is consumed by the compiler: a determiner, a
qualifier, a zone or a tail it cannot honour exactly is a `RuleError` at load time, with the
node's place ("the interpreter cannot play ... yet: ..."), never dropped.

Each closure also carries, in `says`, what it means in plain words (built from what the
compiler understood, not by printing the text back): `agesmith explain` reads them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from rules_dsl import ast
from rules_dsl.actions import declared_entries
from rules_dsl.card_keys import BONUS
from rules_dsl.card_states import CardStateSpec
from rules_dsl.contests import Contest, contests_of
from rules_dsl.diagnostics import did_you_mean
from rules_dsl.grammar_words import strength_kinds
from rules_dsl.parse_cache import PARSED
from rules_dsl.printed_numbers import NumberSpec, declared_numbers
from rules_dsl.stored import StoredSpec, declared_stored
from rules_dsl.tables import TableSpec, declared_tables, find_table
from rules_dsl.vocabulary import VACATED, singular

from ..core import pieces
from ..core.card_state import has_mark, is_face_down, player_named, tokens_on
from ..core.errors import UnknownName, cannot
from ..core.seats import in_order_from, next_in
from ..model.card_states import NO_CARD_STATES, CardStateTable
from ..model.pieces import NO_PIECES, PieceTable
from ..model.zones import NO_ZONES, TABLEAU, ZoneTable
from .card_numbers import (
    Times,
    ability_symbols,
    card_number,
    held_cards,
    resource_group,
    shown_text,
    shown_times,
)
from .facts import (
    FACT_NUMBERS,
    first_round_ending,
    is_place_in_turn_order,
    place_in_turn_order,
    players,
    reads_only_facts,
)
from .positions import position_of
from .printed import COUNT, Printed, at_position, printed
from .printed import count as printed_count
from .printed import entry as printed_entry
from .printed import value as printed_value
from .stored_value import value as stored_value

if TYPE_CHECKING:
    from ..core.state import State
    from .catalog import CardInfo, Catalog


class Ctx:
    """Who and what a rule is evaluated for.

    A plain class, not a dataclass: compiled with mypyc, a dataclass names its fields' classes
    when its module is imported, and `State` and `Catalog` are not loaded yet (mypyc issue 1209).
    """

    def __init__(
        self,
        state: State,
        catalog: Catalog,
        player: int,
        card: int | None = None,
        roles: dict[str, int] | None = None,
        it: Any = None,
        doer: int | None = None,
        bid: int = 0,
        left: int | None = None,
    ) -> None:
        self.state = state
        self.catalog = catalog
        self.player = player  # "you"
        self.card = card  # "this card"
        self.roles: dict[str, int] = {} if roles is None else roles  # opponent, winner, ...
        self.it = it  # the last card or amount mentioned
        self.doer = doer  # the player doing a step ("their"), when not "you"
        self.bid = bid  # the winning bid of the rule's auction ("the bid"), 0 before one
        self.left = left  # the card a piece moves from ("the card vacated"), when known

    def with_player(self, seat: int) -> Ctx:
        return Ctx(
            self.state, self.catalog, seat, self.card, self.roles, self.it, self.doer, self.bid
        )

    def for_card(self, seat: int, card: int) -> Ctx:
        """The context of a card's own ability: "you" its holder, "this card" the card."""
        return Ctx(self.state, self.catalog, seat, card, self.roles, bid=self.bid)

    def info(self, copy: int) -> CardInfo:
        return self.catalog.info(copy)


Cond = Callable[[Ctx], bool]
Num = Callable[[Ctx], int]
CardTest = Callable[[Ctx, int], bool]
F = TypeVar("F", bound=Callable[..., Any])


# What module-level functions mean: compiled with mypyc, they take no attribute (closures do).
_SAID_FUNCTIONS: dict[Any, str] = {}


def said(fn: F, text: str) -> F:
    """Attach to a compiled closure what it means in plain words."""
    try:
        setattr(fn, "says", text)  # noqa: B010  (a function attribute, read by `says`)
    except AttributeError:
        _SAID_FUNCTIONS[fn] = text
    return fn


def says(fn: Any) -> str:
    """What a compiled closure means, in plain words."""
    text = getattr(fn, "says", None)
    return str(text) if text is not None else _SAID_FUNCTIONS.get(fn, "?")


@dataclass(frozen=True)
class Lexicon:
    """The nouns a pack declares, so that phrases are checked word by word when they compile.

    Without a lexicon (conditions written in a scenario file), card words are looked up in the
    catalogue during play instead."""

    types: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    counters: tuple[str, ...] = ()
    resources: frozenset[str] = frozenset()
    dice: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (die, its faces' texts)
    columns: tuple[tuple[str, int], ...] = ()  # board space -> its value
    columns_agree: bool = True  # every side of the board gives a space one value
    zones: ZoneTable = NO_ZONES
    decks: tuple[str, ...] = ()  # the names of the pack's decks (game.yaml `decks:`)
    tables: tuple[TableSpec, ...] = ()  # lookup tables (rules_dsl/tables.py)
    table_numbers: tuple[tuple[str, Any], ...] = ()  # a table's `by:` number, parsed
    age_end: Any = None  # the condition that ends an age, parsed ("the last round" reads it)
    age_ends: tuple[str, ...] = ()  # the events that end an age
    card_states: CardStateTable = NO_CARD_STATES
    pieces: PieceTable = NO_PIECES  # the pack's kinds of piece (rules_dsl/pieces.py)
    stored: tuple[StoredSpec, ...] = ()  # resources kept as tokens on cards (rules_dsl/stored.py)
    card_numbers: tuple[NumberSpec, ...] = ()  # numbers printed on cards (printed_numbers.py)
    actions: tuple[str, ...] = ()  # the names of the actions the game declares (`actions:`)
    contests: tuple[Contest, ...] = ()  # the game's contests (rules_dsl/contests.py)
    vacated: bool = False  # "the card vacated" is known: an action's cost (declared_actions.py)

    @classmethod
    def of(cls, game: dict[str, Any]) -> Lexicon:
        dice = tuple(
            (str(name), tuple(str(f) for f in (spec or {}).get("faces") or []))
            for name, spec in (game.get("dice") or {}).items()
        )
        boards = ((game.get("achievements") or {}).get("boards") or {}).values()
        columns: dict[str, int] = {}
        agree = True
        for board in boards:
            for space, value in ((board or {}).get("spaces") or {}).items():
                agree = agree and columns.get(str(space), value) == value
                columns[str(space)] = int(value)
        return cls(
            frozenset(str(t) for t in game.get("card_types") or []),
            frozenset(str(k) for k in game.get("keywords") or []),
            tuple(str(c) for c in game.get("counters") or {}),
            frozenset(str(r) for r in game.get("resources") or []),
            dice,
            tuple(columns.items()),
            agree,
            ZoneTable.of(game),
            tuple(str(d) for d in game.get("decks") or {}),
            *_tables(game),
            _parsed(game.get("age_end"), "condition"),
            tuple(str(e) for e in game.get("age_ends") or []),
            CardStateTable.of(game),
            PieceTable.of(game),
            declared_stored(game),
            declared_numbers(game),
            tuple(str(name) for _, name, _ in declared_entries(game.get("actions"))),
            contests_of(game),
        )

    def strength_kinds(self) -> tuple[str, ...]:
        """The kinds of a strength ability: each contest's name ("war +1", both sides of it),
        then the grammar's sides ("attack +1", "defence +2")."""
        return (*(c.name for c in self.contests), *strength_kinds())

    def contest(self, words: tuple[str, ...]) -> Contest | None:
        """The contest singular words name (("war",)), if the game declares one."""
        return next((c for c in self.contests if tuple(c.name.split()) == words), None)

    def face_kind(self, die: str, face: int) -> str:
        """What a die's face shows, its amount aside: "2 population" -> "population"."""
        faces = dict(self.dice).get(die, ())
        text = faces[face] if 0 <= face < len(faces) else ""
        first, _, rest = text.partition(" ")
        return rest if first.isdigit() else text

    def card_word(self, word: str) -> bool | None:
        """Whether a singular word names a kind of card (None: no lexicon to ask)."""
        if not self.types and not self.keywords:
            return None
        base = word[4:] if word.startswith("non-") else word
        return base in self.types or base in self.keywords or f"non-{base}" in self.keywords

    def stored_resource(self, words: tuple[str, ...]) -> StoredSpec | None:
        """The stored resource a phrase's words name ("food", "resources"), if any."""
        text = singular(" ".join(words))
        return next((s for s in self.stored if singular(s.name) == text), None)

    def counter(self, words: tuple[str, ...]) -> str | None:
        text = " ".join(words)
        for name in self.counters:
            if text in (name, singular(name)) or singular(text) == singular(name):
                return name
        return None


NO_LEXICON = Lexicon()


def _parsed(text: Any, start: Any) -> Any:
    """A text of the game file parsed (None if it is none or does not parse: the pack
    loader reports that at its place)."""
    return PARSED.parse(text, start)[0] if isinstance(text, str) else None


def _tables(game: dict[str, Any]) -> tuple[tuple[TableSpec, ...], tuple[tuple[str, Any], ...]]:
    """The pack's tables and the `by:` number of each that has one, parsed (a text that does
    not parse is the pack loader's located error; the table then has no number here)."""
    tables = declared_tables(game)
    numbers = []
    for table in tables:
        if table.by is not None:
            tree, _ = PARSED.parse(table.by, "number")
            if tree is not None:
                numbers.append((table.name, tree))
    return tables, tuple(numbers)


# ------------------------------------------------------------------ players


PLAYER_ROLES = ("opponent", "winner", "loser", "attacker", "defender")
# whose zone a phrase may name: "your hand", "the defender's play area" (a constant, not a
# starred tuple inside the test: mypyc cannot compile `x in (..., *PLAYER_ROLES)`)
ZONE_OWNERS = ("your", "their", "all", "others", *PLAYER_ROLES)


def player_state_of(np: Any, lex: Lexicon) -> tuple[str, Any] | None:
    """The pack's player state a phrase names on a card, and the card phrase: "its target"
    (the card "it"), "the target of it", "the target of this card"; None for another phrase."""
    if not isinstance(np, ast.NounPhrase) or len(np.heads) != 1 or np.count is not None:
        return None
    head = np.heads[0]
    if not isinstance(head, tuple) or len(head) != 1:
        return None
    spec = lex.card_states.find(head[0])
    if spec is None or spec.kind != "player":
        return None
    if np.possessive == "its" and np.determiner is None and not np.tails:
        return spec.name, ast.Pronoun(word="it")
    if (
        np.determiner == "the"
        and np.possessive is None
        and len(np.tails) == 1
        and isinstance(np.tails[0], ast.Of)
    ):
        return spec.name, np.tails[0].of
    return None


def named_player(np: Any, lex: Lexicon) -> Callable[[Ctx], list[int]] | None:
    """The player a card's player state names ("its target"): none while it names none."""
    found = player_state_of(np, lex)
    if found is None:
        return None
    name, card = found
    cards, text = the_cards(card, lex, f"the {name}")

    def seats(ctx: Ctx) -> list[int]:
        out: list[int] = []
        for c in cards(ctx):
            seat = player_named(ctx.state, c, name)
            if seat is not None and seat not in out:
                out.append(seat)
        return out

    return said(seats, f"the {name} of {text}")


def players_of(np: Any, lex: Lexicon = NO_LEXICON) -> tuple[Callable[[Ctx], list[int]], str]:
    """Compile a phrase naming players: (candidates, mode) where mode is all, choose or one."""
    if isinstance(np, ast.Pronoun):
        if np.word == "you":
            return said(lambda ctx: [ctx.player], "you"), "one"
        raise cannot(np, '"it" does not name a player')
    if (
        not isinstance(np, ast.NounPhrase)
        or len(np.heads) != 1
        or not isinstance(np.heads[0], tuple)
    ):
        raise cannot(np, "this phrase does not name players")
    named = named_player(np, lex)
    if named is not None:
        return named, "one"
    words = tuple(singular(w) for w in np.heads[0])
    noun = words[-1]
    known_tails = (
        ast.OfChoice,
        ast.Superlative,
        ast.WhoOwns,
        ast.WhoHas,
        ast.WhoHasThan,
        ast.WhoDid,
        ast.InTurnOrder,
    )
    for tail in np.tails:
        if not isinstance(tail, known_tails):
            raise cannot(np, "a phrase naming players cannot say where they are")
    chosen = any(isinstance(t, ast.OfChoice) for t in np.tails)
    superlative = next((t for t in np.tails if isinstance(t, ast.Superlative)), None)
    if (
        np.determiner == "the"
        and len(words) == 1
        and noun in PLAYER_ROLES
        and superlative is None
        and not chosen
        and len(np.tails) == 0
    ):
        return said(
            lambda ctx: [ctx.roles[noun]] if noun in ctx.roles else [], f"the {noun}"
        ), "one"
    if words == ("active", "player") and np.determiner == "the" and not np.tails:
        return said(lambda ctx: [ctx.state.active], "the active player"), "one"
    if words == ("next", "player") and np.determiner == "the" and not np.tails:
        # the player after the rule's player in turn order
        return said(lambda ctx: next_in(ctx.state, ctx.player), "the next player"), "one"
    if noun not in ("player", "opponent") or any(w not in ("other",) for w in words[:-1]):
        raise cannot(np, f'"{" ".join(np.heads[0])}" does not name players the game knows')
    others = noun == "opponent" or "other" in words or np.determiner == "another"
    conds: list[tuple[Cond, str]] = []
    for tail in np.tails:
        if isinstance(tail, ast.WhoOwns):
            conds.append((compile_owns(tail.options, lex), "who own"))
        elif isinstance(tail, ast.WhoHas):
            conds.append((_compile_has(tail.comparator, tail.value, lex), "who have"))
        elif isinstance(tail, ast.WhoDid):
            conds.append((_did_fact(tail.verb, None, False, tail, lex, tail.negated), "who"))
    against = [_against(tail, lex) for tail in np.tails if isinstance(tail, ast.WhoHasThan)]
    measure = _superlative_measure(superlative, lex) if superlative else None
    best_of = max if superlative and superlative.kind in ("most", "highest") else min
    ranked = np.count if superlative is not None and np.determiner is None else None

    def candidates(ctx: Ctx) -> list[int]:
        # in turn order from you, the players still in the game (core/seats.py)
        seats = in_order_from(ctx.state, ctx.player)
        if others:
            seats = [s for s in seats if s != ctx.player]
        for cond, _ in conds:
            seats = [s for s in seats if cond(ctx.with_player(s))]
        for holds, _ in against:
            seats = [s for s in seats if holds(ctx, s)]
        if measure is not None:
            values = {s: measure(ctx.with_player(s)) for s in seats}
            if ranked is not None:  # "2 players with the highest strength": the first 2 ranked,
                # a tie going to the first in turn order from you (sorted keeps that order)
                ranking = sorted(seats, key=values.__getitem__, reverse=best_of is max)
                return ranking[:ranked]
            if values:
                best = best_of(values.values())
                seats = [s for s in seats if values[s] == best]
        return seats

    # read back in the singular: "each opponent who owns ...", "an opponent of your choice"
    text = (
        "other player" if others and noun == "player" else "opponent" if others else "player"
    ) + (" of your choice" if chosen else "")
    for cond, _ in conds:
        text += f" who {says(cond)}"
    for _, reading in against:
        text += f" who has {reading}"
    if superlative is not None:
        text += f" with the {superlative.kind} {says(measure).removeprefix('the number of ')}"
    if ranked is not None:
        if chosen or ranked < 1:
            raise cannot(np, 'the players ranked: "2 players with the highest <number>"')
        plural = text.replace("player", "players", 1).replace("opponent", "opponents", 1)
        plural = plural.replace(" who has ", " who have ")
        return said(candidates, f"the {ranked} {plural} (a tie: turn order from you)"), "all"
    if np.determiner in ("each", "every", "all") or (np.possessive and noun == "opponent"):
        if chosen:
            raise cannot(np, "each of them, or one of your choice? not both")
        # "each player with the most happy symbols": every player tied for the most
        return said(candidates, f"each {text}"), "all"
    if np.determiner == "the" and superlative is not None:
        return said(candidates, f"the {text} (on a tie, of your choice)"), "choose"
    if chosen or np.determiner in ("a", "an", "another", "any"):
        return said(candidates, one_of(text)), "choose"
    raise cannot(
        np,
        f'which players "{" ".join(np.heads[0])}" names is unclear '
        '(say "each", "an ... of your choice", "the ... with the most ...")',
    )


def _superlative_measure(superlative: ast.Superlative, lex: Lexicon) -> Num:
    """What players are compared by in "the player with the most <words>": a thing they have
    (culture, strength), or a table looked up with its own `by:` number ("the player with the
    most discontent", the table `discontent`), read for each player."""
    table = find_table(lex.tables, superlative.words)
    if table is not None and table.by is not None:
        return _by_table(superlative, table, lex)
    return quantity_of_words(superlative.words, superlative, lex)


def _against(tail: ast.WhoHasThan, lex: Lexicon) -> tuple[Callable[[Ctx, int], bool], str]:
    """ "who has less strength than you": a player's number of the words against yours (the
    rule's player's) or a role's ("than the attacker"); (whether seat holds it, its reading)."""
    measure = quantity_of_words(tail.words, tail, lex)
    than, mode = players_of(tail.than, lex)
    if mode != "one":
        raise cannot(tail, 'compared with one player: "than you", "than the attacker"')
    more = tail.change == "more"

    def holds(ctx: Ctx, seat: int) -> bool:
        others = than(ctx)
        if not others:
            return False
        theirs, mine = measure(ctx.with_player(seat)), measure(ctx.with_player(others[0]))
        return theirs > mine if more else theirs < mine

    words = says(measure).removeprefix("the number of ")
    return holds, f"{tail.change} {words} than {says(than)}"


# ------------------------------------------------------------------ cards


STATE_WORDS = ("active", "decadent", "tilted", "untilted")


@dataclass(frozen=True)
class CardWords:
    """What the words of a card noun ask for: a test on each card, and which of a
    civilization's cards (every card, active, decadent, tilted or untilted ones)."""

    test: CardTest
    state: str | None  # None: every card of the civilization
    text: str


def card_words(
    words: tuple[str, ...], node: Any = None, lex: Lexicon = NO_LEXICON, allow: tuple[str, ...] = ()
) -> CardWords:
    """Compile the words of a card noun ("active population bonus cards"), each word consumed.

    A word is a state (active, decadent, tilted, untilted), a card type or keyword of the pack
    (or "non-" one), "bonus" with the resource before it, or "card". `allow` lets a verb accept
    one more word it honours itself (e.g. "unresolved")."""
    tests: list[CardTest] = []
    parts: list[str] = []
    states: list[str] = []
    plain = [singular(w) for w in words]
    i = 0
    while i < len(plain):
        word = plain[i]
        nxt = plain[i + 1] if i + 1 < len(plain) else None
        if word == "card" or word in allow:
            if word != "card":
                parts.append(word)
        elif word in STATE_WORDS:
            states.append(word)
        elif lex.card_states.find(word) is not None:  # the pack's: "damaged", "used"
            tests.append(_card_state_test(word))
            parts.append(word)
        elif word.startswith("un") and lex.card_states.find(word[2:]) is not None:
            tests.append(_not_in_state(word[2:]))  # "unused", "undamaged": not in it
            parts.append(word)
        elif nxt == BONUS and (
            word in lex.resources
            or lex.counter((word,))
            or (not lex.resources and not lex.counters)
        ):
            tests.append(_bonus_test(word, lex))
            parts.append(f"with a {word} bonus")
            i += 1
        elif word == BONUS:
            tests.append(_bonus_test(None, lex))
            parts.append("with a bonus")
        elif nxt is not None and lex.card_word(f"{word} {nxt}"):
            # a type or keyword of two words: "your military technologies", "urban buildings"
            tests.append(_kind_test(f"{word} {nxt}"))
            parts.append(f"{word} {nxt}")
            i += 1
        else:
            known = lex.card_word(word)
            if known is False:
                raise cannot(node, f'"{word}" is not a kind of card (a card type or keyword)')
            tests.append(_kind_test(word))
            parts.append(word)
        i += 1
    state = None
    if states:
        if (
            len(set(states)) > 1
            and set(states) != {"active", "tilted"}
            and set(states) != {"active", "untilted"}
        ):
            raise cannot(node, f"cards both {' and '.join(sorted(set(states)))}")
        state = (
            "tilted" if "tilted" in states else "untilted" if "untilted" in states else states[0]
        )
    kinds = [p for p in parts if not p.startswith("with")]
    withs = [p for p in parts if p.startswith("with")]
    text = " ".join([*(states if states else []), *kinds, "cards", *withs])

    def test(ctx: Ctx, c: int) -> bool:
        return all(t(ctx, c) for t in tests)

    return CardWords(test, state, text)


def _not_in_state(word: str) -> CardTest:
    test = _card_state_test(word)
    return lambda ctx, c: not test(ctx, c)


def one_card(cards: str) -> str:
    """ "active figure cards" read as one of them: "an active figure card"."""
    single = cards.replace("cards", "card", 1)
    return ("an " if single[:1] in "aeiou" else "a ") + single


def _bonus_test(kind: str | None, lex: Lexicon) -> CardTest:
    # a face-down card shows no bonus (rules_dsl/card_states.py)
    times = shown_times(lex)
    if times is not None:  # a farm with no worker on it shows no bonus either
        return lambda ctx, c: ctx.info(c).has_bonus(kind) and times(ctx, c) > 0
    return lambda ctx, c: (
        ctx.info(c).has_bonus(kind) and not (ctx.state.cards and is_face_down(ctx.state, c))
    )


def _card_state_test(word: str) -> CardTest:
    """A card in one of the pack's card states: face down, or with a mark."""
    return lambda ctx, c: in_card_state(ctx, c, word)


def in_card_state(ctx: Ctx, copy: int, word: str) -> bool:
    spec = ctx.catalog.card_states.find(word)
    if spec is None:
        return False
    if spec.kind == "face down":
        return is_face_down(ctx.state, copy)
    if spec.kind == "player":  # "if it is target": it names a player
        return player_named(ctx.state, copy, word) is not None
    return has_mark(ctx.state, copy, word)


def _kind_test(word: str) -> CardTest:
    if word.startswith("non-"):
        base = word[4:]
        return lambda ctx, c: not _is(ctx, c, base)
    return lambda ctx, c: _is(ctx, c, word)


def card_filter(
    words: tuple[str, ...], node: Any = None, lex: Lexicon = NO_LEXICON, allow: tuple[str, ...] = ()
) -> CardTest:
    """A predicate on copies from the words of a noun, state words excepted."""
    found = card_words(words, node, lex, allow)
    return said(found.test, found.text)


def _is(ctx: Ctx, copy: int, word: str) -> bool:
    """A card is a <word>: its type, one of its keywords, or "transmissible" and the like."""
    info = ctx.info(copy)
    if word == info.type or word in info.keywords:
        return True
    if word in ctx.catalog.types or word in ctx.catalog.keywords:
        return False
    if ctx.catalog.card_states.states and ctx.catalog.card_states.find(word) is not None:
        # a scenario's "damaged cards" (compiled without the pack's nouns)
        return in_card_state(ctx, copy, word)
    return ("non-" + word) in ctx.catalog.keywords and ("non-" + word) not in info.keywords


def civ_cards(ctx: Ctx, seat: int, state: str | None) -> list[int]:
    """The copies of a civilization in a state: every card, active, decadent, (un)tilted."""
    player = ctx.state.players[seat]
    if state is None:
        return player.all_cards()
    if state == "decadent":
        return player.decadent_cards()
    if state == "tilted":
        return [c for c in player.active_cards() if c in player.tilted]
    if state == "untilted":
        return [c for c in player.active_cards() if c not in player.tilted]
    return player.active_cards()


def _head_words(np: Any) -> tuple[str, ...]:
    if not isinstance(np, ast.NounPhrase) or not np.heads:
        return ()
    head = np.heads[-1]
    return head if isinstance(head, tuple) else ()


def _named(np: Any) -> str | None:
    if (
        isinstance(np, ast.NounPhrase)
        and len(np.heads) == 1
        and isinstance(np.heads[0], ast.CardName)
    ):
        return np.heads[0].name
    return None


# ------------------------------------------------------------------ zones


@dataclass(frozen=True)
class Zone:
    """The cards of a zone a phrase names, for the player a rule speaks for. `cards` gives the
    zone's own list where it can (a shared zone): read it, never change it."""

    cards: Callable[[Ctx], list[int]]
    text: str
    shared: bool
    role: str | None = None  # the zone's role (rules_dsl/zones.py), if it has one
    owner: str = ""  # whose: your | their | all | others | players (named); "" for a shared zone
    row: int = -1  # a row's index in State.zones (core/rows.py); -1 for any other zone
    places: int = 0  # a row's number of places


def zone_of(np: Any, lex: Lexicon = NO_LEXICON) -> Zone:
    """The one resolver of zone phrases: the deck, the discard pile, your events, their
    civilization, any civilization, another player's events, another civilization. The zone is
    looked up in the pack's table (a zone it does not declare is an error here, with the
    declared ones as the hint); its determiner is consumed: your / their (the player the rule is
    about, the player doing the step), any (every player's), another (every other player's), the
    (a shared zone). A tableau's cards are all of them, decadent ones included."""
    if not isinstance(np, ast.NounPhrase) or np.count is not None:
        raise cannot(np, _ZONE_FORMS)
    if np.tails:
        return _zone_of_players(np, lex)
    heads = np.heads
    if (
        len(heads) == 2
        and heads[0] == ("player",)
        and np.determiner in ("another", "any")
        and isinstance(heads[1], tuple)
    ):  # another player's threat, any player's threat
        words, owner = " ".join(heads[1]), "others" if np.determiner == "another" else "all"
    elif (role := _role_owner(np)) is not None and isinstance(heads[1], tuple):
        words, owner = " ".join(heads[1]), role  # the defender's play area: that role's zone
    elif len(heads) == 1 and isinstance(heads[0], tuple):
        words = " ".join(heads[0])
        owner = {"any": "all", "another": "others", "the": "", None: ""}.get(np.determiner, "?")
        if np.possessive in ("your", "their") and np.determiner is None:
            owner = np.possessive
    else:
        raise cannot(np, _ZONE_FORMS)
    table = lex.zones
    found = table.find(words)
    if found is None:
        declared = [*table.names("player"), *table.names("shared")]
        if declared:
            raise _unknown_zone(np, words, declared)
        return _zone_found_in_play(np, words, owner)
    return _zone(np, words, owner, found, table)


def _zone_of_players(np: ast.NounPhrase, lex: Lexicon) -> Zone:
    """the play area of each opponent who has a b-seal on this card: a player zone of each of
    the players a phrase names now (players_of; none, no cards), read from, never moved into."""
    of = np.tails[0]
    if (
        len(np.tails) != 1
        or not isinstance(of, ast.Of)
        or np.determiner != "the"
        or np.possessive is not None
        or len(np.heads) != 1
        or not isinstance(np.heads[0], tuple)
    ):
        raise cannot(np, f'{_ZONE_FORMS}, or "the <zone> of <players>"')
    words = " ".join(np.heads[0])
    table = lex.zones
    found = table.find(words)
    if found is None:
        raise _unknown_zone(np, words, [*table.names("player"), *table.names("shared")])
    side, index = found
    if side == "shared":
        raise cannot(np, f"there is one {words}, shared by every player: the {words}")
    whose, mode = players_of(of.of, lex)
    if mode == "choose":
        raise cannot(
            of.of, f'whose {words}? the players counted are each of them: "each opponent who ..."'
        )
    role = "tableau" if index == TABLEAU else table.player[index].role

    def cards(ctx: Ctx) -> list[int]:
        out: list[int] = []
        for seat in whose(ctx):
            player = ctx.state.players[seat]
            out.extend(player.all_cards() if index == TABLEAU else player.zones[index])
        return out

    return Zone(cards, f"the {words} of {says(whose)}", False, role, "players")


def _unknown_zone(np: Any, words: str, declared: list[str]) -> UnknownName:
    near = did_you_mean(words, declared)
    every = f"the zones game.yaml declares: {', '.join(declared)}"
    return UnknownName(
        f'"{words}" is not a zone of the game', np, f"{near} ({every})" if near else every
    )


_ZONE_FORMS = 'a zone is named as "your <zone>", "any <zone>" or "the <zone>"'


def _zone(np: Any, words: str, owner: str, found: tuple[str, int], table: ZoneTable) -> Zone:
    side, index = found
    role: str | None
    if side == "shared":
        if owner or np.possessive or np.determiner not in ("the", None):
            raise cannot(np, f"there is one {words}, shared by every player: the {words}")
        role = table.shared[index].role
        places = table.places(index)
        row = index if places else -1
        return Zone(lambda ctx: ctx.state.zones[index], f"the {words}", True, role, "", row, places)
    if owner not in ZONE_OWNERS:
        raise cannot(
            np, f'whose {words}? say "your {words}", "any {words}" or "another player\'s {words}"'
        )
    if index == TABLEAU:
        role = "tableau"

        def of(ctx: Ctx, seat: int) -> list[int]:
            return ctx.state.players[seat].all_cards()
    else:
        role = table.player[index].role

        def of(ctx: Ctx, seat: int) -> list[int]:
            return ctx.state.players[seat].zones[index]

    if owner == "your":
        return Zone(lambda ctx: of(ctx, ctx.player), f"your {words}", False, role, owner)
    if owner == "their":
        return Zone(lambda ctx: of(ctx, _me(ctx)), f"their {words}", False, role, owner)
    if owner in PLAYER_ROLES:
        return Zone(
            lambda ctx: of(ctx, ctx.roles[owner]) if owner in ctx.roles else [],
            f"the {owner}'s {words}",
            False,
            role,
            owner,
        )
    if owner == "all":
        return Zone(
            lambda ctx: [c for p in ctx.state.players for c in of(ctx, p.seat)],
            f"any player's {words}",
            False,
            role,
            owner,
        )
    return Zone(
        lambda ctx: [c for p in ctx.state.players if p.seat != _me(ctx) for c in of(ctx, p.seat)],
        f"another player's {words}",
        False,
        role,
        owner,
    )


def _zone_found_in_play(np: Any, words: str, owner: str) -> Zone:
    """A zone phrase compiled without the pack's table (a scenario's conditions): looked up in
    the table of the game being played, the first time it is read."""
    resolved: list[Zone] = []

    def cards(ctx: Ctx) -> list[int]:
        if not resolved:
            table = ctx.catalog.zones
            found = table.find(words)
            if found is None:
                raise _unknown_zone(np, words, [*table.names("player"), *table.names("shared")])
            resolved.append(_zone(np, words, owner, found, table))
        return resolved[0].cards(ctx)

    shared = owner == "" and not np.possessive
    text = {"your": "your", "their": "their", "all": "any player's", "others": "another player's"}
    return Zone(cards, f"{text.get(owner, 'the')} {words}", shared, None, owner)


def _me(ctx: Ctx) -> int:
    """The player doing the step ("their"), else the player the rule speaks for."""
    return ctx.doer if ctx.doer is not None else ctx.player


# ------------------------------------------------------------------ numbers


def quantity_of_words(words: tuple[str, ...], node: Any = None, lex: Lexicon = NO_LEXICON) -> Num:
    """How much a player has of a thing named by words: gold, points, active bonuses..."""
    plain = tuple(singular(w) for w in words)
    last = plain[-1] if plain else ""
    text = " ".join(plain)
    if not plain:
        raise cannot(node, "how much of what?")
    owned = _pieces_owned(plain, lex)
    if owned is not None:
        return owned
    if last == "point":
        found = card_words(plain[:-1], node, lex)
        return said(
            lambda ctx: sum(
                card_points(ctx, c)
                for c in civ_cards(ctx, ctx.player, found.state)
                if found.test(ctx, c)
            ),
            f"the points of {found.text}",
        )
    if text in ("card type", "type"):
        return said(
            lambda ctx: len({ctx.info(c).type for c in civ_cards(ctx, ctx.player, None)}),
            f"the number of card types among the {lex.zones.name('tableau')}'s cards",
        )
    if last == BONUS:
        return _bonuses(plain[:-1], node, lex)
    if last == "symbol" and (len(plain) == 1 or _resource(plain[:-1], lex) is not None):
        return _bonuses(plain[:-1], node, lex)  # "your food symbols": as "your food bonuses"
    if text in ("achievement token", "token"):
        return said(
            lambda ctx: len(ctx.state.players[ctx.player].tokens),
            "the number of achievement tokens",
        )
    if text == "score":
        return said(lambda ctx: ctx.state.players[ctx.player].score, "the score")
    if last in ("die", "dice"):
        return _dice(plain[:-1], node, lex)
    if last == "symbol" and len(plain) > 1 and _symbols_named(plain[:-1], lex):
        # "your civil action symbols": the resource's symbols on your cards, even where a
        # counter has the resource's name ("your civil action" is the counter)
        return _bonuses(plain[:-1], node, lex)
    counter = lex.counter(plain) if lex.counters else None
    if counter is not None:
        return said(lambda ctx: ctx.state.players[ctx.player].counters.get(counter, 0), counter)
    kept = lex.stored_resource(plain)
    if kept is not None:
        return said(
            lambda ctx: stored_value(ctx.state, ctx.catalog, ctx.player, kept),
            f"the {kept.name} (the worth of the {kept.token}s on the {kept.on} cards)",
        )
    if _resource(plain, lex) is not None and not lex.card_word(last):
        return _bonuses(plain, node, lex)  # "your red banners": the symbols on your cards
    if resource_group(last, lex) and all(w in STATE_WORDS for w in plain[:-1]):
        return _bonuses(plain, node, lex)  # "your banners": red, blue... banners together
    if lex.counters and last != "card" and lex.card_word(last) is False:
        raise cannot(node, f'"{" ".join(words)}" is not a counter or a kind of card')
    found = card_words(plain, node, lex)

    def amount(ctx: Ctx) -> int:
        counters = ctx.state.players[ctx.player].counters
        if not lex.counters and text in counters:  # no lexicon: a counter by its name
            return counters[text]
        return sum(1 for c in civ_cards(ctx, ctx.player, found.state) if found.test(ctx, c))

    return said(amount, f"the number of {found.text}")


def _dice(words: tuple[str, ...], node: Any, lex: Lexicon) -> Num:
    """The dice just rolled (the turn's, or a step's "roll 2 damage dice") showing a face
    ("war dice", "coin dice": a face before "dice" is a face even where it names a card type
    or a counter too) or of a kind ("green dice"); "dice" alone counts them all."""
    if not lex.dice:
        raise cannot(node, "dice are counted with the pack's dice (not in a scenario yet)")
    what = " ".join(words)
    names = dict(lex.dice)
    kinds = {lex.face_kind(d, i) for d, faces in lex.dice for i in range(len(faces))}
    if what and what not in names and what not in kinds:
        raise cannot(node, f'"{what}" is neither a die nor a face of the pack\'s dice')

    def count(ctx: Ctx) -> int:
        return sum(
            1
            for d in ctx.state.dice
            if not what or d["die"] == what or lex.face_kind(d["die"], d["face"]) == what
        )

    return said(count, f"the number of {what + ' ' if what else ''}dice just rolled")


def _bonuses(words: tuple[str, ...], node: Any, lex: Lexicon) -> Num:
    """The bonus symbols on a civilization's cards ("active population bonuses"): a coin of
    2 gold is one symbol (AH: a bonus symbol is counted once, whatever its value)."""
    kinds = [w for w in words if w not in STATE_WORDS]
    states = [w for w in words if w in STATE_WORDS]
    if len(states) > 1 or (len(kinds) > 1 and _resource(tuple(kinds), lex) is None):
        raise cannot(node, "bonuses of one kind, in one state")
    kind = (_resource(tuple(kinds), lex) or " ".join(kinds)) if kinds else None
    group = resource_group(kind, lex) if kind is not None else ()
    if group:
        return _group_bonuses(kind or "", group, states[0] if states else "active", lex)
    if (
        kind is not None
        and lex.resources
        and kind not in lex.resources
        and lex.counter((kind,)) is None
    ):
        raise cannot(node, f'"{kind}" is not a resource or a counter')
    state = states[0] if states else "active"
    text = f"the number of {kind + ' ' if kind else ''}bonus symbols on your {state} cards"
    times = shown_times(lex)
    if times is not None:
        return said(
            _shown_count(state, (kind,), times, claimed_cards(lex, state)), text + shown_text(lex)
        )

    only = (kind,) if kind is not None else None
    claimed = claimed_cards(lex, state)

    def count(ctx: Ctx) -> int:
        cards = civ_cards(ctx, ctx.player, state)
        if claimed is not None:
            cards = cards + claimed(ctx, ctx.player, cards)
        if ctx.state.cards:  # a face-down card shows no bonus
            cards = [c for c in cards if not is_face_down(ctx.state, c)]
        total = 0
        for c in cards:
            info = ctx.info(c)
            total += info.symbols(kind)
            if info.symbol_rules:  # "science +1 per ...": the card's abilities' symbols
                total += ability_symbols(ctx, c, only)
        return total

    return said(count, text)


Claimed = Callable[[Ctx, int, list[int]], list[int]]


def claimed_cards(lex: Lexicon, state: str | None) -> Claimed | None:
    """The cards a player's pieces claim beyond their own active ones (`claims:` of
    `pieces:`, rules_dsl/pieces.py): a card of a claimed type with such a piece of theirs on
    it, wherever it lies, face up. None when no kind of piece claims (or for cards in another
    state than active): the count is the player's cards alone, as before."""
    kinds, types = lex.pieces.claiming()
    if not kinds or state != "active":
        return None

    def claimed(ctx: Ctx, seat: int, own: list[int]) -> list[int]:
        out: list[int] = []
        for p in ctx.state.pieces:
            c = p["on"]
            if (
                c is not None
                and p["owner"] == seat
                and p["kind"] in kinds
                and c not in own
                and c not in out
                and ctx.info(c).type in types
                and not (ctx.state.cards and is_face_down(ctx.state, c))
            ):
                out.append(c)
        return out

    return claimed


def _shown_count(
    state: str, kinds: tuple[str | None, ...], times: Times, claimed: Claimed | None = None
) -> Callable[[Ctx], int]:
    """The symbols of these kinds (None: every one) on a player's cards, each card's counted
    as many times as it shows them (`shown_times`), and on the cards their pieces claim."""

    every = None if None in kinds else tuple(k for k in kinds if k is not None)

    def count(ctx: Ctx) -> int:
        total = 0
        cards = civ_cards(ctx, ctx.player, state)
        if claimed is not None:
            cards = cards + claimed(ctx, ctx.player, cards)
        for c in cards:
            info = ctx.info(c)
            printed = sum(info.symbols(k) for k in kinds)
            if info.symbol_rules:  # "science +1 per ...": the card's abilities' symbols
                printed += ability_symbols(ctx, c, every)
            if printed:
                total += printed * times(ctx, c)
        return total

    return count


def _group_bonuses(word: str, group: tuple[str, ...], state: str, lex: Lexicon) -> Num:
    """The symbols of every resource of a group on a player's cards ("your banners")."""
    times = shown_times(lex)
    if times is not None:
        return said(
            _shown_count(state, group, times, claimed_cards(lex, state)),
            f"the number of {word} bonus symbols ({' or '.join(group)}) on your {state} cards"
            + shown_text(lex),
        )

    def count(ctx: Ctx) -> int:
        cards = civ_cards(ctx, ctx.player, state)
        if ctx.state.cards:  # a face-down card shows no bonus
            cards = [c for c in cards if not is_face_down(ctx.state, c)]
        total = 0
        for c in cards:
            info = ctx.info(c)
            total += sum(info.symbols(kind) for kind in group)
            if info.symbol_rules:  # "red banner +1 ...": the card's abilities' symbols
                total += ability_symbols(ctx, c, group)
        return total

    return said(
        count,
        f"the number of {word} bonus symbols ({' or '.join(group)}) on your {state} cards",
    )


def _symbols_named(words: tuple[str, ...], lex: Lexicon) -> bool:
    """Whether words before "symbols" name a resource or a group of them ("red banner",
    "banner")."""
    return _resource(words, lex) is not None or (
        len(words) == 1 and bool(resource_group(words[0], lex))
    )


def _resource(words: tuple[str, ...], lex: Lexicon) -> str | None:
    """The resource the (singular) words name, as the cards' symbols are counted ("red
    banner"), or None."""
    text = " ".join(words)
    return next((r for r in sorted(lex.resources) if text in (r, singular(r))), None)


def card_points(ctx: Ctx, copy: int) -> int:
    """A card's points; a formula counts 0 for achievements (it is scored at an age's end).
    A face-down card's points do not count unless the pack's face-down state keeps them."""
    points = ctx.info(copy).points
    if (
        ctx.state.cards
        and is_face_down(ctx.state, copy)
        and not ctx.catalog.card_states.keeps_points
    ):
        return 0
    return points if isinstance(points, int) else 0


def compile_value(node: Any, lex: Lexicon = NO_LEXICON) -> Num:
    if isinstance(node, ast.Int):
        return said(lambda ctx, v=node.value: v, str(node.value))
    if isinstance(node, ast.Arith):
        return _arith(node, None, lex)
    if isinstance(node, ast.Rounded):
        inner = node.value
        if isinstance(inner, ast.Arith) and inner.op == "/":
            return _arith(inner, node.direction, lex)
        if isinstance(inner, ast.NounPhrase) and inner.determiner == "half of":
            return _quantity(inner, lex, node.direction)
        raise cannot(node, "only a division or a half is rounded")
    if isinstance(node, ast.Limit):
        limited, bound = compile_value(node.value, lex), compile_value(node.bound, lex)
        if node.kind == "most":
            return said(
                lambda ctx: min(limited(ctx), bound(ctx)), f"{says(limited)}, at most {says(bound)}"
            )
        return said(
            lambda ctx: max(limited(ctx), bound(ctx)), f"{says(limited)}, at least {says(bound)}"
        )
    if isinstance(node, ast.NounPhrase):
        return _quantity(node, lex, None)
    if isinstance(node, ast.At):
        return _printed_at(node, lex)
    if isinstance(node, ast.Pronoun) and node.word == "it":
        return said(
            lambda ctx: int(ctx.it or 0) if not isinstance(ctx.it, bool) else 0, "that amount"
        )
    raise cannot(node, "this is not a number the game can work out")


def _arith(node: ast.Arith, rounding: str | None, lex: Lexicon) -> Num:
    left, right = compile_value(node.left, lex), compile_value(node.right, lex)
    op = node.op

    def operand(part: Any, num: Num) -> str:  # brackets only where they group
        return f"({says(num)})" if isinstance(part, ast.Arith) else says(num)

    word = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}[op]
    text = f"{operand(node.left, left)} {word} {operand(node.right, right)}"
    if op == "+":
        return said(lambda ctx: left(ctx) + right(ctx), text)
    if op == "-":
        return said(lambda ctx: left(ctx) - right(ctx), text)
    if op == "*":
        return said(lambda ctx: left(ctx) * right(ctx), text)
    if rounding == "up":
        return said(lambda ctx: -(-left(ctx) // max(1, right(ctx))), text + ", rounded up")
    return said(lambda ctx: left(ctx) // max(1, right(ctx)), text + ", rounded down")


def _role_owner(np: ast.NounPhrase) -> str | None:
    """The role of "the <role>'s <words>" ("the defender's play area"), else None."""
    heads = np.heads
    if (
        len(heads) == 2
        and np.determiner == "the"
        and isinstance(heads[0], tuple)
        and len(heads[0]) == 1
        and heads[0][0] in PLAYER_ROLES
        and isinstance(heads[1], tuple)
    ):
        return str(heads[0][0])
    return None


def _role_number(np: ast.NounPhrase, lex: Lexicon) -> Num | None:
    """ "the defender's strength", "the attacker's culture": a number of the player in a role
    of the rule (the war's or one a step gave: "... becomes the defender"), as "your ..." reads
    it for that player; 0 while no player has the role."""
    role = _role_owner(np)
    if role is None or np.tails:
        return None
    heads = np.heads
    inner = compile_value(ast.NounPhrase(None, None, "your", (heads[1],), (), span=np.span), lex)

    def number(ctx: Ctx) -> int:
        seat = ctx.roles.get(role)
        return inner(ctx.with_player(seat)) if seat is not None else 0

    return said(number, f"the {role}'s {says(inner).removeprefix('your ')}")


def _quantity(np: ast.NounPhrase, lex: Lexicon, rounding: str | None) -> Num:
    """your gold / the points of your cards / the number of cards in your events / 3 cards."""
    if is_place_in_turn_order(np):
        return _place_in_turn_order(np)
    position = _position_number(np)
    if position is not None:
        return position
    on_card = printed(np, lex)
    if on_card is not None:
        return _printed_number(on_card, lex)
    points = _points_number(np)
    if points is not None:
        return points
    on_cards = _card_number(np, lex)
    if on_cards is not None:
        return on_cards
    of_role = _role_number(np, lex)
    if of_role is not None:
        return of_role
    if len(np.heads) != 1 or not isinstance(np.heads[0], tuple):
        raise cannot(np, "a number is a count, a measure or a counter")
    fact = _fact_or_table(np, lex)
    if fact is not None:
        return fact
    words = np.heads[0]
    on = next((t for t in np.tails if isinstance(t, ast.OnCard)), None)
    if on is not None:  # the coin on this card
        return compile_tokens_on(np, on, lex)
    of = next((t for t in np.tails if isinstance(t, ast.Of)), None)
    located = next((t for t in np.tails if isinstance(t, ast.Located)), None)
    others = [t for t in np.tails if t is not of and t is not located]
    if others:
        raise cannot(np, "a number cannot be chosen or compared here")
    if np.possessive not in (None, "your", "their") or (
        np.possessive and np.determiner not in (None, "all", "half of")
    ):
        raise cannot(np, "a number of your own things")
    if np.determiner == "the" and of is not None:
        if located is not None:
            raise cannot(np, "say where on the counted thing: the number of cards in ...")
        return _measure(np, tuple(singular(w) for w in words), of.of, lex)
    if of is not None:
        raise cannot(np, 'a measure reads "the <measure> of ..."')
    if np.count is not None:
        if located is not None:
            raise cannot(np, "a fixed number cannot be somewhere")
        return said(lambda ctx, v=np.count: v, f"{np.count}")
    if np.determiner in ("a", "an") and located is None:
        return said(lambda ctx: 1, "1")
    if located is not None:
        if np.determiner is not None:
            raise cannot(np, 'count cards in a zone as "the number of cards in ..."')
        return _count_in(words, located.where, np, lex)
    base = quantity_of_words(words, np, lex)
    if np.determiner == "half of":
        up = rounding == "up"
        return said(
            lambda ctx: (base(ctx) + 1) // 2 if up else base(ctx) // 2,
            f"half of {says(base)} rounded {'up' if up else 'down'}",
        )
    if np.determiner not in (None, "all"):
        raise cannot(np, f'"{np.determiner}" before an amount')
    return base


def _card_number(np: ast.NounPhrase, lex: Lexicon) -> Num | None:
    """A number read off named cards (card_numbers.py: the symbols on them, their strength),
    or None for another phrase: that module says what is counted, `the_cards` which cards."""
    found = card_number(np, lex)
    if found is None:
        return None
    cards, which = the_cards(found.cards, lex, found.asked)
    return said(found.count(cards), found.text.replace("{cards}", which))


def _printed_number(found: Printed, lex: Lexicon) -> Num:
    """A number printed on the cards a phrase names (printed.py), added up over them."""
    name = found.spec.name
    cards, which = the_cards(found.cards, lex, f"the {name}")
    if found.how == COUNT:
        return said(
            lambda ctx: sum(printed_count(ctx.info(c), found.spec) for c in cards(ctx)),
            f"the number of {name} of {which}",
        )
    text = f"the {name} of {which}" + (", added up" if found.spec.is_list else "")
    return said(lambda ctx: sum(printed_value(ctx.info(c), found.spec) for c in cards(ctx)), text)


def _printed_at(node: ast.At, lex: Lexicon) -> Num:
    """the stage cost of it at 2: one number of a list printed on cards, by position."""
    found = at_position(node, lex)
    cards, which = the_cards(found.cards, lex, f"the {found.spec.name}")
    position = compile_value(node.position, lex)
    return said(
        lambda ctx: sum(printed_entry(ctx.info(c), found.spec, position(ctx)) for c in cards(ctx)),
        f"number {says(position)} of the {found.spec.name} of {which}",
    )


def _position_number(np: ast.NounPhrase) -> Num | None:
    """`its position` / `the position of it` / `the position of this card` (positions.py);
    None when the phrase is no position."""
    if np.heads != (("position",),) or np.count is not None:
        return None
    of = next((t for t in np.tails if isinstance(t, ast.Of)), None)
    if np.possessive == "its" and np.determiner is None and not np.tails:
        return said(_position_of_it, "its position")
    if np.determiner == "the" and of is not None and len(np.tails) == 1:
        target = of.of
        if isinstance(target, ast.Pronoun) and target.word == "it":
            return said(_position_of_it, "its position")
        if (
            isinstance(target, ast.NounPhrase)
            and target.determiner == "this"
            and target.heads == (("card",),)
            and not target.tails
        ):
            return said(_position_of_this, "the position of this card")
        raise cannot(target, 'a position is a card\'s: "the position of it" or "of this card"')
    return None


def _place_in_turn_order(np: ast.NounPhrase) -> Num:
    """your place in turn order (1 for the round's first player: facts.py); "their" is the
    doer's."""
    if np.possessive == "their":
        return said(lambda ctx: place_in_turn_order(ctx, _me(ctx)), "their place in turn order")
    return said(lambda ctx: place_in_turn_order(ctx, ctx.player), "your place in turn order")


def _points_number(np: ast.NounPhrase) -> Num | None:
    """`its points` / `the points of it` / `the points of this card`: one card's points (as
    `card_points` counts them); None for another phrase ("the points of your cards")."""
    if np.heads != (("points",),) or np.count is not None:
        return None
    of = np.tails[0].of if len(np.tails) == 1 and isinstance(np.tails[0], ast.Of) else None
    if np.possessive == "its" and np.determiner is None and not np.tails:
        of = ast.Pronoun("it")
    if np.determiner not in (None, "the") or of is None:
        return None
    if isinstance(of, ast.Pronoun) and of.word == "it":
        return said(_points_of_it, "its points")
    if (
        isinstance(of, ast.NounPhrase)
        and of.determiner == "this"
        and of.heads == (("card",),)
        and not of.tails
    ):
        return said(
            lambda ctx: card_points(ctx, ctx.card) if ctx.card is not None else 0,
            "the points of this card",
        )
    return None


def _points_of_it(ctx: Ctx) -> int:
    it = ctx.it
    return card_points(ctx, it) if isinstance(it, int) and not isinstance(it, bool) else 0


def _position_of_it(ctx: Ctx) -> int:
    it = ctx.it
    return position_of(ctx.state, it) if isinstance(it, int) and not isinstance(it, bool) else 0


def _position_of_this(ctx: Ctx) -> int:
    return position_of(ctx.state, ctx.card) if ctx.card is not None else 0


def _measure(np: ast.NounPhrase, measure: tuple[str, ...], of: Any, lex: Lexicon) -> Num:
    written = np.heads[0]
    table = _measure_of(written if isinstance(written, tuple) else measure, of, lex)
    if table is not None:
        return table
    if (
        not isinstance(of, ast.NounPhrase)
        or len(of.heads) != 1
        or not isinstance(of.heads[0], tuple)
    ):
        raise cannot(np, "the measure of what?")
    inner = of.heads[0]
    if measure == ("point",) and inner == VACATED and of.determiner == "the" and not of.tails:
        cards, text = the_cards(of, lex, "the points")
        return said(
            lambda ctx: sum(card_points(ctx, c) for c in cards(ctx)), f"the points of {text}"
        )
    on = next((t for t in of.tails if isinstance(t, ast.OnCard)), None)
    if measure == ("number",) and on is not None and len(of.tails) == 1:
        return _pieces_on(of, inner, on, lex)
    located = next((t for t in of.tails if isinstance(t, ast.Located)), None)
    if len(of.tails) != (1 if located else 0) or of.possessive not in (None, "your", "their"):
        raise cannot(of, "the measure of your own cards or tokens")
    if measure == ("number",):
        if located is not None:
            return _count_in(inner, located.where, of, lex)
        return quantity_of_words(inner, of, lex)
    if located is not None:
        raise cannot(
            of, f"a measure of cards in a zone other than your {lex.zones.name('tableau')}"
        )
    if measure == ("point",):
        found = card_words(tuple(singular(w) for w in inner), of, lex)
        return said(
            lambda ctx: sum(
                card_points(ctx, c)
                for c in civ_cards(ctx, ctx.player, found.state)
                if found.test(ctx, c)
            ),
            f"the points of {found.text}",
        )
    if measure == ("space",) and tuple(singular(w) for w in inner) == ("marker",):
        if not lex.columns or not lex.columns_agree:
            raise cannot(np, "the value of a space needs one board whose sides agree")
        columns = dict(lex.columns)
        return said(
            lambda ctx: columns.get(ctx.state.players[ctx.player].space or "", 0),
            "the value of the space of the marker on the achievements board",
        )
    if measure == ("value",) and singular(inner[-1]) == "token":
        if any(singular(w) not in ("achievement", "token") for w in inner):
            raise cannot(of, "the value of which tokens?")
        return said(
            lambda ctx: sum(ctx.state.players[ctx.player].tokens),
            "the value of the achievement tokens",
        )
    near = _unknown_measure(written if isinstance(written, tuple) else measure, np, lex)
    raise near or cannot(np, f'"the {" ".join(measure)} of ..." is not a measure the game knows')


def compile_tie_break(
    number: Any, each: bool, lex: Lexicon = NO_LEXICON
) -> Callable[[Ctx], tuple[int, ...]]:
    """A line of the pack's tie-break: the number, or with `each` (", highest first") the
    values it adds up, highest first, compared one by one (a longer list wins a tie of its
    beginning: one more token is a next best token)."""
    if not each:
        value = compile_value(number, lex)
        return said(lambda ctx: (value(ctx),), says(value))
    if _is_token_value(number):
        return said(
            lambda ctx: tuple(sorted(ctx.state.players[ctx.player].tokens, reverse=True)),
            "the values of the achievement tokens, highest first",
        )
    raise cannot(
        number,
        '", highest first" compares the values a number adds up one by one: '
        '"the value of your achievement tokens, highest first"',
    )


def _is_token_value(node: Any) -> bool:
    """Whether a number is "the value of your achievement tokens"."""
    if not (
        isinstance(node, ast.NounPhrase)
        and node.determiner == "the"
        and node.heads == (("value",),)
        and len(node.tails) == 1
        and isinstance(node.tails[0], ast.Of)
    ):
        return False
    of = node.tails[0].of
    return (
        isinstance(of, ast.NounPhrase)
        and of.possessive == "your"
        and not of.tails
        and len(of.heads) == 1
        and isinstance(of.heads[0], tuple)
        and singular(of.heads[0][-1]) == "token"
        and all(singular(w) in ("achievement", "token") for w in of.heads[0])
    )


def _count_in(words: tuple[str, ...], where: Any, node: Any, lex: Lexicon) -> Num:
    """The number of cards of a kind in a zone: 3 cards in your events."""
    zone = zone_of(where, lex)
    found = card_words(tuple(singular(w) for w in words), node, lex)
    if found.state is not None:
        tableau = lex.zones.name("tableau")
        raise cannot(
            node, f'"{found.state}" cards are in a {tableau}; say "your {found.state} cards"'
        )
    return said(
        lambda ctx: sum(1 for c in zone.cards(ctx) if found.test(ctx, c)),
        f"the number of {found.text} in {zone.text}",
    )


# ------------------------------------------------------------------ conditions


def compile_condition(node: Any, lex: Lexicon = NO_LEXICON) -> Cond:
    if isinstance(node, ast.Or):
        items = [compile_condition(x, lex) for x in node.items]
        return said(
            lambda ctx: any(f(ctx) for f in items), " or ".join(f"({says(f)})" for f in items)
        )
    if isinstance(node, ast.And):
        items = [compile_condition(x, lex) for x in node.items]
        return said(
            lambda ctx: all(f(ctx) for f in items), " and ".join(f"({says(f)})" for f in items)
        )
    if isinstance(node, ast.Not):
        item = compile_condition(node.item, lex)
        return said(lambda ctx: not item(ctx), f"not ({says(item)})")
    if isinstance(node, ast.Owns):
        return _for_subject(node.subject, compile_owns(node.options, lex), lex)
    if isinstance(node, ast.OwnsNOf):
        return _for_subject(node.subject, _owns_n_of(node), lex)
    if isinstance(node, ast.Has):
        return _for_subject(node.subject, _compile_has(node.comparator, node.value, lex), lex)
    if isinstance(node, ast.IsIn):
        return _compile_is_in(node, lex)
    if isinstance(node, ast.Did):
        return _for_subject(
            node.subject,
            _did_fact(node.verb, node.value, node.this_turn, node, lex, node.negated),
            lex,
        )
    if isinstance(node, ast.IsState):
        return _compile_is_state(node, lex)
    if isinstance(node, ast.Compare):
        left, right = compile_value(node.subject, lex), compile_value(node.value, lex)
        compare = COMPARATORS[node.comparator]
        return said(
            lambda ctx: compare(left(ctx), right(ctx)),
            f"{says(left)} is {node.comparator} {says(right)}",
        )
    raise cannot(node, "this condition has no meaning in play")


COMPARATORS: dict[str | None, Callable[[int, int], bool]] = {
    None: lambda a, b: a >= b,
    "at least": lambda a, b: a >= b,
    "at most": lambda a, b: a <= b,
    "more than": lambda a, b: a > b,
    "fewer than": lambda a, b: a < b,
    "less than": lambda a, b: a < b,
    "exactly": lambda a, b: a == b,
}


def one_of(kind: str) -> str:
    """ "other player ..." as one of them: "another player ...", "an opponent ..."."""
    if kind.startswith("other "):
        return "an" + kind
    return ("an " if kind[:1] in "aeiou" else "a ") + kind


def agree_with_you(text: str) -> str:
    """A condition read for a third person ("owns a land") said of "you" ("own a land")."""
    for third, plain in (("owns ", "own "), ("has ", "have ")):
        if text.startswith(third):
            return plain + text[len(third) :]
    return text


def _for_subject(subject: Any, test: Cond, lex: Lexicon) -> Cond:
    """Evaluate `test` for the players a condition's subject names ("a player has ...")."""
    if isinstance(subject, ast.Pronoun) and subject.word == "you":
        return said(test, f"you {agree_with_you(says(test))}")
    if isinstance(subject, ast.NounPhrase) and subject.determiner == "no":
        plain = replace(subject, determiner="each")
        seats, _ = players_of(plain, lex)
        return said(
            lambda ctx: not any(test(ctx.with_player(s)) for s in seats(ctx)),
            f"no {says(seats).removeprefix('each ')} {says(test)}",
        )
    seats, mode = players_of(subject, lex)
    if mode == "all":
        return said(
            lambda ctx: all(test(ctx.with_player(s)) for s in seats(ctx)),
            f"{says(seats)} {says(test)}",
        )
    if mode == "choose":
        return said(
            lambda ctx: any(test(ctx.with_player(s)) for s in seats(ctx)),
            f"at least one {says(seats).removeprefix('an').removeprefix('a ').strip()} "
            f"{says(test)}",
        )
    return said(
        lambda ctx: any(test(ctx.with_player(s)) for s in seats(ctx)), f"{says(seats)} {says(test)}"
    )


def _owns_named(name: str) -> Cond:
    """A named card is owned when it is active (a decadent card loses its name)."""
    return said(
        lambda ctx: any(
            ctx.info(c).name == name for c in ctx.state.players[ctx.player].active_cards()
        ),
        f'owns "{name}"',
    )


def compile_owns(options: tuple[Any, ...], lex: Lexicon = NO_LEXICON) -> Cond:
    """you own "X" or "Y" / a land / 2 figures / an active figure / no wonder."""
    tests: list[Cond] = []
    for option in options:
        name = _named(option)
        if name is not None:
            if option.tails or option.determiner or option.count:
                raise cannot(option, "own a named card, as written in quotes")
            tests.append(_owns_named(name))
            continue
        if not isinstance(option, ast.NounPhrase) or len(option.heads) != 1 or option.tails:
            raise cannot(option, "own what? a named card or a number of a kind of card")
        if option.determiner not in (None, "a", "an", "no") or option.possessive:
            raise cannot(option, f'"{option.determiner or option.possessive}" before what is owned')
        found = card_words(tuple(singular(w) for w in _head_words(option)), option, lex)
        count = option.count if option.count is not None else 1
        if option.determiner == "no":
            tests.append(
                said(
                    lambda ctx, f=found: (
                        not any(f.test(ctx, c) for c in civ_cards(ctx, ctx.player, f.state))
                    ),
                    f"owns no {found.text}",
                )
            )
            continue
        owned = f"at least {count} {found.text}" if count > 1 else one_card(found.text)
        tests.append(
            said(
                lambda ctx, f=found, n=count: (
                    sum(1 for c in civ_cards(ctx, ctx.player, f.state) if f.test(ctx, c)) >= n
                ),
                f"owns {owned}",
            )
        )
    things = [says(t).removeprefix("owns ") for t in tests]  # "owns "A" or "B""
    return said(lambda ctx: any(t(ctx) for t in tests), "owns " + " or ".join(things))


def _owns_n_of(node: ast.OwnsNOf) -> Cond:
    names, count = frozenset(node.names), node.count

    def test(ctx: Ctx) -> bool:  # copies count: two Huntings are two of them (AH-K6)
        return (
            sum(
                1 for c in ctx.state.players[ctx.player].active_cards() if ctx.info(c).name in names
            )
            >= count
        )

    return said(
        test, f"owns at least {count} active copies of " + " or ".join(f'"{n}"' for n in node.names)
    )


def _compile_has(comparator: str | None, value: Any, lex: Lexicon) -> Cond:
    if not isinstance(value, ast.NounPhrase):
        raise cannot(value, "have what? an amount of a thing")
    name = _named(value)
    located = next((t for t in value.tails if isinstance(t, ast.Located)), None)
    if name is not None:  # you have "X" in your events
        if (
            comparator is not None
            or value.determiner
            or value.count
            or len(value.tails) != (1 if located else 0)
        ):
            raise cannot(value, "have a named card, in a zone")
        if located is None:
            return _owns_named(name)
        zone = zone_of(located.where, lex)
        return said(
            lambda ctx: any(ctx.info(c).name == name for c in zone.cards(ctx)),
            f'has "{name}" in {zone.text}',
        )
    if value.determiner == "no":
        if comparator is not None:
            raise cannot(value, '"no" and a comparison')
        have = _quantity(replace(value, determiner=None), lex, None)
        return said(lambda ctx: have(ctx) == 0, f"has no {says(have)}")
    if value.determiner not in (None, "a", "an") or value.possessive:
        raise cannot(value, f'"{value.determiner or value.possessive}" before what is had')
    words = value.heads[0] if len(value.heads) == 1 and isinstance(value.heads[0], tuple) else None
    on = value.tails[0] if len(value.tails) == 1 else None
    if words is not None and isinstance(on, ast.OnCard):  # who has a b-seal on this card
        return _has_pieces_on(comparator, value, words, on, lex)
    if words is None or len(value.tails) != (1 if located else 0):
        raise cannot(value, "have an amount of a thing")
    have = (
        _count_in(words, located.where, value, lex)
        if located is not None
        else quantity_of_words(words, value, lex)
    )
    need = value.count if value.count is not None else 1
    compare = COMPARATORS[comparator]
    what = says(have).removeprefix("the number of ")
    return said(
        lambda ctx: compare(have(ctx), need), f"has {comparator or 'at least'} {need} {what}"
    )


def _has_pieces_on(
    comparator: str | None,
    value: ast.NounPhrase,
    words: tuple[str, ...],
    on: ast.OnCard,
    lex: Lexicon,
) -> Cond:
    """(who) has a b-seal on this card: the number of the player's own pieces of that kind on
    those cards, compared (at least 1 unless said)."""
    if len(words) != 1 or lex.pieces.find(singular(words[0])) is None:
        kinds = ", ".join(lex.pieces.names) or "game.yaml declares none (pieces:)"
        raise cannot(
            value, f'what is had on a card is a piece: "has a <piece> on <cards>" ({kinds})'
        )
    counted = replace(value, determiner=None, count=None, possessive="your", tails=())
    have = _pieces_on(counted, words, on, lex)
    need = value.count if value.count is not None else 1
    compare = COMPARATORS[comparator]
    what = says(have).removeprefix("the number of your ")
    if need == 1:  # "has at least 1 b-seal on this card"
        what = what.replace("s on ", " on ", 1)
    return said(
        lambda ctx: compare(have(ctx), need), f"has {comparator or 'at least'} {need} {what}"
    )


def _compile_is_in(node: ast.IsIn, lex: Lexicon) -> Cond:
    """ "X" is in your events / this card is in your events."""
    subject = node.subject
    zone = zone_of(node.where, lex)
    name = _named(subject)
    if (
        name is not None
        and isinstance(subject, ast.NounPhrase)
        and not subject.tails
        and not subject.determiner
    ):

        def test(ctx: Ctx) -> bool:
            found = next((c for c in zone.cards(ctx) if ctx.info(c).name == name), None)
            if found is not None:
                ctx.it = found  # "if X is in your events: swap it ..."
            return found is not None

        return said(test, f'"{name}" is in {zone.text}')
    if (
        isinstance(subject, ast.NounPhrase)
        and subject.determiner == "this"
        and _head_words(subject) == ("card",)
        and not subject.tails
    ):
        return said(
            lambda ctx: ctx.card is not None and ctx.card in zone.cards(ctx),
            f"this card is in {zone.text}",
        )
    if isinstance(subject, ast.Pronoun) and subject.word == "it":
        return said(
            lambda ctx: isinstance(ctx.it, int) and ctx.it in zone.cards(ctx),
            f"that card is in {zone.text}",
        )
    raise cannot(node, 'ask whether a named card, "it" or this card is in a zone')


# The facts of a turn the game records, by past verb: the flag of the turn.
FACTS = {"acquired": "acquired", "passed": "passed", "won": "won"}


def _did_fact(
    verb: str, value: Any, this_turn: bool, node: Any, lex: Lexicon, negated: bool
) -> Cond:
    """you acquired nothing this turn / you have passed / every player has not passed."""
    flag = FACTS.get(verb)
    if flag is None:
        raise cannot(
            node, f'"{verb}" is not a fact the game records (it records: {", ".join(FACTS)})'
        )
    want = True
    if verb == "won":  # you won the game: among the winners, once it is over
        if (
            not (
                isinstance(value, ast.NounPhrase)
                and value.determiner == "the"
                and value.heads == (("game",),)
                and not value.tails
            )
            or this_turn
        ):
            raise cannot(node, 'the game records who won the game: "you won the game"')
        wins = not negated
        return said(
            lambda ctx: (ctx.state.over and ctx.player in ctx.state.winners) == wins,
            "won the game" if wins else "did not win the game",
        )
    if verb == "acquired":
        if not this_turn:
            raise cannot(node, 'the game records acquisitions of this turn: add "this turn"')
        words = _head_words(value)
        if words == ("nothing",) and isinstance(value, ast.NounPhrase) and not value.tails:
            want = False
        elif value is not None and not (
            isinstance(value, ast.NounPhrase)
            and words in (("card",), ("something",))
            and value.determiner in ("a", "an")
            and not value.tails
        ):
            raise cannot(value, "the game records whether you acquired a card, not which")
    elif value is not None:
        raise cannot(value, f'"{verb}" takes no object')
    if negated:
        want = not want
    if verb == "acquired":
        text = "acquired a card this turn" if want else "acquired nothing this turn"
    else:
        text = "has passed" if want else "has not passed"
    return said(lambda ctx: bool(ctx.state.players[ctx.player].flags.get(flag)) == want, text)


def _compile_is_state(node: ast.IsState, lex: Lexicon) -> Cond:
    """the deck is empty / your events are not empty / it is damaged (a card state) / it is
    this card."""
    if node.state == ast.THIS_CARD:
        return _is_this_card(node)
    if node.state.startswith("this "):
        raise cannot(node, 'say "it is this card": the rule\'s own card is "this card"')
    if lex.card_states.find(node.state) is not None:
        return compile_card_is(node, lex)
    if node.state in lex.keywords or node.state in lex.types:
        return _card_is_kind(node, lex)
    if node.state != "empty":
        states = ", ".join(["empty", *lex.card_states.names()])
        raise cannot(node, f'"{node.state}" is not a state the game knows (try {states})')
    zone = zone_of(node.subject, lex)
    if node.negated:
        return said(lambda ctx: bool(zone.cards(ctx)), f"{zone.text} is not empty")
    return said(lambda ctx: not zone.cards(ctx), f"{zone.text} is empty")


def _is_this_card(node: ast.IsState) -> Cond:
    """it is this card: the card a step or an action is about ("it") is the rule's own card
    ("when you build a wonder stage: if it is this card: ..." runs for that wonder only)."""
    if not (isinstance(node.subject, ast.Pronoun) and node.subject.word == "it"):
        raise cannot(node, 'say "it is this card": the card a rule is about is "it"')
    if node.negated:
        return said(
            lambda ctx: ctx.card is None or ctx.it != ctx.card, "that card is not this card"
        )
    return said(lambda ctx: ctx.card is not None and ctx.it == ctx.card, "that card is this card")


# ------------------------------------------------------------------ facts of play and tables

# The tables whose `by:` number is being compiled: a table looked up with itself never ends.
_READING: list[str] = []


def _fact_or_table(np: ast.NounPhrase, lex: Lexicon) -> Num | None:
    """ "the round", "the age", "the <table>" (a table with `by:`), or None for another phrase.
    A phrase close to a table's name is an error naming it (did you mean)."""
    if (
        np.determiner != "the"
        or np.tails
        or np.count is not None
        or np.possessive
        or len(np.heads) != 1
        or not isinstance(np.heads[0], tuple)
    ):
        return None
    words = np.heads[0]
    text = " ".join(words)
    if text in FACT_NUMBERS:
        return said(FACT_NUMBERS[text], f"the {text}")
    if words == ("last", "round"):
        return _last_round(np, lex)
    table = find_table(lex.tables, words)
    if table is not None:
        if table.by is None:
            raise cannot(
                np,
                f'the table "{table.name}" is looked up with a number: '
                f'"the {table.name} of <number>" (or give the table a "by:" number)',
            )
        return _by_table(np, table, lex)
    near = did_you_mean(text, [t.name for t in lex.tables])
    if near is not None and lex.counter(words) is None and text not in lex.resources:
        raise UnknownName(f'"the {text}" is not a table of the game', np, near)
    return None


def _last_round(np: Any, lex: Lexicon) -> Num:
    """The first round in which the pack's `age_end` holds: that round ends the age (an age's
    end on facts alone is tested at each round's end), so it is the last. Known only when
    nothing else may end the age sooner (no `age_ends` events); 0 when no round ends it."""
    if lex.age_end is None or not reads_only_facts(lex.age_end) or lex.age_ends:
        raise cannot(
            np,
            '"the last round" is known when the age ends on the round alone '
            '("age_end: the round is at least 6", and no age_ends)'
            + (f": this game's age also ends on {', '.join(lex.age_ends)}" if lex.age_ends else ""),
        )
    ends = compile_condition(lex.age_end, lex)
    found: dict[tuple[int, int], int] = {}  # by (age, number of players): the facts it reads

    def last(ctx: Ctx) -> int:
        key = (ctx.state.age, len(ctx.state.players))
        if key not in found:
            found[key] = first_round_ending(ctx, ends)
        return found[key]

    return said(last, "the last round")


def _by_table(np: Any, table: TableSpec, lex: Lexicon) -> Num:
    """A table looked up with its own `by:` number."""
    tree = dict(lex.table_numbers).get(table.name)
    if tree is None:
        raise cannot(np, f'the table "{table.name}" has no "by:" number the rules can read')
    if table.name in _READING:
        raise cannot(np, f'the table "{table.name}" is looked up with itself')
    _READING.append(table.name)
    try:
        number = compile_value(tree, lex)
    finally:
        _READING.pop()
    return _lookup(table, number)


def _lookup(table: TableSpec, number: Num) -> Num:
    lookup = table.lookup
    return said(lambda ctx: lookup(number(ctx)), f"the {table.name} for {says(number)}")


def _measure_of(words: tuple[str, ...], of: Any, lex: Lexicon) -> Num | None:
    """ "the <table> of <number>" and "the number of players", or None for another measure."""
    table = find_table(lex.tables, words)
    if table is not None:
        return _lookup(table, compile_value(of, lex))
    if (
        words == ("number",)
        and isinstance(of, ast.NounPhrase)
        and of.heads == (("players",),)
        and of.determiner is None
        and of.possessive is None
        and of.count is None
        and not of.tails
    ):
        return said(players, "the number of players")
    if words == ("number",):
        return _count_players(of, lex)
    return None


def _count_players(of: Any, lex: Lexicon) -> Num | None:
    """ "the number of opponents who have more culture than you", "the number of other
    players": how many players the phrase names now (players_of's each), or None for a phrase
    that names no players."""
    if (
        not isinstance(of, ast.NounPhrase)
        or len(of.heads) != 1
        or not isinstance(of.heads[0], tuple)
        or of.determiner is not None
        or of.possessive is not None
        or of.count is not None
        or singular(of.heads[0][-1]) not in ("player", "opponent")
    ):
        return None
    named, _ = players_of(replace(of, determiner="each"), lex)
    text = says(named).removeprefix("each ")
    for noun in ("other player", "opponent", "player"):
        if text.startswith(noun):  # read back in the plural: "opponents who have ..."
            text = noun + "s" + text[len(noun) :].replace(" who has ", " who have ")
            break
    return said(lambda ctx: len(named(ctx)), f"the number of {text}")


def _unknown_measure(words: tuple[str, ...], node: Any, lex: Lexicon) -> UnknownName | None:
    """The error of "the <words> of ..." close to a table's name: did you mean it?"""
    near = did_you_mean(" ".join(words), [t.name for t in lex.tables])
    if near is None:
        return None
    return UnknownName(f'"the {" ".join(words)} of ..." is not a table of the game', node, near)


# ------------------------------------------------------------------ card states
#
# What the pack's card states mean in phrases: "if it is damaged", "unless this card is used",
# "your damaged empire cards" (in `card_words`), "the coin on this card", "the ambrosia on your
# titan cards". A state's name is the pack's (`card states:` in game.yaml); the cards a state,
# tokens or symbols phrase is about are "it" (the card named before), "this card" (the rule's
# own), every card of a kind a player holds ("your titan cards", wherever they lie), those of
# one of their zones ("your retired cards") or those of a kind in a zone ("the titan cards in
# any player's threat").

CardsOf = Callable[[Ctx], list[int]]  # the cards a state or tokens phrase is about

_CARDS_FORMS = '"it", "this card", "your <kind> cards" or "the <kind> cards in <zone>"'


def the_cards(np: Any, lex: Lexicon, what: str) -> tuple[CardsOf, str]:
    """The cards a state, tokens or symbols phrase is about: it, this card, the cards of a
    kind a player holds in any of their zones (a tableau state word, "active", keeps to the
    tableau; a zone's name first keeps to that zone: "your retired cards"), or the cards of a
    kind in a zone. `what` says what is asked, for the error."""
    if isinstance(np, ast.Pronoun) and np.word == "it":
        return (
            lambda ctx: [ctx.it] if isinstance(ctx.it, int) and not isinstance(ctx.it, bool) else []
        ), "that card"
    if not isinstance(np, ast.NounPhrase) or len(np.heads) != 1 or np.count:
        raise cannot(np, f"{what} of which cards? {_CARDS_FORMS}")
    valued = [t for t in np.tails if isinstance(t, ast.OfValue)]
    if valued:  # "your infantry cards of level 0": those printing that number
        return _of_printed(np, valued, lex, what)
    head = np.heads[0]
    if np.determiner == "this" and head == ("card",) and not np.tails:
        return (lambda ctx: [ctx.card] if ctx.card is not None else []), "this card"
    if np.determiner == "the" and head == VACATED and not np.tails:
        if not lex.vacated:
            raise cannot(
                np,
                '"the card vacated" is read in the cost of an action whose first step is '
                '"move one of your <piece>s from <card> onto it": the card the piece leaves',
            )
        return (lambda ctx: [ctx.left] if ctx.left is not None else []), "the card vacated"
    located = np.tails[0] if len(np.tails) == 1 else None
    if isinstance(head, tuple) and isinstance(located, ast.Located):
        if np.possessive or np.determiner not in (None, "the", "all"):
            raise cannot(np, f"{what} of which cards? {_CARDS_FORMS}")
        return _cards_in_zone(np, head, located.where, lex)
    if (
        np.possessive in ("your", "their")
        and np.determiner in (None, "all")
        and isinstance(head, tuple)
        and not np.tails
    ):
        return _cards_held(np, head, lex)
    raise cannot(np, f"{what} of which cards? {_CARDS_FORMS}")


def _of_printed(
    np: ast.NounPhrase, valued: list[ast.OfValue], lex: Lexicon, what: str
) -> tuple[CardsOf, str]:
    """your infantry cards of level 0: the cards of the phrase whose printed number (a card
    number of the game, printed_numbers.py) is exactly that."""
    names = {n.name for n in lex.card_numbers}
    for tail in valued:
        if tail.name not in names:
            known = ", ".join(sorted(names)) or "game.yaml declares none (card numbers:)"
            raise UnknownName(
                f'"{tail.name}" is not a number printed on the cards',
                tail,
                f"the cards of a printed number read <cards> of <number> N: {known}",
            )
    rest = tuple(t for t in np.tails if not isinstance(t, ast.OfValue))
    base, text = the_cards(replace(np, tails=rest), lex, what)
    wanted = tuple((t.name, t.value) for t in valued)

    def cards(ctx: Ctx) -> list[int]:
        return [c for c in base(ctx) if all(ctx.info(c).numbers.get(n, 0) == v for n, v in wanted)]

    return cards, text + "".join(f" of {n} {v}" for n, v in wanted)


def _cards_in_zone(np: Any, head: tuple[str, ...], where: Any, lex: Lexicon) -> tuple[CardsOf, str]:
    """the titan cards in any player's threat: the cards of a kind in a zone."""
    zone = zone_of(where, lex)
    found = card_words(tuple(singular(w) for w in head), np, lex)
    if found.state is not None:
        tableau = lex.zones.name("tableau")
        raise cannot(
            np, f'"{found.state}" cards are in a {tableau}; say "your {found.state} cards"'
        )
    in_zone, test = zone.cards, found.test
    return (
        lambda ctx: [c for c in in_zone(ctx) if test(ctx, c)]
    ), f"the {found.text} in {zone.text}"


def _cards_held(np: Any, head: tuple[str, ...], lex: Lexicon) -> tuple[CardsOf, str]:
    """your titan cards (wherever the player holds them), your active cards (in the tableau,
    and the cards their pieces claim wherever they lie: `claims:` of `pieces:`), your retired
    military cards (in their zone "retired")."""
    index, rest = _zone_first(head, lex)
    found = card_words(tuple(singular(w) for w in rest), np, lex)
    mine, test, state = np.possessive == "your", found.test, found.state
    if index is not None and index != TABLEAU and state is not None:
        tableau = lex.zones.name("tableau")
        raise cannot(np, f'"{state}" cards are in a {tableau}; say "your {state} cards"')

    claimed = claimed_cards(lex, state) if index in (None, TABLEAU) else None

    def base(ctx: Ctx, seat: int) -> list[int]:
        if index is None and state is None:
            return held_cards(ctx.state, seat)
        if index is None or index == TABLEAU:
            own = civ_cards(ctx, seat, state)
            # "your active tactic cards": the cards the player's pieces claim are among them
            return own if claimed is None else own + claimed(ctx, seat, own)
        return ctx.state.players[seat].zones[index]

    def cards(ctx: Ctx) -> list[int]:
        seat = ctx.player if mine or ctx.doer is None else ctx.doer
        return [c for c in base(ctx, seat) if test(ctx, c)]

    if index is None:
        return cards, f"{np.possessive} {found.text}"
    return cards, f"the {found.text} in {np.possessive} {' '.join(head[: len(head) - len(rest)])}"


def _zone_first(head: tuple[str, ...], lex: Lexicon) -> tuple[int | None, tuple[str, ...]]:
    """A player's zone named by the first words of a card noun ("retired military cards"):
    its index (or TABLEAU) and the words after it; (None, the words) when none is."""
    for size in range(len(head) - 1, 0, -1):
        found = lex.zones.find(" ".join(head[:size]))
        if found is not None and found[0] == "player":
            return found[1], head[size:]
    return None, head


def state_of(word: str, lex: Lexicon, node: Any) -> CardStateSpec:
    """The declared state a word names, or an error listing the declared ones."""
    spec = lex.card_states.find(word)
    if spec is None:
        names = lex.card_states.names()
        hint = (
            f"the card states game.yaml declares: {', '.join(names)}"
            if names
            else ('declare it under "card states:" in game.yaml, e.g. "damaged: face down"')
        )
        raise UnknownName(f'"{word}" is not a card state of the game', node, hint)
    return spec


def _card_is_kind(node: ast.IsState, lex: Lexicon) -> Cond:
    """it is armoured / this card is not a titan: a keyword or the type of every card meant."""
    return _every_card_is(node, lex, node.state, lambda ctx, c: _is(ctx, c, node.state))


def compile_card_is(node: ast.IsState, lex: Lexicon) -> Cond:
    """it is damaged / this card is not used: true when every card meant is (none: false)."""
    spec = state_of(node.state, lex, node)
    return _every_card_is(node, lex, spec.name, lambda ctx, c: in_card_state(ctx, c, spec.name))


def _every_card_is(node: ast.IsState, lex: Lexicon, word: str, holds: CardTest) -> Cond:
    """Whether every card the subject means is `word` (or is not, negated); none: false."""
    cards, text = the_cards(node.subject, lex, f'"{node.state}"')
    want = not node.negated

    def test(ctx: Ctx) -> bool:
        meant = cards(ctx)
        return bool(meant) and all(holds(ctx, c) == want for c in meant)

    return said(test, f"{text} {node.be} {'' if want else 'not '}{word}")


def compile_tokens_on(np: ast.NounPhrase, on: ast.OnCard, lex: Lexicon) -> Num:
    """the coin on this card / the ambrosia on your titan cards: the units of a counter lying
    on those cards."""
    head = np.heads[0] if len(np.heads) == 1 else None
    counter = lex.counter(tuple(singular(w) for w in head)) if isinstance(head, tuple) else None
    if counter is None or np.determiner != "the" or np.count or np.possessive or len(np.tails) != 1:
        raise cannot(np, 'tokens on a card are counted as "the <counter> on <card>"')
    cards, text = the_cards(on.card, lex, f"the {counter}")
    return said(
        lambda ctx: sum(tokens_on(ctx.state, c, counter) for c in cards(ctx)),
        f"the {counter} on {text}",
    )


# ------------------------------------------------------------------ pieces


def _pieces_owned(plain: tuple[str, ...], lex: Lexicon) -> Num | None:
    """your citizens / your free citizens (in the supply, on no card): the number of the
    player's pieces of a kind (core/pieces.py); None when the words name no piece."""
    if not lex.pieces.kinds or len(plain) > 2 or (len(plain) == 2 and plain[0] != "free"):
        return None
    spec = lex.pieces.find(plain[-1])
    if spec is None:
        return None
    kind = spec.name
    if len(plain) == 2:
        return said(
            lambda ctx: len(pieces.free(ctx.state, kind, ctx.player)),
            f"the number of your free {kind}s",
        )
    return said(
        lambda ctx: len(pieces.owned(ctx.state, kind, ctx.player)), f"the number of your {kind}s"
    )


def _pieces_on(of: ast.NounPhrase, inner: tuple[str, ...], on: ast.OnCard, lex: Lexicon) -> Num:
    """the number of citizens on it: every player's pieces of a kind on those cards; the
    number of your workers on your farms: the player's own only."""
    spec = lex.pieces.find(singular(inner[-1])) if len(inner) == 1 else None
    if (
        spec is None
        or of.determiner is not None
        or of.possessive not in (None, "your")
        or of.count is not None
    ):
        raise cannot(
            of,
            'count pieces on cards as "the number of <pieces> on <cards>" (every player\'s) or '
            '"the number of your <pieces> on <cards>"',
        )
    cards, text = the_cards(on.card, lex, f"the {spec.name}s")
    kind = spec.name
    if of.possessive == "your":
        return said(
            lambda ctx: sum(
                1
                for c in cards(ctx)
                for i in pieces.on_card(ctx.state, kind, c)
                if ctx.state.pieces[i]["owner"] == ctx.player
            ),
            f"the number of your {kind}s on {text}",
        )
    return said(
        lambda ctx: sum(len(pieces.on_card(ctx.state, kind, c)) for c in cards(ctx)),
        f"the number of {kind}s on {text}",
    )
