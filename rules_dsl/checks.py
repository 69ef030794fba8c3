"""Semantic checks of a loaded pack: what the schemas and the grammar cannot see.

Unknown card names, words, resources, keywords, events and phases; duplicate cards; names of
cards of no age; board spaces unreachable from the start; token values with no space;
conditions that can never hold where that is decidable. Each check yields located diagnostics.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter, deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import ast
from .actions import (
    action_texts,
    check_actions,
    declared_entries,
    declared_events,
    holder_events,
)
from .bounds import CARD_NUMBER_LIMIT, RULE_NUMBER_LIMIT, card_amounts, check_bounds
from .card_keys import BONUS
from .card_states import check_card_states
from .condition_checks import condition_warnings
from .contests import check_contests
from .diagnostics import Diagnostic, did_you_mean
from .dice_events import event_names, roll_head, triggered_events, unknown_die
from .face_keys import NO_BADGE, RULES
from .face_keys import POINTS as POINTS_BADGE
from .facts import check_fact_names
from .grammar_words import strength_kinds
from .input_checks import control_characters
from .named_decks import check_decks
from .pieces import check_pieces
from .pools import check_pools
from .printed_numbers import check_card_numbers, declared_numbers
from .roles import check_roles, uses_engine_kinds
from .source import Source
from .stored import check_stored
from .tables import check_tables
from .vocabulary import SAY_INSTEAD, Vocabulary, engine_events, singular
from .zones import check_zones

if TYPE_CHECKING:
    from .pack import Pack


def check_pack(pack: Pack, cards: bool = True) -> list[Diagnostic]:
    """Every semantic problem of the pack (with cards=False, all but the cards' own: for a
    variant that leaves `same_cards` of the pack it changes)."""
    vocab = Vocabulary.from_game(pack.game)
    out: list[Diagnostic] = []
    if cards:
        out += _duplicates(pack)
    names_by_age, all_names = _card_names(pack)
    for card in pack.cards if cards else ():
        out += _card_type(card, vocab)
        # a deck's cards are in play with every age: none of them is "of another age"
        age = None if pack.is_deck(card.age) else card.age
        checker = _TreeChecker(pack, vocab, card.source, age, names_by_age, all_names)
        out += checker.cost(card.cost, ("cost",))
        out += checker.cost(card.bonus, (BONUS,), bonus=True)
        out += checker.tree(card.rules, ("rules",), card=True)
        if not isinstance(card.points, int):
            out += checker.tree(card.points, ("points",))
    for kind, rules in pack.type_rules.items():
        source = pack.source_of(("type_rules", kind))
        if kind not in vocab.card_types:
            out.append(
                source.doc.diagnostic(
                    ("type_rules", kind),
                    f'unknown card type "{kind}"',
                    code="unknown-type",
                    key=True,
                    hint=did_you_mean(kind, vocab.card_types),
                )
            )
        out += _TreeChecker(pack, vocab, source, None, names_by_age, all_names).tree(
            rules, (), card=True
        )
    for name, rules in pack.phases.items():
        checker = _TreeChecker(
            pack, vocab, pack.source_of(("phases", name)), None, names_by_age, all_names
        )
        out += checker.tree(rules, ())
    pack.documents["game.yaml"]
    for key, program in (("setup", pack.setup), ("age_change", pack.age_change)):
        if program is not None:
            out += _TreeChecker(
                pack, vocab, pack.source_of((key,)), None, names_by_age, all_names
            ).tree(program, ())
    if pack.scoring is not None:
        out += _TreeChecker(
            pack, vocab, pack.source_of(pack.scoring_path), None, names_by_age, all_names
        ).tree(pack.scoring, ())
    for action in pack.actions:  # its cost names counters: the interpreter checks it
        for key, tree in action_texts(action):
            if key != "cost":
                source = Source(action.source.doc, (*action.source.path, key))
                checker = _TreeChecker(pack, vocab, source, None, names_by_age, all_names)
                out += checker.tree(tree, ())
    for line in pack.tie_break:
        out += _TreeChecker(pack, vocab, line.source, None, names_by_age, all_names).tree(
            line.number, ()
        )
    for name, tree in pack.table_numbers.items():
        out += _TreeChecker(
            pack, vocab, pack.source_of(("tables", name, "by")), None, names_by_age, all_names
        ).tree(tree, ())
    for name, tree in pack.report.items():
        out += _TreeChecker(
            pack, vocab, pack.source_of(("report", name)), None, names_by_age, all_names
        ).tree(tree, ())
    if pack.bot_value is not None:
        out += _TreeChecker(
            pack, vocab, pack.source_of(("bots", "value")), None, names_by_age, all_names
        ).tree(pack.bot_value, ())
    if pack.age_end is not None:
        out += _TreeChecker(
            pack, vocab, pack.source_of(("age_end",)), None, names_by_age, all_names
        ).tree(pack.age_end, ())
    for token in pack.tokens:
        checker = _TreeChecker(pack, vocab, token.source, None, names_by_age, all_names)
        out += checker.tree(token.condition, ())
        out += _token_can_hold(pack, token)
    out += _board(pack)
    out += check_card_states(pack)
    out += _option_defaults(pack)
    out += check_roles(pack)
    out += check_contests(pack)
    out += check_zones(pack)
    out += check_actions(pack.documents["game.yaml"], pack.game)
    out += check_pools(pack)
    out += check_decks(pack) if cards else []
    out += check_tables(pack)
    out += check_pieces(pack)
    out += check_stored(pack)
    out += check_card_numbers(pack) if cards else []
    out += check_fact_names(pack)
    out += _faces(pack)
    out += _costs_needed(pack) if cards else []
    out += control_characters(pack.documents)
    out += check_bounds(pack, cards)
    return out


def _costs_needed(pack: Pack) -> list[Diagnostic]:
    """A card with no cost in a game that plays the engine's own kinds of action, which acquire
    cards for their cost (a game of its own actions needs none: an action space costs nothing)."""
    if not uses_engine_kinds(pack.game):
        return []
    out = []
    for card in pack.cards:
        raw: Any = card.source.doc.data
        for key in card.source.path:  # the card as written in its file
            if isinstance(raw, dict):
                raw = raw.get(key)
            elif isinstance(raw, list) and isinstance(key, int) and 0 <= key < len(raw):
                raw = raw[key]
            else:
                raw = None
        if isinstance(raw, dict) and "cost" not in raw:
            out.append(
                card.source.doc.diagnostic(
                    card.source.path,
                    'missing key "cost"',
                    code="schema",
                    hint='"cost": what a player pays to acquire the card, in the rules language '
                    "(the game plays the engine's acquire, which acquires cards for their cost)",
                )
            )
    return out


def _faces(pack: Pack) -> list[Diagnostic]:
    """A type or symbol the `faces:` block styles that the game does not declare (a misspelt
    name would silently keep its default look)."""
    faces = pack.game.get("faces")
    if not isinstance(faces, dict):
        return []
    game = pack.game
    declared = {
        "types": [str(t) for t in game.get("card_types") or []],
        "symbols": [str(r) for r in game.get("resources") or []]
        + [str(c) for c in game.get("counters") or {}],
    }
    out = []
    for key, names in declared.items():
        styled = faces.get(key)
        for name in styled if isinstance(styled, dict) else {}:
            if str(name) not in names:
                doc, path = pack.place("faces", key, str(name))
                what = "card type" if key == "types" else "resource or counter"
                out.append(
                    doc.diagnostic(
                        path,
                        f'"{name}" is not a {what} of the game',
                        code="unknown-name",
                        key=True,
                        hint=did_you_mean(str(name), names)
                        or f"the game declares: {', '.join(names) or 'none'}",
                    )
                )
    return out + _face_layout(pack, faces.get("layout"))


def _face_layout(pack: Pack, layout: Any) -> list[Diagnostic]:
    """A badge or a number of `faces: layout:` that no card prints, and a layout without the
    rules text (the schema checks the rest)."""
    if not isinstance(layout, dict):
        return []
    numbers = [spec.name for spec in declared_numbers(pack.game)]
    out = []

    def unknown(path: tuple[Any, ...], name: str, choices: list[str], what: str) -> None:
        doc, at = pack.place("faces", "layout", *path)
        out.append(
            doc.diagnostic(
                at,
                f'"{name}" is not {what}',
                code="unknown-name",
                hint=did_you_mean(name, choices)
                or f"write one of: {', '.join(choices)} (card numbers: declares the numbers)",
            )
        )

    badge = layout.get("badge")
    if isinstance(badge, str) and badge not in (POINTS_BADGE, NO_BADGE, *numbers):
        choices = [POINTS_BADGE, NO_BADGE, *numbers]
        unknown(("badge",), badge, choices, f"{POINTS_BADGE}, {NO_BADGE} or a card number")
    shown = layout.get("numbers")
    for i, name in enumerate(shown if isinstance(shown, list) else []):
        if isinstance(name, str) and name not in numbers:
            unknown(("numbers", i), name, numbers, "one of the game's card numbers")
    rows = layout.get("rows")
    if isinstance(rows, list) and RULES not in rows:
        doc, at = pack.place("faces", "layout", "rows")
        out.append(
            doc.diagnostic(
                at,
                "a face's rows must include rules: the card's rules text would not be printed",
                code="schema",
                hint=f"e.g. rows: [{', '.join([*map(str, rows), RULES])}]",
            )
        )
    return out


def same_cards(pack: Pack, other: Pack) -> bool:
    """Whether the cards' own checks give the same in both packs (one a variant of the
    other): the same card files, words, and phase names."""
    return (
        pack.game.get("ages") == other.game.get("ages")
        and pack.game.get("decks") == other.game.get("decks")
        and set(pack.phases) == set(other.phases)
        and Vocabulary.from_game(pack.game) == Vocabulary.from_game(other.game)
    )


# ------------------------------------------------------------------ cards


def _card_names(pack: Pack) -> tuple[dict[str, set[str]], dict[str, str]]:
    """The card names of each age and the age of each name, as written in the card files:
    a card left out of the pack because one of its texts does not parse is still known."""
    names_by_age: dict[str, set[str]] = {}
    all_names: dict[str, str] = {}
    for owner, file in pack.card_files().items():
        names = {c.name for c in pack.cards_of(owner)}
        doc = pack.documents.get(file)
        data = doc.data if doc is not None else None
        raw_cards = data.get("cards") if isinstance(data, dict) else None
        if isinstance(raw_cards, list):
            names |= {
                raw["name"]
                for raw in raw_cards
                if isinstance(raw, dict) and isinstance(raw.get("name"), str)
            }
        names_by_age[owner] = names
        all_names.update(dict.fromkeys(names, owner))
    return names_by_age, all_names


def _duplicates(pack: Pack) -> Iterator[Diagnostic]:
    seen: dict[tuple[str, str], Any] = {}
    for card in pack.cards:
        for kind, key in (("id", card.id), ("name", card.name)):
            first = seen.get((card.age, kind + ":" + key))
            if first is None:
                seen[(card.age, kind + ":" + key)] = card
                continue
            if kind == "name":
                continue  # reported once, as a duplicate id or not at all
            line, _ = first.source.doc.position(first.source.path)
            yield card.source.doc.diagnostic(
                (*card.source.path, "name" if kind == "name" else "id"),
                f'duplicate card {kind} "{key}" in {card.age}',
                code="duplicate-card",
                hint=f"the first is at line {line}; raise its copies instead of repeating it",
                key=False,
            )


def _card_type(card: Any, vocab: Vocabulary) -> Iterator[Diagnostic]:
    if vocab.card_types and card.type and card.type not in vocab.card_types:
        yield card.source.doc.diagnostic(
            (*card.source.path, "type"),
            f'unknown card type "{card.type}"',
            code="unknown-type",
            hint=did_you_mean(card.type, vocab.card_types)
            or f"the game declares: {', '.join(sorted(vocab.card_types))}",
        )


# ------------------------------------------------------------------ rule trees


class _TreeChecker:
    """Checks the words and names of one parsed text against the pack."""

    def __init__(
        self,
        pack: Pack,
        vocab: Vocabulary,
        source: Source,
        age: str | None,
        names_by_age: dict[str, set[str]],
        all_names: dict[str, str],
    ) -> None:
        self.pack = pack
        self.vocab = vocab
        self.source = source
        self.age = age
        self.names_by_age = names_by_age
        self.all_names = all_names

    def at(self, sub: tuple[str | int, ...]) -> Source:
        return Source(self.source.doc, (*self.source.path, *sub))

    def cost(
        self, cost: ast.Cost, sub: tuple[str | int, ...], bonus: bool = False
    ) -> Iterator[Diagnostic]:
        src = self.at(sub)
        allowed = self.vocab.resources | (self.vocab.counters if bonus else set())
        for amount in cost.amounts:
            word = " ".join(amount.words)
            if word in allowed or singular(word) in allowed:
                continue
            what = BONUS if bonus else "resource"
            hint = did_you_mean(word, allowed) or f"use one of: {', '.join(sorted(allowed))}"
            yield src.locate(
                src.word_span(amount.span, word),
                "error",
                "unknown-resource",
                f'unknown {what} "{word}"',
                hint,
            )
        for amount in card_amounts(cost.amounts):
            yield src.locate(
                amount.span,
                "error",
                "bound",
                f"{amount.count:,} {' '.join(amount.words)} is more than a card may hold",
                f"a card's {'bonus' if bonus else 'cost'} counts at "
                f"most {CARD_NUMBER_LIMIT:,} of each",
            )
        if cost.x is not None:
            yield from self._walk(cost.x, src, card=False)
        if any(a.count == "X" for a in cost.amounts) and cost.x is None:
            yield src.locate(
                cost.span,
                "error",
                "undefined-x",
                "the cost uses X but never says what X is",
                "add: where X is <a number>",
            )

    def tree(
        self, tree: Any, sub: tuple[str | int, ...], card: bool = False
    ) -> Iterator[Diagnostic]:
        yield from self._walk(tree, self.at(sub), card)
        yield from condition_warnings(tree, self.at(sub))

    def _walk(self, tree: Any, src: Source, card: bool) -> Iterator[Diagnostic]:
        events: set[int] = set()  # the quoted events of trigger steps: no card names
        not_nouns: set[int] = set()  # a roll step's dice, a trigger step's unquoted event
        for node in ast.walk(tree):
            if _number_fields(type(node)):
                yield from _large_numbers(node, src)
            if isinstance(node, ast.Act):
                events.update(id(name) for name in event_names(node))
                events.update(id(name) for name in _action_named(node, self.pack.game))
                if roll_head(node) is not None:
                    not_nouns.add(id(node.object))
                    yield from self._die(node, src)
                if node.verb == "trigger" and not event_names(node):
                    not_nouns.add(id(node.object))
                    yield src.locate(
                        getattr(node.object, "span", None) or node.span,
                        "error",
                        "unknown-event",
                        "trigger which event? its name goes in quotes",
                        'write trigger "<event>" for <card>, e.g. trigger "penalty" for it',
                    )
            if isinstance(node, ast.CardName):
                if id(node) not in events:
                    yield from self._name(node, src)
            elif isinstance(node, ast.NounPhrase) and id(node) not in not_nouns:
                for head in node.heads:
                    if isinstance(head, tuple):
                        yield from self._words(head, node.span, src)
            elif isinstance(node, (ast.Preferring,)):
                for words in node.preferences:
                    yield from self._words(words, node.span, src)
            elif isinstance(node, (ast.Superlative, ast.Per, ast.Acquisitions)):
                yield from self._words(node.words, node.span, src)
            elif isinstance(node, ast.CostChange):
                yield from self._resource(node.resource, node.span, src)
            elif isinstance(node, ast.Keyword):
                yield from self._keyword(node, src)
            elif isinstance(node, ast.Trigger):
                yield from self._event(node, src)
            elif isinstance(node, ast.OwnsNOf):
                yield from self._n_of(node, src)
            elif isinstance(node, ast.Rules) and card:
                yield from self._card_statements(node, src)

    def _name(self, node: ast.CardName, src: Source) -> Iterator[Diagnostic]:
        name = node.name
        if name in self.pack.phases:
            return
        if name not in self.all_names:
            hint = did_you_mean(name, list(self.all_names) + list(self.pack.phases))
            yield src.locate(
                node.span,
                "error",
                "unknown-card",
                f'unknown card "{name}"',
                hint or "card names must match a card of the pack exactly",
            )
        elif (
            self.age is not None
            and name not in self.names_by_age.get(self.age, set())
            and not self.pack.is_deck(self.all_names[name])
        ):
            yield src.locate(
                node.span,
                "warning",
                "other-age",
                f'"{name}" is a card of {self.all_names[name]}, never in play '
                f"with this card of {self.age}",
                "a condition on it can never hold; name a card of the same age",
            )

    def _words(
        self, words: tuple[str, ...], span: ast.Span | None, src: Source
    ) -> Iterator[Diagnostic]:
        for word in self.vocab.unknown(words):
            yield src.locate(
                src.word_span(span, word),
                "error",
                "unknown-word",
                f'unknown word "{word}"',
                SAY_INSTEAD.get(word)
                or did_you_mean(word, self.vocab.words())
                or "nouns are card types, keywords, zones, resources, counters, tables, pieces, "
                "card numbers or words of the shared mechanics",
            )

    def _die(self, act: ast.Act, src: Source) -> Iterator[Diagnostic]:
        found = unknown_die(act, self.vocab.dice)
        if found is not None:
            name, declared = found
            every = f"the dice game.yaml declares: {', '.join(declared) or 'none'}"
            near = did_you_mean(name, declared)
            yield src.locate(
                src.word_span(getattr(act.object, "span", None), name),
                "error",
                "unknown-die",
                f'"{name}" is not a die of the game',
                f"{near} ({every})" if near else every,
            )

    def _resource(
        self, words: tuple[str, ...], span: ast.Span | None, src: Source
    ) -> Iterator[Diagnostic]:
        word = " ".join(words)
        allowed = self.vocab.resources | self.vocab.counters
        if word not in allowed:
            yield src.locate(
                src.word_span(span, word),
                "error",
                "unknown-resource",
                f'unknown resource "{word}"',
                did_you_mean(word, allowed),
            )

    def _keyword(self, node: ast.Keyword, src: Source) -> Iterator[Diagnostic]:
        if node.word not in self.vocab.keywords:
            statements = ["free", "discardable", "costs", *strength_kinds(), "cancels"]
            hint = did_you_mean(node.word, list(self.vocab.keywords) + statements)
            yield src.locate(
                node.span,
                "error",
                "unknown-keyword",
                f'"{node.word}" is not a keyword of this game',
                hint
                or f"declare it in game.yaml under keywords: "
                f"({', '.join(sorted(self.vocab.keywords))})",
            )

    def _event(self, node: ast.Trigger, src: Source) -> Iterator[Diagnostic]:
        triggered = triggered_events(self.pack)
        events = [
            *engine_events(self.pack.game),
            *declared_events(self.pack.game),
            *triggered,
            *holder_events(self.pack.game),
        ]
        if node.event not in events:
            near = did_you_mean(node.event, events)
            every = f"a rule may start on: {', '.join(events)}"
            yield src.locate(
                node.span,
                "error",
                "unknown-event",
                f'unknown event "{node.when} {node.event}"',
                f"{near} ({every})"
                if near
                else f"{every}; an action the game declares may set off an event of its own "
                f'(event: in actions:), and a step sets off one with trigger "{node.event}" '
                "for <card>",
            )

    def _n_of(self, node: ast.OwnsNOf, src: Source) -> Iterator[Diagnostic]:
        if node.count > len(node.names):
            copies = sum(
                c.copies
                for c in self.pack.cards
                if c.name in node.names
                and (self.age is None or c.age == self.age or self.pack.is_deck(c.age))
            )
            if node.count > copies:
                yield src.locate(
                    node.span,
                    "error",
                    "never-holds",
                    f"owning {node.count} of {len(node.names)} named cards can "
                    f"never hold: the deck has {copies} copies of them",
                    "lower the number or name more cards",
                )
            else:
                yield src.locate(
                    node.span,
                    "warning",
                    "few-names",
                    f"asks for {node.count} of {len(node.names)} named cards: only "
                    "several copies of the same card can meet it",
                    "lower the number or name more cards",
                )

    def _card_statements(self, rules: ast.Rules, src: Source) -> Iterator[Diagnostic]:
        for statement in rules.statements:
            if isinstance(statement, ast.Steps):
                yield src.locate(
                    statement.span,
                    "error",
                    "bare-step",
                    "a card's rules hold abilities and triggers, not bare steps",
                    'say when it happens: "on acquire: ..." or "on failure: ..."',
                )


_NUMBER_FIELDS: dict[type, tuple[str, ...]] = {}


def _number_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node class that may hold a number (declared `int`, or `int | str`)."""
    found = _NUMBER_FIELDS.get(kind)
    if found is None:
        found = _NUMBER_FIELDS[kind] = tuple(
            f.name
            for f in dataclasses.fields(kind)
            if f.name != "span" and re.search(r"\bint\b", str(f.type))
        )
    return found


