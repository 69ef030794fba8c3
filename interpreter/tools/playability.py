"""Whether the interpreter can play a pack: every rule it cannot run, as a located diagnostic.

`agesmith validate` adds these to the language's own checks, so a designer learns at once that
a sentence parses but means nothing to the engine yet ("the interpreter cannot "bless" yet"),
at the file, line and column of the words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_dsl import ast
from rules_dsl.actions import ActionSpec, action_texts
from rules_dsl.card_keys import BONUS
from rules_dsl.checks import check_pack, same_cards
from rules_dsl.diagnostics import Diagnostic, sorted_diagnostics
from rules_dsl.pack import Pack, Source, load_pack

from ..compile.catalog import CardInfo, Catalog, Roles, coin_counters, compile_card
from ..compile.catalog import _sort as _catalog_sort
from ..compile.meaning import Lexicon, compile_condition, compile_tie_break, compile_value
from ..compile.program import ActI, compile_body
from ..core.errors import RuleError
from ..engine.game import Game
from ..mechanics.declared_actions import compile_action, first_sources


def check_playable(pack: Pack, variants: bool = True) -> list[Diagnostic]:
    """Every rule of `pack` the interpreter cannot run, placed in its file. A pack loaded
    without a variant is checked with each of its variants too: a problem a variant brings is
    placed at the variant's own line."""
    out = _check_playable(pack)
    if variants and not pack.variant:
        seen = {d.render() for d in out}
        for name, spec in (pack.game.get("variants") or {}).items():
            # the cards' own checks are made again only if the variant changes what they read
            loaded, found = load_pack(pack.root, variant=str(name), run_checks=False)
            if loaded is not None:
                found = sorted_diagnostics(
                    found + check_pack(loaded, cards=not same_cards(pack, loaded))
                )
            changes = set((spec or {}).get("changes") or {}) if isinstance(spec, dict) else set()
            if loaded is not None and not any(d.is_error for d in found):
                found = found + _check_playable(loaded, cards=bool(changes & CARD_WORDS))
            for d in found:
                if d.render() not in seen:
                    seen.add(d.render())
                    out.append(d)
    return out


# The keys of the game file whose change by a variant can change how a card's rules compile.
CARD_WORDS = {
    "card_types",
    "keywords",
    "counters",
    "resources",
    "zones",
    "dice",
    "counted_resource",
    "money",
    "never_exchanged",
    "tables",
}


def _check_playable(pack: Pack, cards: bool = True) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    keywords = {str(k) for k in pack.game.get("keywords") or []}
    lex, coins, roles = Lexicon.of(pack.game), coin_counters(pack.game), Roles.of(pack)
    for index, card in enumerate(pack.cards if cards else ()):
        try:  # the cost and bonus, once
            compile_card(index, replace(card, rules=ast.Rules(())), keywords, {}, lex, coins, roles)
        except RuleError as e:
            out.append(_locate_cost(card, e))
        for statement in card.rules.statements:  # each statement on its own: every error
            alone = replace(
                card, cost=ast.Cost(()), bonus=ast.Cost(()), rules=ast.Rules((statement,))
            )
            try:
                compile_card(index, alone, keywords, {}, lex, coins, roles)
            except RuleError as e:
                out.append(_locate(pack, card.source, card.rules, e, card.type))
    for kind, rules in pack.type_rules.items():
        for statement in rules.statements:
            try:
                catalog_sort(statement, lex, roles)
            except RuleError as e:
                out.append(
                    pack.source_of(("type_rules", kind)).locate(
                        getattr(e.node, "span", None),
                        "error",
                        "not-playable",
                        str(e),
                        _hint(e, "the interpreter has no mechanic for this yet"),
                    )
                )
    out += _formulas(pack)
    # a game shell (no card catalogued) whose programs are compiled one by one
    game = Game(pack, Catalog([], [], {}, roles=roles), [], None, lexicon=lex)
    for name, rules in pack.phases.items():
        out += _program(game, pack.source_of(("phases", name)), rules)
    for key, program in (("setup", pack.setup), ("age_change", pack.age_change)):
        if program is not None:
            out += _program(game, pack.source_of((key,)), program)
    for action in pack.actions:
        out += _declared_action(game, action)
    for card in pack.cards if cards else ():
        for statement in card.rules.statements:
            if isinstance(statement, ast.Trigger):
                out += _program(
                    game, Source(card.source.doc, (*card.source.path, "rules")), statement.body
                )
    for kind, rules in pack.type_rules.items():
        for statement in rules.statements:
            if isinstance(statement, ast.Trigger):
                out += _program(game, pack.source_of(("type_rules", kind)), statement.body)
    return out


def catalog_sort(statement: Any, lex: Lexicon, roles: Roles | None = None) -> None:
    """Compile one statement of a type's rules, as a card of that type would."""
    from collections import Counter

    shell = CardInfo(0, "", "", "", "", 0, None, Counter(), None, 0, Counter())
    _catalog_sort(shell, statement, set(), in_events=False, lex=lex, roles=roles)


