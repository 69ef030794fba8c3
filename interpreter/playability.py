"""Whether the interpreter can play a pack: every rule it cannot run, as a located diagnostic.

`agesmith validate` adds these to the language's own checks, so a designer learns at once that
a sentence parses but means nothing to the engine yet ("the interpreter cannot "bless" yet"),
at the file, line and column of the words.
"""

from __future__ import annotations

from typing import Any

from rules_dsl import ast
from rules_dsl.diagnostics import Diagnostic
from rules_dsl.pack import Pack, Source

from .catalog import coin_counters, compile_card
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
        try:
            compile_card(index, card, keywords, pack.type_rules, lex, coins)
        except RuleError as e:
            out.append(_locate(pack, card.source, card.rules, e, card.type))
            continue
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
    from .verbs import prepare_act
    try:
        for instruction in compile_body(body, game.lexicon):
            if isinstance(instruction, ActI):
                prepare_act(game, instruction)
    except RuleError as e:
        return [source.locate(getattr(e.node, "span", None), "error", "not-playable", str(e),
                              "the interpreter has no mechanic for this yet; see the README, "
                              "What the interpreter understands")]
    return []


def _locate(pack: Pack, card_source: Source, rules: ast.Rules, error: RuleError,
            card_type: str) -> Diagnostic:
    in_card = any(node is error.node for node in ast.walk(rules))
    if in_card or card_type not in pack.type_rules:
        source = Source(card_source.doc, (*card_source.path, "rules"))
    else:
        source = Source(pack.documents["game.yaml"], ("type_rules", card_type))
    return source.locate(getattr(error.node, "span", None), "error", "not-playable", str(error),
                         "the interpreter has no mechanic for this yet")