def _large_numbers(node: Any, src: Source) -> Iterator[Diagnostic]:
    """A number written in a rule beyond what any counter holds ("gain 2000000 gold")."""
    for name in _number_fields(type(node)):
        value = getattr(node, name)
        if type(value) is int and abs(value) > RULE_NUMBER_LIMIT:  # bool is not an int here
            span = src.word_span(node.span, str(abs(value)))
            yield src.locate(
                span,
                "error",
                "bound",
                f"the number {value:,} is too large",
                f"a number in a rule is at most {RULE_NUMBER_LIMIT:,}",
            )


# ------------------------------------------------------------------ setup options


def _option_defaults(pack: Pack) -> Iterator[Diagnostic]:
    """An option whose default is none of its values: a game set up without a choice would
    use a value the option does not offer."""
    for name, spec in (pack.game.get("options") or {}).items():
        if not isinstance(spec, dict) or not isinstance(spec.get("values"), list):
            continue
        values = [str(v) for v in spec["values"]]
        default = spec.get("default")
        if isinstance(default, str) and default not in values:
            doc, path = pack.place("options", name, "default")
            yield doc.diagnostic(
                path,
                f'the option "{name}" defaults to "{default}", which is not one of its values',
                code="option",
                hint=did_you_mean(default, values) or f"its values: {', '.join(values)}",
            )