def _formulas(pack: Pack) -> list[Diagnostic]:
    """Scoring, the age's end, war re-rolls, token conditions and points formulas."""
    pack.documents["game.yaml"]
    lex = Lexicon.of(pack.game)

    def value(node: Any) -> Any:
        return compile_value(node, lex)

    def condition(node: Any) -> Any:
        return compile_condition(node, lex)

    items: list[tuple[Source, Any, Any]] = [
        (pack.source_of(pack.scoring_path), pack.scoring, value),
        (pack.source_of(("age_end",)), pack.age_end, condition),
    ]
    items += [
        (pack.source_of(("contests", name, "rerolls")), tree, value)
        for name, tree in pack.contest_rerolls.items()
    ]
    items += [(t.source, t.condition, condition) for t in pack.tokens]
    items += [
        (pack.source_of(("tables", name, "by")), tree, value)
        for name, tree in pack.table_numbers.items()
    ]
    items += [(pack.source_of(("report", name)), tree, value) for name, tree in pack.report.items()]
    items.append((pack.source_of(("bots", "value")), pack.bot_value, value))
    items += [
        (line.source, line.number, lambda node, each=line.each: compile_tie_break(node, each, lex))
        for line in pack.tie_break
    ]
    items += [
        (Source(c.source.doc, (*c.source.path, "points")), c.points, value)
        for c in pack.cards
        if not isinstance(c.points, int)
    ]
    out = []
    for source, tree, compile_ in items:
        if tree is None:
            continue
        try:
            compile_(tree)
        except RuleError as e:
            out.append(
                source.locate(
                    getattr(e.node, "span", None),
                    "error",
                    "not-playable",
                    str(e),
                    _hint(e, "the interpreter has no meaning for this yet"),
                )
            )
    return out


def _program(game: Game, source: Source, body: Any) -> list[Diagnostic]:
    """Every act and condition of a program that cannot be played, each at its place."""
    from ..mechanics.verbs import prepare_act

    out = []
    statements = body.statements if isinstance(body, ast.Rules) else body
    for statement in statements:
        try:
            program = compile_body((statement,), game.lexicon)
        except RuleError as e:
            out.append(_not_playable(source, e))
            continue
        for instruction in program:
            if isinstance(instruction, ActI):
                try:
                    prepare_act(game, instruction)
                except RuleError as e:
                    out.append(_not_playable(source, e))
    return out


def _declared_action(game: Game, action: ActionSpec) -> list[Diagnostic]:
    """What the interpreter cannot play of a declared action: its phrases, then its steps."""
    out = []
    try:
        declared = compile_action(action, game.lexicon)
        if declared.vacates is not None:
            first_sources(declared, _compiled(game, action.does))
    except RuleError as e:
        where = next(
            (k for k, tree in action_texts(action) if any(n is e.node for n in ast.walk(tree))),
            "does",
        )
        out.append(_not_playable(Source(action.source.doc, (*action.source.path, where)), e))
    if action.does is not None:
        out += _program(game, Source(action.source.doc, (*action.source.path, "does")), action.does)
    return out


def _compiled(game: Game, body: Any) -> list[Any]:
    """A declared action's steps compiled and their acts prepared (none: an empty program);
    a step that cannot be is reported by `_program`."""
    from ..mechanics.verbs import prepare_act

    statements = body.statements if isinstance(body, ast.Rules) else body or ()
    try:
        program = compile_body(tuple(statements), game.lexicon)
        for instruction in program[:1]:
            if isinstance(instruction, ActI):
                prepare_act(game, instruction)
    except RuleError:
        return []
    return list(program)


def _hint(e: RuleError, mechanic: str) -> str:
    """The hint of an error: what the pack declares for a name it does not, or the form to
    write, else `mechanic` (the interpreter lacks a mechanic for the phrase)."""
    return e.hint or mechanic


def _not_playable(source: Source, e: RuleError) -> Diagnostic:
    return source.locate(
        getattr(e.node, "span", None),
        "error",
        "not-playable",
        str(e),
        _hint(
            e,
            "the interpreter has no mechanic for this yet; see the README, "
            "What the interpreter understands",
        ),
    )


def _locate_cost(card: Any, error: RuleError) -> Diagnostic:
    """An error in a card's cost or bonus, placed at the amount it is about."""
    where = "cost" if any(n is error.node for n in ast.walk(card.cost)) else BONUS
    return Source(card.source.doc, (*card.source.path, where)).locate(
        getattr(error.node, "span", None),
        "error",
        "not-playable",
        str(error),
        "see counted_resource in game.yaml" if where == "cost" else None,
    )


def _locate(
    pack: Pack, card_source: Source, rules: ast.Rules, error: RuleError, card_type: str
) -> Diagnostic:
    in_card = any(node is error.node for node in ast.walk(rules))
    if in_card or card_type not in pack.type_rules:
        source = Source(card_source.doc, (*card_source.path, "rules"))
    else:
        source = Source(pack.documents["game.yaml"], ("type_rules", card_type))
    return source.locate(
        getattr(error.node, "span", None),
        "error",
        "not-playable",
        str(error),
        _hint(error, "the interpreter has no mechanic for this yet"),
    )
