"""Whether the interpreter can play a pack: every rule it cannot run, as a located diagnostic.

`agesmith validate` adds these to the language's own checks, so a designer learns at once that
a sentence parses but means nothing to the engine yet ("the interpreter cannot "bless" yet"),
at the file, line and column of the words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules_dsl import ast
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import Pack, Source

from .catalog import CardInfo, coin_counters, compile_card
from .catalog import _sort as _catalog_sort
from .engine import Game
from .errors import RuleError
from .meaning import Lexicon, compile_condition, compile_value
from .program import ActI, compile_body


def check_playable(pack: Pack) -> list[Diagnostic]:
    """Every rule of `pack` the interpreter cannot run, placed in its file."""
    out: list[Diagnostic] = []
    game_doc = pack.documents["game.yaml"]
    keywords = {str(k) for k in pack.game.get("keywords") or []}
    lex, coins = Lexicon.of(pack.game), coin_counters(pack.game)
    for index, card in enumerate(pack.cards):
        for statement in card.rules.statements:     # each statement on its own: every error
            alone = replace(card, rules=ast.Rules((statement,)))
            try:
                compile_card(index, alone, keywords, {}, lex, coins)
            except RuleError as e:
                out.append(_locate(pack, card.source, card.rules, e, card.type))
    for kind, rules in pack.type_rules.items():
        for statement in rules.statements:
            try:
                catalog_sort(statement, lex)
            except RuleError as e:
                out.append(Source(game_doc, ("type_rules", kind)).locate(
                    getattr(e.node, "span", None), "error", "not-playable", str(e),
                    "the interpreter has no mechanic for this yet"))
    out += _formulas(pack)
    game = Game.__new__(Game)           # a game shell whose programs are compiled one by one
    game.pack = pack
    game.programs = {}
    game.lexicon = lex
    for name, rules in pack.phases.items():
        out += _program(game, Source(game_doc, ("phases", name)), rules)
    if pack.setup is not None:
        out += _program(game, Source(game_doc, ("setup",)), pack.setup)
    for card in pack.cards:
        for statement in card.rules.statements:
            if isinstance(statement, ast.Trigger):
                out += _program(game, Source(card.source.doc, (*card.source.path, "rules")),
                                statement.body)
    for kind, rules in pack.type_rules.items():
        for statement in rules.statements:
            if isinstance(statement, ast.Trigger):
                out += _program(game, Source(game_doc, ("type_rules", kind)), statement.body)
    return out


def catalog_sort(statement: Any, lex: Lexicon) -> None:
    """Compile one statement of a type's rules, as a card of that type would."""
    from collections import Counter
    shell = CardInfo(0, "", "", "", "", 0, None, Counter(), None, 0, Counter())
    _catalog_sort(shell, statement, set(), in_events=False, lex=lex)


def _formulas(pack: Pack) -> list[Diagnostic]:
    """Scoring, the age's end, war re-rolls, token conditions and points formulas."""
    game_doc = pack.documents["game.yaml"]
    age_end_path = (("variants", pack.variant, "changes", "age_end") if pack.variant
                    else ("age_end",))
    lex = Lexicon.of(pack.game)

    def value(node: Any) -> Any:
        return compile_value(node, lex)

    def condition(node: Any) -> Any:
        return compile_condition(node, lex)
    items: list[tuple[Source, Any, Any]] = [
        (Source(game_doc, ("scoring", "age")), pack.scoring, value),
        (Source(game_doc, age_end_path), pack.age_end, condition),
        (Source(game_doc, ("war", "rerolls")), pack.war_rerolls, value),
    ]
    items += [(t.source, t.condition, condition) for t in pack.tokens]
    items += [(Source(c.source.doc, (*c.source.path, "points")), c.points, value)
              for c in pack.cards if not isinstance(c.points, int)]
    out = []
    for source, tree, compile_ in items:
        if tree is None:
            continue
        try:
            compile_(tree)
        except RuleError as e:
            out.append(source.locate(getattr(e.node, "span", None), "error", "not-playable",
                                     str(e), "the interpreter has no meaning for this yet"))
    return out


def _program(game: Game, source: Source, body: Any) -> list[Diagnostic]:
    """Every act and condition of a program that cannot be played, each at its place."""
    from .verbs import prepare_act
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


def _not_playable(source: Source, e: RuleError) -> Diagnostic:
    return source.locate(getattr(e.node, "span", None), "error", "not-playable", str(e),
                         "the interpreter has no mechanic for this yet; see the README, "
                         "What the interpreter understands")


def _locate(pack: Pack, card_source: Source, rules: ast.Rules, error: RuleError,
            card_type: str) -> Diagnostic:
    in_card = any(node is error.node for node in ast.walk(rules))
    if in_card or card_type not in pack.type_rules:
        source = Source(card_source.doc, (*card_source.path, "rules"))
    else:
        source = Source(pack.documents["game.yaml"], ("type_rules", card_type))
    return source.locate(getattr(error.node, "span", None), "error", "not-playable", str(error),
                         "the interpreter has no mechanic for this yet")