# ------------------------------------------------------------------ achievements and board


def _token_can_hold(pack: Pack, token: Any) -> Iterator[Diagnostic]:
    """A token asking for more cards of a type than any age's deck holds can never be taken."""
    condition = token.condition
    if not isinstance(condition, ast.Owns) or len(condition.options) != 1:
        return
    option = condition.options[0]
    if not isinstance(option, ast.NounPhrase) or option.count is None or len(option.heads) != 1:
        return
    head = option.heads[0]
    if not isinstance(head, tuple):
        return
    words = [singular(w) for w in head]
    kind = next((w for w in words if w in Vocabulary.from_game(pack.game).card_types), None)
    if kind is None:
        return
    ages = token.ages or tuple(a.id for a in pack.ages)
    most = max(
        (sum(c.copies for c in pack.cards_of(age) if c.type == kind) for age in ages), default=0
    )
    if option.count > most:
        yield token.source.locate(
            option.span,
            "warning",
            "never-holds",
            f"no age has {option.count} {kind} cards (at most {most}): "
            "this token can never be taken",
            "lower the number",
        )


def _board(pack: Pack) -> Iterator[Diagnostic]:
    achievements = pack.game.get("achievements") or {}
    boards = achievements.get("boards") or {}
    doc = pack.documents["game.yaml"]
    values = Counter(t.value for t in pack.tokens)
    for side, board in boards.items():
        if not isinstance(board, dict):
            continue
        spaces = {str(k): v for k, v in (board.get("spaces") or {}).items()}
        base = ("achievements", "boards", side)
        neighbours: dict[str, set[str]] = {s: set() for s in spaces}
        for i, pair in enumerate(board.get("paths") or []):
            if not isinstance(pair, list) or len(pair) != 2:
                continue
            for end in map(str, pair):
                if end not in spaces:
                    yield doc.diagnostic(
                        (*base, "paths", i),
                        f'the path {pair} names no space "{end}"',
                        code="board",
                        hint=did_you_mean(end, spaces),
                    )
            a, b = map(str, pair)
            if a in spaces and b in spaces:
                neighbours[a].add(b)
                neighbours[b].add(a)
        start = str(board.get("start", ""))
        if start not in spaces:
            yield doc.diagnostic(
                (*base, "start"),
                f'the start "{start}" is not a space of the board',
                code="board",
                hint=did_you_mean(start, spaces),
            )
            continue
        reached = {start}
        queue = deque([start])
        while queue:
            for nxt in neighbours[queue.popleft()]:
                if nxt not in reached:
                    reached.add(nxt)
                    queue.append(nxt)
        for space in spaces:
            if space not in reached:
                yield doc.diagnostic(
                    (*base, "spaces", space),
                    f'space "{space}" of the {side} board cannot be reached from "{start}"',
                    code="board",
                    key=True,
                    hint="add a path to it",
                )
        columns = Counter(v for k, v in spaces.items() if k != start)
        for value in sorted(values):
            if columns[value] == 0:
                first = next(t for t in pack.tokens if t.value == value)
                yield first.source.doc.diagnostic(
                    first.source.path[:-1],
                    f"tokens of value {value} have no space on the {side} board",
                    code="board",
                    hint="give the board a column of that value",
                )
        for value, count in columns.items():
            if values[value] < count:
                yield doc.diagnostic(
                    (*base, "spaces"),
                    f"the {side} board has {count} spaces of "
                    f"value {value} but the pool only {values[value]} tokens",
                    code="board",
                    severity="warning",
                    hint="add tokens of that value or remove spaces",
                )


def check_text(pack: Pack, source: Source, tree: Any) -> list[Diagnostic]:
    """The problems of one parsed text written outside the pack (such as a scenario's
    expectation), placed at `source`: the same checks as a rule of the pack."""
    names_by_age, all_names = _card_names(pack)
    checker = _TreeChecker(
        pack, Vocabulary.from_game(pack.game), source, None, names_by_age, all_names
    )
    return list(checker.tree(tree, ()))


def _action_named(act: ast.Act, game: dict[str, Any]) -> list[ast.CardName]:
    """take "increase population": the quoted name of an action the game declares, no card
    name (mechanics/action_steps.py; an undeclared one is the interpreter's located error)."""
    np = act.object
    if act.verb != "take" or not isinstance(np, ast.NounPhrase) or len(np.heads) != 1:
        return []
    head = np.heads[0]
    names = {name for _, name, _ in declared_entries(game.get("actions"))}
    return [head] if isinstance(head, ast.CardName) and head.name in names else []
